import { ArticleThumbnails, ROUTES, type Order, type PackLine } from '@edicola/contracts';
import type { InternalClient, Logger } from '@edicola/platform';

/** As many ids as svc-catalog takes in one question (ArticleThumbnailsQuery). */
const IDS_PER_CALL = 50;

/**
 * The photos of the articles, by id, asked to svc-catalog in as few calls as the ids need. The photo is only a
 * help to the eye: when the catalogue does not answer, the list shows its lines without (and says so in the log).
 */
export async function thumbnailsOf(
  internal: InternalClient,
  articleIds: string[],
  logger?: Logger,
): Promise<Map<string, string | null>> {
  const ids = [...new Set(articleIds)];
  const found = new Map<string, string | null>();
  try {
    for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
      const answer = ArticleThumbnails.parse(
        await internal.get('svc-catalog', ROUTES['GET /internal/articles/thumbnails'].path, {
          query: { ids: ids.slice(start, start + IDS_PER_CALL).join(',') },
        }),
      );
      for (const article of answer.articles) found.set(article.article_id, article.photo_url);
    }
  } catch (error) {
    logger?.warn({ err: error }, 'article photos unavailable: the order list shows its lines without');
  }
  return found;
}

/**
 * The lines to pack of each order of a page of the Ordini list (docs/product/back-office.md#order-rows): the
 * article's name and quantity as the order has them, its photo as the catalogue has it now.
 */
export async function withPackLines<T extends Order>(
  internal: InternalClient,
  orders: T[],
  logger?: Logger,
): Promise<(T & { lines: PackLine[] })[]> {
  const photos = await thumbnailsOf(
    internal,
    orders.flatMap((order) => order.items.map((item) => item.article_id)),
    logger,
  );
  return orders.map((order) => ({
    ...order,
    lines: order.items.map((item) => ({
      article_id: item.article_id,
      title: item.title,
      quantity: item.quantity,
      thumbnail_url: photos.get(item.article_id) ?? null,
    })),
  }));
}
