import { eq, sql } from 'drizzle-orm';
import type { EventData } from '@edicola/contracts';
import type { Db, EventBus } from '@edicola/platform';
import { articles, reservations, restocks } from '../db/schema';
import { announceArticleChanged } from '../ebay/article-changed';
import { recordMovement } from './ledger';

/**
 * Puts units of an order back on sale (a partial refund with restock), once per restock id: the restock row is
 * claimed first, so a repeated or replayed event finds it and does nothing. The units come out of the order's
 * reservation (its lines shrink) and go onto the shelf in the same transaction, so the stock plus the units orders
 * hold stays what it was, and a later cancellation gives back only what the reservation still holds. Never more
 * than the reservation holds of an article; nothing for a released reservation (its stock already went back) or an
 * order svc-catalog has no reservation of. Each article's units are a `return` row of the ledger, with the
 * reservation's channel, and announced (article.changed). Run it inside a transaction. True when stock went back.
 */
export async function restockOrderItems(
  db: Db,
  bus: EventBus,
  data: EventData<'order.items_restocked'>,
): Promise<boolean> {
  const [claimed] = await db
    .insert(restocks)
    .values({ id: data.restock_id, orderId: data.order_id, lines: [] })
    .onConflictDoNothing()
    .returning({ id: restocks.id });
  if (!claimed) return false;
  const [reservation] = await db
    .select()
    .from(reservations)
    .where(eq(reservations.orderId, data.order_id))
    .for('update');
  if (!reservation || reservation.releasedAt) return false;

  const lines = reservation.lines.map((line) => ({ ...line }));
  const returned = new Map<string, number>();
  for (const item of data.items) {
    let wanted = item.quantity;
    for (const line of lines) {
      if (wanted === 0) break;
      if (line.article_id !== item.article_id || line.quantity === 0) continue;
      const taken = Math.min(line.quantity, wanted);
      line.quantity -= taken;
      wanted -= taken;
      returned.set(item.article_id, (returned.get(item.article_id) ?? 0) + taken);
    }
  }
  if (returned.size === 0) return false;
  await db
    .update(reservations)
    .set({ lines: lines.filter((line) => line.quantity > 0) })
    .where(eq(reservations.orderId, data.order_id));
  // The reservation's lock order (by article id), so a restock never deadlocks with a reservation.
  for (const id of [...returned.keys()].sort()) {
    const [article] = await db
      .update(articles)
      .set({ quantityStock: sql`${articles.quantityStock} + ${returned.get(id)!}`, updatedAt: new Date() })
      .where(eq(articles.id, id))
      .returning({ quantityStock: articles.quantityStock });
    if (!article) continue;
    await recordMovement(db, {
      articleId: id,
      delta: returned.get(id)!,
      reason: 'return',
      channel: reservation.channel,
      reference: data.order_id,
      stockAfter: article.quantityStock,
      username: reservation.username,
    });
    await announceArticleChanged(db, bus, id);
  }
  await db
    .update(restocks)
    .set({ lines: [...returned].map(([article_id, quantity]) => ({ article_id, quantity })) })
    .where(eq(restocks.id, data.restock_id));
  return true;
}
