import { and, eq, isNull } from 'drizzle-orm';
import {
  auditChanges,
  centsToEuros,
  eurosToCents,
  type EbayListing,
  type EbayListingSettingsRequest,
} from '@edicola/contracts';
import type { Audit, Db, EventBus } from '@edicola/platform';
import { articles, ebayListings, type EbayListingRow } from '../db/schema';
import { announceArticleChanged } from './article-changed';

/** An article's eBay settings and its listing's state as the API speaks them; no row: never put on eBay. */
export function toEbayListing(articleId: string, row: EbayListingRow | null | undefined): EbayListing {
  return {
    article_id: articleId,
    enabled: row?.enabled ?? false,
    price: row?.priceCents == null ? null : centsToEuros(row.priceCents),
    buffer: row?.buffer ?? 0,
    state: row?.state ?? 'not_listed',
    listing_id: row?.listingId ?? null,
    listing_url: row?.listingUrl ?? null,
    quantity_on_ebay: row?.quantity ?? null,
    error: row?.error ?? null,
    updated_at: row?.reportedAt?.toISOString() ?? null,
  };
}

/** GET /api/articles/{id}/ebay: null when there is no such article (or it was deleted). */
export async function ebayListingOf(db: Db, articleId: string): Promise<EbayListing | null> {
  const [found] = await db
    .select({ listing: ebayListings })
    .from(articles)
    .leftJoin(ebayListings, eq(ebayListings.articleId, articles.id))
    .where(and(eq(articles.id, articleId), isNull(articles.deletedAt)));
  return found ? toEbayListing(articleId, found.listing) : null;
}

/** What the audit trail records of the eBay settings. */
const audited = (row: Pick<EbayListingRow, 'enabled' | 'priceCents' | 'buffer'> | undefined) => ({
  ebay_enabled: row?.enabled ?? false,
  ebay_price: row?.priceCents == null ? null : centsToEuros(row.priceCents),
  ebay_buffer: row?.buffer ?? 0,
});

/**
 * The listing's state right after staff saved the settings, before svc-channels reports: enabling an article not
 * listed (never, withdrawn, refused) asks for it, `pending`; withdrawing one only asked for goes back to
 * `not_listed`; otherwise the last report stands (a listed article stays listed until svc-channels ends it).
 */
function stateAfterSaving(
  enabled: boolean,
  current: EbayListingRow['state'] | undefined,
): EbayListingRow['state'] {
  const state = current ?? 'not_listed';
  if (enabled) return state === 'listed' ? state : 'pending';
  return state === 'pending' ? 'not_listed' : state;
}

/**
 * PUT /api/articles/{id}/ebay: replaces the article's eBay settings (price absent or null: the shop's price;
 * buffer absent: 0), audited, and announced to the sales channels (article.changed) in the same transaction, the
 * article's row locked first like every other change of it. Enabling an inactive article is allowed: eBay gets
 * quantity 0 until it is on sale. Null when there is no such article (or it was deleted).
 */
export async function saveEbaySettings(
  db: Db,
  bus: EventBus,
  articleId: string,
  request: EbayListingSettingsRequest,
  username: string,
  audit?: Audit,
): Promise<EbayListing | null> {
  return db.transaction(async (tx) => {
    const [article] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.id, articleId), isNull(articles.deletedAt)))
      .for('update');
    if (!article) return null;
    const [current] = await tx.select().from(ebayListings).where(eq(ebayListings.articleId, articleId));
    const state = stateAfterSaving(request.enabled, current?.state);
    const settings = {
      enabled: request.enabled,
      priceCents: request.price == null ? null : eurosToCents(request.price),
      buffer: request.buffer ?? 0,
      settingsUpdatedAt: new Date(),
      settingsUpdatedBy: username,
      state,
      // A new request clears eBay's last refusal: it is tried again.
      ...(state === 'pending' ? { error: null } : {}),
    };
    const [row] = await tx
      .insert(ebayListings)
      .values({ articleId, ...settings })
      .onConflictDoUpdate({ target: ebayListings.articleId, set: settings })
      .returning();
    await announceArticleChanged(tx, bus, articleId);
    await audit?.(tx, {
      entity: 'article',
      entity_id: articleId,
      action: 'updated',
      changes: auditChanges(audited(current), audited(row), ['ebay_enabled', 'ebay_price', 'ebay_buffer']),
    });
    return toEbayListing(articleId, row);
  });
}
