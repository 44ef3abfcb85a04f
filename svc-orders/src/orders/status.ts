import { eq } from 'drizzle-orm';
import { canMoveOrder, ORDER_STATUS_LABELS, type Order, type OrderStatus } from '@edicola/contracts';
import { conflict, HttpError, notFound, type Database, type EventBus } from '@edicola/platform';
import { orderRecords, orderStatusHistory } from '../db/schema';
import { orderStatusChanged } from './events';
import { emitRefundRequest, refundRequestFields, refundsOnCancel } from './payment-state';
import { ORDER_NOT_FOUND, toOrder } from './queries';

export const TRACKING_REQUIRED = "Il numero di tracking è obbligatorio per segnare l'ordine come spedito";

export interface StatusChangeRequest {
  orderId: string;
  to: OrderStatus;
  trackingNumber: string | null;
  staff: { id: string; username: string };
}

/**
 * A staff move of SPEC §4's table. The order row is locked (for update) so concurrent changes take turns and
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
    if (!canMoveOrder(order.status, change.to)) {
      throw conflict(
        `Impossibile passare l'ordine da ${ORDER_STATUS_LABELS[order.status]} a ${ORDER_STATUS_LABELS[change.to]}`,
      );
    }
    const trackingNumber = change.trackingNumber?.trim() || order.trackingNumber?.trim() || null;
    if (change.to === 'shipped' && !trackingNumber) throw new HttpError(422, TRACKING_REQUIRED);
    const version = order.orderVersion + 1;
    const now = new Date();
    const refund = change.to === 'cancelled' && refundsOnCancel(order);
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
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: change.to,
      changedById: change.staff.id,
      changedBy: change.staff.username,
      trackingNumber,
      orderVersion: version,
      changedAt: now,
    });
    await bus.emit(
      tx,
      'order.status_changed',
      orderStatusChanged({
        orderId: order.id,
        orderVersion: version,
        from: order.status,
        to: change.to,
        items: order.items,
        customerEmail: String(order.customerInfo.email),
        trackingNumber,
      }),
    );
    if (refund) await emitRefundRequest(tx, bus, row!, 'cancelled_by_staff', now);
    return row!;
  });
  bus.wake();
  return toOrder(updated);
}
