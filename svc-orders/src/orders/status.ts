import { eq } from 'drizzle-orm';
import {
  ADMIN_ONLY_DETAIL,
  auditChanges,
  ORDER_STATUS_LABELS,
  orderMoveBlocker,
  PAYMENT_REQUIRED_DETAIL,
  type Order,
  type OrderStatus,
  type TokenClaims,
} from '@edicola/contracts';
import { conflict, forbidden, HttpError, notFound, type Database, type EventBus } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { emitRefundRequest, refundRequestFields, refundsOnCancel } from './payment-state';
import { ORDER_NOT_FOUND } from './queries';
import { recordOrderChange } from './record-order-change';
import { orderWithRefunds } from './refunds';

export const TRACKING_REQUIRED = "Il numero di tracking è obbligatorio per segnare l'ordine come spedito";

export interface StatusChangeRequest {
  orderId: string;
  to: OrderStatus;
  trackingNumber: string | null;
  /** The staff user; null for the shop itself (a Packlink callback moving a shipped parcel on). */
  staff: { id: string; username: string; role: TokenClaims['role'] } | null;
}

/**
 * A staff move of SPEC §4's table (contracts' ORDER_TRANSITIONS; the moves of MOVES_NEEDING_PAYMENT only for a paid
 * order). The order row is locked (for update) so concurrent changes take turns and
 * each sees the status the other left; the change, its history row and `order.status_changed` (with the new
 * order_version) are one transaction. Cancelling an order paid online is SPEC §4's 'cancel and refund': the same
 * transaction marks the payment `refunding` and emits `order.refund_requested` (svc-payments refunds it).
 */
export async function changeOrderStatus(
  database: Database,
  bus: EventBus,
  change: StatusChangeRequest,
): Promise<Order> {
  const updated = await database.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orderRecords)
      .where(eq(orderRecords.id, change.orderId))
      .for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const blocker = orderMoveBlocker(
      { status: order.status, payment_status: order.paymentStatus },
      change.to,
    );
    if (blocker === 'needs_payment') throw conflict(PAYMENT_REQUIRED_DETAIL);
    if (blocker) {
      throw conflict(
        `Impossibile passare l'ordine da ${ORDER_STATUS_LABELS[order.status]} a ${ORDER_STATUS_LABELS[change.to]}`,
      );
    }
    const trackingNumber = change.trackingNumber?.trim() || order.trackingNumber?.trim() || null;
    if (change.to === 'shipped' && !trackingNumber) throw new HttpError(422, TRACKING_REQUIRED);
    const version = order.orderVersion + 1;
    const now = new Date();
    const refund = change.to === 'cancelled' && refundsOnCancel(order);
    // Cancel and refund moves money back: the admin's decision (contracts/src/roles.ts).
    if (refund && change.staff?.role !== 'admin') throw forbidden(ADMIN_ONLY_DETAIL);
    const [row] = await tx
      .update(orderRecords)
      .set({
        status: change.to,
        orderVersion: version,
        trackingNumber,
        updatedAt: now,
        ...(refund ? refundRequestFields('cancelled_by_staff', now) : {}),
      })
      .where(eq(orderRecords.id, order.id))
      .returning();
    await recordOrderChange(tx, bus, { order: row!, from: order.status, by: change.staff, at: now });
    if (refund && change.staff) {
      await emitRefundRequest(tx, bus, row!, 'cancelled_by_staff', now, {
        id: change.staff.id,
        username: change.staff.username,
      });
    }
    await bus.emit(tx, 'audit.recorded', {
      entity: 'order',
      entity_id: order.id,
      action: refund ? 'refund_requested' : 'status_changed',
      actor: change.staff ? { id: change.staff.id, username: change.staff.username } : null,
      changes: auditChanges(
        { status: order.status, tracking_number: order.trackingNumber, payment_status: order.paymentStatus },
        { status: row!.status, tracking_number: row!.trackingNumber, payment_status: row!.paymentStatus },
        ['status', 'tracking_number', 'payment_status'],
      ),
    });
    return row!;
  });
  bus.wake();
  return orderWithRefunds(database.db, updated);
}
