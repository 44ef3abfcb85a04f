import type { Router } from 'express';
import {
  NewsletterSubscribeRequest,
  NewsletterUnsubscribeRequest,
  type NewsletterSubscribeResponse,
  type NewsletterUnsubscribeResponse,
} from '@edicola/contracts';
import { handle, notFound, type Db, type RateLimits } from '@edicola/platform';
import type { MailOutbox } from '../mail/outbox';
import { confirmationMail, unsubscribeLink } from '../newsletter/confirmation-mail';
import { subscribe, unsubscribe } from '../newsletter/subscriptions';

export interface NewsletterRouteOptions {
  mail: MailOutbox;
  webUrl: string;
  shopName: string;
  subscribesPerHour: number;
  limits: RateLimits;
}

/** POST /newsletter/subscribe and /newsletter/unsubscribe (SPEC §7), with the texts of SPEC §8. */
export function newsletterRoutes(router: Router, db: Db, options: NewsletterRouteOptions) {
  router.post(
    '/newsletter/subscribe',
    options.limits.perAddress({
      name: 'newsletter',
      successesOnly: true,
      windowMs: 60 * 60 * 1000,
      limit: options.subscribesPerHour,
      detail: "Errore nell'iscrizione. Riprova più tardi.",
    }),
    handle({ body: NewsletterSubscribeRequest }, async ({ body }): Promise<NewsletterSubscribeResponse> => {
      const result = await db.transaction(async (tx) => {
        const outcome = await subscribe(tx, body.email, body.name || null);
        if (!outcome.alreadySubscribed) {
          const { subscriber, token } = outcome;
          const link = unsubscribeLink(options.webUrl, token);
          const mail = confirmationMail(subscriber.email, subscriber.name, link, options.shopName);
          await options.mail.queue(tx, mail, `newsletter.confirm:${subscriber.id}:${subscriber.tokenHash}`);
        }
        return outcome;
      });
      if (result.alreadySubscribed) {
        return { message: 'Email già registrata alla newsletter!', already_subscribed: true };
      }
      options.mail.wake();
      return {
        message: 'Iscrizione completata! Controlla la tua email per la conferma.',
        already_subscribed: false,
      };
    }),
  );

  router.post(
    '/newsletter/unsubscribe',
    handle(
      { body: NewsletterUnsubscribeRequest },
      async ({ body }): Promise<NewsletterUnsubscribeResponse> => {
        if (!(await unsubscribe(db, body.token))) {
          throw notFound('Token non valido o già utilizzato. Contattaci per assistenza.');
        }
        return { message: 'Cancellazione completata con successo! Non riceverai più la nostra newsletter.' };
      },
    ),
  );
}
