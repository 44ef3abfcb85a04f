import { eq } from 'drizzle-orm';
import type { EventData, OrderStatus, PaymentStatus, RefundReason } from '@edicola/contracts';
import { PermanentDeliveryError, type Db, type EventBus, type Logger } from '@edicola/platform';
import { orderRecords, orderStatusHistory } from '../db/schema';
import { orderRefundRequested, orderStatusChanged } from './events';

type Row = typeof orderRecords.$inferSelect;
type Changes = Partial<Omit<typeof orderRecords.$inferInsert, 'id' | 'orderVersion' | 'updatedAt'>>;

/**
 * How far an order's payment went. payment_status only moves up this scale (a payment that failed may still
 * succeed; money taken never becomes "failed" again), so a late or repeated payment event cannot undo a newer one.
 */
const PAYMENT_RANK: Record<PaymentStatus, number> = {
  pending: 0,
  failed: 1,
  paid: 2,
  refunding: 3,
  refunded: 4,
};

/** The money of the order was taken (and may be on its way back). */
export const moneyTaken = (status: PaymentStatus) => PAYMENT_RANK[status] >= PAYMENT_RANK.paid;

/**
 * A cancellation must give the money back when it was taken online: the staff 'cancel and refund' of a paid
 * order (SPEC §4), and equally a confirmed one that was paid by card, Klarna or PayPal.
 */
export function refundsOnCancel(row: Pick<Row, 'paymentStatus' | 'paymentMethod'>): boolean {
  return row.paymentStatus === 'paid' && row.paymentMethod !== 'transfer';
}

/** The fields of an order whose refund is asked now. */
export function refundRequestFields(reason: RefundReason, when: Date): Changes {
  return { paymentStatus: 'refunding', refundReason: reason, refundRequestedAt: when };
}

/** `order.refund_requested`, in the transaction that marked the order `refunding`. */
export async function emitRefundRequest(
  tx: Db,
  bus: EventBus,
  order: { id: string; orderVersion: number },
  reason: RefundReason,
  when: Date,
): Promise<void> {
  await bus.emit(
    tx,
    'order.refund_requested',
    orderRefundRequested({ orderId: order.id, orderVersion: order.orderVersion, reason, requestedAt: when }),
  );
}

async function lockOrder(tx: Db, id: string): Promise<Row | null> {
  const [row] = await tx.select().from(orderRecords).where(eq(orderRecords.id, id)).for('update');
  return row ?? null;
}

/**
 * One change of an order made by the system (a payment): order_version + 1; a new status also gets its history
 * row (changed_by null) and `order.status_changed`, in the caller's transaction.
 */
async function changeOrder(
  tx: Db,
  bus: EventBus,
  row: Row,
  changes: Changes & { status?: OrderStatus },
  when: Date,
): Promise<Row> {
  const version = row.orderVersion + 1;
  const [updated] = await tx
    .update(orderRecords)
    .set({ ...changes, orderVersion: version, updatedAt: when })
    .where(eq(orderRecords.id, row.id))
    .returning();
  if (changes.status && changes.status !== row.status) {
    await tx.insert(orderStatusHistory).values({
      orderId: row.id,
      fromStatus: row.status,
      toStatus: changes.status,
      changedById: null,
      changedBy: null,
      trackingNumber: row.trackingNumber,
      orderVersion: version,
      changedAt: when,
    });
    await bus.emit(
      tx,
      'order.status_changed',
      orderStatusChanged({
        orderId: row.id,
        orderVersion: version,
        from: row.status,
        to: changes.status,
        items: row.items,
        customerEmail: String(row.customerInfo.email),
        trackingNumber: row.trackingNumber,
      }),
    );
  }
  return updated!;
}

export type PaymentOutcome =
  'paid' | 'payment_recorded' | 'refund_requested' | 'cancelled' | 'failed' | 'refunded' | 'unchanged';

/**
 * payment.succeeded: a pending order becomes paid (payment_intent_id = the provider's payment id). An order the
 * staff moved on meanwhile (confirmed, ...) only records the payment. An order already cancelled cannot take the
 * money: it is marked `refunding` and `order.refund_requested` (paid_after_cancellation) is emitted, once.
 * Money for an order svc-orders does not have is parked in the dead letters for a person to look at.
 */
export async function applyPaymentSucceeded(
  tx: Db,
  bus: EventBus,
  data: EventData<'payment.succeeded'>,
  logger?: Logger,
): Promise<PaymentOutcome> {
  const row = await lockOrder(tx, data.order_id);
  if (!row) {
    throw new PermanentDeliveryError(
      `payment ${data.payment_id} succeeded for order ${data.order_id}, which svc-orders does not have`,
    );
  }
  if (data.amount_cents !== row.totalCents) {
    logger?.warn(
      {
        order_id: row.id,
        payment_id: data.payment_id,
        paid_cents: data.amount_cents,
        total_cents: row.totalCents,
      },
      'payment amount differs from the order total',
    );
  }
  if (moneyTaken(row.paymentStatus)) return 'unchanged';
  const when = new Date();
  const paid = { paymentStatus: 'paid' as const, paymentIntentId: data.provider_payment_id };
  if (row.status === 'pending') {
    await changeOrder(tx, bus, row, { ...paid, status: 'paid' }, when);
    return 'paid';
  }
  if (row.status === 'cancelled') {
    const reason = 'paid_after_cancellation';
    const updated = await changeOrder(
      tx,
      bus,
      row,
      { paymentIntentId: data.provider_payment_id, ...refundRequestFields(reason, when) },
      when,
    );
    await emitRefundRequest(tx, bus, updated, reason, when);
    return 'refund_requested';
  }
  await changeOrder(tx, bus, row, paid, when);
  return 'payment_recorded';
}

/**
 * payment.failed: `declined` marks the payment failed and leaves the order pending (the buyer may try again);
 * `expired` and `abandoned` cancel a still-pending order (which gives its stock back through svc-catalog). An
 * order already paid or cancelled is left as it is.
 */
export async function applyPaymentFailed(
  tx: Db,
  bus: EventBus,
  data: EventData<'payment.failed'>,
): Promise<PaymentOutcome> {
  const row = await lockOrder(tx, data.order_id);
  if (!row || row.status === 'cancelled' || moneyTaken(row.paymentStatus)) return 'unchanged';
  const when = new Date();
  if (row.status === 'pending' && data.reason !== 'declined') {
    await changeOrder(tx, bus, row, { status: 'cancelled', paymentStatus: 'failed' }, when);
    return 'cancelled';
  }
  if (row.paymentStatus === 'failed') return 'unchanged';
  await changeOrder(tx, bus, row, { paymentStatus: 'failed' }, when);
  return 'failed';
}

/**
 * payment.refunded: the money is back with the buyer. payment_status `refunded`, with when and how much; a refund
 * nobody asked here (made in the provider's dashboard) shows too, with the event's reason.
 */
export async function applyPaymentRefunded(
  tx: Db,
  bus: EventBus,
  data: EventData<'payment.refunded'>,
): Promise<PaymentOutcome> {
  const row = await lockOrder(tx, data.order_id);
  if (!row || row.paymentStatus === 'refunded') return 'unchanged';
  const refundedAt = new Date(data.refunded_at);
  await changeOrder(
    tx,
    bus,
    row,
    {
      paymentStatus: 'refunded',
      refundReason: row.refundReason ?? data.reason,
      refundRequestedAt: row.refundRequestedAt ?? refundedAt,
      refundedAt,
      refundedCents: data.amount_cents,
    },
    new Date(),
  );
  return 'refunded';
}
