import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  EbayListingState,
  SalesChannel,
  StockMovementReason,
  type ArticleAttributes,
  type Language,
} from '@edicola/contracts';
import { busTables, jobTables, rateLimitTable } from '@edicola/platform';

export const catalog = pgSchema('catalog');

const STOCK_MOVEMENT_REASONS = StockMovementReason.options as [StockMovementReason, ...StockMovementReason[]];
const SALES_CHANNELS = SalesChannel.options as [SalesChannel, ...SalesChannel[]];

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const articles = catalog.table(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Unique among the articles not deleted (a deleted article's SKU may be used again). */
    sku: text('sku').notNull(),
    /** The barcode printed on the article (EAN-13 or EAN-8, a UPC-A stored widened); unique like the SKU. */
    ean: text('ean'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    productType: text('product_type', { enum: ['normale', 'prevendita', 'prenotazione'] })
      .notNull()
      .default('normale'),
    availabilityDate: date('availability_date', { mode: 'string' }),
    /** A pre-sale's deposit, in percent of the price (0: the buyer pays all at the order). */
    depositPercent: integer('deposit_percent').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    ivaPercentage: integer('iva_percentage').notNull().default(22),
    quantityStock: integer('quantity_stock').notNull().default(0),
    /** At or below this many units the back office flags the article as low on stock. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(2),
    /** Bumped by every edit of the article's fields (not by stock moves): a stale form is refused. */
    version: integer('version').notNull().default(1),
    /**
     * Bumped by every change a sales channel cares about (stock, fields, activity, photo, eBay settings, deletion),
     * in the transaction that emits its `article.changed` (ebay/article-changed.ts): readers drop older revisions.
     */
    revision: integer('revision').notNull().default(0),
    weightKg: numeric('weight_kg', { precision: 10, scale: 3, mode: 'number' }),
    dimensions: text('dimensions'),
    /** The cover: always the url of the article's first photo (article_photos, position 0), null without photos. */
    photoUrl: text('photo_url'),
    /**
     * The article page's address (docs/product/article-pages.md#addresses), made from the title by the database
     * (trigger `articles_document`, function `catalog.article_slug`) on every insert and title change, so every
     * writer follows the same rules; an insert leaves it empty and gets it filled.
     */
    slug: text('slug').notNull().default(''),
    /** Typed attributes of the article's category (contracts' ArticleAttributes), only the set ones. */
    attributes: jsonb('attributes').$type<ArticleAttributes>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    /** Set by DELETE: the row stays for past orders and reviews but leaves every list. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    shareFacebook: boolean('share_facebook').notNull().default(false),
    shareInstagram: boolean('share_instagram').notNull().default(false),
    shareWhatsapp: boolean('share_whatsapp').notNull().default(false),
    /** The release hour (docs/product/release-hour.md): no sale before it; null = on sale now. */
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    /** The most units one buyer may hold across their unreleased reservations; null = no limit. */
    maxPerBuyer: integer('max_per_buyer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The search documents (docs/product/article-pages.md#search), kept by the trigger `articles_document`:
     * the Italian text-search vector (title A; SKU, EAN, category and attributes with their Italian labels B;
     * description C) and the same words unaccented in lower case for the trigram (typo) match.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    uniqueIndex('articles_slug_live_idx')
      .on(t.slug)
      .where(sql`${t.deletedAt} is null`),
    // A new slug is checked against every article's, deleted ones included (catalog.slug_taken).
    index('articles_slug_idx').on(t.slug),
    uniqueIndex('articles_certificate_live_idx')
      .on(sql`(${t.attributes}->>'grader')`, sql`(${t.attributes}->>'certificate_number')`)
      .where(
        sql`${t.deletedAt} is null and (${t.attributes}->>'grader') is not null and (${t.attributes}->>'certificate_number') is not null`,
      ),
    // Without the pending list: PGlite has no autovacuum to merge it, and every search would read it whole.
    index('articles_search_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('articles_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('articles_sku_live_idx')
      .on(t.sku)
      .where(sql`${t.deletedAt} is null`),
    index('articles_sku_lower_idx')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('articles_ean_live_idx')
      .on(t.ean)
      .where(sql`${t.deletedAt} is null and ${t.ean} is not null`),
    index('articles_active_type_idx').on(t.isActive, t.productType),
    index('articles_category_idx').on(sql`lower(${t.category})`),
    check('articles_stock_not_negative', sql`${t.quantityStock} >= 0`),
    check('articles_price_not_negative', sql`${t.priceCents} >= 0`),
    check('articles_iva_range', sql`${t.ivaPercentage} between 0 and 100`),
    check('articles_max_per_buyer_positive', sql`${t.maxPerBuyer} is null or ${t.maxPerBuyer} > 0`),
  ],
);
export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;

/**
 * The search's lexicon (docs/product/article-pages.md#search): every distinct word (unaccented, lower case, stop
 * words left out) of the articles' search documents, added by the trigger `articles_document` and never deleted
 * (a stale word only expands to nothing). A query's typos are corrected and its last word's first letters
 * completed here, on a few thousand words, not on the articles.
 */
export const searchWords = catalog.table(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('search_words_prefix_idx').on(t.word.op('text_pattern_ops')),
  ],
);

/**
 * Every former slug of an article, kept for ever: its old address answers 301 to the current one
 * (docs/product/article-pages.md#addresses). Written by the trigger that changes the slug.
 */
export const articleSlugs = catalog.table('article_slugs', {
  slug: text('slug').primaryKey(),
  articleId: uuid('article_id')
    .notNull()
    .references(() => articles.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An article's photos in their order (docs/product/article-pages.md#photos): position 0 is the cover, whose url
 * articles.photo_url repeats. `url` is the card size (`/media/…-400.webp`), `zoom_url` the large view.
 * The positions' uniqueness is checked at commit, so a reorder may swap them in any order.
 */
export const articlePhotos = catalog.table(
  'article_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    zoomUrl: text('zoom_url'),
    alt: text('alt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The unique (article_id, position) constraint, deferrable, is written in migration 0011 (drizzle has no
  // deferrable unique): it also serves the article's photos in order.
  (t) => [check('article_photos_position_range', sql`${t.position} >= 0`)],
);
export type ArticlePhotoRow = typeof articlePhotos.$inferSelect;

/**
 * The stock ledger (docs/product/counter.md#stock-ledger): every movement of an article's stock, written in the
 * transaction that moves it, with the stock it left. Staff's own changes (received, correction, damaged) have no
 * channel; a sale, a release and a return name their channel and the order or sale (`reference`).
 * `idempotency_key`: an external sale's Idempotency-Key, so a repeat answers the first movement.
 */
export const stockMovements = catalog.table(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The ledger's order. A row is inserted while its article's row is locked by the change it records, so an
     * article's rows follow the order of its changes (`created_at` is the transaction's start, which does not).
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    channel: text('channel', { enum: SALES_CHANNELS }),
    reference: text('reference'),
    note: text('note'),
    /** What the buyer paid in all for an external sale, gross, when staff know it. */
    amountCents: integer('amount_cents'),
    stockAfter: integer('stock_after').notNull(),
    username: text('username').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_article_idx').on(t.articleId, t.seq),
    uniqueIndex('stock_movements_idempotency_key_idx')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check(
      'stock_movements_reason_known',
      sql.raw(`reason in (${STOCK_MOVEMENT_REASONS.map((r) => `'${r}'`).join(', ')})`),
    ),
    check(
      'stock_movements_channel_known',
      sql.raw(`channel is null or channel in (${SALES_CHANNELS.map((c) => `'${c}'`).join(', ')})`),
    ),
    check('stock_movements_stock_after_not_negative', sql`${t.stockAfter} >= 0`),
  ],
);
export type StockMovementRow = typeof stockMovements.$inferSelect;

/** Media files live in the database, so any replica can serve any photo. */
export const photos = catalog.table('photos', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Reviews of articles (docs/product/records.md#review); shown publicly once approved. Texts are stored as
 * given.
 */
export const reviews = catalog.table(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id),
    orderId: text('order_id'),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    comment: text('comment').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    isVerifiedPurchase: boolean('is_verified_purchase').notNull().default(false),
    helpfulCount: integer('helpful_count').notNull().default(0),
    approved: boolean('approved').notNull().default(false),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The reviewer's language (one of the shop's 8): the e-mail with staff's reply is written in it. */
    language: text('language').$type<Language>().notNull().default('it'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_article_idx').on(t.articleId, t.approved, t.createdAt),
    index('reviews_approved_idx').on(t.approved, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_helpful_not_negative', sql`${t.helpfulCount} >= 0`),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

/** One 'helpful' vote per visitor and review; `voter` is a keyed hash, never an address. */
export const reviewVotes = catalog.table(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voter] })],
);

/** Page views of the storefront (no address is stored: only the country it maps to). */
export const visits = catalog.table(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
    page: text('page').notNull(),
    pageTitle: text('page_title'),
    referrer: text('referrer'),
    sessionId: text('session_id').notNull(),
    countryCode: text('country_code').notNull(),
  },
  (t) => [index('visits_visited_at_idx').on(t.visitedAt)],
);

/** Secrets the service makes for itself on first start (e.g. the key of visitor hashes). */
export const settings = catalog.table('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const { outbox, processedEvents, deadLetters } = busTables(catalog);
export const { jobs, jobSchedules } = jobTables(catalog);
export const rateLimitCounters = rateLimitTable(catalog);

/** A line of a reservation: how much of an article an order took, and the article as it was then. */
export interface StoredReservationLine {
  article_id: string;
  sku: string;
  title: string;
  price_cents: number;
  iva_percentage: number;
  quantity: number;
  /** Absent in reservations stored before discount codes. */
  category?: string;
  /** A pre-sale's deposit share at reservation time; absent when paid in full. */
  deposit_percent?: number;
}

/**
 * The stock an order holds (one row per order, written by svc-orders' internal call): the order id makes
 * the reservation idempotent, `released_at` makes its release happen once (DELETE or a cancellation).
 * A release that arrives before any reservation leaves a released row with no lines, so a late
 * reservation for that order is refused instead of holding stock for an order that does not exist.
 */
export const reservations = catalog.table(
  'reservations',
  {
    orderId: uuid('order_id').primaryKey(),
    lines: jsonb('lines').$type<StoredReservationLine[]>().notNull(),
    /** The sale's channel and who made it (the cashier, or `shop` for a web order): its ledger rows name them. */
    channel: text('channel', { enum: ['web', 'counter', 'ebay'] })
      .notNull()
      .default('web'),
    username: text('username').notNull().default('shop'),
    /** Who buys (contracts' StockReservationRequest.buyer), for the per-buyer limits; null for a counter or eBay sale. */
    buyer: text('buyer'),
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  // The counter's lookup finds the unreleased reservations holding an article by containment (lines @> …).
  (t) => [
    index('reservations_held_lines_idx')
      .using('gin', t.lines.op('jsonb_path_ops'))
      .where(sql`${t.releasedAt} is null`),
    // The per-buyer limit sums a buyer's unreleased reservations while the article's row is locked.
    index('reservations_held_buyer_idx')
      .on(t.buyer)
      .where(sql`${t.releasedAt} is null and ${t.buyer} is not null`),
  ],
);
export type ReservationRow = typeof reservations.$inferSelect;

/**
 * What each order bought, as its status events tell svc-catalog: a review that names the order, with the
 * order's e-mail and one of its articles, is a verified purchase while the order stands (paid, confirmed,
 * shipped, delivered). `order_version` keeps a late, older event from undoing a newer one.
 */
export const purchases = catalog.table('purchases', {
  orderId: uuid('order_id').primaryKey(),
  customerEmail: text('customer_email').notNull(),
  articleIds: jsonb('article_ids').$type<string[]>().notNull(),
  bought: boolean('bought').notNull(),
  orderVersion: integer('order_version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- Partial refunds (issue 16) --------------------------------------------------------------------------------

/**
 * Units an order gave back to the shelf (order.items_restocked of a partial refund), one row per restock: its id
 * (svc-orders' refund request id) makes it happen once however often the event comes. `lines` are the units that
 * really went back (never more than the order's reservation still held).
 */
export const restocks = catalog.table('restocks', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  lines: jsonb('lines').$type<{ article_id: string; quantity: number }[]>().notNull(),
  restockedAt: timestamp('restocked_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- eBay (issue 26) -------------------------------------------------------------------------------------------

const EBAY_LISTING_STATES = EbayListingState.options as [EbayListingState, ...EbayListingState[]];

/**
 * An article's eBay settings (PUT /api/articles/{id}/ebay; they are the article's, like its price) and its
 * listing's state as svc-channels last reported it (`listing.changed`, kept only when its `listing_revision` is
 * higher). A PUT that enables an article not listed sets the state to `pending` itself, until svc-channels
 * reports. No row: never put on eBay.
 */
export const ebayListings = catalog.table(
  'ebay_listings',
  {
    articleId: uuid('article_id')
      .primaryKey()
      .references(() => articles.id),
    enabled: boolean('enabled').notNull().default(false),
    /** The gross price on eBay; null: the shop's price. */
    priceCents: integer('price_cents'),
    /** Units kept off eBay. */
    buffer: integer('buffer').notNull().default(0),
    settingsUpdatedAt: timestamp('settings_updated_at', { withTimezone: true }),
    settingsUpdatedBy: text('settings_updated_by'),
    state: text('state', { enum: EBAY_LISTING_STATES }).notNull().default('not_listed'),
    listingRevision: integer('listing_revision'),
    listingId: text('listing_id'),
    listingUrl: text('listing_url'),
    quantity: integer('quantity'),
    error: text('error'),
    /** The `changed_at` of the report kept. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [
    check('ebay_listings_price_positive', sql`${t.priceCents} is null or ${t.priceCents} > 0`),
    check('ebay_listings_buffer_not_negative', sql`${t.buffer} >= 0`),
    check(
      'ebay_listings_state_known',
      sql.raw(`state in (${EBAY_LISTING_STATES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);
export type EbayListingRow = typeof ebayListings.$inferSelect;
