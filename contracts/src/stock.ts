import { z } from 'zod';

// The internal stock calls of svc-catalog (served under /internal/, never routed by the gateway). svc-orders
// calls them with platform's internal client; svc-catalog validates with the same schemas.

/** One line to reserve. The caller merges repeated articles into one line. */
export const StockReservationLine = z.object({
  article_id: z.uuid({ message: 'Identificativo articolo non valido' }),
  quantity: z
    .number('La quantità deve essere un numero intero')
    .int('La quantità deve essere un numero intero')
    .min(1, 'La quantità deve essere almeno 1')
    .max(9999, 'Quantità troppo alta'),
});
export type StockReservationLine = z.infer<typeof StockReservationLine>;

/**
 * POST /internal/stock/reservations, with the header `Idempotency-Key: <order_id>`. All lines or none: the
 * article rows are locked in a fixed order (by id), each must be active with enough stock, then every line is
 * decremented and the reservation is recorded with its price snapshot. Repeated with the same order_id it
 * answers the recorded reservation again without reserving twice. 409 {detail naming the article} when an
 * article is out of stock or inactive; 404 for an unknown article; 422 for bad input.
 */
export const StockReservationRequest = z.object({
  order_id: z.uuid({ message: 'Identificativo ordine non valido' }),
  /** The sale's channel, for the stock ledger: a web order, a counter sale or an eBay buyer's order. */
  channel: z.enum(['web', 'counter', 'ebay']).default('web'),
  /** Who made a counter sale (the ledger's `username`, as given); a web order is the shop's. */
  username: z.string().max(100).optional(),
  /**
   * Who buys, for the articles' per-buyer limits (docs/product/release-hour.md#per-buyer-limit): `customer:<id>`
   * for an account, `email:<address in lower case>` for a guest; absent (a counter or eBay sale) = no limit.
   */
  buyer: z.string().min(1).max(320).optional(),
  lines: z
    .array(StockReservationLine)
    .min(1, 'Il carrello è vuoto!')
    .max(200, 'Troppe righe in un ordine')
    .refine(
      (lines) => new Set(lines.map((l) => l.article_id)).size === lines.length,
      'Ogni articolo deve comparire una sola volta',
    ),
});
export type StockReservationRequest = z.input<typeof StockReservationRequest>;

/** One reserved line with the article's snapshot at reservation time. `price` is net, in euros. */
export const ReservedLine = z.object({
  article_id: z.string(),
  sku: z.string(),
  title: z.string(),
  price: z.number().nonnegative(),
  iva_percentage: z.number().int().min(0).max(100),
  quantity: z.number().int().positive(),
  /** The article's category: a discount code may be limited to some (discounts.ts). */
  category: z.string().optional(),
  /** A pre-sale's deposit share (docs/product/orders-and-payments.md#deposits); absent or 0: paid in full. */
  deposit_percent: z.number().int().min(0).max(100).optional(),
});
export type ReservedLine = z.infer<typeof ReservedLine>;

/** 200 answer of POST /internal/stock/reservations (the same for a repeated call). */
export const StockReservation = z.object({
  order_id: z.string(),
  lines: z.array(ReservedLine),
});
export type StockReservation = z.infer<typeof StockReservation>;

/** DELETE /internal/stock/reservations/{order_id}: 204, the stock given back once (a repeat is a no-op). */
export const StockReservationParams = z.object({
  order_id: z.uuid({ message: 'Identificativo ordine non valido' }),
});
export type StockReservationParams = z.infer<typeof StockReservationParams>;

// --- Shipments' parcels (svc-orders asks before quoting a Packlink shipment) ---------------------------------

/** GET /internal/articles/parcels?ids=<uuid>,<uuid>: the weight and size of articles (deleted ones included). */
export const ArticleParcelsQuery = z.object({
  ids: z
    .string()
    .transform((v) => v.split(',').map((id) => id.trim()))
    .pipe(
      z
        .array(z.uuid({ message: 'Identificativo articolo non valido' }))
        .min(1)
        .max(50),
    ),
});
export type ArticleParcelsQuery = z.infer<typeof ArticleParcelsQuery>;

/** An article's weight in kg and its size as staff typed it (e.g. "30x21x2 cm"); null when not given. */
export const ArticleParcelInfo = z.object({
  article_id: z.string(),
  weight_kg: z.number().nonnegative().nullable(),
  dimensions: z.string().nullable(),
});
export type ArticleParcelInfo = z.infer<typeof ArticleParcelInfo>;

export const ArticleParcels = z.object({ articles: z.array(ArticleParcelInfo) });
export type ArticleParcels = z.infer<typeof ArticleParcels>;

// --- The cart's discount preview (svc-orders prices the lines before telling what a code is worth) ---------

/** GET /internal/articles/prices?ids=<uuid>,<uuid>: the live articles' net price, VAT and category. */
export const ArticlePricesQuery = ArticleParcelsQuery;
export type ArticlePricesQuery = z.infer<typeof ArticlePricesQuery>;

export const ArticlePrices = z.object({ articles: z.array(ReservedLine.omit({ quantity: true })) });
export type ArticlePrices = z.infer<typeof ArticlePrices>;

// --- The Ordini list's thumbnails (svc-orders shows the lines to pack with their photo) ---------------------

/** GET /internal/articles/thumbnails?ids=<uuid>,<uuid>: the articles' photo (deleted ones included), or null. */
export const ArticleThumbnailsQuery = ArticleParcelsQuery;
export type ArticleThumbnailsQuery = z.infer<typeof ArticleThumbnailsQuery>;

export const ArticleThumbnails = z.object({
  articles: z.array(z.object({ article_id: z.string(), photo_url: z.string().nullable() })),
});
export type ArticleThumbnails = z.infer<typeof ArticleThumbnails>;

// --- The counter's barcodes (svc-orders asks before reserving a sale's lines given by EAN) -------------------

/** GET /internal/articles/by-ean?eans=<ean>,<ean>: the live articles with those EANs (normalised). */
export const ArticlesByEanQuery = z.object({
  eans: z
    .string()
    .transform((v) => v.split(',').map((ean) => ean.trim()))
    .pipe(
      z
        .array(z.string().regex(/^\d{8,14}$/, 'Codice EAN non valido'))
        .min(1)
        .max(100),
    ),
});
export type ArticlesByEanQuery = z.infer<typeof ArticlesByEanQuery>;

export const ArticlesByEan = z.object({
  articles: z.array(z.object({ article_id: z.string(), ean: z.string() })),
});
export type ArticlesByEan = z.infer<typeof ArticlesByEan>;
