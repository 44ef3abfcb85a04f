import { randomUUID } from 'node:crypto';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import {
  ORDER_STATUS_LABELS,
  orderMoveBlocker,
  PAYMENT_ORDER_MOVES,
  PAYMENT_REQUIRED_DETAIL,
  type AuditRecorded,
  type EventData,
  type OrderStatus,
  type RefundReason,
} from '@edicola/contracts';
import { conflict, type Audit, type Db, type EventBus } from '@edicola/platform';
import { orderRecords, orderStatusHistory, refundRequests } from '../db/schema';
import { giveUseBack } from '../discounts/uses';
import { giveBack } from '../gift-cards/cards';
import { orderRefundRequested, orderStatusChanged } from './events';

/**
 * The one writer of an order (docs/decisions/0037-one-order-writer.md): its creation and every later move (status,
 * payment, refunds, invoice data, shipment) lock the row here, check a status move against contracts' tables, grow
 * order_version by one and write the history row, `order.status_changed`, a full refund's request and the audit
 * entry in the caller's transaction. No other module updates orders.orders (test/order-writer.test.ts).
 */

export type OrderRow = typeof orderRecords.$inferSelect;
export type Actor = { id: string; username: string };

/** What a move may set besides the status: never the id, the version or the moment of the change (the writer's). */
export type OrderFields = Partial<
  Omit<
    typeof orderRecords.$inferInsert,
    'id' | 'status' | 'orderVersion' | 'updatedAt' | 'createdAt' | 'orderDate' | 'customerId'
  >
>;

type AuditEntry = Omit<AuditRecorded, 'actor'>;

/**
 * Whose table a status move is checked against: `staff`, the moves of ORDER_TRANSITIONS (a Packlink callback
 * moving a parcel on makes them too); `payment`, PAYMENT_ORDER_MOVES (the money came in or did not); `counter`,
 * COUNTER_ORDER_MOVES (a counter sale's receipt printed, or never printed).
 */
export type MoveKind = 'staff' | 'payment' | 'counter';

/**
 * A counter sale (channel `counter`) is paid and handed over at the till: it waits `pending` only for its fiscal
 * receipt, then is `delivered`; `cancelled` when the receipt was never printed and its units went back.
 */
const COUNTER_ORDER_MOVES: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['delivered', 'cancelled'],
};

export interface OrderMove {
  at: Date;
  /** The staff user who made the move; null for the shop itself. */
  by?: Actor | null;
  status?: { to: OrderStatus; kind: MoveKind };
  fields?: OrderFields;
  /** A full refund of all that is left is asked: payment `refunding`, its request and `order.refund_requested`. */
  refund?: RefundReason;
  /** The move's audit entry, from the order before and after it. */
  audit?: { to: Audit; entry: (before: OrderRow, after: OrderRow) => AuditEntry };
}

/** The audit trail of the shop itself (no staff user): a Packlink callback's move. */
export function shopAudit(bus: EventBus): Audit {
  return async (tx, entry) => {
    await bus.emit(tx, 'audit.recorded', { ...entry, actor: null });
  };
}

/** The order row, locked (for update) so that concurrent moves take turns and each sees what the other left. */
export async function lockOrder(tx: Db, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orderRecords).where(eq(orderRecords.id, id)).for('update');
  return row ?? null;
}

/**
 * The orders of a customer account and the guest orders placed with its e-mail (any case), locked: a customer's
 * erasure pseudonymises them (customers/erasure.ts) with moveOrder.
 */
export async function lockOrdersOfCustomer(tx: Db, customerId: string, email: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orderRecords)
    .where(
      or(
        eq(orderRecords.customerId, customerId),
        eq(sql`lower(${orderRecords.customerInfo}->>'email')`, email.trim().toLowerCase()),
      ),
    )
    .for('update');
}

/**
 * The pre-orders of a pre-sale article waiting in line for a unit (deposit paid, none yet), first come first, locked:
 * an arrival, a paid deposit or a lapsed balance gives them units (presales/arrivals.ts) with moveOrder.
 */
export async function lockPresaleLine(tx: Db, articleId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orderRecords)
    .where(
      and(
        eq(orderRecords.presaleArticleId, articleId),
        eq(orderRecords.presaleState, 'waiting'),
        eq(orderRecords.status, 'pending'),
      ),
    )
    .orderBy(asc(orderRecords.createdAt), asc(orderRecords.id))
    .for('update');
}

/**
 * A staff move is refused with a 409 (the back office shows it); a payment move outside PAYMENT_ORDER_MOVES is a
 * mistake of the code, not of the user.
 */
export function checkStatusMove(order: OrderRow, to: OrderStatus, kind: MoveKind): void {
  if (kind !== 'staff') {
    const moves = kind === 'payment' ? PAYMENT_ORDER_MOVES : COUNTER_ORDER_MOVES;
    if ((order.channel === 'counter') === (kind === 'counter') && moves[order.status]?.includes(to)) return;
    throw new Error(`order ${order.id}: ${order.status} → ${to} is not a move of its ${kind}`);
  }
  // A counter sale moves with its receipt only; nothing is shipped or confirmed.
  if (order.channel === 'counter') throw conflict(COUNTER_SALE_MOVE_DETAIL);
  const blocker = orderMoveBlocker({ status: order.status, payment_status: order.paymentStatus }, to);
  if (blocker === 'needs_payment') throw conflict(PAYMENT_REQUIRED_DETAIL);
  if (blocker) {
    throw conflict(
      `Impossibile passare l'ordine da ${ORDER_STATUS_LABELS[order.status]} a ${ORDER_STATUS_LABELS[to]}`,
    );
  }
}

export const COUNTER_SALE_MOVE_DETAIL =
  'Una vendita al banco non si gestisce da Ordini: resi e annulli si fanno dalla Cassa';

/** Payment states of an order whose money came in (a refund after it keeps the code's use taken). */
const WAS_PAID = new Set(['paid', 'refunding', 'partially_refunded', 'refunded']);

/** The shop's own words for the refunds nobody typed a reason for. */
const AUTOMATIC_REASONS: Record<RefundReason, string> = {
  cancelled_by_staff: 'Ordine annullato con rimborso',
  paid_after_cancellation: "Pagamento arrivato dopo l'annullamento dell'ordine",
  amount_mismatch: "Importo incassato diverso dal totale dell'ordine",
  partial_refund: 'Rimborso parziale',
  presale_deposit: 'Acconto della prevendita restituito',
};

/**
 * One move of a locked order (lockOrder), in the caller's transaction: order_version + 1; a new status (checked
 * first) gets its history row and `order.status_changed` with the new version; a full refund its request (in the
 * order's refunds, so it shows in progress, then done or failed) and `order.refund_requested`; then the audit entry.
 */
export async function moveOrder(tx: Db, bus: EventBus, order: OrderRow, move: OrderMove): Promise<OrderRow> {
  const { at, by = null, status, refund } = move;
  if (status) checkStatusMove(order, status.to, status.kind);
  // An order a gift card paid in full has no provider to ask: its refund is the card's balance, done here.
  const cardOnly = order.giftCardCents > 0 && order.giftCardCents >= order.totalCents;
  const [after] = await tx
    .update(orderRecords)
    .set({
      ...move.fields,
      ...(status ? { status: status.to } : {}),
      ...(refund ? { paymentStatus: 'refunding' as const, refundReason: refund, refundRequestedAt: at } : {}),
      ...(refund && cardOnly
        ? { paymentStatus: 'refunded' as const, refundedAt: at, refundedCents: order.totalCents }
        : {}),
      orderVersion: order.orderVersion + 1,
      updatedAt: at,
    })
    .where(eq(orderRecords.id, order.id))
    .returning();
  const row = after!;
  // An order cancelled before its payment gives its discount code's use back (docs/decisions/0057-discount-codes.md).
  if (
    row.status === 'cancelled' &&
    order.status !== 'cancelled' &&
    row.discountCode &&
    !WAS_PAID.has(row.paymentStatus)
  )
    await giveUseBack(tx, row.id);
  // What a gift card paid goes back on it when the order is cancelled unpaid or refunded
  // (docs/decisions/0059-gift-cards.md).
  if (row.giftCardCents > 0) {
    if (row.status === 'cancelled' && order.status !== 'cancelled' && !WAS_PAID.has(row.paymentStatus))
      await giveBack(tx, row.id, 'returned', at);
    else if (refund) await giveBack(tx, row.id, 'refunded', at);
  }
  if (row.status !== order.status) {
    await writeHistory(tx, row, order.status, by, at);
    // The order.* events tell a web or eBay order's story to the services that e-mail its buyer, take its payment,
    // give its stock back or send its tracking number to eBay; a counter sale has none of those (its stock moves
    // by svc-catalog's internal calls).
    if (row.channel !== 'counter')
      await bus.emit(
        tx,
        'order.status_changed',
        orderStatusChanged({
          orderId: row.id,
          orderVersion: row.orderVersion,
          from: order.status,
          to: row.status,
          items: row.items,
          customerEmail: String(row.customerInfo.email),
          trackingNumber: row.trackingNumber,
          language: row.language,
          carrier: row.packlinkData?.carrier_name ?? null,
        }),
      );
  }
  if (refund && !cardOnly) {
    const refundRequestId = randomUUID();
    await tx.insert(refundRequests).values({
      id: refundRequestId,
      orderId: row.id,
      kind: 'full',
      amountCents: null,
      reason: AUTOMATIC_REASONS[refund],
      refundReason: refund,
      requestedById: by?.id ?? null,
      requestedBy: by?.username ?? null,
      requestedAt: at,
    });
    await bus.emit(
      tx,
      'order.refund_requested',
      orderRefundRequested({
        orderId: row.id,
        orderVersion: row.orderVersion,
        reason: refund,
        requestedAt: at,
        refundRequestId,
      }),
    );
  }
  if (move.audit) await move.audit.to(tx, move.audit.entry(order, row));
  return row;
}

/** The columns a new order is stored with; it starts pending and unpaid at version 1, whatever is passed. */
export type NewOrderRow = Omit<
  typeof orderRecords.$inferInsert,
  'status' | 'paymentStatus' | 'orderVersion' | 'paymentIntentId'
> & { id: string; createdAt: Date };

/**
 * A new order: its row (pending, unpaid, version 1), its first history row and `order.created` (a web order's;
 * null for a counter sale, see moveOrder).
 */
export async function createOrder(
  tx: Db,
  bus: EventBus,
  values: NewOrderRow,
  created: EventData<'order.created'> | null,
): Promise<OrderRow> {
  const [stored] = await tx
    .insert(orderRecords)
    .values({
      ...values,
      status: 'pending',
      orderVersion: 1,
      paymentStatus: 'pending',
      // The provider's payment id is svc-payments' to record (payment.succeeded), never the client's.
      paymentIntentId: null,
    })
    .returning();
  await writeHistory(tx, stored!, null, null, values.createdAt);
  if (created) await bus.emit(tx, 'order.created', created);
  return stored!;
}

async function writeHistory(
  tx: Db,
  row: OrderRow,
  from: OrderStatus | null,
  by: Actor | null,
  at: Date,
): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: row.id,
    fromStatus: from,
    toStatus: row.status,
    changedById: by?.id ?? null,
    changedBy: by?.username ?? null,
    trackingNumber: row.trackingNumber,
    orderVersion: row.orderVersion,
    changedAt: at,
  });
}
