import { eq, sql } from 'drizzle-orm';
import type { EventData } from '@edicola/contracts';
import type { Db, EventHandler } from '@edicola/platform';
import { EbayError, type InventoryItem, type Offer } from '../ebay/api';
import { accountRow, isConnected, updateAccount } from '../ebay-account/account';
import { listings, type ListingRow } from '../db/schema';
import { LISTING_JOB, type ChannelsContext } from '../context';

/** The listing should be on eBay: enabled, active, not deleted. */
export const wanted = (row: Pick<ListingRow, 'enabled' | 'active' | 'deleted'>) =>
  row.enabled && row.active && !row.deleted;

/** What eBay should show: the stock less the units kept off eBay, 0 when the article is not for sale. */
export const expectedQuantity = (row: ListingRow) =>
  wanted(row) ? Math.max(0, row.quantityStock - row.buffer) : 0;

/** Gross price on eBay in cents: the eBay price, or the shop's. */
export const expectedPriceCents = (row: Pick<ListingRow, 'priceCents' | 'unitGrossCents'>) =>
  row.priceCents ?? row.unitGrossCents;

export const euros = (cents: number) => (cents / 100).toFixed(2);

/** The `listing.changed` of a listing as it stands (a provider pact builds its example with it). */
export function listingChangedOf(
  row: ListingRow,
  listingUrl: (listingId: string) => string,
  at = new Date(),
): EventData<'listing.changed'> {
  return {
    article_id: row.articleId,
    channel: 'ebay',
    revision: row.reportRevision,
    state: row.state,
    listing_id: row.listingId,
    listing_url: row.listingId ? listingUrl(row.listingId) : null,
    quantity: row.quantitySent,
    error: row.error,
    changed_at: at.toISOString(),
  };
}

/** Emits `listing.changed` with the listing's next report revision, in the caller's transaction. */
export async function reportListing(ctx: ChannelsContext, tx: Db, articleId: string): Promise<void> {
  const [row] = await tx
    .update(listings)
    .set({ reportRevision: sql`${listings.reportRevision} + 1`, updatedAt: new Date() })
    .where(eq(listings.articleId, articleId))
    .returning();
  if (row) await ctx.bus.emit(tx, 'listing.changed', listingChangedOf(row, ctx.listingUrl));
}

type ArticleChanged = EventData<'article.changed'>;

const mirrorOf = (a: ArticleChanged) => ({
  revision: a.revision,
  sku: a.sku,
  title: a.title,
  description: a.description,
  category: a.category,
  ean: a.ean,
  unitGrossCents: a.unit_gross_cents,
  quantityStock: a.quantity_stock,
  active: a.active,
  photoUrls: a.photo_urls,
  deleted: a.deleted,
  enabled: a.ebay.enabled,
  priceCents: a.ebay.price_cents,
  buffer: a.ebay.buffer,
});

const contentOf = (r: Pick<ListingRow, 'title' | 'description' | 'category' | 'ean' | 'photoUrls'>) =>
  JSON.stringify([r.title, r.description, r.category, r.ean, r.photoUrls]);

/**
 * An article changed: its mirror takes the newer revision; a quantity or price to send marks the listing dirty
 * (the sync sends it), a listing to create, update or end gets a listing job.
 */
export function onArticleChanged(ctx: ChannelsContext): EventHandler<'article.changed'> {
  return async (event, tx) => {
    const a = event.data;
    const [before] = await tx
      .select()
      .from(listings)
      .where(eq(listings.articleId, a.article_id))
      .for('update');
    // Every article is mirrored, enabled or not: a late, older event then finds the newer revision and is dropped.
    if (before && before.revision >= a.revision) return;
    const mirror = mirrorOf(a);
    const after = { ...(before ?? defaults(a.article_id)), ...mirror } as ListingRow;
    const quantityChanged =
      !before ||
      expectedQuantity(after) !== expectedQuantity(before) ||
      expectedPriceCents(after) !== expectedPriceCents(before);
    const contentChanged = !before || contentOf(after) !== contentOf(before);
    const listed = before?.state === 'listed';
    let state = after.state;
    if (wanted(after) && (state === 'not_listed' || state === 'ended' || state === 'error'))
      state = 'pending';
    if (!wanted(after) && state === 'pending') state = before?.offerId ? 'pending' : 'not_listed';
    const needsJob =
      (wanted(after) && (state === 'pending' || (listed && contentChanged))) ||
      (!wanted(after) && (listed || before?.state === 'pending'));
    const values = {
      ...mirror,
      state,
      error: state === 'pending' ? null : after.error,
      quantityDirty: (before?.quantityDirty ?? false) || quantityChanged,
      contentDirty: (before?.contentDirty ?? false) || (listed && contentChanged),
      changeSeq: (before?.changeSeq ?? 0) + (quantityChanged || contentChanged ? 1 : 0),
      updatedAt: new Date(),
    };
    if (before) await tx.update(listings).set(values).where(eq(listings.articleId, a.article_id));
    else await tx.insert(listings).values({ articleId: a.article_id, ...values });
    if (state !== (before?.state ?? 'not_listed')) await reportListing(ctx, tx, a.article_id);
    if (needsJob)
      await ctx.jobs.enqueue(
        tx,
        LISTING_JOB,
        { article_id: a.article_id },
        {
          key: `${a.article_id}:${a.revision}`,
        },
      );
  };
}

function defaults(articleId: string): Partial<ListingRow> {
  return {
    articleId,
    state: 'not_listed',
    offerId: null,
    listingId: null,
    quantitySent: null,
    priceSentCents: null,
    quantityDirty: false,
    contentDirty: false,
    changeSeq: 0,
    error: null,
    reportRevision: 0,
  };
}

/** Asks for a listing job for every listing still to be put on eBay (after a connection, and every hour). */
export async function enqueuePendingListings(ctx: ChannelsContext, tx: Db, round: string): Promise<number> {
  const rows = await tx
    .select({ articleId: listings.articleId })
    .from(listings)
    .where(
      sql`(${listings.state} = 'pending') or (${listings.state} = 'listed' and ${listings.contentDirty})`,
    );
  for (const row of rows)
    await ctx.jobs.enqueue(
      tx,
      LISTING_JOB,
      { article_id: row.articleId },
      { key: `${row.articleId}:${round}` },
    );
  return rows.length;
}

const absolute = (url: string, base: string) =>
  new URL(url, base.endsWith('/') ? base : `${base}/`).toString();

export function inventoryItemOf(row: ListingRow, publicApiUrl: string): InventoryItem {
  return {
    locale: 'it_IT',
    // article.changed carries no condition: the shop's pieces are listed as new (docs/decisions/0048-ebay-sync.md).
    condition: 'NEW',
    availability: { shipToLocationAvailability: { quantity: expectedQuantity(row) } },
    product: {
      title: row.title.slice(0, 80),
      description: row.description || row.title,
      imageUrls: row.photoUrls.slice(0, 24).map((url) => absolute(url, publicApiUrl)),
      ...(row.ean ? { ean: [row.ean] } : {}),
    },
  };
}

class ListingRefused extends Error {}

function offerOf(ctx: ChannelsContext, row: ListingRow): Offer {
  const categoryId = ctx.setup.categoryIds[row.category];
  if (!categoryId)
    throw new ListingRefused(
      `Nessuna categoria eBay per la categoria «${row.category}»: aggiungila a EBAY_CATEGORY_IDS`,
    );
  return {
    sku: row.sku,
    marketplaceId: 'EBAY_IT',
    format: 'FIXED_PRICE',
    availableQuantity: expectedQuantity(row),
    categoryId,
    merchantLocationKey: ctx.setup.locationKey,
    pricingSummary: { price: { value: euros(expectedPriceCents(row)), currency: 'EUR' } },
    listingPolicies: ctx.setup.policies,
    listingDescription: row.description || row.title,
  };
}

/** Creates the shop's inventory location once (eBay needs one before an offer is published). */
async function ensureLocation(ctx: ChannelsContext): Promise<void> {
  const db = ctx.database.db;
  if ((await accountRow(db)).locationReady) return;
  try {
    await ctx.api!.createInventoryLocation(ctx.setup.locationKey, {
      name: 'Edicola Napoli',
      address: { city: 'Napoli', postalCode: '80100', country: 'IT' },
    });
  } catch (err) {
    // 409: the location exists already (created before a crash).
    if (!(err instanceof EbayError && err.status === 409)) throw err;
  }
  await updateAccount(db, { locationReady: true });
}

/**
 * The listing job: puts the article on eBay as it is now (inventory item, offer, publication), or ends it. eBay
 * unreachable or slowing down: the job fails and runs again later; eBay refusing: the listing's state `error`.
 */
export async function runListingJob(ctx: ChannelsContext, articleId: string): Promise<void> {
  const db = ctx.database.db;
  if (!ctx.api) return;
  const [row] = await db.select().from(listings).where(eq(listings.articleId, articleId));
  // Not connected: the listing waits as `pending`; connecting asks for its job again.
  if (!row || !isConnected(await accountRow(db))) return;
  try {
    if (wanted(row)) await publish(ctx, row);
    else await withdraw(ctx, row);
  } catch (err) {
    if (err instanceof EbayError && err.retryable) throw err;
    if (!(err instanceof EbayError) && !(err instanceof ListingRefused)) throw err;
    ctx.logger.warn({ article_id: articleId, err: err.message }, 'eBay refused the listing');
    await db.transaction(async (tx) => {
      await tx
        .update(listings)
        .set({ state: 'error', error: `eBay ha rifiutato l’annuncio: ${err.message}`.slice(0, 500) })
        .where(eq(listings.articleId, articleId));
      await reportListing(ctx, tx, articleId);
    });
  }
}

async function publish(ctx: ChannelsContext, row: ListingRow): Promise<void> {
  const api = ctx.api!;
  const offer = offerOf(ctx, row);
  await ensureLocation(ctx);
  await api.putInventoryItem(row.sku, inventoryItemOf(row, ctx.publicApiUrl));
  // An offer created before a crash is found again instead of created twice.
  const offerId =
    row.offerId ?? (await api.getOffers(row.sku)).find((o) => o.marketplaceId === 'EBAY_IT')?.offerId ?? null;
  const id = offerId
    ? (await api.updateOffer(offerId, offer), offerId)
    : (await api.createOffer(offer)).offerId;
  const listingId =
    row.state === 'listed' && row.listingId ? row.listingId : (await api.publishOffer(id)).listingId;
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(listings)
      .set({
        offerId: id,
        listingId,
        state: 'listed',
        error: null,
        quantitySent: offer.availableQuantity,
        priceSentCents: expectedPriceCents(row),
        contentDirty: sql`${listings.changeSeq} <> ${row.changeSeq} and ${listings.contentDirty}`,
        quantityDirty: sql`${listings.changeSeq} <> ${row.changeSeq} and ${listings.quantityDirty}`,
      })
      .where(eq(listings.articleId, row.articleId));
    await reportListing(ctx, tx, row.articleId);
    // Disabled (or deactivated) while eBay was publishing it: it comes off again.
    const [current] = await tx.select().from(listings).where(eq(listings.articleId, row.articleId));
    if (current && !wanted(current))
      await ctx.jobs.enqueue(
        tx,
        LISTING_JOB,
        { article_id: row.articleId },
        {
          key: `${row.articleId}:${current.revision}:withdraw`,
        },
      );
  });
}

async function withdraw(ctx: ChannelsContext, row: ListingRow): Promise<void> {
  if (row.offerId && row.state === 'listed') {
    try {
      await ctx.api!.withdrawOffer(row.offerId);
    } catch (err) {
      // 404: the listing ended on eBay already.
      if (!(err instanceof EbayError && err.status === 404)) throw err;
    }
  }
  await ctx.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(listings)
      .where(eq(listings.articleId, row.articleId))
      .for('update');
    // Enabled again meanwhile: its own job puts it back.
    if (!current || wanted(current)) return;
    await tx
      .update(listings)
      .set({
        state: row.state === 'listed' ? 'ended' : 'not_listed',
        listingId: null,
        quantitySent: row.state === 'listed' ? 0 : row.quantitySent,
        quantityDirty: false,
        contentDirty: false,
        error: null,
      })
      .where(eq(listings.articleId, row.articleId));
    await reportListing(ctx, tx, row.articleId);
  });
}
