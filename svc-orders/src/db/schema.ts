import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import type {
  DatiAzienda,
  DatiPrivato,
  InvoiceData,
  OrderStatus,
  PaymentStatus,
  RefundReason,
  ShippingRuleType,
  ShippingZone,
} from '@edicola/contracts';
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

/** One priced line of an order: the catalogue's snapshot at order time, amounts in integer cents. */
export interface StoredOrderLine {
  article_id: string;
  sku?: string;
  title?: string | null;
  quantity: number;
  unit_net_cents?: number;
  iva_percentage?: number;
  unit_gross_cents?: number;
  line_total_cents?: number;
}

/**
 * Orders (SPEC §3 "Order"). The id is generated before the stock is reserved (it is the reservation's
 * idempotency key); an order placed with a customer token carries its customer_id. `order_version` starts at 1
 * and grows by one with every change; every order event carries it.
 */
export const orderRecords = orders.table(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    orderVersion: integer('order_version').notNull().default(1),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    shippingCountry: text('shipping_country').notNull().default('IT'),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    items: jsonb('items').$type<StoredOrderLine[]>().notNull(),
    customerInfo: jsonb('customer_info').$type<Record<string, unknown>>().notNull(),
    trackingNumber: text('tracking_number'),
    packlinkShipmentId: text('packlink_shipment_id'),
    packlinkData: jsonb('packlink_data').$type<{
      tracking_number?: string | null;
      carrier_name?: string | null;
    }>(),
    invoiceData: jsonb('invoice_data').$type<InvoiceData>(),
    /**
     * POST /orders' Idempotency-Key, scoped to who ordered ('customer:<id>:<key>' or 'guest:<key>'): a repeat
     * answers this order. The fingerprint is a hash of what was asked, so the key cannot fetch a different order.
     */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** The money going back: why and when it was asked, and once the provider confirmed it, when and how much. */
    refundReason: text('refund_reason').$type<RefundReason>(),
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedCents: integer('refunded_cents'),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    uniqueIndex('orders_idempotency_key_idx').on(t.idempotencyKey),
  ],
);

/** Every status an order went through: from (null at creation), to, who (staff) and when. */
export const orderStatusHistory = orders.table(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderRecords.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    /** The staff user (id and username at the time); null for the system (creation, payments). */
    changedById: uuid('changed_by_id'),
    changedBy: text('changed_by'),
    trackingNumber: text('tracking_number'),
    orderVersion: integer('order_version').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/**
 * Shipping rules (SPEC §3 "Shipping rule"), amounts in integer cents. A new shop gets the rules that quote the
 * fallback table of SPEC §9 (shipping/default-rules.ts).
 */
export const shippingRules = orders.table(
  'shipping_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    zone: text('zone').$type<ShippingZone>().notNull().default('national'),
    country: text('country'),
    ruleType: text('rule_type').$type<ShippingRuleType>().notNull().default('amount_based'),
    minAmountCents: integer('min_amount_cents'),
    maxAmountCents: integer('max_amount_cents'),
    shippingCostCents: integer('shipping_cost_cents'),
    freeShippingThresholdCents: integer('free_shipping_threshold_cents'),
    baseShippingCostCents: integer('base_shipping_cost_cents'),
    quantityThreshold: integer('quantity_threshold'),
    quantityIncrementCostCents: integer('quantity_increment_cost_cents'),
    maxQuantityCostCents: integer('max_quantity_cost_cents'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipping_rules_zone_idx').on(t.zone, t.country)],
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
export const { jobs, jobSchedules } = jobTables(orders);
