import { z } from 'zod';
import { singleLine } from './text';

// The shop's marketplaces (docs/product/ebay.md): eBay sells the same single pieces as the web and the counter,
// from the same stock. svc-channels holds the eBay account, the listings' state on eBay, the quantity sync, the
// orders read from eBay and the hourly reconciliation; svc-catalog holds each article's "sell on eBay" settings
// (they are the article's, like its price) and svc-orders the orders eBay buyers place (channel `ebay`).

/** The one marketplace the shop sells on. */
export const EBAY_MARKETPLACE = 'EBAY_IT';

/** How eBay is reached: `demo` a fake eBay inside svc-channels, `live` eBay's Sell APIs, `off` not at all. */
export const EbayMode = z.enum(['demo', 'live', 'off']);
export type EbayMode = z.infer<typeof EbayMode>;

/** At most this many units kept off eBay for an article. */
export const EBAY_MAX_BUFFER = 999;

/**
 * PUT /api/articles/{id}/ebay: list the article on eBay (`enabled`) or withdraw it. `price` is the gross price on
 * eBay in euros (absent or null: the shop's own price); `buffer` the units kept off eBay (default 0).
 */
export const EbayListingSettingsRequest = z.object({
  enabled: z.boolean('Indica se vendere su eBay (enabled: true o false)'),
  price: z
    .number('Il prezzo eBay deve essere un numero')
    .positive('Il prezzo eBay deve essere maggiore di zero')
    .max(100_000, 'Prezzo eBay troppo alto')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Il prezzo eBay ha al massimo 2 decimali')
    .nullable()
    .optional(),
  buffer: z
    .number('Le unità da tenere fuori da eBay devono essere un numero intero')
    .int('Le unità da tenere fuori da eBay devono essere un numero intero')
    .min(0, 'Le unità da tenere fuori da eBay non possono essere negative')
    .max(EBAY_MAX_BUFFER, 'Troppe unità da tenere fuori da eBay')
    .optional(),
});
export type EbayListingSettingsRequest = z.input<typeof EbayListingSettingsRequest>;

/**
 * Where an article's listing stands on eBay, as svc-channels last reported it (`listing.changed`):
 * `not_listed` never asked or withdrawn; `pending` asked, not yet on eBay (eBay off or unreachable: it is
 * tried again); `listed` published and selling; `ended` withdrawn from eBay; `error` eBay refused it (`error`
 * says why, in Italian; a new PUT tries again).
 */
export const EbayListingState = z.enum(['not_listed', 'pending', 'listed', 'ended', 'error']);
export type EbayListingState = z.infer<typeof EbayListingState>;

/** GET /api/articles/{id}/ebay (and the PUT's answer): the article's eBay settings and its listing's state. */
export const EbayListing = z.object({
  article_id: z.string(),
  enabled: z.boolean(),
  /** Gross price on eBay in euros; null: the shop's price. */
  price: z.number().nullable(),
  buffer: z.number().int().nonnegative(),
  state: EbayListingState,
  /** eBay's listing id, once published. */
  listing_id: z.string().nullable(),
  /** The listing's page on eBay (the fake eBay's in demo mode). */
  listing_url: z.string().nullable(),
  /** The quantity eBay was last told. */
  quantity_on_ebay: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  /** When svc-channels last reported on this listing. */
  updated_at: z.string().nullable(),
});
export type EbayListing = z.infer<typeof EbayListing>;

/** The connected eBay account's token: `valid`, `refreshing` soon, `expired` (staff must connect again). */
export const EbayTokenState = z.enum(['none', 'valid', 'expired']);
export type EbayTokenState = z.infer<typeof EbayTokenState>;

/** GET /api/ebay/account: the connection as the back office shows it. */
export const EbayAccount = z.object({
  mode: EbayMode,
  connected: z.boolean(),
  /** The eBay user the shop connected (null when not connected). */
  username: z.string().nullable(),
  marketplace: z.literal(EBAY_MARKETPLACE),
  token_state: EbayTokenState,
  /** When the refresh token stops working (eBay's 18 months): staff connect again before. */
  refresh_token_expires_at: z.string().nullable(),
  connected_at: z.string().nullable(),
  /** When eBay last answered a call, and the last failure when it did not. */
  last_reached_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** The last quantity sync that reached eBay, and the last order import. */
  last_sync_at: z.string().nullable(),
  last_orders_read_at: z.string().nullable(),
  /** Listings whose quantity or price is still to be sent. */
  pending_updates: z.number().int().nonnegative(),
  listed: z.number().int().nonnegative(),
});
export type EbayAccount = z.infer<typeof EbayAccount>;

/**
 * DELETE /api/ebay/account's answer: the account as it is now, with what disconnecting means (the listings stay
 * on eBay, nothing syncs any more).
 */
export const EbayDisconnected = EbayAccount.extend({ notice: z.string() });
export type EbayDisconnected = z.infer<typeof EbayDisconnected>;

/** POST /api/ebay/connect: where to send the staff member's browser to give the shop eBay's consent. */
export const EbayConsent = z.object({ consent_url: z.string() });
export type EbayConsent = z.infer<typeof EbayConsent>;

/** GET /api/ebay/callback: eBay's redirect after consent (the `state` ties it to the staff member's request). */
export const EbayCallbackQuery = z.object({
  code: z.string().min(1).max(4000).optional(),
  state: z.string().min(1).max(200),
  error: z.string().max(200).optional(),
});

/** One difference the hourly reconciliation found between eBay's quantity and the shop's, and what it did. */
export const EbayReconciliationDifference = z.object({
  article_id: z.string(),
  sku: z.string(),
  title: z.string(),
  quantity_on_ebay: z.number().int().nonnegative().nullable(),
  expected: z.number().int().nonnegative(),
  corrected: z.boolean(),
});

/** One run of the reconciliation. */
export const EbayReconciliation = z.object({
  id: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  checked: z.number().int().nonnegative(),
  differences: z.array(EbayReconciliationDifference),
  error: z.string().nullable(),
});
export type EbayReconciliation = z.infer<typeof EbayReconciliation>;

/** GET /api/ebay/reconciliations: the newest runs first. */
export const EbayReconciliationList = z.array(EbayReconciliation);

/**
 * POST /demo/ebay/orders (EBAY_MODE=demo only): a buyer buys a listed SKU on the fake eBay, as on eBay; the shop
 * reads the order through its normal getOrders polling.
 */
export const DemoEbayPurchase = z.object({
  sku: singleLine('SKU non valido').trim().min(1, 'Indica lo SKU').max(64),
  quantity: z
    .number('La quantità deve essere un numero intero')
    .int('La quantità deve essere un numero intero')
    .min(1, 'La quantità deve essere almeno 1')
    .max(99, 'Quantità troppo alta'),
  buyer_name: singleLine().trim().min(1).max(100).optional(),
});
export type DemoEbayPurchase = z.input<typeof DemoEbayPurchase>;

/** The demo purchase's answer: eBay's order id. */
export const DemoEbayOrder = z.object({ order_id: z.string() });

/** POST /demo/ebay/orders/{orderId}/cancel: the fake eBay's order id. */
export const DemoEbayOrderParams = z.object({
  orderId: singleLine('Ordine eBay non valido').min(1).max(100),
});

// --- svc-channels → svc-orders: an eBay order becomes an order of the shop ---------------------------------------

/** A marketplace order's line, by the shop's article (svc-channels maps eBay's SKU to it). */
export const ExternalOrderLine = z.object({
  article_id: z.uuid(),
  sku: z.string().min(1).max(64),
  title: z.string().min(1).max(300),
  quantity: z.number().int().min(1).max(999),
  /** What the buyer paid per unit, gross, in cents. */
  unit_gross_cents: z.number().int().nonnegative(),
});
export type ExternalOrderLine = z.infer<typeof ExternalOrderLine>;

/**
 * POST /internal/orders/external (from svc-channels): store a marketplace order as an order of the shop,
 * exactly once per (channel, external_id) however often it is sent. Paid (the marketplace collected the money);
 * its units leave the stock, or when there is not enough the order is stored with `stock_conflict` and no unit
 * taken (the last unit sold twice: staff choose which order to cancel and refund).
 */
export const ExternalOrderImport = z.object({
  channel: z.literal('ebay'),
  external_id: z.string().min(1).max(100),
  buyer: z.object({
    name: z.string().min(1).max(200),
    /** The marketplace's relay address of the buyer (eBay's), or null. */
    email: z.email().nullable(),
    username: z.string().max(100).nullable(),
    phone: z.string().max(40).nullable(),
  }),
  shipping_address: z.object({
    name: z.string().min(1).max(200),
    address: z.string().min(1).max(400),
    zip_code: z.string().max(20).nullable(),
    city: z.string().min(1).max(100),
    province: z.string().max(50).nullable(),
    /** ISO 3166-1 alpha-2. */
    country: z.string().length(2),
  }),
  lines: z.array(ExternalOrderLine).min(1).max(100),
  shipping_cents: z.number().int().nonnegative(),
  total_cents: z.number().int().nonnegative(),
  paid_at: z.iso.datetime({ offset: true }),
  created_at: z.iso.datetime({ offset: true }),
});
export type ExternalOrderImport = z.infer<typeof ExternalOrderImport>;

/** The answer: the shop's order, whether this call created it, and whether its units were missing. */
export const ExternalOrderStored = z.object({
  order_id: z.string(),
  created: z.boolean(),
  stock_conflict: z.boolean(),
});
export type ExternalOrderStored = z.infer<typeof ExternalOrderStored>;

/** POST /internal/orders/external/cancel (from svc-channels): the marketplace cancelled or refunded the order. */
export const ExternalOrderCancel = z.object({
  channel: z.literal('ebay'),
  external_id: z.string().min(1).max(100),
  reason: z.string().max(300),
});
export type ExternalOrderCancel = z.infer<typeof ExternalOrderCancel>;

/** GET /api/orders/stock-conflicts: marketplace orders that found no stock, still open, for the top of Ordini. */
export const StockConflict = z.object({
  order_id: z.string(),
  order_reference: z.string(),
  channel: z.literal('ebay'),
  external_id: z.string(),
  created_at: z.string(),
  lines: z.array(
    z.object({ article_id: z.string(), sku: z.string(), title: z.string(), quantity: z.number() }),
  ),
  /** Open web or counter orders holding units of the same articles: the other side of the race. */
  competing_orders: z.array(
    z.object({ order_id: z.string(), order_reference: z.string(), channel: z.string() }),
  ),
});
export type StockConflict = z.infer<typeof StockConflict>;
export const StockConflictList = z.array(StockConflict);
