import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { endpoint, type ContactMessageResponse } from '@edicola/contracts';
import { type Db, type RateLimits, routeServer } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { contactCopyMail } from '../templates/customer-mails';
import { contactToShop } from '../templates/shop-mails';

export interface ContactRouteOptions {
  messagesPerHour: number;
  limits: RateLimits;
}

/** POST /contact/messages: the /contatto form, to the shop's mailbox with a copy to the sender. */
export function contactRoutes(router: Router, db: Db, ctx: NotifyContext, options: ContactRouteOptions) {
  const serve = routeServer(router);
  serve(
    endpoint('POST /contact/messages'),
    [
      options.limits.perAddress({
        name: 'contact',
        successesOnly: true,
        windowMs: 60 * 60 * 1000,
        limit: options.messagesPerHour,
        detail: 'Troppi messaggi inviati. Riprova più tardi o chiamaci.',
      }),
    ],
    async ({ body }, _req, res): Promise<ContactMessageResponse> => {
      const id = randomUUID();
      const [toShop, copy] = await Promise.all([
        contactToShop(body, ctx.shop),
        contactCopyMail(body, ctx.shop),
      ]);
      await db.transaction(async (tx) => {
        await ctx.mailer.send(tx, { kind: 'contact_message', about: id, language: 'it', mail: toShop });
        // The copy goes to whatever address was typed: it counts against that address's cap.
        await ctx.mailer.send(tx, {
          kind: 'contact_copy',
          about: id,
          language: body.language,
          outsider: true,
          mail: copy,
        });
      });
      res.status(202);
      return { message: 'Messaggio inviato! Ti risponderemo al più presto.' };
    },
  );
}
