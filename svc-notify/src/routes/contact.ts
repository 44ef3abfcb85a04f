import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { ContactMessageRequest, type ContactMessageResponse } from '@edicola/contracts';
import { handle, type Db, type RateLimits } from '@edicola/platform';
import { confirmationToSender, messageToShop } from '../contact/messages';
import type { MailOutbox } from '../mail/outbox';

export interface ContactRouteOptions {
  mail: MailOutbox;
  shopEmail: string;
  shopName: string;
  messagesPerHour: number;
  limits: RateLimits;
}

/** POST /contact/messages: the /contatto form, to the shop's mailbox with a confirmation to the sender. */
export function contactRoutes(router: Router, db: Db, options: ContactRouteOptions) {
  router.post(
    '/contact/messages',
    options.limits.perAddress({
      name: 'contact',
      successesOnly: true,
      windowMs: 60 * 60 * 1000,
      limit: options.messagesPerHour,
      detail: 'Troppi messaggi inviati. Riprova più tardi o chiamaci.',
    }),
    handle({ body: ContactMessageRequest }, async ({ body }, _req, res): Promise<ContactMessageResponse> => {
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await options.mail.queue(tx, messageToShop(options.shopEmail, body), `contact:${id}:shop`);
        await options.mail.queue(
          tx,
          confirmationToSender(options.shopName, options.shopEmail, body),
          `contact:${id}:sender`,
        );
      });
      options.mail.wake();
      res.status(202);
      return { message: 'Messaggio inviato! Ti risponderemo al più presto.' };
    }),
  );
}
