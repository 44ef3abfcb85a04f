import { z } from 'zod';
import { BankTransferDetails, OrderLine, OrderStatus, PaymentMethod, PaymentStatus } from './orders';
import { OnlinePaymentMethod, PaymentFailureReason, PaymentProvider, RefundReason } from './payment-kinds';

/** The one envelope every event travels in, whatever the transport. */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurred_at: z.iso.datetime({ offset: true }),
  source: z.string().min(1),
  correlation_id: z.string().min(1),
  data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;

export const OrderStatusChanged = z.object({
  order_id: z.string(),
  /** The order's version after this change: starts at 1 and grows by one with every change of the order, so a
   * consumer that already saw a higher one knows this event is stale. */
  order_version: z.number().int().positive(),
  from: OrderStatus.nullable(),
  to: OrderStatus,
  items: z.array(OrderLine),
  customer_email: z.email(),
  tracking_number: z.string().nullable(),
});

/** One line of a new order: the catalogue's snapshot at order time; amounts in integer cents. */
export const OrderCreatedLine = z.object({
  article_id: z.string(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int().positive(),
  /** Net unit price. */
  unit_net_cents: z.number().int().nonnegative(),
  iva_percentage: z.number().nonnegative(),
  /** round(unit_net_cents × (1 + iva_percentage / 100)). */
  unit_gross_cents: z.number().int().nonnegative(),
  /** unit_gross_cents × quantity. */
  line_total_cents: z.number().int().nonnegative(),
});

/** A new order was stored (its stock already reserved). order_version is 1. */
export const OrderCreated = z.object({
  order_id: z.string(),
  /** 'ORD-' + the last 8 characters of the id: what the customer and the shop call the order. */
  order_reference: z.string(),
  order_version: z.number().int().positive(),
  status: OrderStatus,
  payment_method: PaymentMethod,
  payment_status: PaymentStatus,
  customer_id: z.string().nullable(),
  customer_email: z.email(),
  customer_name: z.string(),
  items: z.array(OrderCreatedLine),
  subtotal_cents: z.number().int().nonnegative(),
  shipping_cents: z.number().int().nonnegative(),
  total_cents: z.number().int().nonnegative(),
  shipping_country: z.string(),
  /** For a bank transfer: where and with which reason to pay; null for other methods. */
  bank_transfer: BankTransferDetails.nullable(),
  created_at: z.iso.datetime({ offset: true }),
});

/** What every payment event says about the payment it is about. Amounts in integer cents, EUR. */
const PaymentFacts = z.object({
  payment_id: z.string(),
  order_id: z.string(),
  method: OnlinePaymentMethod,
  provider: PaymentProvider,
  /** Taken by the shop's demo stand-in of the provider, not by the provider itself. */
  demo: z.boolean(),
  amount_cents: z.number().int().nonnegative(),
  currency: z.literal('EUR'),
});

/** The provider confirmed the money was taken (a verified webhook, or the server's own check with the provider). */
export const PaymentSucceeded = PaymentFacts.extend({
  /** Stripe's payment_intent id, or PayPal's capture id. */
  provider_payment_id: z.string(),
  succeeded_at: z.iso.datetime({ offset: true }),
});

/** An online payment that did not happen: `declined` leaves the order pending, `expired` and `abandoned` cancel it. */
export const PaymentFailed = PaymentFacts.extend({
  reason: PaymentFailureReason,
  detail: z.string().nullable(),
  failed_at: z.iso.datetime({ offset: true }),
});

/** The money went back to the buyer through the provider that took it. */
export const PaymentRefunded = PaymentFacts.extend({
  refund_id: z.string(),
  reason: RefundReason,
  refunded_at: z.iso.datetime({ offset: true }),
});

/**
 * svc-orders asks for the money of an order back: a staff 'cancel and refund' of a paid order, or a payment that
 * arrived for an order already cancelled. svc-payments refunds what it took for that order, once.
 */
export const OrderRefundRequested = z.object({
  order_id: z.string(),
  order_version: z.number().int().positive(),
  reason: RefundReason,
  requested_at: z.iso.datetime({ offset: true }),
});

/** Every event type with its current version and the schema of its data. */
export const EVENTS = {
  'order.status_changed': { version: 1, data: OrderStatusChanged },
  'order.created': { version: 1, data: OrderCreated },
  'order.refund_requested': { version: 1, data: OrderRefundRequested },
  'payment.succeeded': { version: 1, data: PaymentSucceeded },
  'payment.failed': { version: 1, data: PaymentFailed },
  'payment.refunded': { version: 1, data: PaymentRefunded },
} as const;

export type EventType = keyof typeof EVENTS;
export type EventData<T extends EventType> = z.infer<(typeof EVENTS)[T]['data']>;
export type Event<T extends EventType = EventType> = Omit<EventEnvelope, 'type' | 'data'> & {
  type: T;
  data: EventData<T>;
};

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENTS, type);
}

/** An event this code cannot read: an unknown type, or a version newer than the one it understands. */
export class UnreadableEventError extends Error {
  override readonly name = 'UnreadableEventError';
}

/**
 * Validates an envelope and, for a known type, its data; throws a ZodError on bad input. A version newer than
 * the one in EVENTS is refused (UnreadableEventError) rather than read with the older schema: a producer bumps
 * the version only when old readers would misread the data. Older versions are read with the current schema.
 */
export function parseEvent(raw: unknown): Event {
  const envelope = EventEnvelope.parse(raw);
  if (!isEventType(envelope.type)) throw new UnreadableEventError(`unknown event type ${envelope.type}`);
  const known = EVENTS[envelope.type].version;
  if (envelope.version > known)
    throw new UnreadableEventError(
      `${envelope.type} version ${envelope.version} is newer than the version ${known} this service understands`,
    );
  const data = EVENTS[envelope.type].data.parse(envelope.data);
  return { ...envelope, type: envelope.type, data };
}
