import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { centsToEuros, type Article, type OrderLine, type ProductType } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { articles, type ArticleRow } from './db/schema';

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

/** Active articles for the storefront, newest first; optionally one product type only. */
export async function listActiveArticles(db: Db, type?: ProductType): Promise<Article[]> {
  const where = type
    ? and(eq(articles.isActive, true), eq(articles.productType, type))
    : eq(articles.isActive, true);
  const order =
    type === 'prevendita'
      ? [asc(articles.availabilityDate), asc(articles.title)]
      : [desc(articles.createdAt), asc(articles.title)];
  const rows = await db
    .select()
    .from(articles)
    .where(where)
    .orderBy(...order);
  return rows.map(toArticle);
}

/** Puts back the stock an order had taken. */
export async function releaseStock(db: Db, lines: OrderLine[]): Promise<void> {
  for (const line of lines) {
    await db
      .update(articles)
      .set({ quantityStock: sql`${articles.quantityStock} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(articles.id, line.article_id));
  }
}
