import { z } from 'zod';

/** POST /newsletter/subscribe (SPEC §7). */
export const NewsletterSubscribeRequest = z.object({
  email: z
    .string({ message: 'Inserisci un indirizzo email valido' })
    .trim()
    .min(1, 'Inserisci un indirizzo email valido')
    .max(254, 'Inserisci un indirizzo email valido')
    .pipe(z.email({ message: 'Inserisci un indirizzo email valido' })),
  name: z.string().trim().max(120).nullish(),
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

/** Path of the storefront's unsubscribe page; the e-mail links to it with ?token=. */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
