import {
  attributesOf,
  INVALID_EAN_DETAIL,
  isValidEan,
  normalEan,
  PHOTO_ERRORS,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  romeLocalTime,
  type AdminArticle,
  type ArticleAttributes,
  type AttributeName,
  type ProductType,
} from '@edicola/contracts';

/** The article form as typed: every field a string or a flag, as the inputs hold them. */
export interface ArticleDraft {
  sku: string;
  /** The barcode (EAN-13, EAN-8, UPC-A), optional. */
  ean: string;
  title: string;
  description: string;
  category: string;
  product_type: ProductType;
  availability_date: string;
  /** A pre-sale's deposit in percent (docs/product/orders-and-payments.md#deposits); 0: paid in full. */
  deposit_percent: string;
  price: string;
  iva_percentage: string;
  quantity_stock: string;
  low_stock_threshold: string;
  /** The release hour as a Rome wall-clock time (datetime-local), '' = on sale now. */
  sale_starts_at: string;
  /** Units per buyer, '' = the default (2 for a pre-sale, no limit otherwise). */
  max_per_buyer: string;
  weight: string;
  dimensions: string;
  is_active: boolean;
  share_facebook: boolean;
  share_instagram: boolean;
  share_whatsapp: boolean;
  /** The typed attributes as the inputs hold them (docs/product/back-office.md#article-attributes). */
  attributes: Partial<Record<AttributeName, string>>;
  /** The new article's photo's alt text (the title when empty). */
  photo_alt: string;
}

/** A new article: type normale (docs/product/constants.md#defaults), VAT 22 %, threshold 2. */
export const emptyDraft = (): ArticleDraft => ({
  sku: '',
  ean: '',
  title: '',
  description: '',
  category: '',
  product_type: 'normale',
  availability_date: '',
  deposit_percent: '0',
  price: '',
  iva_percentage: '22',
  quantity_stock: '0',
  low_stock_threshold: '2',
  sale_starts_at: '',
  max_per_buyer: '',
  weight: '',
  dimensions: '',
  is_active: true,
  share_facebook: false,
  share_instagram: false,
  share_whatsapp: false,
  attributes: {},
  photo_alt: '',
});

export function draftOf(article: AdminArticle): ArticleDraft {
  return {
    sku: article.sku,
    ean: article.ean ?? '',
    title: article.title,
    description: article.description,
    category: article.category,
    product_type: article.product_type,
    availability_date: article.availability_date ?? '',
    deposit_percent: String(article.deposit_percent ?? 0),
    price: article.price.toFixed(2),
    iva_percentage: String(article.iva_percentage),
    quantity_stock: String(article.quantity_stock),
    low_stock_threshold: String(article.low_stock_threshold),
    sale_starts_at: article.sale_starts_at ? romeLocalTime(new Date(article.sale_starts_at)) : '',
    max_per_buyer: article.max_per_buyer === null ? '' : String(article.max_per_buyer),
    weight: article.weight === null ? '' : String(article.weight),
    dimensions: article.dimensions ?? '',
    is_active: article.is_active,
    share_facebook: article.share_facebook,
    share_instagram: article.share_instagram,
    share_whatsapp: article.share_whatsapp,
    attributes: Object.fromEntries(
      Object.entries(article.attributes).flatMap(([name, value]) =>
        value === null || value === undefined ? [] : [[name, String(value)]],
      ),
    ),
    photo_alt: '',
  };
}

/**
 * A copy to save as a new article: same fields and a SKU to change. Its opening stock starts at the original's (a
 * twin piece usually comes in the same quantity; the field stays editable before saving).
 */
export const duplicateDraft = (article: AdminArticle): ArticleDraft => ({
  ...draftOf(article),
  sku: `${article.sku}-COPIA`,
  // A barcode names one article: the copy gets its own. So does a graded card's certificate.
  ean: '',
  attributes: { ...draftOf(article).attributes, certificate_number: undefined },
});

/**
 * The attributes sent: those of the draft's category only (a category no longer chosen leaves its values
 * behind), the empty ones left out, the grade as a number. `{}` clears them.
 */
export function attributesOfDraft(draft: ArticleDraft): ArticleAttributes {
  const attributes: Record<string, string | number> = {};
  for (const name of attributesOf(draft.category)) {
    const value = draft.attributes[name]?.trim() ?? '';
    if (value !== '') attributes[name] = name === 'grade' ? Number(value) : value;
  }
  return attributes as ArticleAttributes;
}

/**
 * The EAN's quick check (docs/product/counter.md#barcodes): empty is fine, else 8, 12 or 13 digits with the check
 * digit. The server checks again and decides.
 */
export function eanError(ean: string): string | null {
  const code = ean.trim();
  return code === '' || isValidEan(normalEan(code)) ? null : INVALID_EAN_DETAIL;
}

/**
 * docs/product/back-office.md#article-form: SKU, title and description must be non-blank after trimming, else
 * nothing is sent.
 */
export const hasRequiredTexts = (draft: ArticleDraft) =>
  [draft.sku, draft.title, draft.description].every((text) => text.trim() !== '');

/**
 * The photo's error of docs/product/back-office.md#article-photo, shown as soon as the file is chosen; null
 * when it may be sent.
 */
export function photoError(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_ERRORS.type;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_ERRORS.size;
  return null;
}

/**
 * The multipart form: empty fields are not sent (docs/product/back-office.md#article-form); the date only for
 * pre-sale; the stock only
 * for a new article (an edit never writes stock); `version` for an edit; shipping costs always 0.00.
 * `photoFrom`: a new article without a photo of its own shows that article's (a duplicate).
 */
export function formDataOf(
  draft: ArticleDraft,
  options: { version?: number; photo?: File | null; photoFrom?: string },
): FormData {
  const form = new FormData();
  const put = (name: string, value: string) => {
    if (value.trim() !== '') form.append(name, value.trim());
  };
  put('sku', draft.sku);
  // An edit that empties the field takes the barcode away.
  if (draft.ean.trim() !== '') form.append('ean', normalEan(draft.ean.trim()));
  else if (options.version !== undefined) form.append('ean', '');
  put('title', draft.title);
  put('description', draft.description);
  put('category', draft.category);
  put('product_type', draft.product_type);
  if (draft.product_type === 'prevendita') put('availability_date', draft.availability_date);
  if (draft.product_type === 'prevendita') put('deposit_percent', draft.deposit_percent);
  put('price', draft.price);
  put('iva_percentage', draft.iva_percentage);
  if (options.version === undefined) put('quantity_stock', draft.quantity_stock);
  else form.append('version', String(options.version));
  put('low_stock_threshold', draft.low_stock_threshold);
  put('sale_starts_at', draft.sale_starts_at);
  put('max_per_buyer', draft.max_per_buyer);
  put('weight', draft.weight);
  put('dimensions', draft.dimensions);
  form.append('is_active', String(draft.is_active));
  form.append('share_facebook', String(draft.share_facebook));
  form.append('share_instagram', String(draft.share_instagram));
  form.append('share_whatsapp', String(draft.share_whatsapp));
  form.append('shipping_cost_national', '0.00');
  form.append('shipping_cost_international', '0.00');
  form.append('attributes', JSON.stringify(attributesOfDraft(draft)));
  if (options.photo) {
    form.append('photo', options.photo);
    put('photo_alt', draft.photo_alt);
  } else if (options.photoFrom && options.version === undefined) form.append('photo_from', options.photoFrom);
  return form;
}
