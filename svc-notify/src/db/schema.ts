import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EmailStatus, EventData, Language } from '@edicola/contracts';
import { busTables, jobTables, rateLimitTable } from '@edicola/platform';

export const notify = pgSchema('notify');

/**
 * Newsletter subscriptions (docs/product/records.md#newsletter-subscription), with double opt-in: a new
 * subscription holds `confirm_token_hash` until its
 * link is followed, and counts only once it is null (rows from before the opt-in have none: they were confirmed by
 * being there). Tokens are kept only as their SHA-256: the e-mail holds the one copy of each. An unsubscribed
 * address keeps its row, without tokens.
 */
export const subscribers = notify.table('newsletter_subscribers', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower-case. */
  email: text('email').notNull().unique(),
  name: text('name'),
  tokenHash: text('token_hash').unique(),
  confirmTokenHash: text('confirm_token_hash').unique(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  language: text('language').$type<Language>().notNull().default('it'),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  /** Where the consent was given, and the version of the text agreed to (null: given before versions were kept). */
  consentSource: text('consent_source').notNull().default('newsletter_form'),
  consentVersion: text('consent_version'),
});
export type SubscriberRow = typeof subscribers.$inferSelect;

/**
 * Every e-mail svc-notify sends, once per `key` (kind, what it is about, recipient): a repeated event finds the row
 * and sends nothing. The back office's order timeline reads it; failed deliveries stay here with their error.
 */
export const emails = notify.table(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    orderId: text('order_id'),
    /** Lower-case. */
    recipient: text('recipient').notNull(),
    language: text('language').$type<Language>().notNull(),
    subject: text('subject').notNull(),
    /** An e-mail an outsider can cause (counted against the per-recipient daily cap). */
    outsider: boolean('outsider').notNull().default(false),
    status: text('status').$type<EmailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('emails_order_idx').on(t.orderId, t.createdAt),
    index('emails_recipient_idx').on(t.recipient, t.createdAt),
  ],
);
export type EmailRow = typeof emails.$inferSelect;

/**
 * What svc-notify knows of each order, from the events only (it never reads svc-orders' tables): the data of
 * order.created and where the order stands since.
 */
export const orderFacts = notify.table('orders', {
  orderId: text('order_id').primaryKey(),
  facts: jsonb('facts').$type<EventData<'order.created'>>().notNull(),
  status: text('status').notNull(),
  /** The highest order_version seen. */
  orderVersion: integer('order_version').notNull(),
  /** When an unpaid bank transfer is cancelled. */
  paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  refundedCents: integer('refunded_cents').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type OrderFactsRow = typeof orderFacts.$inferSelect;

/**
 * E-mails due later (docs/product/emails.md#scheduled-emails): the transfer reminder and the review request,
 * one per key.
 * Whether each is still wanted is decided when it is due; `done_at` marks it handled, `outcome` says how.
 */
export const scheduledEmails = notify.table(
  'scheduled_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    kind: text('kind').$type<'transfer_reminder' | 'review_request'>().notNull(),
    orderId: text('order_id').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    outcome: text('outcome').$type<'sent' | 'skipped'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_emails_due_idx')
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/**
 * Back-in-stock alerts (docs/product/stock-alerts.md, decision 0064): one per article and address. An alert waits
 * for its confirmation (`confirm_token_hash` set) until `confirmed_at`; unconfirmed, it is deleted after
 * STOCK_ALERT_CONFIRM_HOURS and never written to. Confirmed, it is told once (`notified_at`) when units come back;
 * `unsubscribed_at` ends it. Tokens are kept only as their SHA-256: the e-mails hold the one copy.
 */
export const stockAlerts = notify.table(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: text('article_id').notNull(),
    articleSlug: text('article_slug').notNull(),
    articleTitle: text('article_title').notNull(),
    /** Lower-case. */
    email: text('email').notNull(),
    language: text('language').$type<Language>().notNull(),
    tokenHash: text('token_hash').unique(),
    confirmTokenHash: text('confirm_token_hash').unique(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Where the consent was given, and the version of the text agreed to. */
    consentSource: text('consent_source').notNull(),
    consentVersion: text('consent_version').notNull(),
  },
  (t) => [
    uniqueIndex('stock_alerts_article_email_idx').on(t.articleId, t.email),
    index('stock_alerts_waiting_idx')
      .on(t.articleId, t.requestedAt)
      .where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null and ${t.unsubscribedAt} is null`),
  ],
);
export type StockAlertRow = typeof stockAlerts.$inferSelect;

/**
 * The stock of each article as the last `article.changed` told it (by `revision`): a return to stock is a rise
 * from what was known before.
 */
export const articleStock = notify.table('article_stock', {
  articleId: text('article_id').primaryKey(),
  revision: integer('revision').notNull(),
  quantityStock: integer('quantity_stock').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const { outbox, processedEvents, deadLetters } = busTables(notify);
export const { jobs, jobSchedules } = jobTables(notify);
export const rateLimitCounters = rateLimitTable(notify);
