import { eq, sql } from 'drizzle-orm';
import type { OrderLine, OrderStatus } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { articles } from '../db/schema';

/** Statuses in which an order holds stock reserved at creation. */
const HOLDING_STOCK: OrderStatus[] = ['pending', 'paid', 'confirmed'];

/** True when this status change gives the order's stock back to the shelf. */
export function releasesStock(from: OrderStatus | null, to: OrderStatus): boolean {
  return to === 'cancelled' && from !== null && HOLDING_STOCK.includes(from);
}

/** Puts back the stock an order had taken. */
export async function releaseStock(db: Db, lines: OrderLine[]): Promise<void> {
  for (const line of lines) {
    await db
      .update(articles)
      .set({ quantityStock: sql`${articles.quantityStock} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(articles.id, line.article_id));
  }
}
