import { primaryKey, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';

/**
 * The Idempotency-Key table, declared inside each service's Postgres schema (next to `busTables(schema)` and
 * `jobTables(schema)`) so that drizzle-kit generates it into that service's migrations. One row per caller
 * scope and key: what the first request asked (its fingerprint), the resource it made (an order id, a payment
 * id), and whether it is done or still held by a running request (a lease).
 */
export function idempotencyTables(schema: PgSchema) {
  const idempotencyKeys = schema.table(
    'idempotency_keys',
    {
      /** Who asked: `customer:<id>`, `guest:<e-mail>`, `service:<name>`. A key never crosses scopes. */
      scope: text('scope').notNull(),
      key: text('key').notNull(),
      /** Hash of what the request asked for: the same key with another body is refused. */
      fingerprint: text('fingerprint').notNull(),
      /** The id of what the request creates, chosen before any side effect, so a retry makes the same thing. */
      resourceId: text('resource_id').notNull(),
      /** Lease of the request at work on it; null once done. Expired: that request died, a retry resumes. */
      lockedUntil: timestamp('locked_until', { withTimezone: true }),
      doneAt: timestamp('done_at', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.scope, t.key] })],
  );
  return { idempotencyKeys };
}
export type IdempotencyTables = ReturnType<typeof idempotencyTables>;
export type IdempotencyKeysTable = IdempotencyTables['idempotencyKeys'];
