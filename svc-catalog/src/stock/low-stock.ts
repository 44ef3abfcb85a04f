import type { EventData } from '@edicola/contracts';
import type { Db, EventBus } from '@edicola/platform';
import type { ArticleRow } from '../db/schema';

/** Stock at or below which the shop is told (until articles carry a threshold of their own). */
export const LOW_STOCK_THRESHOLD = 2;

/**
 * Announces (article.stock_low, in the caller's transaction) an article whose stock falls to or below the
 * threshold with this take: only when it crosses it, so every sale below the threshold does not repeat it.
 */
export async function announceLowStock(
  tx: Db,
  bus: EventBus,
  before: Pick<ArticleRow, 'id' | 'sku' | 'title' | 'quantityStock'>,
  taken: number,
): Promise<void> {
  const after = before.quantityStock - taken;
  if (before.quantityStock <= LOW_STOCK_THRESHOLD || after > LOW_STOCK_THRESHOLD) return;
  await bus.emit(tx, 'article.stock_low', articleStockLow(before, after, LOW_STOCK_THRESHOLD, new Date()));
}

/** The data of `article.stock_low`: the article, what is left and the threshold it reached. */
export function articleStockLow(
  article: Pick<ArticleRow, 'id' | 'sku' | 'title'>,
  left: number,
  threshold: number,
  when: Date,
): EventData<'article.stock_low'> {
  return {
    article_id: article.id,
    sku: article.sku,
    title: article.title,
    quantity_stock: left,
    threshold,
    occurred_at: when.toISOString(),
  };
}
