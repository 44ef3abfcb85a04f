import { desc, eq, sql } from 'drizzle-orm';
import type { EbayReconciliation } from '@edicola/contracts';
import { accountRow, failureText, isConnected } from '../ebay-account/account';
import {
  listings,
  reconciliations,
  type ReconciliationDifference,
  type ReconciliationRow,
} from '../db/schema';
import type { ChannelsContext } from '../context';
import { enqueuePendingListings, expectedQuantity } from './listings';

const PAGE = 200;

export const toReconciliation = (row: ReconciliationRow): EbayReconciliation => ({
  id: row.id,
  started_at: row.startedAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
  checked: row.checked,
  differences: row.differences,
  error: row.error,
});

export async function recentReconciliations(ctx: ChannelsContext): Promise<EbayReconciliation[]> {
  const rows = await ctx.database.db
    .select()
    .from(reconciliations)
    .orderBy(desc(reconciliations.startedAt))
    .limit(50);
  return rows.map(toReconciliation);
}

/**
 * The reconciliation: eBay's quantities read back and compared with what the shop expects on eBay; a difference
 * marks the listing dirty (the next sync corrects it) and is recorded with the run. Listings still waiting to be
 * put on eBay get their job again (the hourly sweep of the pending state). Null when eBay is not connected.
 */
export async function reconcile(ctx: ChannelsContext): Promise<EbayReconciliation | null> {
  const db = ctx.database.db;
  if (!ctx.api || !isConnected(await accountRow(db))) return null;
  const [run] = await db.insert(reconciliations).values({}).returning();
  const update = async (set: Partial<typeof reconciliations.$inferInsert>) => {
    const [row] = await db
      .update(reconciliations)
      .set({ ...set, finishedAt: new Date() })
      .where(eq(reconciliations.id, run!.id))
      .returning();
    return toReconciliation(row!);
  };
  try {
    const onEbay = new Map<string, number>();
    for (let offset = 0; ;) {
      const page = await ctx.api.getInventoryItems(offset, PAGE);
      for (const item of page.inventoryItems)
        onEbay.set(item.sku, item.availability.shipToLocationAvailability.quantity);
      offset += page.inventoryItems.length;
      if (page.inventoryItems.length === 0 || offset >= page.total) break;
    }
    const listed = await db.select().from(listings).where(eq(listings.state, 'listed'));
    const differences: ReconciliationDifference[] = [];
    for (const row of listed) {
      // A change the sync has yet to send is no difference: it is on its way.
      if (row.quantityDirty) continue;
      const quantity = onEbay.get(row.sku) ?? null;
      const expected = expectedQuantity(row);
      if (quantity === expected) continue;
      await db
        .update(listings)
        .set({ quantityDirty: true, changeSeq: sql`${listings.changeSeq} + 1` })
        .where(eq(listings.articleId, row.articleId));
      differences.push({
        article_id: row.articleId,
        sku: row.sku,
        title: row.title,
        quantity_on_ebay: quantity,
        expected,
        corrected: true,
      });
    }
    if (differences.length > 0)
      ctx.logger.warn(
        { differences: differences.length },
        'eBay quantities differed from the shop’s: corrected',
      );
    await db.transaction((tx) => enqueuePendingListings(ctx, tx, `sweep:${run!.id}`));
    return await update({ checked: listed.length, differences });
  } catch (err) {
    ctx.logger.warn({ err }, 'eBay reconciliation failed');
    return update({ error: failureText(err) });
  }
}
