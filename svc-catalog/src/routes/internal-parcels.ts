import type { Router } from 'express';
import { inArray } from 'drizzle-orm';
import { endpoint, type ArticleParcels } from '@edicola/contracts';
import { routeServer, type Db } from '@edicola/platform';
import { articles } from '../db/schema';

/** svc-orders' parcel question before a Packlink quote: each article's weight and size. Internal only. */
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
}
