import { eq, sql } from 'drizzle-orm';
import { PermanentDeliveryError, type Db } from '@edicola/platform';
import { orderFacts, type OrderFactsRow } from '../db/schema';
import type { OrderFacts } from '../templates/OrderSummary';
import { DAY_MS } from '../context';

/**
 * When an unpaid bank transfer is cancelled: the order's own deadline when the event carries one, otherwise
 * TRANSFER_PAYMENT_DAYS after the order (the rule svc-orders applies).
 */
export function transferDueAt(order: OrderFacts, transferPaymentDays: number): Date {
  const given = (order as { payment_due_at?: string | null }).payment_due_at;
  if (given) return new Date(given);
  return new Date(new Date(order.created_at).getTime() + transferPaymentDays * DAY_MS);
}

/** Keeps the order's facts from order.created; false when they were already stored (a repeated event). */
export async function storeOrder(tx: Db, order: OrderFacts, paymentDueAt: Date | null): Promise<boolean> {
  const rows = await tx
    .insert(orderFacts)
    .values({
      orderId: order.order_id,
      facts: order,
      status: order.status,
      orderVersion: order.order_version,
      paymentDueAt,
    })
    .onConflictDoNothing({ target: orderFacts.orderId })
    .returning({ id: orderFacts.orderId });
  return rows.length > 0;
}

/**
 * The order an event is about, locked for this delivery. An event about an order whose order.created has not
 * arrived yet is refused for a retry (it comes soon); one whose id could never be an order goes to the dead letters.
 */
export async function lockOrder(tx: Db, orderId: string): Promise<OrderFactsRow> {
  const [row] = await tx.select().from(orderFacts).where(eq(orderFacts.orderId, orderId)).for('update');
  if (row) return row;
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) throw new PermanentDeliveryError(`unknown order ${orderId}`);
  throw new Error(`order ${orderId} is not known yet (its order.created has not arrived)`);
}

export async function updateOrder(
  tx: Db,
  orderId: string,
  changes: Partial<Omit<typeof orderFacts.$inferInsert, 'orderId' | 'facts'>>,
): Promise<void> {
  await tx
    .update(orderFacts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(orderFacts.orderId, orderId));
}
