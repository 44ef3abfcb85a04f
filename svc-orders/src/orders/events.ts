import {
  orderReference,
  type BankTransferDetails,
  type EventData,
  type Language,
  type OrderLine,
  type OrderStatus,
  type PaymentMethod,
  type RefundReason,
} from '@edicola/contracts';
import type { PricedLine } from './pricing';

export interface StatusChange {
  orderId: string;
  /** The order's version after this change (grows by one with every change of the order). */
  orderVersion: number;
  from: OrderStatus | null;
  to: OrderStatus;
  items: OrderLine[];
  customerEmail: string;
  trackingNumber: string | null;
  /** The customer's language; 'it' when not given. */
  language?: Language;
  carrier?: string | null;
}

/** The data of `order.status_changed`, as every status change of an order publishes it. */
export function orderStatusChanged(change: StatusChange): EventData<'order.status_changed'> {
  return {
    order_id: change.orderId,
    order_version: change.orderVersion,
    from: change.from,
    to: change.to,
    items: change.items.map(({ article_id, quantity }) => ({ article_id, quantity })),
    customer_email: change.customerEmail,
    tracking_number: change.trackingNumber,
    carrier: change.carrier ?? null,
    language: change.language ?? 'it',
  };
}

export interface NewOrder {
  orderId: string;
  /** The order's token (cancel-token.ts), for the link to the order page in its e-mails. */
  orderToken: string;
  customerId: string | null;
  customerEmail: string;
  customerName: string;
  paymentMethod: PaymentMethod;
  lines: PricedLine[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  /** The discount code used and what it took off, gross cents; null without one. */
  discount?: { code: string; cents: number } | null;
  /** What a gift card paid of the total, gross cents (0: none). */
  giftCardCents?: number;
  shippingCountry: string;
  shippingAddress: { name: string; address: string; zipCode: string | null; city: string };
  bankTransfer: BankTransferDetails | null;
  createdAt: Date;
  paymentDueAt: Date;
  language: Language;
}

/** The data of `order.created` (order_version 1: a new order is pending and unpaid). */
export function orderCreated(order: NewOrder): EventData<'order.created'> {
  return {
    order_id: order.orderId,
    order_reference: orderReference(order.orderId),
    order_token: order.orderToken,
    order_version: 1,
    status: 'pending',
    payment_method: order.paymentMethod,
    payment_status: 'pending',
    customer_id: order.customerId,
    customer_email: order.customerEmail,
    customer_name: order.customerName,
    items: order.lines.map((line) => ({
      article_id: line.article_id,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      unit_net_cents: line.unit_net_cents,
      iva_percentage: line.iva_percentage,
      unit_gross_cents: line.unit_gross_cents,
      line_total_cents: line.line_total_cents,
      ...(line.discount_cents ? { discount_cents: line.discount_cents } : {}),
    })),
    subtotal_cents: order.subtotalCents,
    shipping_cents: order.shippingCents,
    total_cents: order.totalCents,
    ...(order.discount ? { discount_code: order.discount.code, discount_cents: order.discount.cents } : {}),
    ...(order.giftCardCents ? { gift_card_cents: order.giftCardCents } : {}),
    shipping_country: order.shippingCountry,
    shipping_address: {
      name: order.shippingAddress.name,
      address: order.shippingAddress.address,
      zip_code: order.shippingAddress.zipCode,
      city: order.shippingAddress.city,
      country: order.shippingCountry,
    },
    bank_transfer: order.bankTransfer,
    created_at: order.createdAt.toISOString(),
    payment_due_at: order.paymentDueAt.toISOString(),
    language: order.language,
  };
}

/** The data of `order.refund_requested`: svc-payments gives back what it took for the order, once. */
export function orderRefundRequested(request: {
  orderId: string;
  orderVersion: number;
  reason: RefundReason;
  requestedAt: Date;
  /** The refund request (orders/refunds.ts) whose outcome payment.refunded / payment.refund_failed carry back. */
  refundRequestId?: string;
  /** Exactly this much; absent: all that is left. */
  amountCents?: number;
}): EventData<'order.refund_requested'> {
  return {
    order_id: request.orderId,
    order_version: request.orderVersion,
    reason: request.reason,
    requested_at: request.requestedAt.toISOString(),
    ...(request.refundRequestId ? { refund_request_id: request.refundRequestId } : {}),
    ...(request.amountCents ? { amount_cents: request.amountCents } : {}),
  };
}

/** The data of `order.items_restocked`: a refund's units go back on sale (once per restock id, in svc-catalog). */
export function orderItemsRestocked(restock: {
  orderId: string;
  restockId: string;
  items: OrderLine[];
  at: Date;
}): EventData<'order.items_restocked'> {
  return {
    order_id: restock.orderId,
    restock_id: restock.restockId,
    items: restock.items.map(({ article_id, quantity }) => ({ article_id, quantity })),
    restocked_at: restock.at.toISOString(),
  };
}
