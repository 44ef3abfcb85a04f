import { eq, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { EventHandler } from '@edicola/platform';
import { articles, ebayListings } from '../db/schema';

const ArticleId = z.uuid();

/**
 * svc-catalog's answer to svc-channels' `listing.changed`: the listing's state is kept for GET
 * /api/articles/{id}/ebay, only when the report's revision is higher than the one kept (a late, older report
 * changes nothing). A report on an article svc-catalog does not have is dropped.
 */
export const onListingChanged: EventHandler<'listing.changed'> = async (event, tx) => {
  const report = event.data;
  if (!ArticleId.safeParse(report.article_id).success) return;
  const [article] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.id, report.article_id));
  if (!article) return;
  const kept = {
    state: report.state,
    listingRevision: report.revision,
    listingId: report.listing_id,
    listingUrl: report.listing_url,
    quantity: report.quantity,
    error: report.error,
    reportedAt: new Date(report.changed_at),
  };
  await tx
    .insert(ebayListings)
    .values({ articleId: report.article_id, ...kept })
    .onConflictDoUpdate({
      target: ebayListings.articleId,
      set: kept,
      setWhere: or(isNull(ebayListings.listingRevision), lt(ebayListings.listingRevision, report.revision)),
    });
};
