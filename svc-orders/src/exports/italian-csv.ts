import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { stringify } from 'csv-stringify';
import type { PaymentMethod, PaymentStatus } from '@edicola/contracts';

/**
 * CSV as Italian Excel opens it by double click: UTF-8 with a BOM (else accents break), `;` between cells (the
 * comma is the decimal separator), decimal comma, dates dd/mm/yyyy, CRLF line ends. csv-stringify quotes what
 * needs quoting.
 */

/** 1234 → '12,34' (no thousands separator: Excel reads it as a number). */
export const decimalComma = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

/**
 * A text cell that a spreadsheet would take for a formula (=, +, -, @, and the tab and carriage return that can hide
 * one) gets a leading apostrophe: it shows as text and never runs (CSV/formula injection).
 */
export const neutralised = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  transfer: 'Bonifico',
  card: 'Carta',
  stripe: 'Carta (Stripe)',
  paypal: 'PayPal',
  klarna: 'Klarna',
  'klarna-now': 'Klarna (subito)',
};

/** A counter sale's payment method (counter/amounts.ts), and an eBay order's, as the takings say it. */
export const COUNTER_METHOD_LABELS: Record<string, string> = {
  counter_cash: 'Contanti (banco)',
  counter_card: 'Carta (banco)',
  counter_mixed: 'Contanti e carta (banco)',
  counter_gift_card: 'Buono regalo (banco)',
  ebay: 'eBay',
};

/** Any order's payment method in the accountant's words. */
export const paymentMethodLabel = (method: string) =>
  PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? COUNTER_METHOD_LABELS[method] ?? method;

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Da pagare',
  paid: 'Pagato',
  failed: 'Non riuscito',
  refunding: 'Rimborso in corso',
  partially_refunded: 'Rimborsato in parte',
  refunded: 'Rimborsato',
};

/** Sets the download headers of `filename`. */
export function csvDownload(res: Response, filename: string): void {
  res.status(200);
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.set('Content-Disposition', `attachment; filename="${filename}"`);
  res.set('Cache-Control', 'no-store');
}

/**
 * Streams the rows `batches` yields (each cell already a string) under `header`, batch after batch, waiting for the
 * client when it reads slower than the database answers: memory stays one batch whatever the size.
 */
export async function streamCsv(
  res: Response,
  header: string[],
  batches: AsyncIterable<string[][]>,
): Promise<void> {
  const csv = stringify({ delimiter: ';', bom: true, record_delimiter: '\r\n' });
  const sent = pipeline(csv, res);
  try {
    const write = async (row: string[]) => {
      if (!csv.write(row.map(neutralised))) await once(csv, 'drain');
    };
    await write(header);
    for await (const batch of batches) {
      if (res.destroyed) break;
      for (const row of batch) await write(row);
    }
    csv.end();
    await sent;
  } catch {
    // The client went away, or the database failed midway: the headers are gone, so the download is cut short
    // (the client sees an incomplete file, never a partial one taken as whole).
    csv.destroy();
    res.destroy();
    await sent.catch(() => undefined);
  }
}
