import type { Event } from '@edicola/contracts';
import type { Db, EventHandler, Jobs, Logger } from '@edicola/platform';
import { refundRequests, type PaymentRecord } from '../db/schema';
import { paymentsOfOrder, REFUND_JOB, type RefundPayload } from '../payments/records';
import { markRefunding, wrongAmount } from '../payments/state';

const left = (p: PaymentRecord) => (p.capturedCents ?? p.amountCents) - (p.refundedCents ?? 0);

/**
 * svc-orders asks for an order's money back. Without an amount (a 'cancel and refund', or a payment that arrived
 * for an order already cancelled) every payment that took money is marked refunding and its refund job enqueued
 * (key: the payment id, so a repeated request refunds once). With `amount_cents` (a staff partial refund, v2) the
 * payment of the order that still holds that much keeps its state and a job refunds exactly that amount (key: the
 * refund request id, which is also the provider's idempotency key). Each request is recorded (refund_requests) so
 * its outcome goes back with its id.
 */
export function onOrderRefundRequested(jobs: Jobs, logger: Logger): EventHandler<'order.refund_requested'> {
  return (event, tx) => enqueueRefunds(tx, jobs, logger, event);
}

/** The refund jobs of the request, inside the delivery's transaction. */
async function enqueueRefunds(
  tx: Db,
  jobs: Jobs,
  logger: Logger,
  event: Event<'order.refund_requested'>,
): Promise<void> {
  const { order_id: orderId, reason, refund_request_id: requestId, amount_cents: amountCents } = event.data;
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return;
  const paid = await paymentsOfOrder(tx, orderId, ['succeeded', 'partially_refunded', 'refunding']);
  if (paid.length === 0) {
    logger.warn({ order_id: orderId }, 'refund requested for an order with no payment taken');
    return;
  }
  if (amountCents !== undefined && requestId) {
    // The payment that really paid the order (not one refunded for its wrong amount) and still holds that much;
    // else the first one, whose refund the provider then refuses with its reason.
    const payment =
      paid.find((p) => p.status !== 'refunding' && !wrongAmount(p) && left(p) >= amountCents) ?? paid[0]!;
    const [recorded] = await tx
      .insert(refundRequests)
      .values({ id: requestId, paymentId: payment.id, orderId, amountCents, reason })
      .onConflictDoNothing()
      .returning({ id: refundRequests.id });
    if (!recorded) return;
    await jobs.enqueue<RefundPayload>(
      tx,
      REFUND_JOB,
      { payment_id: payment.id, refund_request_id: requestId, amount_cents: amountCents },
      { key: requestId },
    );
    return;
  }
  for (const payment of paid) {
    if (payment.status !== 'refunding') await markRefunding(tx, payment.id, reason);
    if (requestId) {
      await tx
        .insert(refundRequests)
        .values({ id: requestId, paymentId: payment.id, orderId, amountCents: null, reason })
        .onConflictDoNothing();
    }
    await jobs.enqueue<RefundPayload>(
      tx,
      REFUND_JOB,
      { payment_id: payment.id, ...(requestId ? { refund_request_id: requestId } : {}) },
      { key: payment.id },
    );
  }
}
