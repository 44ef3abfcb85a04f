import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type PgSchema,
} from 'drizzle-orm/pg-core';

/**
 * The bus's own tables, declared inside each service's Postgres schema so that drizzle-kit generates
 * them into that service's migrations: the outbox it publishes from, the processed-event keys that make
 * consumers idempotent, and the events it gave up on.
 */
export function busTables(schema: PgSchema) {
  const outbox = schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      type: text('type').notNull(),
      envelope: jsonb('envelope').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true }),
      /** Lease of the relay instance publishing the row right now; an expired lease means it died mid-publish. */
      lockedUntil: timestamp('locked_until', { withTimezone: true }),
      attempts: integer('attempts').notNull().default(0),
      lastError: text('last_error'),
    },
    (t) => [
      index('outbox_unpublished_idx')
        .on(t.createdAt)
        .where(sql`${t.publishedAt} is null`),
    ],
  );
  const processedEvents = schema.table(
    'processed_events',
    {
      eventId: uuid('event_id').notNull(),
      type: text('type').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.eventId] })],
  );
  const deadLetters = schema.table(
    'dead_letters',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      eventId: uuid('event_id').notNull(),
      type: text('type').notNull(),
      envelope: jsonb('envelope').notNull(),
      error: text('error').notNull(),
      attempts: integer('attempts').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      replayedAt: timestamp('replayed_at', { withTimezone: true }),
    },
    // One row per event and consuming service: a dead-lettering interrupted half-way and redone updates it.
    (t) => [uniqueIndex('dead_letters_event_id_idx').on(t.eventId)],
  );
  return { outbox, processedEvents, deadLetters };
}
export type BusTables = ReturnType<typeof busTables>;
