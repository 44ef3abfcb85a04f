import { and, eq, sql } from 'drizzle-orm';
import type { HelpfulVote } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { reviewVotes, reviews } from '../db/schema';

/**
 * Counts a visitor's 'helpful' vote on an approved review, once per visitor: a second vote leaves the
 * count as it is. Null when there is no such approved review.
 */
export async function voteHelpful(db: Db, reviewId: string, voter: string): Promise<HelpfulVote | null> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ count: reviews.helpfulCount })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.approved, true)))
      .for('update');
    if (!review) return null;
    const inserted = await tx
      .insert(reviewVotes)
      .values({ reviewId, voter })
      .onConflictDoNothing()
      .returning({ voter: reviewVotes.voter });
    if (inserted.length === 0) return { helpful_count: review.count, counted: false };
    const [updated] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, reviewId))
      .returning({ count: reviews.helpfulCount });
    return { helpful_count: updated!.count, counted: true };
  });
}
