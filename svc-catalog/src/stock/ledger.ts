import { desc, eq } from 'drizzle-orm';
import { centsToEuros, type SalesChannel, type StockMovement } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { stockMovements, type StockMovementRow } from '../db/schema';

/** The username of the ledger rows the shop writes itself: web orders, their releases and restocks. */
export const SHOP_USER = 'shop';

/** How many rows GET /api/articles/{id}/stock-movements gives: the newest. */
export const LEDGER_PAGE = 200;

/** One movement to record; the caller has just moved the stock to `stockAfter` in the same transaction. */
export interface Movement {
  articleId: string;
  delta: number;
  reason: StockMovement['reason'];
  channel?: SalesChannel | null;
  reference?: string | null;
  note?: string | null;
  amountCents?: number | null;
  stockAfter: number;
  username: string;
  idempotencyKey?: string | null;
}

/**
 * Writes one row of the stock ledger (docs/product/counter.md#stock-ledger). Call it in the transaction that
 * moved the stock, after the update that locked the article's row, so the rows of an article follow the order of
 * its changes and the last one's `stock_after` is the stock.
 */
export async function recordMovement(tx: Db, movement: Movement): Promise<StockMovementRow> {
  const [row] = await tx
    .insert(stockMovements)
    .values({
      articleId: movement.articleId,
      delta: movement.delta,
      reason: movement.reason,
      channel: movement.channel ?? null,
      reference: movement.reference ?? null,
      note: movement.note ?? null,
      amountCents: movement.amountCents ?? null,
      stockAfter: movement.stockAfter,
      username: movement.username,
      idempotencyKey: movement.idempotencyKey ?? null,
    })
    .returning();
  return row!;
}

export function toStockMovement(row: StockMovementRow): StockMovement {
  return {
    id: row.id,
    article_id: row.articleId,
    delta: row.delta,
    reason: row.reason,
    channel: row.channel,
    reference: row.reference,
    note: row.note,
    amount: row.amountCents === null ? null : centsToEuros(row.amountCents),
    stock_after: row.stockAfter,
    username: row.username,
    created_at: row.createdAt.toISOString(),
  };
}

/** An article's ledger, newest first: the last LEDGER_PAGE movements. */
export async function articleLedger(db: Db, articleId: string): Promise<StockMovement[]> {
  const rows = await db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.articleId, articleId))
    .orderBy(desc(stockMovements.seq))
    .limit(LEDGER_PAGE);
  return rows.map(toStockMovement);
}
