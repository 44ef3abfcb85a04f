import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OrderStatus } from '@edicola/contracts';
import type { Db, EventBus } from '@edicola/platform';
import { articles, reservations } from '../db/schema';
import { announceArticleChanged } from '../ebay/article-changed';
import { recordMovement } from './ledger';
import { totalsByArticle } from './reservation';

/** Statuses in which an order holds stock reserved at creation. */
const HOLDING_STOCK: OrderStatus[] = ['pending', 'paid', 'confirmed'];

/** True when this status change gives the order's stock back to the shelf. */
export function releasesStock(from: OrderStatus | null, to: OrderStatus): boolean {
  return to === 'cancelled' && from !== null && HOLDING_STOCK.includes(from);
}

/**
 * How the ledger names the units a cancellation gives back: a `release` when the order was never paid (the sale
 * was not made), a `return` when it was paid (or confirmed) and then cancelled.
 */
export function releaseReasonOf(from: OrderStatus | null): 'release' | 'return' {
  return from === 'pending' ? 'release' : 'return';
}

/**
 * Gives an order's reserved stock back, once: the reservation row is marked released in the same
 * statement that finds it unreleased, so a repeated DELETE, a duplicate or replayed cancellation event,
 * or a DELETE followed by the event, finds nothing left to release. An order with no reservation yet gets
 * a released, empty row, so a reservation arriving late for it is refused. Run it inside a transaction.
 * Each article's units are a row of the ledger, with the reservation's channel; `reason` is `release` for a sale
 * never made (svc-orders' DELETE, an unpaid order cancelled), `return` for a paid order cancelled.
 * Each article's change is announced (article.changed). True when stock went back.
 */
export async function releaseReservation(
  db: Db,
  bus: EventBus,
  orderId: string,
  reason: 'release' | 'return' = 'release',
): Promise<boolean> {
  const tombstone = await db
    .insert(reservations)
    .values({ orderId, lines: [], releasedAt: new Date() })
    .onConflictDoNothing()
    .returning({ orderId: reservations.orderId });
  if (tombstone.length > 0) return false;
  const [released] = await db
    .update(reservations)
    .set({ releasedAt: new Date() })
    .where(and(eq(reservations.orderId, orderId), isNull(reservations.releasedAt)))
    .returning({
      lines: reservations.lines,
      channel: reservations.channel,
      username: reservations.username,
    });
  if (!released || released.lines.length === 0) return false;
  const totals = totalsByArticle(released.lines);
  // The reservation's lock order (by article id), so a release never deadlocks with a reservation.
  for (const id of [...totals.keys()].sort()) {
    const [article] = await db
      .update(articles)
      .set({ quantityStock: sql`${articles.quantityStock} + ${totals.get(id)!}`, updatedAt: new Date() })
      .where(eq(articles.id, id))
      .returning({ quantityStock: articles.quantityStock });
    if (!article) continue;
    await recordMovement(db, {
      articleId: id,
      delta: totals.get(id)!,
      reason,
      channel: released.channel,
      reference: orderId,
      stockAfter: article.quantityStock,
      username: released.username,
    });
    await announceArticleChanged(db, bus, id);
  }
  return true;
}
