import { eq } from 'drizzle-orm';
import type { Db } from '@edicola/platform';
import { reviews, type ReviewRow } from '../db/schema';

/** Publishes a review (approving twice changes nothing). Null when there is no such review. */
export async function approveReview(db: Db, id: string): Promise<ReviewRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!current) return null;
    if (current.approved) return current;
    const [row] = await tx
      .update(reviews)
      .set({ approved: true, approvedAt: new Date() })
      .where(eq(reviews.id, id))
      .returning();
    return row!;
  });
}

/** Sets (or replaces) the shop's public reply under a review. Null when there is no such review. */
export async function replyToReview(db: Db, id: string, text: string): Promise<ReviewRow | null> {
  const [row] = await db
    .update(reviews)
    .set({ replyText: text, repliedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning();
  return row ?? null;
}
