import { z } from 'zod';
import { CustomerLanguage } from './language';
import { singleLine } from './text';

/**
 * The version of the newsletter's consent text the storefront's form shows; each subscription keeps the one it was
 * given under (docs/product/records.md#newsletter-subscription). A new wording gets a new version.
 */
export const NEWSLETTER_CONSENT_VERSION = '2026-11-29';

/** Where a newsletter consent was given: the storefront's newsletter form is the one place today. */
export const NEWSLETTER_CONSENT_SOURCE = 'newsletter_form';

/** POST /newsletter/subscribe (docs/product/emails.md#newsletter-double-opt-in). */
export const NewsletterSubscribeRequest = z.object({
  email: z
    .string({ message: 'Inserisci un indirizzo email valido' })
    .trim()
    .min(1, 'Inserisci un indirizzo email valido')
    .max(254, 'Inserisci un indirizzo email valido')
    .pipe(z.email({ message: 'Inserisci un indirizzo email valido' })),
  name: singleLine().trim().max(120).nullish(),
  /** The visitor's language: the confirmation and the newsletters are written in it. */
  language: CustomerLanguage,
});
export type NewsletterSubscribeRequest = z.input<typeof NewsletterSubscribeRequest>;

export const NewsletterSubscribeResponse = z.object({
  message: z.string(),
  already_subscribed: z.boolean(),
});
export type NewsletterSubscribeResponse = z.infer<typeof NewsletterSubscribeResponse>;

/** POST /newsletter/unsubscribe: 404 for an unknown or already used token. */
export const NewsletterUnsubscribeRequest = z.object({
  token: z
    .string({ message: 'Inserisci un token di cancellazione valido' })
    .trim()
    .min(1, 'Inserisci un token di cancellazione valido')
    .max(200, 'Token non valido o già utilizzato. Contattaci per assistenza.'),
});
export type NewsletterUnsubscribeRequest = z.input<typeof NewsletterUnsubscribeRequest>;

export const NewsletterUnsubscribeResponse = z.object({ message: z.string() });
export type NewsletterUnsubscribeResponse = z.infer<typeof NewsletterUnsubscribeResponse>;

/** POST /newsletter/confirm: the link of the confirmation e-mail (double opt-in); 404 for an unknown or used token. */
export const NewsletterConfirmRequest = z.object({
  token: z
    .string({ message: 'Token non valido o già utilizzato.' })
    .trim()
    .min(1, 'Token non valido o già utilizzato.')
    .max(200, 'Token non valido o già utilizzato.'),
});
export type NewsletterConfirmRequest = z.input<typeof NewsletterConfirmRequest>;

/** Path of the storefront's page the confirmation e-mail links to, with ?token=. */
export const NEWSLETTER_CONFIRM_PATH = '/newsletter/confirm';

/** Path of the storefront's unsubscribe page; the e-mail links to it with ?token=. */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
