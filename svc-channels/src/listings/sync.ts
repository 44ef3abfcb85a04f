import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { EbayError, type PriceQuantity } from '../ebay/api';
import { accountRow, isConnected, updateAccount } from '../ebay-account/account';
import { listings, type ListingRow } from '../db/schema';
import type { ChannelsContext } from '../context';
import { euros, expectedPriceCents, expectedQuantity, reportListing } from './listings';

/** eBay's limit of bulkUpdatePriceQuantity (docs/product/ebay.md#sell-api). */
export const BATCH = 25;
/** Most listings one run sends; the rest wait for the next run. */
const MAX_PER_RUN = 1000;
const MAX_PAUSE_MS = 5 * 60_000;

export interface SyncOutcome {
  sent: number;
  calls: number;
  /** eBay was unreachable or asked to slow down: what is left waits, dirty, for a later run. */
  paused: boolean;
}

/**
 * The quantity sync: the published listings whose quantity or price changed go to eBay in batches of 25. A
 * listing's dirty flag is cleared only if it did not change while eBay was being told; eBay failing or slowing
 * down stops the run and pauses the next ones (its Retry-After, else a doubling wait), losing nothing.
 */
export function quantitySync(ctx: ChannelsContext) {
  let failures = 0;
  return async function sync(options: { force?: boolean } = {}): Promise<SyncOutcome> {
    const db = ctx.database.db;
    const outcome: SyncOutcome = { sent: 0, calls: 0, paused: false };
    const acct = await accountRow(db);
    if (!ctx.api || !isConnected(acct)) return outcome;
    if (!options.force && acct.syncPausedUntil && acct.syncPausedUntil.getTime() > Date.now())
      return { ...outcome, paused: true };
    const dirty = await db
      .select()
      .from(listings)
      .where(and(eq(listings.state, 'listed'), eq(listings.quantityDirty, true), isNotNull(listings.offerId)))
      .orderBy(asc(listings.updatedAt))
      .limit(MAX_PER_RUN);
    for (let i = 0; i < dirty.length; i += BATCH) {
      const batch = dirty.slice(i, i + BATCH);
      const requests: PriceQuantity[] = batch.map((row) => {
        const quantity = expectedQuantity(row);
        return {
          sku: row.sku,
          shipToLocationAvailability: { quantity },
          offers: [
            {
              offerId: row.offerId!,
              availableQuantity: quantity,
              price: { value: euros(expectedPriceCents(row)), currency: 'EUR' },
            },
          ],
        };
      });
      let results;
      try {
        outcome.calls++;
        results = await ctx.api.bulkUpdatePriceQuantity(requests);
      } catch (err) {
        if (!(err instanceof EbayError)) throw err;
        failures++;
        const pauseMs = err.retryAfterMs ?? Math.min(MAX_PAUSE_MS, 1000 * 2 ** Math.min(failures, 9));
        await updateAccount(db, { syncPausedUntil: new Date(Date.now() + pauseMs) });
        ctx.logger.warn(
          { status: err.status, pause_ms: pauseMs, left: dirty.length - i },
          'eBay quantity sync paused',
        );
        return { ...outcome, paused: true };
      }
      failures = 0;
      const bySku = new Map(results.map((r) => [r.sku, r]));
      for (const row of batch) await recordSent(ctx, row, bySku.get(row.sku));
      outcome.sent += batch.length;
    }
    await updateAccount(db, { lastSyncAt: new Date(), syncPausedUntil: null });
    return outcome;
  };
}

async function recordSent(
  ctx: ChannelsContext,
  row: ListingRow,
  result: { statusCode: number; errors?: { message: string }[] } | undefined,
): Promise<void> {
  const quantity = expectedQuantity(row);
  await ctx.database.db.transaction(async (tx) => {
    if (result && result.statusCode >= 200 && result.statusCode < 300) {
      await tx
        .update(listings)
        .set({
          quantitySent: quantity,
          priceSentCents: expectedPriceCents(row),
          quantityDirty: sql`${listings.changeSeq} <> ${row.changeSeq}`,
          error: null,
        })
        .where(eq(listings.articleId, row.articleId));
      if (row.quantitySent !== quantity || row.error) await reportListing(ctx, tx, row.articleId);
      return;
    }
    // eBay refused this SKU: recorded on the listing; kept dirty when eBay may take it later.
    const retryable = !result || result.statusCode === 429 || result.statusCode >= 500;
    const message = result?.errors?.map((e) => e.message).join('; ') || 'nessuna risposta per questo SKU';
    await tx
      .update(listings)
      .set({
        error: `eBay non ha aggiornato quantità e prezzo: ${message}`.slice(0, 500),
        quantityDirty: retryable ? true : sql`${listings.changeSeq} <> ${row.changeSeq}`,
      })
      .where(eq(listings.articleId, row.articleId));
    if (row.error === null) await reportListing(ctx, tx, row.articleId);
  });
}
