import { z } from 'zod';
import { AuditRecorded } from './audit';
import { BankTransferDetails, OrderLine, OrderStatus, PaymentMethod, PaymentStatus } from './orders';
import { CustomerLanguage } from './language';
import { OnlinePaymentMethod, PaymentFailureReason, PaymentProvider, RefundReason } from './payment-kinds';
import { PresaleNotice } from './presales';

/** The one envelope every event travels in, whatever the transport. */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurred_at: z.iso.datetime({ offset: true }),
  source: z.string().min(1),
  correlation_id: z.string().min(1),
  /**
   * W3C trace context of the request that emitted the event (when tracing is on), so that its consumers' spans join
   * that request's trace. Optional; a malformed value is dropped, never a reason to refuse the event.
   */
  traceparent: z
    .string()
    .regex(/^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/)
    .optional()
    .catch(undefined),
  tracestate: z.string().max(512).optional().catch(undefined),
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
  /** The carrier of a shipped order, when known. */
  carrier: z.string().nullish(),
  /** The customer's language (the order's e-mails are written in it); 'it' when absent. */
  language: CustomerLanguage,
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
  /** The line's share of the order's discount code (absent: none). */
  discount_cents: z.number().int().nonnegative().optional(),
});

/** Where a new order goes, as the customer gave it at checkout: what the shop needs to pack and ship it. */
export const OrderShippingAddress = z.object({
  name: z.string(),
  address: z.string(),
  zip_code: z.string().nullable(),
  city: z.string(),
  /** ISO country code (the order's shipping_country). */
  country: z.string(),
});

/** A new order was stored (its stock already reserved). order_version is 1. */
export const OrderCreated = z.object({
  order_id: z.string(),
  /** 'ORD-' + the last 8 characters of the id: what the customer and the shop call the order. */
  order_reference: z.string(),
  /**
   * The order's token, for the link to its order page in the order's e-mails (docs/decisions/0055); absent for a
   * marketplace order (its buyer hears from the marketplace) and in events from before it was added.
   */
  order_token: z.string().optional(),
  order_version: z.number().int().positive(),
  status: OrderStatus,
  /** 'ebay' for an order an eBay buyer placed (eBay collected the money). */
  payment_method: z.union([PaymentMethod, z.literal('ebay')]),
  payment_status: PaymentStatus,
  customer_id: z.string().nullable(),
  /** '' only for a marketplace order whose buyer's address the marketplace did not give (nobody writes to it). */
  customer_email: z.union([z.email(), z.literal('')]),
  customer_name: z.string(),
  items: z.array(OrderCreatedLine),
  subtotal_cents: z.number().int().nonnegative(),
  shipping_cents: z.number().int().nonnegative(),
  total_cents: z.number().int().nonnegative(),
  /** The discount code the order used and what it took off its lines; absent: none. */
  discount_code: z.string().optional(),
  discount_cents: z.number().int().nonnegative().optional(),
  /** What a gift card paid of the total (docs/decisions/0059-gift-cards.md); absent: none. */
  gift_card_cents: z.number().int().nonnegative().optional(),
  shipping_country: z.string(),
  /** Absent in events from before it was added: their readers show what they have without it. */
  shipping_address: OrderShippingAddress.optional(),
  /** For a bank transfer: where and with which reason to pay; null for other methods. */
  bank_transfer: BankTransferDetails.nullable(),
  created_at: z.iso.datetime({ offset: true }),
  /** Until when the order waits for its payment (a transfer: its due date, for the reminder). */
  payment_due_at: z.iso.datetime({ offset: true }).nullable().optional(),
  /** The customer's language (the order's e-mails are written in it); 'it' when absent. */
  language: CustomerLanguage,
  /**
   * Where the order was placed; absent in events from before it was added: the web. An eBay order's buyer hears
   * from eBay, not from the shop; the shop is told of it.
   */
  channel: z.enum(['web', 'ebay']).optional(),
  /** The marketplace's own order id (eBay's orderId). */
  external_id: z.string().optional(),
  /** A marketplace order that found no stock (the last unit sold twice): no unit was taken, staff must choose. */
  stock_conflict: z.boolean().optional(),
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
  /**
   * What the provider says it captured, as it reported it (Stripe session amount_total / intent amount_received,
   * PayPal capture amount), in cents of `captured_currency` (ISO 4217, upper case). svc-orders compares it with the
   * order's total; `amount_cents` is only what svc-payments expected.
   */
  captured_cents: z.number().int().nonnegative(),
  captured_currency: z.string().regex(/^[A-Z]{3}$/),
  succeeded_at: z.iso.datetime({ offset: true }),
});

/** An online payment that did not happen (declined, expired or abandoned): its still-pending order is cancelled. */
export const PaymentFailed = PaymentFacts.extend({
  reason: PaymentFailureReason,
  detail: z.string().nullable(),
  failed_at: z.iso.datetime({ offset: true }),
});

/**
 * Money went back to the buyer through the provider that took it: this refund's amount, and the total refunded so
 * far (a partial refund leaves `refunded_total_cents` below `amount_cents`). A later event never carries a smaller
 * total.
 */
export const PaymentRefunded = PaymentFacts.extend({
  /** What the provider captured (all of it refunded once `refunded_total_cents` reaches it). */
  captured_cents: z.number().int().nonnegative(),
  refund_id: z.string(),
  refund_cents: z.number().int().nonnegative(),
  refunded_total_cents: z.number().int().nonnegative(),
  reason: RefundReason,
  refunded_at: z.iso.datetime({ offset: true }),
  /** The svc-orders refund request this refund answers (absent for a refund made in the provider's dashboard). */
  refund_request_id: z.string().optional(),
});

/** A refund the provider refused (the job retries it): the shop is told, to look at it with the provider. */
export const PaymentRefundFailed = PaymentFacts.extend({
  /** What went wrong, without secrets. */
  error: z.string(),
  failed_at: z.iso.datetime({ offset: true }),
  /** The svc-orders refund request that failed, when the refund answered one. */
  refund_request_id: z.string().optional(),
  /**
   * True when svc-payments gave up on this refund (the provider refused it for good, or the last retry failed):
   * the request is failed. False or absent: the refund job tries again.
   */
  final: z.boolean().optional(),
});

/**
 * svc-orders asks for the money of an order back: a staff 'cancel and refund' of a paid order, a payment that
 * arrived for an order already cancelled, or (version 2) a staff partial refund. Without `amount_cents`
 * svc-payments refunds all it still holds for the order; with it, exactly that amount, once per
 * `refund_request_id` (the provider's idempotency key). Version 2 added `refund_request_id` and `amount_cents`: a
 * version-1 reader would refund everything for a partial request, so it dead-letters version 2 instead.
 */
export const OrderRefundRequested = z.object({
  order_id: z.string(),
  order_version: z.number().int().positive(),
  reason: RefundReason,
  requested_at: z.iso.datetime({ offset: true }),
  /** The refund request in svc-orders (its outcome comes back in payment.refunded / payment.refund_failed). */
  refund_request_id: z.uuid().optional(),
  /** Exactly this much (EUR cents) goes back; absent: all that is left of what was taken. */
  amount_cents: z.number().int().positive().optional(),
});

/**
 * Staff took units of an order back on sale (a partial refund with `restock`): svc-catalog returns them to the
 * shelf from the order's reservation, once per `restock_id`, never more than the order still holds.
 */
export const OrderItemsRestocked = z.object({
  order_id: z.string(),
  /** The refund request that asked it: the idempotency key of the restock. */
  restock_id: z.uuid(),
  items: z.array(OrderLine).min(1),
  restocked_at: z.iso.datetime({ offset: true }),
});

/** Staff answered a review (POST /admin/reviews/{id}/respond): its author is told, in the review's language. */
export const ReviewReplied = z.object({
  review_id: z.string(),
  article_id: z.string(),
  article_title: z.string(),
  customer_name: z.string(),
  customer_email: z.email(),
  reply_text: z.string(),
  language: CustomerLanguage,
  replied_at: z.iso.datetime({ offset: true }),
});

/**
 * Someone asked to reset the password of a known account (docs/product/account.md#password-reset): its owner gets
 * the link, in the language of the request. `token` is the link's secret, which svc-orders keeps only hashed.
 */
export const AccountPasswordResetRequested = z.object({
  reset_id: z.string(),
  account: z.enum(['customer', 'staff']),
  email: z.email(),
  name: z.string().nullable(),
  token: z.string().min(1),
  language: CustomerLanguage,
  expires_at: z.iso.datetime({ offset: true }),
});

/**
 * A customer's account was erased (docs/product/account.md#erasure): every service removes or pseudonymises what it
 * keeps of that e-mail address, once however often the event comes. The address travels so the others can find
 * their rows; it lives in the outbox only until the relay delivered it.
 */
export const CustomerErased = z.object({
  customer_id: z.string(),
  email: z.email(),
});

/** An article's stock fell to or below its low-stock threshold: the shop is told. */
export const ArticleStockLow = z.object({
  article_id: z.string(),
  sku: z.string(),
  title: z.string(),
  quantity_stock: z.number().int().nonnegative(),
  threshold: z.number().int().nonnegative(),
  occurred_at: z.iso.datetime({ offset: true }),
});

/**
 * A visitor asked to be told when a sold-out article is back (POST /public/articles/{id}/alerts, decision 0064):
 * svc-catalog checked the article, svc-notify keeps the address and sends the confirmation. The address lives in the
 * outbox only until the relay delivered it.
 */
export const ArticleAlertRequested = z.object({
  article_id: z.string(),
  slug: z.string(),
  title: z.string(),
  email: z.email(),
  language: CustomerLanguage,
  consent_source: z.string(),
  consent_version: z.string(),
  requested_at: z.iso.datetime({ offset: true }),
});

/**
 * An article changed in a way a sales channel cares about (its stock moved, its price, title, photos, activity or
 * its eBay settings changed): its state after the change. `revision` grows with every change of the article, so a
 * reader that already holds a higher one drops this as stale.
 */
export const ArticleChanged = z.object({
  article_id: z.string(),
  revision: z.number().int().positive(),
  sku: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  ean: z.string().nullable(),
  /** Gross unit price (VAT included) in cents: what a buyer pays. */
  unit_gross_cents: z.number().int().nonnegative(),
  quantity_stock: z.number().int().nonnegative(),
  active: z.boolean(),
  /** Absolute URLs of the article's photos, the cover first. */
  photo_urls: z.array(z.string()),
  /** The article's eBay settings (PUT /api/articles/{id}/ebay); price_cents null: the shop's price. */
  ebay: z.object({
    enabled: z.boolean(),
    price_cents: z.number().int().positive().nullable(),
    buffer: z.number().int().nonnegative(),
  }),
  /** True once the article is deleted: a channel ends its listing. */
  deleted: z.boolean(),
  changed_at: z.iso.datetime({ offset: true }),
});

/**
 * svc-channels' report on an article's listing on a marketplace: svc-catalog keeps the latest (by `revision`,
 * growing per listing) for GET /api/articles/{id}/ebay.
 */
export const ListingChanged = z.object({
  article_id: z.string(),
  channel: z.literal('ebay'),
  revision: z.number().int().positive(),
  state: z.enum(['not_listed', 'pending', 'listed', 'ended', 'error']),
  listing_id: z.string().nullable(),
  listing_url: z.string().nullable(),
  quantity: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  changed_at: z.iso.datetime({ offset: true }),
});

/**
 * Staff moved a pre-sale article's availability date (docs/product/orders-and-payments.md#deposits): svc-orders
 * tells every buyer of a pre-order with a deposit.
 */
export const ArticleReleaseDateChanged = z.object({
  article_id: z.string(),
  title: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  changed_at: z.iso.datetime({ offset: true }),
});

/** Every event type with its current version and the schema of its data. */
export const EVENTS = {
  'order.status_changed': { version: 1, data: OrderStatusChanged },
  'order.created': { version: 1, data: OrderCreated },
  'order.refund_requested': { version: 2, data: OrderRefundRequested },
  'order.items_restocked': { version: 1, data: OrderItemsRestocked },
  'payment.succeeded': { version: 1, data: PaymentSucceeded },
  'payment.failed': { version: 1, data: PaymentFailed },
  'payment.refunded': { version: 1, data: PaymentRefunded },
  'audit.recorded': { version: 1, data: AuditRecorded },
  'payment.refund_failed': { version: 1, data: PaymentRefundFailed },
  'review.replied': { version: 1, data: ReviewReplied },
  'article.stock_low': { version: 1, data: ArticleStockLow },
  'article.changed': { version: 1, data: ArticleChanged },
  'article.alert_requested': { version: 1, data: ArticleAlertRequested },
  'listing.changed': { version: 1, data: ListingChanged },
  'account.password_reset_requested': { version: 1, data: AccountPasswordResetRequested },
  'customer.erased': { version: 1, data: CustomerErased },
  'article.release_date_changed': { version: 1, data: ArticleReleaseDateChanged },
  'order.presale_notice': { version: 1, data: PresaleNotice },
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
