import { sql } from 'drizzle-orm';
import { jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { busTables, jobTables } from '@edicola/platform';

export const orders = pgSchema('orders');

export const staffUsers = orders.table(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'staff'] })
      .notNull()
      .default('staff'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_users_username_idx').on(sql`lower(${t.username})`)],
);

/** The private key svc-orders signs tokens with, when none is given in JWT_PRIVATE_JWK. */
export const signingKeys = orders.table('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const { outbox, processedEvents, deadLetters } = busTables(orders);
export const { jobs, jobSchedules } = jobTables(orders);
