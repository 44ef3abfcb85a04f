import { and, asc, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { PaymentMethod } from '@edicola/contracts';
import type { Db, Logger } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { cancelUnpaidOrder, isOnlineMethod, type UnpaidCancelling } from './unpaid-cancel';

/** How long an unpaid order waits (ORDER_PAYMENT_MINUTES for online methods, TRANSFER_PAYMENT_DAYS for a transfer). */
export interface PaymentDeadlines {
  onlineMinutes: number;
  transferDays: number;
}

export const EXPIRE_UNPAID_JOB = 'orders.expire-unpaid';

/** Orders looked at per sweep: the rest wait for the next one. */
const SWEEP_BATCH = 50;

/** The payment deadline an order gets when it is created, whether or not a payment was started. */
export function paymentDueAt(method: PaymentMethod, createdAt: Date, deadlines: PaymentDeadlines): Date {
  const ms = isOnlineMethod(method)
    ? deadlines.onlineMinutes * 60_000
    : deadlines.transferDays * 24 * 60 * 60_000;
  return new Date(createdAt.getTime() + ms);
}

/**
 * Pending, still unpaid orders whose payment deadline has passed, oldest first. An order stored before deadlines
 * existed (payment_due_at null) is due counted from its creation.
 */
export async function overdueOrders(
  db: Db,
  now: Date,
  deadlines: PaymentDeadlines,
  limit = SWEEP_BATCH,
): Promise<string[]> {
  const t = orderRecords;
  const onlineSince = new Date(now.getTime() - deadlines.onlineMinutes * 60_000);
  const transferSince = new Date(now.getTime() - deadlines.transferDays * 24 * 60 * 60_000);
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.status, 'pending'),
        inArray(t.paymentStatus, ['pending', 'failed']),
        // A pre-order with its deposit paid waits for its delivery, not for a payment.
        isNull(t.depositPaidAt),
        or(
          lte(t.paymentDueAt, now),
          and(
            isNull(t.paymentDueAt),
            or(
              and(ne(t.paymentMethod, 'transfer'), lte(t.createdAt, onlineSince)),
              and(eq(t.paymentMethod, 'transfer'), lte(t.createdAt, transferSince)),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(t.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * The recurring sweep: every overdue order is cancelled (stock released by svc-catalog on order.status_changed),
 * an online one only after svc-payments expired its attempts at the provider and found nothing paid. An order
 * that cannot be settled now (svc-payments unreachable) stays pending and is looked at again next sweep.
 */
export async function expireOverdueOrders(
  deps: UnpaidCancelling & { logger: Logger; deadlines: PaymentDeadlines },
): Promise<number> {
  let cancelled = 0;
  for (const id of await overdueOrders(deps.database.db, new Date(), deps.deadlines)) {
    try {
      if ((await cancelUnpaidOrder(deps, id)) === 'cancelled') cancelled += 1;
    } catch (error) {
      deps.logger.warn({ err: error, order_id: id }, 'overdue order not cancelled now, retried next sweep');
    }
  }
  return cancelled;
}
