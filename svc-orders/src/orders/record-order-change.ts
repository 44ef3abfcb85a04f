import type { OrderStatus } from '@edicola/contracts';
import type { Db, EventBus } from '@edicola/platform';
import { orderStatusHistory, type orderRecords } from '../db/schema';
import { orderStatusChanged } from './events';

export interface OrderChange {
  /** The order as the change wrote it: its new status, order_version and tracking number. */
  order: typeof orderRecords.$inferSelect;
  from: OrderStatus;
  /** The staff user who made the change; null for the system. */
  by: { id: string; username: string } | null;
  at: Date;
}

/**
 * An order's status changed: its history row and `order.status_changed`, both with the order's new version, in the
 * transaction that wrote the change.
 */
export async function recordOrderChange(tx: Db, bus: EventBus, change: OrderChange): Promise<void> {
  const { order, from, by, at } = change;
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: from,
    toStatus: order.status,
    changedById: by?.id ?? null,
    changedBy: by?.username ?? null,
    trackingNumber: order.trackingNumber,
    orderVersion: order.orderVersion,
    changedAt: at,
  });
  await bus.emit(
    tx,
    'order.status_changed',
    orderStatusChanged({
      orderId: order.id,
      orderVersion: order.orderVersion,
      from,
      to: order.status,
      items: order.items,
      customerEmail: String(order.customerInfo.email),
      trackingNumber: order.trackingNumber,
      language: order.language,
      carrier: order.packlinkData?.carrier_name ?? null,
    }),
  );
}
