import type { Order, OrderShipment, OrderStatus } from '@edicola/contracts';

/** The tracking number the order carries: staff's own, else the carrier's through Packlink. */
export const trackingOf = (order: Order) =>
  order.tracking_number ?? order.packlink_data?.tracking_number ?? null;

/**
 * docs/product/orders-and-payments.md#invoice-when: an invoice can be made when the order asks for one not
 * yet issued, or has no invoice data (data without
 * requires_invoice count as none, as the server reads them); the dialog asks for what is missing.
 */
export const invoiceDue = (order: Order) => !order.invoice_data?.invoice_issued;

/**
 * docs/product/orders-and-payments.md#shipments: 'Crea spedizione' for a confirmed or paid order without a
 * Packlink shipment.
 */
export const shipmentDue = (order: Order) =>
  !order.packlink_shipment_id && (order.status === 'confirmed' || order.status === 'paid');

/** A bank transfer still awaited: the order waits for the money staff will record. */
export const transferAwaited = (order: Order) =>
  order.payment_method === 'transfer' && order.payment_status === 'pending' && order.status !== 'cancelled';

/** Where the money going back stands: the latest refund's state, else the order's refund and payment state. */
export type RefundOutcome = 'in_progress' | 'done' | 'failed' | null;
export function refundOutcome(order: Order): RefundOutcome {
  const latest = order.refunds.at(-1);
  if (latest) return latest.state;
  if (order.payment_status === 'refunding') return 'in_progress';
  if (order.payment_status === 'refunded' || order.payment_status === 'partially_refunded') return 'done';
  if (order.refund) return order.refund.refunded_at ? 'done' : 'failed';
  return null;
}

/** A public tracking page for the carrier's number (Packlink's tracking page works for any carrier). */
export const trackingUrl = (trackingNumber: string) =>
  `https://www.packlink.it/seguimiento-envios/?tracking=${encodeURIComponent(trackingNumber)}`;

const SHIPMENT_PROGRESS: readonly OrderShipment['state'][] = ['draft', 'ready', 'in_transit', 'delivered'];

/**
 * The shipment's state as the order page shows it: Packlink's, carried forward by the order's own status (staff mark
 * an order shipped or delivered without waiting for Packlink's word, which may never come in demo mode). A shipment
 * not created, failed, cancelled or with an incident keeps its own state.
 */
export function shownShipmentState(
  state: OrderShipment['state'],
  status: OrderStatus,
): OrderShipment['state'] {
  const reached = status === 'delivered' ? 'delivered' : status === 'shipped' ? 'in_transit' : null;
  const at = SHIPMENT_PROGRESS.indexOf(state);
  if (!reached || at < 0) return state;
  return SHIPMENT_PROGRESS.indexOf(reached) > at ? reached : state;
}
