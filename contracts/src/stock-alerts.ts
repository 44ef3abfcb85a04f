import { z } from 'zod';
import { CustomerLanguage } from './language';

/**
 * Back-in-stock alerts (docs/product/stock-alerts.md, decision 0064): a visitor leaves an e-mail on a sold-out
 * article, confirms it from the e-mail (double opt-in) and is told once when units come back.
 */

/** The version of the alert's consent text the article page shows; each alert keeps the one it was given under. */
export const STOCK_ALERT_CONSENT_VERSION = '2026-11-29';

/** Where an alert's consent was given: the article page's 'Avvisami' form. */
export const STOCK_ALERT_CONSENT_SOURCE = 'stock_alert_form';

/** Hours an unconfirmed alert waits for its confirmation before it is deleted (and its link stops working). */
export const STOCK_ALERT_CONFIRM_HOURS = 48;

/**
 * How many of the waiting list are told when units come back: the units plus half as many again, rounded up
 * (2 units: 3 told). Some of those told will not buy; the margin keeps the units from waiting for them, and stays
 * small enough that most who are told still find one (docs/product/stock-alerts.md#batch).
 */
export const stockAlertBatch = (units: number): number => (units <= 0 ? 0 : units + Math.ceil(units / 2));

const email = z
  .string({ message: 'Inserisci un indirizzo email valido' })
  .trim()
  .min(1, 'Inserisci un indirizzo email valido')
  .max(254, 'Inserisci un indirizzo email valido')
  .pipe(z.email({ message: 'Inserisci un indirizzo email valido' }));

/** POST /public/articles/{id}/alerts: the visitor's e-mail and language (the e-mails are written in it). */
export const StockAlertRequest = z.object({ email, language: CustomerLanguage });
export type StockAlertRequest = z.input<typeof StockAlertRequest>;

/** 202, the same whether the address was new or already waiting: nobody learns who waits for what. */
export const StockAlertAccepted = z.object({ message: z.string() });
export type StockAlertAccepted = z.infer<typeof StockAlertAccepted>;

/** POST /stock-alerts/confirm and /stock-alerts/unsubscribe: the token of the e-mail's link. */
export const StockAlertTokenRequest = z.object({
  token: z
    .string({ message: 'Link non valido o scaduto.' })
    .trim()
    .min(1, 'Link non valido o scaduto.')
    .max(200, 'Link non valido o scaduto.'),
});
export type StockAlertTokenRequest = z.input<typeof StockAlertTokenRequest>;

export const StockAlertAnswer = z.object({ message: z.string() });
export type StockAlertAnswer = z.infer<typeof StockAlertAnswer>;

/** GET /api/admin/stock-alerts/waiting (staff): per article, the confirmed alerts not yet told. */
export const StockAlertWaiting = z.object({
  articles: z.array(
    z.object({
      article_id: z.string(),
      /** The title when the latest alert was asked. */
      title: z.string(),
      waiting: z.number().int().nonnegative(),
    }),
  ),
  /** All articles together. */
  total: z.number().int().nonnegative(),
});
export type StockAlertWaiting = z.infer<typeof StockAlertWaiting>;

/** Path of the storefront's page the confirmation e-mail links to, with ?token=. */
export const STOCK_ALERT_CONFIRM_PATH = '/avvisi/conferma';

/** Path of the storefront's page that ends an alert in one click, with ?token=. */
export const STOCK_ALERT_UNSUBSCRIBE_PATH = '/avvisi/annulla';
