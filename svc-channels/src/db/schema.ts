import { boolean, index, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EbayListingState } from '@edicola/contracts';
import { busTables, jobTables, rateLimitTable } from '@edicola/platform';

export const channels = pgSchema('channels');

export const { outbox, processedEvents, deadLetters } = busTables(channels);
export const { jobs, jobSchedules } = jobTables(channels);
export const rateLimitCounters = rateLimitTable(channels);

/**
 * The shop's one eBay account (one row, id 'ebay'): its tokens encrypted at rest (AES-256-GCM with EBAY_TOKEN_KEY,
 * docs/decisions/0048-ebay-sync.md) and what the back office shows of the sync.
 */
export const account = channels.table('ebay_account', {
  id: text('id').primaryKey().default('ebay'),
  username: text('username'),
  refreshTokenEnc: text('refresh_token_enc'),
  refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
  accessTokenEnc: text('access_token_enc'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  /** eBay refused the refresh token: nothing syncs until staff connect again. */
  tokenExpired: boolean('token_expired').notNull().default(false),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  /** The inventory location the offers point to was created on eBay. */
  locationReady: boolean('location_ready').notNull().default(false),
  lastReachedAt: timestamp('last_reached_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  lastOrdersReadAt: timestamp('last_orders_read_at', { withTimezone: true }),
  /** Orders modified from here on are still to be read (the poll asks from 2 minutes before). */
  ordersCursor: timestamp('orders_cursor', { withTimezone: true }),
  /** The quantity sync waits until then after eBay asked it to slow down or failed. */
  syncPausedUntil: timestamp('sync_paused_until', { withTimezone: true }),
});
export type AccountRow = typeof account.$inferSelect;

/** The `state` of a consent in progress: only its SHA-256 is kept, bound to the admin who asked, single use. */
export const oauthStates = channels.table('ebay_oauth_states', {
  nonceHash: text('nonce_hash').primaryKey(),
  staffUser: text('staff_user').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * One article as eBay should show it: the mirror of its latest `article.changed` (by `revision`), its eBay
 * settings, and what eBay was last told. `changeSeq` grows with every change of the row that asks for a new
 * quantity or content, so a sync clears a dirty flag only when nothing changed while it talked to eBay.
 */
export const listings = channels.table(
  'ebay_listings',
  {
    articleId: text('article_id').primaryKey(),
    revision: integer('revision').notNull(),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    ean: text('ean'),
    unitGrossCents: integer('unit_gross_cents').notNull(),
    quantityStock: integer('quantity_stock').notNull(),
    active: boolean('active').notNull(),
    photoUrls: jsonb('photo_urls').$type<string[]>().notNull(),
    deleted: boolean('deleted').notNull().default(false),
    enabled: boolean('enabled').notNull(),
    priceCents: integer('price_cents'),
    buffer: integer('buffer').notNull().default(0),
    offerId: text('offer_id'),
    listingId: text('listing_id'),
    state: text('state').$type<EbayListingState>().notNull().default('not_listed'),
    quantitySent: integer('quantity_sent'),
    priceSentCents: integer('price_sent_cents'),
    quantityDirty: boolean('quantity_dirty').notNull().default(false),
    contentDirty: boolean('content_dirty').notNull().default(false),
    changeSeq: integer('change_seq').notNull().default(0),
    error: text('error'),
    /** The revision of the last `listing.changed` emitted for this article. */
    reportRevision: integer('report_revision').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ebay_listings_dirty_idx').on(t.state, t.quantityDirty),
    index('ebay_listings_sku_idx').on(t.sku),
  ],
);
export type ListingRow = typeof listings.$inferSelect;

/** Every eBay order the poll saw, and what became of it in the shop. */
export const ebayOrders = channels.table(
  'ebay_orders',
  {
    orderId: text('order_id').primaryKey(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull(),
    shopOrderId: text('shop_order_id'),
    importedAt: timestamp('imported_at', { withTimezone: true }),
    stockConflict: boolean('stock_conflict').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why it could not be imported (an unknown SKU, svc-orders' refusal); tried again at every poll. */
    problem: text('problem'),
    lineItems: jsonb('line_items').$type<{ lineItemId: string; quantity: number }[]>().notNull(),
    trackingNumber: text('tracking_number'),
    trackingSentAt: timestamp('tracking_sent_at', { withTimezone: true }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ebay_orders_shop_order_idx').on(t.shopOrderId)],
);
export type EbayOrderRow = typeof ebayOrders.$inferSelect;

export interface ReconciliationDifference {
  article_id: string;
  sku: string;
  title: string;
  quantity_on_ebay: number | null;
  expected: number;
  corrected: boolean;
}

/** Each run of the reconciliation of eBay's quantities with the shop's, with the differences it found. */
export const reconciliations = channels.table(
  'ebay_reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    checked: integer('checked').notNull().default(0),
    differences: jsonb('differences').$type<ReconciliationDifference[]>().notNull().default([]),
    error: text('error'),
  },
  (t) => [index('ebay_reconciliations_started_idx').on(t.startedAt)],
);
export type ReconciliationRow = typeof reconciliations.$inferSelect;
