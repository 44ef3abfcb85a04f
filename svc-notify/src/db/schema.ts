import { pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { busTables, jobTables, rateLimitTable } from '@edicola/platform';

export const notify = pgSchema('notify');

/**
 * Newsletter subscriptions (SPEC §3). The unsubscribe token is kept only as its SHA-256: the link in
 * the e-mail is the one copy of the token itself. An unsubscribed address keeps its row, without token.
 */
export const subscribers = notify.table('newsletter_subscribers', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower-case. */
  email: text('email').notNull().unique(),
  name: text('name'),
  tokenHash: text('token_hash').unique(),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
});
export type SubscriberRow = typeof subscribers.$inferSelect;

export const { outbox, processedEvents, deadLetters } = busTables(notify);
export const { jobs, jobSchedules } = jobTables(notify);
export const rateLimitCounters = rateLimitTable(notify);
