import type { EventHandler } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { lockOrder, updateOrder } from '../orders/facts';
import { refundedMail } from '../templates/customer-mails';

/** Money went back: the amount, and "partial" while less than the order's total has been refunded. */
export function onPaymentRefunded(ctx: NotifyContext): EventHandler<'payment.refunded'> {
  return async (event, tx) => {
    const refund = event.data;
    const row = await lockOrder(tx, refund.order_id);
    // The provider's figures: this refund, and all refunded so far of what it captured.
    const amountCents = refund.refund_cents;
    const refundedTotalCents = Math.max(refund.refunded_total_cents, row.refundedCents);
    const queued = await ctx.mailer.send(tx, {
      kind: 'refunded',
      about: refund.refund_id,
      orderId: row.orderId,
      language: row.facts.language,
      mail: await refundedMail(row.facts, ctx.shop, {
        amountCents,
        refundedTotalCents,
        partial: refund.refunded_total_cents < refund.captured_cents,
      }),
    });
    if (queued !== 'duplicate') await updateOrder(tx, row.orderId, { refundedCents: refundedTotalCents });
  };
}
