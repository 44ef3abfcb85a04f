import type { Router } from 'express';
import {
  endpoint,
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
  type NewsletterSubscribeResponse,
  type NewsletterUnsubscribeResponse,
} from '@edicola/contracts';
import { notFound, type Db, type RateLimits, routeServer } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { confirmSubscription, subscribe, unsubscribe } from '../newsletter/subscriptions';
import { newsletterConfirmMail } from '../templates/customer-mails';

export interface NewsletterRouteOptions {
  subscribesPerHour: number;
  limits: RateLimits;
}

/** A storefront page with the token in its query. */
function pageLink(webUrl: string, path: string, token: string): string {
  const url = new URL(path, webUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * POST /newsletter/subscribe, /newsletter/confirm and /newsletter/unsubscribe
 * (docs/product/emails.md#newsletter-double-opt-in, texts of docs/product/storefront.md#newsletter). A
 * subscription counts once the link of its confirmation e-mail is followed (double opt-in).
 */
export function newsletterRoutes(
  router: Router,
  db: Db,
  ctx: NotifyContext,
  options: NewsletterRouteOptions,
) {
  const serve = routeServer(router);
  serve(
    endpoint('POST /newsletter/subscribe'),
    [
      options.limits.perAddress({
        name: 'newsletter',
        successesOnly: true,
        windowMs: 60 * 60 * 1000,
        limit: options.subscribesPerHour,
        detail: "Errore nell'iscrizione. Riprova più tardi.",
      }),
    ],
    async ({ body }): Promise<NewsletterSubscribeResponse> => {
      const result = await db.transaction(async (tx) => {
        const outcome = await subscribe(tx, body.email, body.name || null, body.language);
        if (!outcome.alreadySubscribed) {
          const { subscriber, token, confirmToken } = outcome;
          const mail = await newsletterConfirmMail(
            {
              email: subscriber.email,
              name: subscriber.name,
              language: subscriber.language,
              confirmUrl: pageLink(ctx.shop.webUrl, NEWSLETTER_CONFIRM_PATH, confirmToken),
              unsubscribeUrl: pageLink(ctx.shop.webUrl, NEWSLETTER_UNSUBSCRIBE_PATH, token),
              token,
            },
            ctx.shop,
          );
          await ctx.mailer.send(tx, {
            kind: 'newsletter_confirm',
            about: subscriber.confirmTokenHash!,
            language: subscriber.language,
            outsider: true,
            mail,
          });
        }
        return outcome;
      });
      if (result.alreadySubscribed) {
        return { message: 'Email già registrata alla newsletter!', already_subscribed: true };
      }
      return {
        message: 'Iscrizione completata! Controlla la tua email per la conferma.',
        already_subscribed: false,
      };
    },
  );

  serve(endpoint('POST /newsletter/confirm'), async ({ body }): Promise<NewsletterUnsubscribeResponse> => {
    if (!(await confirmSubscription(db, body.token))) {
      throw notFound('Token non valido o già utilizzato. Contattaci per assistenza.');
    }
    return { message: 'Iscrizione confermata! Riceverai la nostra newsletter.' };
  });

  serve(
    endpoint('POST /newsletter/unsubscribe'),
    async ({ body }): Promise<NewsletterUnsubscribeResponse> => {
      if (!(await unsubscribe(db, body.token))) {
        throw notFound('Token non valido o già utilizzato. Contattaci per assistenza.');
      }
      return { message: 'Cancellazione completata con successo! Non riceverai più la nostra newsletter.' };
    },
  );
}
