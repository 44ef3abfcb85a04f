import type { Event } from '@edicola/contracts';
import type { Db, Jobs, Logger } from '@edicola/platform';
import { paymentsOfOrder, REFUND_JOB, type RefundPayload } from '../payments/records';
import { markRefunding } from '../payments/state';

/**
 * svc-orders asks for an order's money back (staff 'cancel and refund', or a payment that arrived for an order
 * already cancelled). Inside the delivery's transaction: the payment that took the money is marked refunding and
 * the refund job enqueued (key: the payment id, so a repeated request refunds once). True when a job was enqueued.
 */
export async function onOrderRefundRequested(
  tx: Db,
  jobs: Jobs,
  logger: Logger,
  event: Event<'order.refund_requested'>,
): Promise<boolean> {
  const { order_id: orderId, reason } = event.data;
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return false;
  const paid = await paymentsOfOrder(tx, orderId, ['succeeded', 'refunding']);
  if (paid.length === 0) {
    logger.warn({ order_id: orderId }, 'refund requested for an order with no payment taken');
    return false;
  }
  let enqueued = false;
  for (const payment of paid) {
    if (payment.status === 'succeeded') await markRefunding(tx, payment.id, reason);
    const isNew = await jobs.enqueue<RefundPayload>(
      tx,
      REFUND_JOB,
      { payment_id: payment.id },
      { key: payment.id },
    );
    enqueued ||= isNew;
  }
  return enqueued;
}
