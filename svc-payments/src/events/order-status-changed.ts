import type { Event } from '@edicola/contracts';
import type { Db, EventHandler, Jobs } from '@edicola/platform';
import { EXPIRE_JOB, paymentsOfOrder, type ExpirePayload } from '../payments/records';

/**
 * An order cancelled while its payment is still open (or declined) can no longer be paid: the expiry job runs now
 * (inside the delivery's transaction only the job is written; the provider is called by the job).
 */
export function onOrderStatusChanged(jobs: Jobs): EventHandler<'order.status_changed'> {
  return (event, tx) => enqueueExpiries(tx, jobs, event);
}

/** The expiry jobs of the cancelled order's open payments. */
async function enqueueExpiries(tx: Db, jobs: Jobs, event: Event<'order.status_changed'>): Promise<void> {
  if (event.data.to !== 'cancelled') return;
  if (!/^[0-9a-f-]{36}$/i.test(event.data.order_id)) return;
  const open = await paymentsOfOrder(tx, event.data.order_id, ['open', 'failed']);
  for (const payment of open) {
    await jobs.enqueue<ExpirePayload>(
      tx,
      EXPIRE_JOB,
      { payment_id: payment.id, reason: 'abandoned' },
      { key: `${payment.id}:order-cancelled` },
    );
  }
}
