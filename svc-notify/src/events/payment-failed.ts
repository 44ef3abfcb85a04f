import type { EventHandler } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { lockOrder } from '../orders/facts';
import { paymentFailedMail } from '../templates/customer-mails';

/**
 * An online payment declined or run out of time: the customer is told, with the way back to the shop, once per
 * order. One the shopper abandoned on the provider's page needs no e-mail: they left it themselves.
 */
export function onPaymentFailed(ctx: NotifyContext): EventHandler<'payment.failed'> {
  return async (event, tx) => {
    const failure = event.data;
    if (failure.reason === 'abandoned') return;
    const row = await lockOrder(tx, failure.order_id);
    if (row.paidAt) return;
    await ctx.mailer.send(tx, {
      kind: 'payment_failed',
      about: row.orderId,
      orderId: row.orderId,
      language: row.facts.language,
      mail: await paymentFailedMail(row.facts, ctx.shop, failure.reason),
    });
  };
}
