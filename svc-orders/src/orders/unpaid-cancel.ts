import { eq } from 'drizzle-orm';
import { InternalPaymentExpiry, pathTo, ROUTES } from '@edicola/contracts';
import type { Database, EventBus, InternalClient } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { lockOrder, moveOrder } from './order-writer';
import { moneyTaken } from './payment-state';

export interface UnpaidCancelling {
  database: Database;
  bus: EventBus;
  internal: InternalClient;
}

/** Card, Klarna, PayPal: paid through svc-payments (every method but the bank transfer). */
export const isOnlineMethod = (method: string) => method !== 'transfer';

/** `cancelled` now; `paid` (the provider took the money: left to payment.succeeded); `unchanged` (no longer unpaid). */
export type UnpaidCancelOutcome = 'cancelled' | 'paid' | 'unchanged';

// A pre-order whose deposit was paid is not unpaid: it waits in line (presales/arrivals.ts ends it).
const stillUnpaid = (row: {
  status: string;
  paymentStatus: Parameters<typeof moneyTaken>[0];
  depositPaidAt: Date | null;
}) => row.status === 'pending' && !moneyTaken(row.paymentStatus) && row.depositPaidAt === null;

/**
 * Cancels a pending order that nobody paid: past its deadline (the sweeper), or given up by its checkout (the
 * cancel token). For an online order svc-payments is asked first (outside any transaction) to expire its open
 * attempts at the provider; when the provider says one was paid, the order is left to that payment. Then, in one
 * transaction with the row locked and checked again: status cancelled, payment failed, history row and
 * order.status_changed, on which svc-catalog gives the stock back.
 */
export async function cancelUnpaidOrder(
  deps: UnpaidCancelling,
  orderId: string,
): Promise<UnpaidCancelOutcome> {
  const db = deps.database.db;
  const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, orderId));
  if (!row || !stillUnpaid(row)) return 'unchanged';
  if (isOnlineMethod(row.paymentMethod)) {
    const answer = await deps.internal.post(
      'svc-payments',
      pathTo(ROUTES['POST /internal/orders/:id/expire-payments'], { id: orderId }),
      {},
      { idempotencyKey: `expire-order-${orderId}` },
    );
    if (InternalPaymentExpiry.parse(answer).paid) return 'paid';
  }
  const outcome = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked || !stillUnpaid(locked)) return 'unchanged' as const;
    await moveOrder(tx, deps.bus, locked, {
      at: new Date(),
      status: { to: 'cancelled', kind: 'payment' },
      fields: { paymentStatus: 'failed' },
    });
    return 'cancelled' as const;
  });
  return outcome;
}
