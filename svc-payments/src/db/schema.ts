import { boolean, index, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  OnlinePaymentMethod,
  PaymentFailureReason,
  PaymentProvider,
  RefundReason,
} from '@edicola/contracts';
import { busTables, jobTables } from '@edicola/platform';

export const payments = pgSchema('payments');

/** Where one online payment stands in this service (never moves backwards, see payments/state.ts). */
export const PAYMENT_STATUSES = [
  'open',
  'succeeded',
  'failed',
  'expired',
  'abandoned',
  'refunding',
  'refunded',
] as const;
export type PaymentRowStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One online payment of one order: what was asked of which provider, for how much, and what came of it. Method,
 * amount, provider ids and timestamps stay for the back office's payment statistics (SPEC §3).
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
    /** The request's Idempotency-Key (or a random one; for Klarna the order and method): one payment per key. */
    requestKey: text('request_key').notNull().unique('payments_request_key_unique'),
    /** Checkout Session id, PaymentIntent id (Klarna) or PayPal order id; null until the provider answered. */
    providerObjectId: text('provider_object_id').unique('payments_provider_object_id_unique'),
    /** PaymentIntent id or PayPal capture id: what a refund needs. */
    providerPaymentId: text('provider_payment_id'),
    failureReason: text('failure_reason').$type<PaymentFailureReason>(),
    failureDetail: text('failure_detail'),
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
