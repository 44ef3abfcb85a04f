import { safeError } from './card';
import { wake, type PaymentDeps } from './deps';
import { paymentById, type RefundPayload } from './records';
import { markRefunded } from './state';

/**
 * Job payments.refund (key: the payment id): gives the money back through the provider that took it, with an
 * idempotency key of its own so a retry never refunds twice, then marks the payment refunded with payment.refunded.
 * A failure is retried with back-off for hours (service.ts).
 */
export async function refundPayment(deps: PaymentDeps, payload: RefundPayload): Promise<void> {
  const payment = await paymentById(deps.database.db, payload.payment_id);
  if (!payment || payment.status !== 'refunding') return;
  if (!payment.providerPaymentId)
    throw new Error(`payment ${payment.id} has no provider payment id to refund`);
  let refund: { id: string; cents: number | null };
  try {
    if (payment.provider === 'stripe') {
      const r = await deps.providers.stripe.client.refunds.create(
        {
          payment_intent: payment.providerPaymentId,
          metadata: { payment_id: payment.id, order_id: payment.orderId },
        },
        { idempotencyKey: `refund-${payment.id}` },
      );
      if (r.status === 'failed' || r.status === 'canceled')
        throw new Error(`stripe refund ${r.id} is ${r.status}`);
      refund = { id: r.id, cents: r.amount };
    } else {
      const r = await deps.providers.paypal.client.refundCapture(
        payment.providerPaymentId,
        `refund-${payment.id}`,
      );
      if (r.status === 'FAILED' || r.status === 'CANCELLED')
        throw new Error(`paypal refund ${r.id} is ${r.status}`);
      refund = { id: r.id, cents: r.amount ? Math.round(Number(r.amount.value) * 100) : null };
    }
  } catch (error) {
    deps.logger.warn({ err: safeError(error), payment_id: payment.id }, 'refund failed, will retry');
    throw new Error(`refund failed: ${JSON.stringify(safeError(error))}`);
  }
  const changed = await deps.database.db.transaction((tx) =>
    markRefunded({ tx, bus: deps.bus }, payment.id, refund),
  );
  if (changed) wake(deps);
}
