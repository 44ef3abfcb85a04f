import { centsToEuros, eurosToCents, type Article, type ArticleForm } from '@edicola/contracts';
import type { ArticleRow, NewArticleRow } from '../db/schema';

/** An article row as the API speaks it: euros with two decimals, snake_case fields. */
export function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    description: row.description,
    category: row.category,
    product_type: row.productType,
    availability_date: row.availabilityDate,
    price: centsToEuros(row.priceCents),
    iva_percentage: row.ivaPercentage,
    quantity_stock: row.quantityStock,
    weight: row.weightKg,
    dimensions: row.dimensions,
    photo_url: row.photoUrl,
    is_active: row.isActive,
    // Shipping is priced by the shipping rules; these legacy fields are always 0.00 (SPEC §3).
    shipping_cost_national: 0,
    shipping_cost_international: 0,
    share_facebook: row.shareFacebook,
    share_instagram: row.shareInstagram,
    share_whatsapp: row.shareWhatsapp,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns a validated article form sets (the photo is handled apart). */
export function fromArticleForm(form: ArticleForm): Omit<NewArticleRow, 'photoUrl'> {
  return {
    sku: form.sku,
    title: form.title,
    description: form.description,
    category: form.category,
    productType: form.product_type,
    availabilityDate: form.availability_date,
    priceCents: eurosToCents(form.price),
    ivaPercentage: form.iva_percentage,
    quantityStock: form.quantity_stock,
    weightKg: form.weight,
    dimensions: form.dimensions,
    isActive: form.is_active,
    shareFacebook: form.share_facebook,
    shareInstagram: form.share_instagram,
    shareWhatsapp: form.share_whatsapp,
  };
}
