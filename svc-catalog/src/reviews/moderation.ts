import { eq } from 'drizzle-orm';
import type { EventData } from '@edicola/contracts';
import type { Audit, Db, EventBus } from '@edicola/platform';
import { articles, reviews, type ReviewRow } from '../db/schema';

/** Publishes a review (approving twice changes nothing). Null when there is no such review. */
export async function approveReview(db: Db, id: string, audit?: Audit): Promise<ReviewRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!current) return null;
    if (current.approved) return current;
    const [row] = await tx
      .update(reviews)
      .set({ approved: true, approvedAt: new Date() })
      .where(eq(reviews.id, id))
      .returning();
    await audit?.(tx, {
      entity: 'review',
      entity_id: id,
      action: 'approved',
      changes: { approved: { from: false, to: true } },
    });
    return row!;
  });
}

/**
 * Sets (or replaces) the shop's public reply under a review, and announces it (review.replied) in the same
 * transaction so that its author is e-mailed after the commit. Null when there is no such review.
 */
export async function replyToReview(
  db: Db,
  bus: EventBus,
  id: string,
  text: string,
  audit?: Audit,
): Promise<ReviewRow | null> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!before) return null;
    const [updated] = await tx
      .update(reviews)
      .set({ replyText: text, repliedAt: new Date() })
      .where(eq(reviews.id, id))
      .returning();
    if (!updated) return null;
    await audit?.(tx, {
      entity: 'review',
      entity_id: id,
      action: 'replied',
      changes: { reply_text: { from: before.replyText, to: text } },
    });
    const [article] = await tx
      .select({ title: articles.title })
      .from(articles)
      .where(eq(articles.id, updated.articleId));
    await bus.emit(tx, 'review.replied', reviewReplied(updated, article?.title ?? ''));
    return updated;
  });
  return row;
}

/** Takes a published review off the shop (back to pending). Null when there is no such review. */
export async function hideReview(db: Db, id: string, audit?: Audit): Promise<ReviewRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ approved: false, approvedAt: null })
      .where(eq(reviews.id, id))
      .returning();
    if (!row) return null;
    await audit?.(tx, {
      entity: 'review',
      entity_id: id,
      action: 'hidden',
      changes: { approved: { from: null, to: false } },
    });
    return row;
  });
}

/** Deletes a review for good (spam), its helpful votes with it. False when there was none. */
export async function deleteReview(db: Db, id: string, audit?: Audit): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(reviews)
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id, title: reviews.title, customerEmail: reviews.customerEmail });
    if (rows.length === 0) return false;
    await audit?.(tx, {
      entity: 'review',
      entity_id: id,
      action: 'deleted',
      changes: {
        title: { from: rows[0]!.title, to: null },
        customer_email: { from: rows[0]!.customerEmail, to: null },
      },
    });
    return true;
  });
}

/** The data of `review.replied`: staff's reply, for its author's e-mail. */
export function reviewReplied(review: ReviewRow, articleTitle: string): EventData<'review.replied'> {
  return {
    review_id: review.id,
    article_id: review.articleId,
    article_title: articleTitle,
    customer_name: review.customerName,
    customer_email: review.customerEmail,
    reply_text: review.replyText ?? '',
    language: review.language,
    replied_at: (review.repliedAt ?? new Date()).toISOString(),
  };
}
