import { desc, eq, sql } from 'drizzle-orm';
import {
  ERASED_REVIEW_AUTHOR,
  erasedCustomerEmail,
  type EventData,
  type ExportedReview,
} from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { articles, purchases, reviews } from '../db/schema';

const byEmail = (email: string) => eq(sql`lower(trim(${reviews.customerEmail}))`, email.trim().toLowerCase());

/** The reviews written under an e-mail, newest first, for the customer's data export. */
export async function reviewsWrittenBy(db: Db, email: string): Promise<ExportedReview[]> {
  const rows = await db
    .select({ review: reviews, articleTitle: articles.title })
    .from(reviews)
    .leftJoin(articles, eq(articles.id, reviews.articleId))
    .where(byEmail(email))
    .orderBy(desc(reviews.createdAt));
  return rows.map(({ review, articleTitle }) => ({
    id: review.id,
    article_id: review.articleId,
    article_title: articleTitle,
    rating: review.rating,
    title: review.title,
    comment: review.comment,
    customer_name: review.customerName,
    approved: review.approved,
    reply_text: review.replyText,
    created_at: review.createdAt.toISOString(),
  }));
}

/**
 * An erased customer's reviews stay, under the name "Cliente" and without the address; the purchases that made them
 * verified lose the address too (docs/product/account.md#erasure). Answers whether a review changed. Done twice,
 * the second finds nothing.
 */
export async function eraseReviewer(db: Db, erased: EventData<'customer.erased'>): Promise<boolean> {
  const email = erased.email.trim().toLowerCase();
  const pseudonym = erasedCustomerEmail(erased.customer_id);
  const changed = await db
    .update(reviews)
    .set({ customerName: ERASED_REVIEW_AUTHOR, customerEmail: pseudonym })
    .where(byEmail(email))
    .returning({ id: reviews.id });
  await db
    .update(purchases)
    .set({ customerEmail: pseudonym })
    .where(eq(sql`lower(trim(${purchases.customerEmail}))`, email));
  return changed.length > 0;
}
