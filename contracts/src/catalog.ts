import { z } from 'zod';
import { INVALID_EAN_DETAIL, isValidEan, normalEan } from './barcodes';
import { singleLine } from './text';
import { ArticleAttributes, attributeProblems, setAttributes } from './attributes';
import { DEFAULT_PRESALE_MAX_PER_BUYER, instantOfRomeTime, MAX_PER_BUYER_LIMIT } from './release-hour';

// In a module of their own (no zod): the catalogue's first screen needs them, not the schemas below.
export { CATEGORIES, categoryOf, type CategorySlug } from './categories';

export const ProductType = z.enum(['normale', 'prevendita', 'prenotazione']);

/**
 * Where a unit of stock went or came from: the web shop, the counter, a marketplace, another channel
 * (docs/product/counter.md#stock-ledger). Here rather than with the counter's schemas, which the storefront's
 * bundles must not carry.
 */
export const SalesChannel = z.enum(['web', 'counter', 'ebay', 'subito', 'other']);
export type SalesChannel = z.infer<typeof SalesChannel>;

/** An article's barcode as the shop stores it (docs/product/counter.md#barcodes), its check digit checked. */
export const Ean = z
  .string('Codice EAN non valido')
  .transform(normalEan)
  .refine(isValidEan, INVALID_EAN_DETAIL);
export type ProductType = z.infer<typeof ProductType>;

/** IVA options of docs/product/constants.md#vat-rates; 0 means VAT-exempt. */
export const IVA_PERCENTAGES = [22, 10, 4, 0] as const;

/** The most photos an article may have (docs/product/article-pages.md#photos); the first is the cover. */
export const PHOTO_LIMIT = 10;
/** The width of each photo's zoomed view (stored beside the PHOTO_WIDTHS files when the upload is that large). */
export const PHOTO_ZOOM_WIDTH = 1600;

/**
 * One photo of an article: `url` the card size (as photo_url, with its PHOTO_WIDTHS siblings for a srcset),
 * `zoom_url` the large view (null for a photo stored before zooming existed), `alt` its text for screen readers.
 */
export const ArticlePhoto = z.object({
  id: z.string(),
  url: z.string(),
  zoom_url: z.string().nullable(),
  alt: z.string(),
});
export type ArticlePhoto = z.infer<typeof ArticlePhoto>;

/** An article as the API serves it: amounts in euros with two decimals. */
export const Article = z.object({
  id: z.string(),
  /** The article page's address under /prodotti/ (docs/product/article-pages.md#addresses), from its title. */
  slug: z.string(),
  sku: z.string(),
  /** The barcode printed on the article (EAN-13, or EAN-8), which the counter scans; null when it has none. */
  ean: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  product_type: ProductType,
  availability_date: z.string().nullable(),
  price: z.number().nonnegative(),
  iva_percentage: z.number().int().min(0).max(100),
  quantity_stock: z.number().int().nonnegative(),
  /**
   * The share of the price a pre-order pays now (docs/product/orders-and-payments.md#deposits); 0: all of it. The
   * shop always sends it; optional for readers of older answers.
   */
  deposit_percent: z.number().int().min(0).max(100).optional(),
  weight: z.number().nonnegative().nullable(),
  dimensions: z.string().nullable(),
  /** The cover: the first of `photos` (its url), null without photos. */
  photo_url: z.string().nullable(),
  /** Every photo in the order staff gave them, the cover first; at most PHOTO_LIMIT. */
  photos: z.array(ArticlePhoto),
  attributes: ArticleAttributes,
  is_active: z.boolean(),
  shipping_cost_national: z.number(),
  shipping_cost_international: z.number(),
  share_facebook: z.boolean(),
  share_instagram: z.boolean(),
  share_whatsapp: z.boolean(),
  /** The release hour (docs/product/release-hour.md): ISO instant it goes on sale; null = on sale now. */
  sale_starts_at: z.string().nullable(),
  /** The most units one buyer may order across their orders; null = no limit. */
  max_per_buyer: z.number().int().positive().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Article = z.infer<typeof Article>;

export const ArticleList = z.array(Article);
export type ArticleList = z.infer<typeof ArticleList>;

export const IvaOption = z.object({ value: z.number().int(), label: z.string() });
export type IvaOption = z.infer<typeof IvaOption>;

/** Params of GET /media/*path: a relative path of safe segments. */
export const MediaParams = z.object({
  path: z
    .array(
      z
        .string()
        .regex(/^[\w.-]+$/, 'segmento non valido')
        .refine((s) => s !== '..' && s !== '.'),
    )
    .min(1)
    .max(4),
});

/** An IVA rate staff may give an article (docs/product/constants.md#vat-rates), with its label. */
export const IVA_OPTIONS: IvaOption[] = [
  { value: 22, label: '22% - Beni e servizi standard' },
  { value: 10, label: '10% - Alimenti e libri' },
  { value: 4, label: '4% - Alimenti di prima necessità' },
  { value: 0, label: '0% - Esente IVA' },
];
export const IvaOptionList = z.array(IvaOption);

/**
 * docs/product/back-office.md#article-photo: the largest photo staff may upload (5 MB) and the file types
 * accepted.
 */
export const PHOTO_MAX_BYTES = 5_242_880;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const PHOTO_ERRORS = {
  type: 'Tipo di file non supportato. Usa JPEG, PNG, GIF o WebP.',
  size: 'File troppo grande. Massimo 5MB.',
  limit: `Un articolo può avere al massimo ${PHOTO_LIMIT} foto.`,
} as const;

// In a module without zod: the storefront's bundles make srcsets.
export { ARTICLE_PHOTO_SIZES, PHOTO_WIDTHS, photoSrcSet } from './photo-widths';

/** Multipart form fields arrive as text: '' counts as absent. */
const formText = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const formBool = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'on', 'yes'].includes(v.trim().toLowerCase()) : v),
  z.boolean(),
);
const required = (label: string) =>
  z.preprocess(
    formText,
    z
      .string({ message: `${label} è obbligatorio` })
      .trim()
      .min(1, `${label} è obbligatorio`),
  );
/** A number typed in a form: '12,50' and '12.50' both read as 12.5; '' counts as absent. */
const toNumber = (value: unknown) => {
  const v = formText(value);
  return typeof v === 'string' ? Number(v.trim().replace(',', '.')) : v;
};
const numberOf = (label: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined ? `${label} è obbligatorio` : `${label} deve essere un numero`,
  });

/**
 * Fields of the article form (POST /api/articles, PUT /api/articles/{id}; multipart, plus an optional
 * `photo` file). docs/product/back-office.md#article-form: sku, title, description non-empty after trimming;
 * price ≥ 0 in steps of 0.01;
 * stock an integer ≥ 0; IVA one of the options; availability_date kept for pre-sale articles only (and
 * required there). A PUT replaces every field; without a new `photo` the current one stays.
 * shipping_cost_national/international are accepted and ignored (always 0.00,
 * docs/product/records.md#article).
 * Stock: `quantity_stock` is the opening stock of a POST (0 when absent); a PUT ignores it, so a form
 * loaded before an order took units never writes the old figure back (stock moves by POST …/stock).
 * `version` (PUT): the article's version the form was loaded with; another edit since → 409 stale_version.
 * `low_stock_threshold`: default 2 on a POST, unchanged on a PUT without it.
 * `photo_from` (POST without `photo`): the id of the article whose photo the new one shows, as a duplicate does;
 * the photo's files are shared, never copied (they are immutable). A PUT ignores it.
 */
export const ArticleForm = z
  .object({
    sku: required('SKU').pipe(singleLine().max(64, 'SKU: massimo 64 caratteri')),
    ean: z.preprocess(formText, Ean.nullish()),
    title: required('Il titolo').pipe(singleLine().max(200, 'Titolo: massimo 200 caratteri')),
    description: required('La descrizione').pipe(z.string().max(5000, 'Descrizione: massimo 5000 caratteri')),
    category: required('La categoria').pipe(singleLine().max(80, 'Categoria: massimo 80 caratteri')),
    product_type: z.preprocess(formText, ProductType.default('normale')),
    availability_date: z.preprocess(
      formText,
      z.iso.date({ message: 'Data di disponibilità non valida (AAAA-MM-GG)' }).nullish(),
    ),
    price: z
      .preprocess(
        toNumber,
        numberOf('Il prezzo')
          .min(0, 'Il prezzo non può essere negativo')
          .max(1_000_000, 'Prezzo troppo alto'),
      )
      .refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        'Il prezzo ammette al massimo 2 decimali',
      ),
    iva_percentage: z.preprocess(
      toNumber,
      numberOf("L'aliquota IVA").refine(
        (v) => (IVA_PERCENTAGES as readonly number[]).includes(v),
        'Aliquota IVA non valida (22, 10, 4 o 0)',
      ),
    ),
    quantity_stock: z.preprocess(
      toNumber,
      numberOf('La quantità')
        .int('La quantità deve essere un numero intero')
        .min(0, 'La quantità non può essere negativa')
        .max(1_000_000, 'Quantità troppo alta')
        .optional(),
    ),
    low_stock_threshold: z.preprocess(
      toNumber,
      numberOf('La soglia di scorta bassa')
        .int('La soglia di scorta bassa deve essere un numero intero')
        .min(0, 'La soglia di scorta bassa non può essere negativa')
        .max(1_000_000, 'Soglia di scorta bassa troppo alta')
        .optional(),
    ),
    version: z.preprocess(
      toNumber,
      numberOf('La versione').int('La versione deve essere un numero intero').min(1).optional(),
    ),
    deposit_percent: z.preprocess(
      toNumber,
      numberOf("L'acconto")
        .int("L'acconto deve essere una percentuale intera")
        .min(0, "L'acconto non può essere negativo")
        .max(100, "L'acconto non può superare il 100%")
        .optional(),
    ),
    weight: z.preprocess(
      toNumber,
      numberOf('Il peso').min(0, 'Il peso non può essere negativo').max(10_000, 'Peso troppo alto').nullish(),
    ),
    dimensions: z.preprocess(formText, singleLine().trim().max(200).nullish()),
    is_active: z.preprocess(formText, formBool.default(true)),
    share_facebook: z.preprocess(formText, formBool.default(false)),
    share_instagram: z.preprocess(formText, formBool.default(false)),
    share_whatsapp: z.preprocess(formText, formBool.default(false)),
    /**
     * The article's typed attributes, as JSON text in the multipart form (or an object): those of its
     * category only (attributes.ts). A PUT without it leaves them as they are; `{}` clears them.
     */
    attributes: z.preprocess((value) => {
      const v = formText(value);
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v; // refused below as not an object of attributes
      }
    }, ArticleAttributes.optional()),
    photo_alt: z.preprocess(
      formText,
      singleLine().trim().max(200, 'Testo alternativo: massimo 200 caratteri').optional(),
    ),
    photo_from: z.preprocess(
      formText,
      z.uuid({ message: 'Articolo della foto da copiare non valido' }).optional(),
    ),
    shipping_cost_national: z.unknown().optional(),
    shipping_cost_international: z.unknown().optional(),
    /**
     * The release hour (docs/product/release-hour.md): a Rome wall-clock time (YYYY-MM-DDTHH:MM, as the form's
     * input gives it) or an ISO time with its offset; empty = on sale now.
     */
    sale_starts_at: z.preprocess(
      formText,
      z
        .string('Data e ora di inizio vendita non valide')
        .transform((text, ctx) => {
          const at = instantOfRomeTime(text.trim());
          if (at) return at.toISOString();
          ctx.addIssue({
            code: 'custom',
            message: 'Data e ora di inizio vendita non valide (AAAA-MM-GG HH:MM)',
          });
          return z.NEVER;
        })
        .nullish(),
    ),
    /** Units one buyer may order; empty = DEFAULT_PRESALE_MAX_PER_BUYER for a pre-sale, no limit otherwise. */
    max_per_buyer: z.preprocess(
      toNumber,
      numberOf('Il limite per acquirente')
        .int('Il limite per acquirente deve essere un numero intero')
        .min(1, 'Il limite per acquirente deve essere almeno 1')
        .max(MAX_PER_BUYER_LIMIT, `Il limite per acquirente è al massimo ${MAX_PER_BUYER_LIMIT}`)
        .nullish(),
    ),
  })
  .superRefine((form, ctx) => {
    if (form.product_type === 'prevendita' && !form.availability_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['availability_date'],
        message: 'La data di disponibilità è obbligatoria per la prevendita',
      });
    }
    if (form.product_type !== 'prevendita' && (form.deposit_percent ?? 0) > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['deposit_percent'],
        message: "L'acconto si chiede solo per gli articoli in prevendita",
      });
    }
    for (const message of form.attributes ? attributeProblems(form.category, form.attributes) : []) {
      ctx.addIssue({ code: 'custom', path: ['attributes'], message });
    }
  })
  .transform(({ shipping_cost_national: _n, shipping_cost_international: _i, ...form }) => ({
    ...form,
    availability_date: form.product_type === 'prevendita' ? (form.availability_date ?? null) : null,
    deposit_percent: form.product_type === 'prevendita' ? (form.deposit_percent ?? 0) : 0,
    ean: form.ean ?? null,
    attributes: form.attributes ? setAttributes(form.attributes) : undefined,
    weight: form.weight ?? null,
    dimensions: form.dimensions ?? null,
    sale_starts_at: form.sale_starts_at ?? null,
    max_per_buyer:
      form.max_per_buyer ?? (form.product_type === 'prevendita' ? DEFAULT_PRESALE_MAX_PER_BUYER : null),
  }));
export type ArticleForm = z.infer<typeof ArticleForm>;

export const ArticleIdParams = z.object({ id: z.uuid({ message: 'Identificativo articolo non valido' }) });
export type ArticleIdParams = z.infer<typeof ArticleIdParams>;

/** POST /api/articles/{id}/photos (multipart): one more photo, file `photo`, with its alt text (the title when empty). */
export const ArticlePhotoUpload = z.object({
  alt: z.preprocess(
    formText,
    singleLine().trim().max(200, 'Testo alternativo: massimo 200 caratteri').optional(),
  ),
});
/**
 * PUT /api/articles/{id}/photos: the article's photos in their new order, each with its alt text; the list
 * names every photo the article has, once (the first becomes the cover).
 */
export const ArticlePhotosOrder = z.object({
  photos: z
    .array(
      z.object({
        id: z.uuid('Foto non valida'),
        alt: singleLine().trim().max(200, 'Testo alternativo: massimo 200 caratteri'),
      }),
    )
    .min(1, 'Indica le foto nell’ordine voluto')
    .max(PHOTO_LIMIT, PHOTO_ERRORS.limit),
});
export type ArticlePhotosOrder = z.infer<typeof ArticlePhotosOrder>;
export const ArticlePhotoParams = z.object({
  id: z.uuid({ message: 'Identificativo articolo non valido' }),
  photo_id: z.uuid({ message: 'Foto non valida' }),
});

/** DELETE /articles/{id}: the article leaves every list (kept as inactive for past orders and reviews). */
export const ArticleDeleted = z.object({ message: z.string(), id: z.string() });
export type ArticleDeleted = z.infer<typeof ArticleDeleted>;

/** Units at or below which an article counts as low on stock, unless staff set another threshold. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 2;

/** An article as the back office sees it: its low-stock threshold and the version edits must name. */
export const AdminArticle = Article.extend({
  low_stock_threshold: z.number().int().nonnegative(),
  version: z.number().int().positive(),
});
export type AdminArticle = z.infer<typeof AdminArticle>;

export const ARTICLE_SORTS = ['title', 'price', 'stock', 'date'] as const;

/** GET /api/articles (and /api/admin/articles/prevendita, /prenotazione): search, filters, sort, page. */
export const AdminArticleQuery = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.string().trim().max(80).optional(),
  type: ProductType.optional(),
  active: z.enum(['true', 'false']).optional(),
  low_stock: z.enum(['true', 'false']).optional(),
  sort: z.enum(ARTICLE_SORTS).default('date'),
  order: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminArticleQuery = z.input<typeof AdminArticleQuery>;

export const AdminArticlePage = z.object({
  items: z.array(AdminArticle),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type AdminArticlePage = z.infer<typeof AdminArticlePage>;

/** GET /api/admin/articles/counts: the back office's tab counts. */
export const AdminArticleCounts = z.object({
  articles: z.number().int().nonnegative(),
  prevendita: z.number().int().nonnegative(),
  prenotazione: z.number().int().nonnegative(),
  low_stock: z.number().int().nonnegative(),
});
export type AdminArticleCounts = z.infer<typeof AdminArticleCounts>;

/** PATCH /api/articles/{id}/active: the list's quick toggle. */
export const ArticleActiveRequest = z.object({ is_active: z.boolean('is_active deve essere vero o falso') });

/** Why staff move stock by hand: goods received, a count corrected, units damaged. */
export const StockReason = z.enum(
  ['received', 'correction', 'damaged'],
  'Il motivo deve essere received, correction o damaged',
);
export type StockReason = z.infer<typeof StockReason>;

/** POST /api/articles/{id}/stock: a change of stock by `delta` units (never a figure to overwrite). */
export const StockAdjustmentRequest = z.object({
  delta: z
    .number('La variazione deve essere un numero intero')
    .int('La variazione deve essere un numero intero')
    .min(-1_000_000)
    .max(1_000_000)
    .refine((v) => v !== 0, 'La variazione non può essere zero'),
  reason: StockReason,
  note: z.string().trim().max(300).nullish(),
});
export type StockAdjustmentRequest = z.input<typeof StockAdjustmentRequest>;

/**
 * Why a unit moved in the stock ledger (docs/product/counter.md#stock-ledger): staff's own changes (received,
 * correction, damaged), a sale on a channel (a web order placed, a counter sale, a marketplace sale), units a
 * sale gave back before it was made (an unpaid web order cancelled or expired, a counter sale never printed),
 * and units returned after a sale (a web refund's restock, a counter return).
 */
export const StockMovementReason = z.enum(['received', 'correction', 'damaged', 'sale', 'release', 'return']);
export type StockMovementReason = z.infer<typeof StockMovementReason>;

/** One row of an article's stock ledger: every movement, with the stock it left, who and when. */
export const StockMovement = z.object({
  id: z.string(),
  article_id: z.string(),
  delta: z.number().int(),
  reason: StockMovementReason,
  /** The channel of a sale, release or return; null for staff's own changes. */
  channel: SalesChannel.nullable(),
  /** The order or counter sale that moved it, when one did. */
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** What the buyer paid in all for an external sale (gross, in euros), when staff gave it. */
  amount: z.number().nonnegative().nullable().optional(),
  stock_after: z.number().int().nonnegative(),
  username: z.string(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;
export const StockMovementList = z.array(StockMovement);

/** The answer of POST /api/articles/{id}/stock: the article as it is now and the change recorded. */
export const StockAdjusted = z.object({ article: AdminArticle, movement: StockMovement });
export type StockAdjusted = z.infer<typeof StockAdjusted>;
