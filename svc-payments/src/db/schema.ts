import { boolean, index, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  OnlinePaymentMethod,
  PaymentFailureReason,
  PaymentProvider,
  RefundReason,
} from '@edicola/contracts';
import { busTables, idempotencyTables, jobTables } from '@edicola/platform';

export const payments = pgSchema('payments');

/** Where one online payment stands in this service (never moves backwards, see payments/state.ts). */
export const PAYMENT_STATUSES = [
  'open',
  'succeeded',
  'failed',
  'expired',
  'abandoned',
  'partially_refunded',
  'refunding',
  'refunded',
] as const;
export type PaymentRowStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One online payment of one order: what was asked of which provider, for how much, and what came of it. Method,
 * amount, provider ids and timestamps stay for the back office's payment statistics
 * (docs/product/records.md#payment-stats).
 */
export const paymentRecords = payments.table(
  'payments',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    method: text('method').$type<OnlinePaymentMethod>().notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** Taken by the shop's demo stand-in of the provider. */
    demo: boolean('demo').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('open'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** The Idempotency-Key it was made under, with its scope (`<scope> <key>`; for Klarna the order and method). */
    requestKey: text('request_key').notNull().unique('payments_request_key_unique'),
    /** Checkout Session id, PaymentIntent id (Klarna) or PayPal order id; null until the provider answered. */
    providerObjectId: text('provider_object_id').unique('payments_provider_object_id_unique'),
    /** PaymentIntent id or PayPal capture id: what a refund needs. */
    providerPaymentId: text('provider_payment_id'),
    /** What the provider says it captured (its own figure and currency, upper case); null until it succeeded. */
    capturedCents: integer('captured_cents'),
    capturedCurrency: text('captured_currency'),
    failureReason: text('failure_reason').$type<PaymentFailureReason>(),
    failureDetail: text('failure_detail'),
    /** The last refund's id and the total refunded so far (payment_refunds has each refund). */
    refundId: text('refund_id'),
    refundedCents: integer('refunded_cents'),
    refundReason: text('refund_reason').$type<RefundReason>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [index('payments_order_id_idx').on(t.orderId)],
);
export type PaymentRecord = typeof paymentRecords.$inferSelect;

/** Each refund of a payment as the provider reported it: ours, or one made in the provider's dashboard. */
export const paymentRefunds = payments.table(
  'payment_refunds',
  {
    paymentId: uuid('payment_id').notNull(),
    /** The provider's refund id (Stripe re_…, PayPal refund id): a refund is recorded once, whoever reports it. */
    refundId: text('refund_id').notNull(),
    cents: integer('cents').notNull(),
    /** The payment's refunded total after this refund. */
    totalCents: integer('total_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.refundId] })],
);

/** Every provider event seen, by the provider's own id: a repeat is acknowledged with no second effect. */
export const providerEvents = payments.table(
  'provider_events',
  {
    provider: text('provider').$type<PaymentProvider>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const { outbox, processedEvents, deadLetters } = busTables(payments);
export const { jobs, jobSchedules } = jobTables(payments);
export const { idempotencyKeys } = idempotencyTables(payments);

// --- Partial refunds (issue 16) --------------------------------------------------------------------------------

/**
 * The refunds svc-orders asked (order.refund_requested v2), per payment: `requested` until the provider answers,
 * then `done` (with the provider's refund id) or `failed`. The id is svc-orders' refund request id, also the
 * provider's idempotency key; a full refund over several payments has one row per payment.
 */
export const refundRequests = payments.table(
  'refund_requests',
  {
    id: uuid('id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** Null: all that is left of the payment. */
    amountCents: integer('amount_cents'),
    reason: text('reason').$type<RefundReason>().notNull(),
    state: text('state', { enum: ['requested', 'done', 'failed'] })
      .notNull()
      .default('requested'),
    providerRefundId: text('provider_refund_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.paymentId] }), index('refund_requests_payment_idx').on(t.paymentId)],
);
export type RefundRequestRow = typeof refundRequests.$inferSelect;
