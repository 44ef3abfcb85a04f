import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type PgSchema,
} from 'drizzle-orm/pg-core';

/**
 * The job runner's tables, declared inside each service's Postgres schema (next to `busTables(schema)`) so that
 * drizzle-kit generates them into that service's migrations: the jobs handed to a worker, and the state of the
 * recurring jobs (whose turn it is, who runs one now).
 */
export function jobTables(schema: PgSchema) {
  const jobs = schema.table(
    'jobs',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      name: text('name').notNull(),
      /** The idempotency key: one job per name and key, however often it is enqueued. */
      key: text('key').notNull(),
      payload: jsonb('payload').notNull(),
      /** When the job may run next: its due time, then the back-off after each failure. */
      runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
      attempts: integer('attempts').notNull().default(0),
      /** Lease of the runner executing the job now; an expired lease means it died mid-run. */
      lockedUntil: timestamp('locked_until', { withTimezone: true }),
      lastError: text('last_error'),
      doneAt: timestamp('done_at', { withTimezone: true }),
      /** Set when the job failed its last attempt: it waits for an operator, with its error. */
      parkedAt: timestamp('parked_at', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex('jobs_name_key_idx').on(t.name, t.key),
      index('jobs_due_idx')
        .on(t.runAt)
        .where(sql`${t.doneAt} is null and ${t.parkedAt} is null`),
    ],
  );
  const jobSchedules = schema.table('job_schedules', {
    name: text('name').primaryKey(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lease of the replica running the job now. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastError: text('last_error'),
  });
  return { jobs, jobSchedules };
}
export type JobTables = ReturnType<typeof jobTables>;
