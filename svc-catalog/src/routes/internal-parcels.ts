import type { Router } from 'express';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  centsToEuros,
  endpoint,
  type ArticleParcels,
  type ArticlePrices,
  type ArticleThumbnails,
} from '@edicola/contracts';
import { routeServer, type Db } from '@edicola/platform';
import { articles } from '../db/schema';

/**
 * svc-orders' questions about articles, internal only: the parcel before a Packlink quote (each article's weight
 * and size), the prices of the cart's lines before it tells what a discount code is worth (live articles), and
 * the photos of the lines the Ordini list shows to pack.
 */
export function internalParcelRoutes(router: Router, db: Db) {
  const serve = routeServer(router);
  serve(endpoint('GET /internal/articles/parcels'), async ({ query }): Promise<ArticleParcels> => {
    const rows = await db
      .select({ id: articles.id, weightKg: articles.weightKg, dimensions: articles.dimensions })
      .from(articles)
      .where(inArray(articles.id, query.ids));
    return {
      articles: rows.map((r) => ({
        article_id: r.id,
        weight_kg: r.weightKg ?? null,
        dimensions: r.dimensions ?? null,
      })),
    };
  });
  serve(endpoint('GET /internal/articles/thumbnails'), async ({ query }): Promise<ArticleThumbnails> => {
    const rows = await db
      .select({ id: articles.id, photoUrl: articles.photoUrl })
      .from(articles)
      .where(inArray(articles.id, query.ids));
    return { articles: rows.map((r) => ({ article_id: r.id, photo_url: r.photoUrl ?? null })) };
  });
  serve(endpoint('GET /internal/articles/prices'), async ({ query }): Promise<ArticlePrices> => {
    const rows = await db
      .select()
      .from(articles)
      .where(and(inArray(articles.id, query.ids), eq(articles.isActive, true), isNull(articles.deletedAt)));
    return {
      articles: rows.map((r) => ({
        article_id: r.id,
        sku: r.sku,
        title: r.title,
        price: centsToEuros(r.priceCents),
        iva_percentage: r.ivaPercentage,
        category: r.category,
      })),
    };
  });
}
