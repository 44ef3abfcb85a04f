import type { EventHandler } from '@edicola/platform';
import type { MailOutbox } from '../mail/outbox';
import { orderConfirmationMail, type ShopContact } from '../orders/confirmation-mail';

/**
 * svc-notify's answer to a new order: the confirmation e-mail, written as a job in the handler's
 * transaction and sent after its commit. The job key is the order, so a repeated event sends one e-mail.
 */
export function onOrderCreated(mail: MailOutbox, shop: ShopContact): EventHandler<'order.created'> {
  return async (event, tx, { afterCommit }) => {
    await mail.queue(
      tx,
      orderConfirmationMail(event.data, shop),
      `order-confirmation:${event.data.order_id}`,
    );
    afterCommit(() => mail.wake());
  };
}
