import { eq } from 'drizzle-orm';
import type { EventHandler } from '@edicola/platform';
import { orderFacts } from '../db/schema';
import type { NotifyContext } from '../context';
import { refundFailedToShop } from '../templates/shop-mails';

/** A refund the provider refused: the shop is told once per payment (the job retries it meanwhile). */
export function onPaymentRefundFailed(ctx: NotifyContext): EventHandler<'payment.refund_failed'> {
  return async (event, tx) => {
    const failure = event.data;
    const [row] = await tx.select().from(orderFacts).where(eq(orderFacts.orderId, failure.order_id));
    await ctx.mailer.send(tx, {
      kind: 'shop_refund_failed',
      about: failure.payment_id,
      orderId: failure.order_id,
      language: 'it',
      mail: await refundFailedToShop(
        {
          orderId: failure.order_id,
          orderReference: row?.facts.order_reference ?? null,
          paymentId: failure.payment_id,
          amountCents: failure.amount_cents,
          error: failure.error,
        },
        ctx.shop,
      ),
    });
  };
}
