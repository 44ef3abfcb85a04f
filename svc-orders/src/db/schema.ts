import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DatiAzienda, DatiPrivato, OrderStatus } from '@edicola/contracts';
import { busTables } from '@edicola/platform';

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

/** Customer accounts; the id is the `sub` of their tokens and the `customer_id` of their orders. */
export const customers = orders.table(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As typed (trimmed); unique without regard to case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    telefono: text('telefono').notNull(),
    tipoCliente: text('tipo_cliente', { enum: ['privato', 'azienda'] }).notNull(),
    datiPrivato: jsonb('dati_privato').$type<DatiPrivato>(),
    datiAzienda: jsonb('dati_azienda').$type<DatiAzienda>(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    cap: text('cap').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * Orders (SPEC §3 "Order"): the columns the customer's order list reads. The orders issue adds pricing,
 * invoice data and the status history; an order placed with a customer token carries its customer_id.
 */
export const orderRecords = orders.table(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    totalCents: integer('total_cents').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** Lines as ordered: article_id, title (snapshot), quantity, prices. */
    items: jsonb('items')
      .$type<{ article_id: string; title?: string | null; quantity: number }[]>()
      .notNull(),
    customerInfo: jsonb('customer_info').$type<Record<string, unknown>>().notNull(),
    trackingNumber: text('tracking_number'),
    packlinkData: jsonb('packlink_data').$type<{
      tracking_number?: string | null;
      carrier_name?: string | null;
    }>(),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * Failed logins (wrong credentials only), one row each, kept for the limit's window: every replica
 * counts the same rows. `account` is the lower-cased username or e-mail.
 */
export const loginFailures = orders.table(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope', { enum: ['staff', 'customer'] }).notNull(),
    address: text('address').notNull(),
    account: text('account').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.scope, t.address, t.account, t.failedAt),
    index('login_failures_address_idx').on(t.address, t.failedAt),
    index('login_failures_failed_at_idx').on(t.failedAt),
  ],
);

export const { outbox, processedEvents, deadLetters } = busTables(orders);
