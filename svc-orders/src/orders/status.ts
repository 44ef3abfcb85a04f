import {
  ADMIN_ONLY_DETAIL,
  auditChanges,
  type Order,
  type OrderStatus,
  type TokenClaims,
} from '@edicola/contracts';
import { forbidden, HttpError, notFound, type Audit, type Database, type EventBus } from '@edicola/platform';
import { checkStatusMove, lockOrder, moveOrder } from './order-writer';
import { refundsOnCancel } from './payment-state';
import { ORDER_NOT_FOUND } from './queries';
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
 * A staff move of contracts' ORDER_TRANSITIONS (the moves of MOVES_NEEDING_PAYMENT only for a paid order), made by
 * the order writer with the row locked: the change, its history row, `order.status_changed` (with the new
 * order_version) and the audit entry are one transaction. Cancelling an order paid online is 'cancel and refund':
 * the same transaction marks the payment `refunding` and emits `order.refund_requested` (svc-payments refunds it).
 */
export async function changeOrderStatus(
  database: Database,
  bus: EventBus,
  change: StatusChangeRequest,
  audit: Audit,
): Promise<Order> {
  const updated = await database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, change.orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    // The table is checked before the tracking number and the role, so a move it refuses is a 409 whoever asks.
    checkStatusMove(order, change.to, 'staff');
    const trackingNumber = change.trackingNumber?.trim() || order.trackingNumber?.trim() || null;
    if (change.to === 'shipped' && !trackingNumber) throw new HttpError(422, TRACKING_REQUIRED);
    const refund = change.to === 'cancelled' && refundsOnCancel(order);
    // Cancel and refund moves money back: the admin's decision (contracts/src/roles.ts).
    if (refund && change.staff?.role !== 'admin') throw forbidden(ADMIN_ONLY_DETAIL);
    const by = change.staff ? { id: change.staff.id, username: change.staff.username } : null;
    return moveOrder(tx, bus, order, {
      at: new Date(),
      by,
      status: { to: change.to, kind: 'staff' },
      fields: { trackingNumber },
      ...(refund ? { refund: 'cancelled_by_staff' as const } : {}),
      audit: {
        to: audit,
        entry: (before, after) => ({
          entity: 'order',
          entity_id: before.id,
          action: refund ? 'refund_requested' : 'status_changed',
          changes: auditChanges(
            {
              status: before.status,
              tracking_number: before.trackingNumber,
              payment_status: before.paymentStatus,
            },
            {
              status: after.status,
              tracking_number: after.trackingNumber,
              payment_status: after.paymentStatus,
            },
            ['status', 'tracking_number', 'payment_status'],
          ),
        }),
      },
    });
  });
  return orderWithRefunds(database.db, updated);
}
