import type { Router } from 'express';
import { inArray } from 'drizzle-orm';
import { ARTICLE_PARCELS_PATH, ArticleParcelsQuery, type ArticleParcels } from '@edicola/contracts';
import { handle, requireInternal, type Db } from '@edicola/platform';
import { articles } from '../db/schema';

const fromOrders = requireInternal({ from: ['svc-orders'] });

/** svc-orders' parcel question before a Packlink quote: each article's weight and size. Internal only. */
export function internalParcelRoutes(router: Router, db: Db) {
  router.get(
    ARTICLE_PARCELS_PATH,
    fromOrders,
    handle({ query: ArticleParcelsQuery }, async ({ query }): Promise<ArticleParcels> => {
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
    }),
  );
}
