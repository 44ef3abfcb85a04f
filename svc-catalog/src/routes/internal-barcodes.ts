import type { Router } from 'express';
import { and, inArray, isNull } from 'drizzle-orm';
import { endpoint, normalEan, type ArticlesByEan } from '@edicola/contracts';
import { routeServer, type Db } from '@edicola/platform';
import { articles } from '../db/schema';

/**
 * svc-orders' barcode question before reserving a counter sale's lines given by EAN: the live articles with those
 * codes (docs/product/counter.md#barcodes), inactive ones included (the reservation then says why it refuses them).
 * A code no live article has is left out of the answer. Internal only.
 */
export function internalBarcodeRoutes(router: Router, db: Db) {
  const serve = routeServer(router);
  serve(endpoint('GET /internal/articles/by-ean'), async ({ query }): Promise<ArticlesByEan> => {
    const rows = await db
      .select({ id: articles.id, ean: articles.ean })
      .from(articles)
      .where(and(inArray(articles.ean, query.eans.map(normalEan)), isNull(articles.deletedAt)));
    return { articles: rows.map((row) => ({ article_id: row.id, ean: row.ean! })) };
  });
}
