import {
  centsToEuros,
  DEFAULT_LOW_STOCK_THRESHOLD,
  eurosToCents,
  type AdminArticle,
  type Article,
  type ArticleForm,
  type ArticlePhoto,
} from '@edicola/contracts';
import type { ArticlePhotoRow, ArticleRow, NewArticleRow } from '../db/schema';

export const toArticlePhoto = (photo: ArticlePhotoRow): ArticlePhoto => ({
  id: photo.id,
  url: photo.url,
  zoom_url: photo.zoomUrl,
  alt: photo.alt,
});

/**
 * An article row as the API speaks it: euros with two decimals, snake_case fields, with its photos in their order
 * (articles/photos.ts loads them).
 */
export function toArticle(row: ArticleRow, photos: readonly ArticlePhotoRow[]): Article {
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    ean: row.ean,
    title: row.title,
    description: row.description,
    category: row.category,
    product_type: row.productType,
    availability_date: row.availabilityDate,
    price: centsToEuros(row.priceCents),
    iva_percentage: row.ivaPercentage,
    quantity_stock: row.quantityStock,
    deposit_percent: row.depositPercent,
    weight: row.weightKg,
    dimensions: row.dimensions,
    photo_url: row.photoUrl,
    photos: photos.map(toArticlePhoto),
    attributes: row.attributes,
    is_active: row.isActive,
    // Shipping is priced by the shipping rules; these legacy fields are always 0.00
    // (docs/product/records.md#article).
    shipping_cost_national: 0,
    shipping_cost_international: 0,
    share_facebook: row.shareFacebook,
    share_instagram: row.shareInstagram,
    share_whatsapp: row.shareWhatsapp,
    sale_starts_at: row.saleStartsAt?.toISOString() ?? null,
    max_per_buyer: row.maxPerBuyer,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The article as the back office sees it: with its low-stock threshold and version. */
export function toAdminArticle(row: ArticleRow, photos: readonly ArticlePhotoRow[]): AdminArticle {
  return {
    ...toArticle(row, photos),
    low_stock_threshold: row.lowStockThreshold,
    version: row.version,
  };
}

/** The columns a new article takes from its form (the photo is handled apart; the slug is the database's). */
export function newArticleFromForm(form: ArticleForm): Omit<NewArticleRow, 'photoUrl'> {
  return {
    ...editedArticleFromForm(form),
    attributes: form.attributes ?? {},
    quantityStock: form.quantity_stock ?? 0,
    lowStockThreshold: form.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
  };
}

/**
 * The columns an edit sets: never the stock (it moves by deltas only, so a form loaded before an order
 * took units cannot write the old figure back), the threshold and the attributes only when the form has them.
 */
export function editedArticleFromForm(form: ArticleForm): Omit<NewArticleRow, 'photoUrl' | 'quantityStock'> {
  return {
    sku: form.sku,
    ean: form.ean,
    title: form.title,
    description: form.description,
    category: form.category,
    productType: form.product_type,
    availabilityDate: form.availability_date,
    depositPercent: form.deposit_percent,
    priceCents: eurosToCents(form.price),
    ivaPercentage: form.iva_percentage,
    ...(form.low_stock_threshold === undefined ? {} : { lowStockThreshold: form.low_stock_threshold }),
    ...(form.attributes === undefined ? {} : { attributes: form.attributes }),
    weightKg: form.weight,
    dimensions: form.dimensions,
    isActive: form.is_active,
    shareFacebook: form.share_facebook,
    shareInstagram: form.share_instagram,
    shareWhatsapp: form.share_whatsapp,
    saleStartsAt: form.sale_starts_at === null ? null : new Date(form.sale_starts_at),
    maxPerBuyer: form.max_per_buyer,
  };
}
