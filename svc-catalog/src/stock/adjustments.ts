import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES, type StockReason } from '@edicola/contracts';
import { conflict, notFound, type Audit, type Db, type EventBus } from '@edicola/platform';
import { articles, type ArticleRow, type StockMovementRow } from '../db/schema';
import { announceArticleChanged } from '../ebay/article-changed';
import { recordMovement } from './ledger';

export const NEGATIVE_STOCK_DETAIL = 'La giacenza non può scendere sotto zero';

/**
 * Moves an article's stock by `delta` units in one statement (stock = stock + delta), so units an order
 * takes at the same moment are never overwritten, and records the change in the ledger with who made it and why.
 * Refused (409 stock_negative) when it would leave less than zero.
 */
export async function adjustStock(
  db: Db,
  bus: EventBus,
  articleId: string,
  change: { delta: number; reason: StockReason; note?: string | null },
  username: string,
  audit?: Audit,
): Promise<{ article: ArticleRow; movement: StockMovementRow }> {
  return db.transaction(async (tx) => {
    const [article] = await tx
      .update(articles)
      .set({ quantityStock: sql`${articles.quantityStock} + ${change.delta}`, updatedAt: new Date() })
      .where(
        and(
          eq(articles.id, articleId),
          isNull(articles.deletedAt),
          gte(sql`${articles.quantityStock} + ${change.delta}`, 0),
        ),
      )
      .returning();
    if (!article) {
      const [exists] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.id, articleId), isNull(articles.deletedAt)));
      if (!exists) throw notFound('Articolo non trovato');
      throw conflict(NEGATIVE_STOCK_DETAIL, ERROR_CODES.stockNegative);
    }
    const movement = await recordMovement(tx, {
      articleId,
      delta: change.delta,
      reason: change.reason,
      note: change.note ?? null,
      stockAfter: article.quantityStock,
      username,
    });
    await announceArticleChanged(tx, bus, articleId);
    await audit?.(tx, {
      entity: 'article',
      entity_id: articleId,
      action: 'updated',
      changes: {
        quantity_stock: { from: article.quantityStock - change.delta, to: article.quantityStock },
        stock_reason: { from: null, to: change.reason },
      },
    });
    return { article, movement };
  });
}
