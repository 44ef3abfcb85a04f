import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Event, OrderStatus } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { purchases, reviews } from '../db/schema';

const OrderId = z.uuid();

/** The statuses in which an order counts as bought: the money is in, or the staff confirmed it. */
const BOUGHT: readonly OrderStatus[] = ['paid', 'confirmed', 'shipped', 'delivered'];

/**
 * Keeps what an order bought from its status events, and marks (or unmarks, when the order is cancelled)
 * the reviews already written for it with its e-mail and one of its articles. An event older than the one
 * already applied changes nothing. Runs inside the event's transaction.
 */
export async function recordPurchase(tx: Db, event: Event<'order.status_changed'>): Promise<void> {
  const { order_id: orderId, order_version: version } = event.data;
  // Orders are identified by uuid; an event naming anything else cannot match a review's order.
  if (!OrderId.safeParse(orderId).success) return;
  const email = event.data.customer_email.toLowerCase();
  const articleIds = [...new Set(event.data.items.map((item) => item.article_id))];
  const bought = BOUGHT.includes(event.data.to);
  const [applied] = await tx
    .insert(purchases)
    .values({ orderId, customerEmail: email, articleIds, bought, orderVersion: version })
    .onConflictDoUpdate({
      target: purchases.orderId,
      set: { customerEmail: email, articleIds, bought, orderVersion: version, updatedAt: new Date() },
      where: sql`${purchases.orderVersion} < ${version}`,
    })
    .returning({ orderId: purchases.orderId });
  if (!applied || articleIds.length === 0) return;
  await tx
    .update(reviews)
    .set({ isVerifiedPurchase: bought })
    .where(
      and(
        eq(reviews.orderId, orderId),
        eq(reviews.customerEmail, email),
        inArray(reviews.articleId, articleIds),
      ),
    );
}

/** True when the order named by a new review bought this article and was placed with this e-mail. */
export async function isVerifiedPurchase(
  db: Db,
  review: { orderId: string | null; articleId: string; email: string },
): Promise<boolean> {
  if (!review.orderId) return false;
  const [purchase] = await db
    .select()
    .from(purchases)
    .where(sql`${purchases.orderId}::text = ${review.orderId}`)
    .limit(1);
  return (
    !!purchase &&
    purchase.bought &&
    purchase.customerEmail === review.email.toLowerCase() &&
    purchase.articleIds.includes(review.articleId)
  );
}
