import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
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
  Language,
  OrderStatus,
  PaymentIssue,
  PaymentStatus,
  RefundReason,
  RtMode,
  SdiHistoryEntry,
  SdiState,
  ShippingRuleType,
  ShippingZone,
} from '@edicola/contracts';
import { busTables, idempotencyTables, jobTables, rateLimitTable } from '@edicola/platform';

export const orders = pgSchema('orders');

export const staffUsers = orders.table(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'staff', 'cashier'] })
      .notNull()
      .default('staff'),
    /** In every token; raised by logout, a password change or reset and a role change, which ends the sessions. */
    sessionVersion: integer('session_version').notNull().default(1),
    /** A generated password: every staff route but me, password and logout refuses until it is changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Where a forgotten password's link goes (`npm run staff -- set-email`); without one there is no reset by e-mail. */
    email: text('email'),
    /** A deactivated account cannot sign in and its tokens are refused (docs/product/back-office.md#staff-accounts). */
    active: boolean('active').notNull().default(true),
    /** The TOTP secret, encrypted (staff/totp-secrets.ts); set at enrolment, in force once confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The time step of the last code accepted: a code of that step or an earlier one is never taken again. */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_users_username_idx').on(sql`lower(${t.username})`),
    uniqueIndex('staff_users_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** An admin's recovery codes (decision 0062): hashed, each signs in once in place of a TOTP code. */
export const staffRecoveryCodes = orders.table(
  'staff_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
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
    /** Staff's notes on the customer (docs/product/back-office.md#customers); never shown to the customer. */
    notes: text('notes'),
    /** In every token; raised by logout and a password change, which ends the sessions. */
    sessionVersion: integer('session_version').notNull().default(1),
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
  /** The line's share of the order's discount code, gross cents (orders/discounts.ts); absent when none. */
  discount_cents?: number;
}

/**
 * Where a pre-order with a deposit stands: `deposit_due` (its deposit not paid yet), `waiting` (for a unit of a
 * delivery), `balance_due` (a unit is its own until balance_due_at), `balance_paid`, `lapsed` (the balance came too
 * late: the unit went to the next in line) or `withdrawn` (the buyer took the deposit back after a short delivery).
 */
export const PRESALE_STATES = [
  'deposit_due',
  'waiting',
  'balance_due',
  'balance_paid',
  'lapsed',
  'withdrawn',
] as const;
export type PresaleState = (typeof PRESALE_STATES)[number];

/** A received bank transfer as staff recorded it; the amount in cents. */
export interface StoredTransferPayment {
  received_on: string;
  amount_cents: number;
  bank_reference: string;
  amount_matches: boolean;
  recorded_by_id: string | null;
  recorded_by: string | null;
  recorded_at: string;
}

/**
 * Orders (docs/product/records.md#order). The id is generated before the stock is reserved (it is the
 * reservation's
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
    /**
     * Where it was sold: the web shop, the counter (a counter sale, counter/sales.ts) or eBay (an eBay buyer's
     * order, channels/external-orders.ts).
     */
    channel: text('channel', { enum: ['web', 'counter', 'ebay'] })
      .notNull()
      .default('web'),
    /** The marketplace's own order id (eBay's orderId): one order per (channel, external_id). */
    externalId: text('external_id'),
    /**
     * A marketplace order that found no stock when it arrived: stored without taking a unit, until staff cancel it
     * or free a unit and take it (docs/decisions/0049-marketplace-orders.md).
     */
    stockConflict: boolean('stock_conflict').notNull().default(false),
    /** When the units of a conflict order were taken after all (POST /api/orders/{id}/stock-conflict/retry). */
    stockConflictResolvedAt: timestamp('stock_conflict_resolved_at', { withTimezone: true }),
    /** Why the marketplace cancelled or refunded the order (POST /internal/orders/external/cancel). */
    externalCancelReason: text('external_cancel_reason'),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    /** Paid through a demo stand-in of the provider (payment.succeeded's `demo`). */
    paymentDemo: boolean('payment_demo').notNull().default(false),
    /** A payment staff must look at (the provider's amount or currency was not the order's total). */
    paymentIssue: jsonb('payment_issue').$type<PaymentIssue>(),
    items: jsonb('items').$type<StoredOrderLine[]>().notNull(),
    customerInfo: jsonb('customer_info').$type<Record<string, unknown>>().notNull(),
    trackingNumber: text('tracking_number'),
    packlinkShipmentId: text('packlink_shipment_id'),
    packlinkData: jsonb('packlink_data').$type<{
      tracking_number?: string | null;
      carrier_name?: string | null;
    }>(),
    invoiceData: jsonb('invoice_data').$type<InvoiceData>(),
    /** The money going back: why and when it was asked, and once the provider confirmed it, when and how much. */
    refundReason: text('refund_reason').$type<RefundReason>(),
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedCents: integer('refunded_cents'),
    /** Until when a pending order waits for its payment; past it the sweeper cancels it (orders/deadlines.ts). */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** The bank transfer staff recorded (orders/transfer-payment.ts). */
    transferPayment: jsonb('transfer_payment').$type<StoredTransferPayment>(),
    /**
     * The discount code the order used (upper case) and what it took off its lines, gross cents: the sum of the
     * lines' shares (items[].discount_cents); a free-shipping code's saving is the order's shipping at 0
     * (docs/decisions/0057-discount-codes.md).
     */
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    /**
     * The gift card that paid part or all of the order and how much, gross cents: a means of payment, so the total
     * and the VAT are unchanged and the payment method is asked for the rest (docs/decisions/0059-gift-cards.md).
     */
    giftCardId: uuid('gift_card_id'),
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    /**
     * A pre-order with a deposit (docs/decisions/0066-presale-deposits.md): the deposit in gross cents (null: paid
     * in full), the pre-sale article, where it stands (presales/deposits.ts) and its moments.
     */
    depositCents: integer('deposit_cents'),
    presaleArticleId: uuid('presale_article_id'),
    presaleState: text('presale_state').$type<PresaleState>(),
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true }),
    /** When a unit of a delivery was given to it, and until when its balance may be paid. */
    allocatedAt: timestamp('allocated_at', { withTimezone: true }),
    balanceDueAt: timestamp('balance_due_at', { withTimezone: true }),
    /** Told that a delivery was short for it; its answer (wait for the next one, or the deposit back). */
    shortNotifiedAt: timestamp('short_notified_at', { withTimezone: true }),
    /** The deposit's own invoice (TD02), issued when the deposit was paid by a buyer who asked for invoices. */
    depositInvoice: jsonb('deposit_invoice').$type<{ number: string; date: string }>(),
    /** The deposit the shop kept after the balance was not paid in time (the shop's terms). */
    depositKept: boolean('deposit_kept').notNull().default(false),
    /** The customer's language (one of the shop's 8): the order's e-mails are written in it. */
    language: text('language').$type<Language>().notNull().default('it'),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The Ordini list's search text (orders/list.ts): the customer's name, e-mail and phone (its digits alone),
     * the invoice's company name, P.IVA and codici fiscali, lower-cased, kept by the database itself so the search
     * scans one short column instead of the jsonb.
     */
    searchText: text('search_text').generatedAlwaysAs(
      // concat_ws is not immutable (a generated column needs it): || over coalesce.
      sql`lower(coalesce(customer_info->>'name', '') || ' ' || coalesce(customer_info->>'email', '') || ' ' || regexp_replace(coalesce(customer_info->>'phone', ''), '[^0-9]', '', 'g') || ' ' || coalesce(invoice_data->>'ragione_sociale', '') || ' ' || coalesce(invoice_data->>'piva', '') || ' ' || coalesce(invoice_data->>'codice_fiscale', '') || ' ' || coalesce(invoice_data->>'codice_fiscale_azienda', ''))`,
    ),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_payment_due_idx').on(t.status, t.paymentDueAt),
    // The Ordini list (issue 16). orders_list_idx holds every column its filters, counts and date sort read, newest
    // first with the id as tie-break (also the export's keyset): a page, the tabs' counts and a search that matches
    // few orders are index-only scans of it (a fifth of the table's size) instead of scans of the wide rows. The
    // reference (the id's last 8 characters), a whole e-mail address and the sorts by total have their own.
    index('orders_list_idx').on(
      t.createdAt,
      t.id,
      t.status,
      t.paymentStatus,
      t.paymentMethod,
      t.paymentDemo,
      t.totalCents,
      t.refundedCents,
      t.searchText,
    ),
    index('orders_reference_idx').on(sql`right(${t.id}::text, 8)`),
    index('orders_email_idx').on(sql`lower(${t.customerInfo}->>'email')`),
    index('orders_total_idx').on(t.totalCents, t.createdAt, t.id),
    index('orders_channel_idx').on(t.channel, t.createdAt),
    // The list's question "did anything change?" (orders/changes.ts): the latest updated_at, one index read.
    index('orders_updated_idx').on(t.updatedAt),
    uniqueIndex('orders_external_idx').on(t.channel, t.externalId),
    index('orders_presale_idx')
      .on(t.presaleArticleId, t.presaleState, t.createdAt)
      .where(sql`${t.presaleArticleId} is not null`),
    index('orders_stock_conflict_idx')
      .on(t.createdAt)
      .where(sql`${t.stockConflict} and ${t.status} <> 'cancelled'`),
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
 * Shipping rules (docs/product/records.md#shipping-rule), amounts in integer cents. A new shop gets the rules
 * that quote the
 * fallback table (docs/product/orders-and-payments.md#default-rules, shipping/default-rules.ts).
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

/**
 * The links of password-reset e-mails (docs/product/account.md#password-reset): only the SHA-256 of the link's
 * token is kept. A link works once, until `expires_at`; a newer request ends the older ones (`used_at` set).
 */
export const passwordResets = orders.table(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    account: text('account', { enum: ['customer', 'staff'] }).notNull(),
    /** The customer's or staff user's id. */
    accountId: uuid('account_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_resets_token_idx').on(t.tokenHash),
    index('password_resets_account_idx').on(t.account, t.accountId, t.createdAt),
  ],
);

/**
 * Discount codes (docs/product/cart-and-checkout.md#discount-codes). `value` is the percentage or the gross cents
 * off; `uses` counts the orders holding a use (discount_uses), taken in the order's transaction by a conditional
 * update and given back when an unpaid order is cancelled (docs/decisions/0057-discount-codes.md).
 */
export const discountCodes = orders.table(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case: codes are compared without regard to case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount', 'free_shipping'] }).notNull(),
    value: integer('value').notNull().default(0),
    minTotalCents: integer('min_total_cents'),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** Days of Naples (YYYY-MM-DD), both included. */
    startsOn: text('starts_on'),
    endsOn: text('ends_on'),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    articleIds: jsonb('article_ids').$type<string[]>().notNull().default([]),
    paused: boolean('paused').notNull().default(false),
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('discount_codes_code_idx').on(t.code)],
);

/** One order's use of a code; the buyer's e-mail lower-cased counts the uses per customer. */
export const discountUses = orders.table(
  'discount_uses',
  {
    orderId: uuid('order_id').primaryKey(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discountCodes.id),
    email: text('email').notNull(),
    amountCents: integer('amount_cents').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('discount_uses_code_email_idx').on(t.discountId, t.email)],
);

/**
 * Gift cards and store credit (docs/product/cart-and-checkout.md#gift-cards): a balance in gross cents, spent by a
 * conditional update in the transaction of the order that spends it (docs/decisions/0059-gift-cards.md). A card
 * with a customer is that customer's store credit as well. `expires_on` is a day of Naples, included.
 */
export const giftCards = orders.table(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** XXXX-XXXX-XXXX-XXXX, 80 random bits. */
    code: text('code').notNull(),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    expiresOn: text('expires_on').notNull(),
    customerId: uuid('customer_id'),
    origin: text('origin', { enum: ['counter_sale', 'trade_in', 'goodwill', 'other'] }).notNull(),
    note: text('note'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_idx').on(t.code),
    index('gift_cards_customer_idx').on(t.customerId),
    check('gift_cards_balance_check', sql`${t.balanceCents} >= 0`),
  ],
);

/** What moved a card's balance: signed gross cents (negative when an order spent them). */
export const giftCardMovements = orders.table(
  'gift_card_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    kind: text('kind', { enum: ['issued', 'redeemed', 'returned', 'refunded'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: uuid('order_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('gift_card_movements_card_idx').on(t.giftCardId, t.at),
    index('gift_card_movements_order_idx').on(t.orderId),
  ],
);

/**
 * Orders being placed: written (and committed) before svc-catalog is asked for the stock, deleted in the
 * transaction that stores the order. A row past `held_until` is a placement whose request died or gave up:
 * the placement sweeper gives its stock back (docs/decisions/0017-reservation-holders.md).
 */
export const orderPlacements = orders.table('order_placements', {
  /** The order id, which is also the reservation's id in svc-catalog. */
  orderId: uuid('order_id').primaryKey(),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  /** Set when the placement was given up (by its request, or by the sweeper): no order can be stored under it. */
  abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
  /** Set once svc-catalog confirmed the stock given back; the row stays a while so the id is never reused. */
  releasedAt: timestamp('released_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The audit trail of every service (`audit.recorded` events, one row each): who changed what and when.
 * `event_id` makes a redelivered event one row.
 */
export const auditEntries = orders.table(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id').notNull(),
    service: text('service').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('audit_entries_event_idx').on(t.eventId),
    index('audit_entries_entity_idx').on(t.entity, t.entityId, t.occurredAt),
    index('audit_entries_occurred_idx').on(t.occurredAt),
  ],
);

export const { outbox, processedEvents, deadLetters } = busTables(orders);
export const { idempotencyKeys } = idempotencyTables(orders);
export const { jobs, jobSchedules } = jobTables(orders);
/** The per-address counters of order creation (orders/limits.ts). */
export const rateLimitCounters = rateLimitTable(orders);

// --- Shipments (Packlink PRO) ----------------------------------------------------------------------------------

/**
 * The order's Packlink shipment (one per order). A row is claimed (`creating`, with its owner and deadline) and
 * committed before Packlink is called, then recorded with Packlink's reference: two clicks create one shipment. A
 * claim past its deadline is swept to `failed` (or taken over by the next click); `failed` may be tried again.
 */
export const shipments = orders.table(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderRecords.id, { onDelete: 'cascade' }),
    /** creating | failed, then Packlink's state as the shop shows it (contracts' ShipmentState). */
    state: text('state').notNull(),
    /** Who holds a `creating` claim (a random id per request) and until when. */
    claimOwner: text('claim_owner'),
    claimDeadline: timestamp('claim_deadline', { withTimezone: true }),
    packlinkReference: text('packlink_reference'),
    /** Packlink's own state word (READY_TO_PRINT, ...), as last fetched. */
    packlinkState: text('packlink_state'),
    serviceId: text('service_id').notNull(),
    carrierName: text('carrier_name').notNull(),
    serviceName: text('service_name').notNull(),
    /** Euros in cents, VAT included, as quoted. */
    priceCents: integer('price_cents').notNull(),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    demo: boolean('demo').notNull().default(false),
    error: text('error'),
    createdById: uuid('created_by_id'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_order_idx').on(t.orderId),
    uniqueIndex('shipments_reference_idx').on(t.packlinkReference),
    index('shipments_claim_idx').on(t.state, t.claimDeadline),
  ],
);

// --- The Ordini list, timeline and notes (issue 16) ---------------------------------------------------------

/** Internal staff notes on an order (POST /api/orders/{id}/notes): never shown to the customer. */
/** A correction of an order's buyer and address by staff: which fields changed (the audit trail keeps the values). */
export const orderEdits = orders.table(
  'order_edits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderRecords.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').$type<string[]>().notNull(),
    editedById: uuid('edited_by_id'),
    editedBy: text('edited_by'),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_edits_order_idx').on(t.orderId, t.editedAt)],
);

export const orderNotes = orders.table(
  'order_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderRecords.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    authorId: uuid('author_id'),
    author: text('author'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

// --- Invoices (issue 16): the numbers of the year's fiscal documents and the credit notes ----------------------

/**
 * Every number given to a fiscal document (invoice TD01 or credit note TD04), one series per year (`N/YYYY`). The
 * unique (year, seq) is what makes two concurrent saves unable to take one number: the second insert finds the row
 * and is refused (decision 0026).
 */
export const fiscalNumbers = orders.table(
  'fiscal_numbers',
  {
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderRecords.id, { onDelete: 'restrict' }),
    /** The document's date, YYYY-MM-DD (Europe/Rome). */
    issuedOn: text('issued_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fiscal_numbers_year_seq_idx').on(t.year, t.seq),
    index('fiscal_numbers_order_idx').on(t.orderId),
  ],
);

/** A credit note (TD04) a refund of an invoiced order produced: once per refund (the provider's refund id). */
export const creditNotes = orders.table(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderRecords.id, { onDelete: 'restrict' }),
    refundId: text('refund_id').notNull(),
    number: text('number').notNull(),
    issuedOn: text('issued_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** The invoice it corrects (DatiFattureCollegate). */
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: text('invoice_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_refund_idx').on(t.refundId),
    uniqueIndex('credit_notes_number_idx').on(t.number),
    index('credit_notes_order_idx').on(t.orderId, t.createdAt),
  ],
);

// --- Partial refunds (issue 16) --------------------------------------------------------------------------------

/** A line given back by a refund: the units and what they cost (gross, cents). */
export interface StoredRefundLine {
  article_id: string;
  title: string;
  quantity: number;
  amount_cents: number;
}

/**
 * Every refund of an order (orders/refunds.ts): a staff partial refund (lines or amount), a 'cancel and refund', or
 * one the shop asked by itself. `in_progress` until svc-payments answers (payment.refunded → done,
 * payment.refund_failed final → failed); a bank-transfer order's refund is done when staff record it. A staff
 * request carries its Idempotency-Key: (order, key) is unique, so a double submit is one refund.
 */
export const refundRequests = orders.table(
  'refund_requests',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderRecords.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key'),
    /** What the request asked (its body's hash): the same key with another body is refused. */
    fingerprint: text('fingerprint'),
    kind: text('kind', { enum: ['lines', 'amount', 'full'] }).notNull(),
    state: text('state', { enum: ['in_progress', 'done', 'failed'] })
      .notNull()
      .default('in_progress'),
    /** Null: all that was left (a full refund), until the provider says how much. */
    amountCents: integer('amount_cents'),
    reason: text('reason').notNull(),
    refundReason: text('refund_reason').$type<RefundReason>().notNull(),
    lines: jsonb('lines').$type<StoredRefundLine[]>().notNull().default([]),
    restock: boolean('restock').notNull().default(false),
    byBankTransfer: boolean('by_bank_transfer').notNull().default(false),
    failureReason: text('failure_reason'),
    requestedById: uuid('requested_by_id'),
    requestedBy: text('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('refund_requests_order_idx').on(t.orderId, t.requestedAt),
    uniqueIndex('refund_requests_key_idx').on(t.orderId, t.idempotencyKey),
  ],
);

// --- The counter (docs/product/counter.md) ------------------------------------------------------------------

/** A payment taken at the counter, in cents. */
export interface StoredCounterPayment {
  method: 'cash' | 'card' | 'gift_card';
  amount_cents: number;
  /** The gift card's code, for a gift card payment. */
  code?: string;
}

/** A counter line's price other than the shop's: the shop's gross unit price and why. */
export interface StoredPriceChange {
  list_gross_cents: number;
  reason: string;
}

/** What the RT printed: its serial, the document's number (ZZZZ-NNNN), Z report number and moment. */
export interface StoredReceipt {
  serial: string | null;
  document_number: string | null;
  z_number: number | null;
  printed_at: string | null;
}

/**
 * A counter sale: an order of channel `counter` (its lines, total and status are the order's) with what only the
 * counter has: the cashier, the payments and the change, the price changes, and the fiscal receipt. `printing`
 * until the RT confirmed the receipt (the print job owns it: counter/printing.ts), then `completed`; `attempt`
 * is what the printer adapter needs to recognise a document it printed when an answer was lost.
 */
export const counterSales = orders.table(
  'counter_sales',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orderRecords.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['printing', 'completed', 'cancelled'] }).notNull(),
    rtMode: text('rt_mode').$type<RtMode>().notNull(),
    cashierId: uuid('cashier_id').notNull(),
    cashier: text('cashier').notNull(),
    payments: jsonb('payments').$type<StoredCounterPayment[]>().notNull(),
    changeCents: integer('change_cents').notNull().default(0),
    priceChanges: jsonb('price_changes').$type<Record<string, StoredPriceChange>>().notNull().default({}),
    receipt: jsonb('receipt').$type<StoredReceipt>(),
    /** The printer adapter's record of an attempt whose outcome is unknown (rt/fiscal-printer.ts). */
    attempt: jsonb('attempt').$type<unknown>(),
    /** Why the receipt is not printed yet, for the screen (the RT does not answer, paper out…). */
    problem: text('problem'),
    rawRequest: text('raw_request'),
    rawResponse: text('raw_response'),
    /** The day's closure that counted it; null until the closure. */
    closureId: uuid('closure_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('counter_sales_created_idx').on(t.createdAt),
    index('counter_sales_open_idx').on(t.closureId, t.state),
  ],
);
export type CounterSaleRow = typeof counterSales.$inferSelect;

/** Units of a counter sale given back: a return (reso) or a void (annullo) of the whole sale, with its RT document. */
export const counterReturns = orders.table(
  'counter_returns',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderRecords.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key'),
    kind: text('kind', { enum: ['return', 'void'] }).notNull(),
    state: text('state', { enum: ['printing', 'completed'] }).notNull(),
    lines: jsonb('lines')
      .$type<
        {
          article_id: string;
          title: string;
          quantity: number;
          amount_cents: number;
          iva_percentage: number;
        }[]
      >()
      .notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundMethod: text('refund_method', { enum: ['cash', 'card'] }).notNull(),
    cashier: text('cashier').notNull(),
    receipt: jsonb('receipt').$type<StoredReceipt>(),
    attempt: jsonb('attempt').$type<unknown>(),
    problem: text('problem'),
    rawRequest: text('raw_request'),
    rawResponse: text('raw_response'),
    closureId: uuid('closure_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('counter_returns_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('counter_returns_key_idx').on(t.orderId, t.idempotencyKey),
    index('counter_returns_open_idx').on(t.closureId),
  ],
);
export type CounterReturnRow = typeof counterReturns.$inferSelect;

/** The day's closures: the RT's Z report and the totals of the sales and returns it closed. */
export const counterClosures = orders.table('counter_closures', {
  id: uuid('id').primaryKey(),
  day: text('day').notNull(),
  rtMode: text('rt_mode').$type<RtMode>().notNull(),
  state: text('state', { enum: ['closing', 'closed'] }).notNull(),
  zNumber: integer('z_number'),
  cashier: text('cashier').notNull(),
  attempt: jsonb('attempt').$type<unknown>(),
  summary: jsonb('summary').$type<Record<string, unknown>>(),
  rawRequest: text('raw_request'),
  rawResponse: text('raw_response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
});
export type CounterClosureRow = typeof counterClosures.$inferSelect;

/** The shop's settings staff change in the back office, one JSON value per key (e.g. the default carrier). */
export const shopSettings = orders.table('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- Invoices to the SdI (issue 30, docs/decisions/0063-sdi.md) ------------------------------------------------

/**
 * Each fiscal document's way to the SdI through the intermediary: written in the transaction that numbered the
 * document, then owned by the sender (sdi/sender.ts), which claims it (`sending` until `claim_deadline`), and by the
 * receipts' poller once the intermediary took it (`sent`). `sending` counts the files sent for it: the SdI refuses a
 * file name it had, so a corrected document goes out under a new one (fatturapa.ts progressivoInvio).
 */
export const sdiDocuments = orders.table(
  'sdi_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orderRecords.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    number: text('number').notNull(),
    issuedOn: text('issued_on').notNull(),
    state: text('state').$type<SdiState>().notNull(),
    sending: integer('sending').notNull().default(0),
    fileName: text('file_name'),
    /** The intermediary's id of the latest file, and the SdI's (IdentificativoSdI) once a receipt named it. */
    providerId: text('provider_id'),
    sdiId: text('sdi_id'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimDeadline: timestamp('claim_deadline', { withTimezone: true }),
    /** The receipts already recorded, by the intermediary's notification id. */
    seenReceipts: jsonb('seen_receipts').$type<string[]>().notNull().default([]),
    history: jsonb('history').$type<SdiHistoryEntry[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sdi_documents_number_idx').on(t.number),
    index('sdi_documents_order_idx').on(t.orderId, t.createdAt),
    index('sdi_documents_state_idx').on(t.state, t.nextAttemptAt),
  ],
);

// --- Pre-sale deposits and arrivals (issue 28) ------------------------------------------------------------------

/**
 * What the supplier delivered of a pre-sale article (POST /api/articles/{id}/arrivals): its units go to the
 * pre-orders first come, first served (presales/arrivals.ts). The units an article has on hand for its pre-orders
 * are the sum of its arrivals; the pre-orders holding one (balance due or paid) never exceed it.
 */
export const presaleArrivals = orders.table(
  'presale_arrivals',
  {
    id: uuid('id').primaryKey(),
    articleId: uuid('article_id').notNull(),
    quantity: integer('quantity').notNull(),
    arrivedOn: text('arrived_on').notNull(),
    /** Pre-orders given a unit by this arrival, and how many units were left over for the shelf. */
    allocatedOrders: integer('allocated_orders').notNull().default(0),
    freeUnits: integer('free_units').notNull().default(0),
    /** Pre-orders told the delivery was short. */
    shortOrders: integer('short_orders').notNull().default(0),
    recordedById: uuid('recorded_by_id'),
    recordedBy: text('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('presale_arrivals_article_idx').on(t.articleId, t.recordedAt)],
);
export type PresaleArrivalRow = typeof presaleArrivals.$inferSelect;
