import { asc, eq, sql } from 'drizzle-orm';
import { grossCents, type EventData } from '@edicola/contracts';
import type { Db, EventBus } from '@edicola/platform';
import { articlePhotos, articles, ebayListings, type ArticleRow, type EbayListingRow } from '../db/schema';

type EbaySettings = Pick<EbayListingRow, 'enabled' | 'priceCents' | 'buffer'>;

/** An article never put on eBay. */
const NOT_ON_EBAY: EbaySettings = { enabled: false, priceCents: null, buffer: 0 };

/** The data of `article.changed`: the article as it is now, with its eBay settings. */
export function articleChanged(
  row: ArticleRow,
  ebay: EbaySettings | null | undefined,
  when: Date,
  photoUrls: string[] = row.photoUrl ? [row.photoUrl] : [],
): EventData<'article.changed'> {
  const settings = ebay ?? NOT_ON_EBAY;
  return {
    article_id: row.id,
    revision: row.revision,
    sku: row.sku,
    title: row.title,
    description: row.description,
    category: row.category,
    ean: row.ean,
    unit_gross_cents: grossCents(row.priceCents, row.ivaPercentage),
    quantity_stock: row.quantityStock,
    active: row.isActive && row.deletedAt === null,
    // As the API's photo_url gives it (relative to the shop or absolute): svc-channels makes it absolute.
    photo_urls: photoUrls,
    ebay: { enabled: settings.enabled, price_cents: settings.priceCents, buffer: settings.buffer },
    deleted: row.deletedAt !== null,
    changed_at: when.toISOString(),
  };
}

/**
 * Tells the sales channels an article changed (`ArticleChanged` in contracts/src/events.ts): bumps its revision and emits
 * `article.changed` with its state, in `tx`, the transaction of the change, after the change updated (and so
 * locked) the article's row. Every path that moves stock or edits what a channel shows calls it once per article.
 * The article as announced; null when there is no such article.
 */
export async function announceArticleChanged(
  tx: Db,
  bus: EventBus,
  articleId: string,
): Promise<ArticleRow | null> {
  const [row] = await tx
    .update(articles)
    .set({ revision: sql`${articles.revision} + 1` })
    .where(eq(articles.id, articleId))
    .returning();
  if (!row) return null;
  const [ebay] = await tx.select().from(ebayListings).where(eq(ebayListings.articleId, articleId));
  const photos = await tx
    .select({ url: articlePhotos.url })
    .from(articlePhotos)
    .where(eq(articlePhotos.articleId, articleId))
    .orderBy(asc(articlePhotos.position));
  // An article written without photo rows (a test's direct insert) still shows its photo_url.
  const photoUrls = photos.length > 0 ? photos.map((photo) => photo.url) : undefined;
  await bus.emit(tx, 'article.changed', articleChanged(row, ebay, new Date(), photoUrls));
  return row;
}
