import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ReviewCreate } from '@edicola/contracts';
import { notFound, type Db } from '@edicola/platform';
import { articles, reviews, type ReviewRow } from '../db/schema';
import { isVerifiedPurchase } from './verified-purchases';

/**
 * Records a visitor's review, pending until staff approve it. It is a verified purchase when it names an
 * order that bought the article with the same e-mail (known from the order's events; a review written
 * before the order is paid or confirmed is marked when that event arrives). The article must exist (an
 * inactive one may still be reviewed).
 */
export async function createReview(
  db: Db,
  input: z.output<typeof ReviewCreate>,
): Promise<{ review: ReviewRow; articleTitle: string }> {
  const [article] = await db
    .select({ title: articles.title })
    .from(articles)
    .where(and(eq(articles.id, input.article_id), isNull(articles.deletedAt)))
    .limit(1);
  if (!article) throw notFound('Articolo non trovato');
  const verified = await isVerifiedPurchase(db, {
    orderId: input.order_id ?? null,
    articleId: input.article_id,
    email: input.customer_email,
  });
  const [review] = await db
    .insert(reviews)
    .values({
      articleId: input.article_id,
      orderId: input.order_id ?? null,
      rating: input.rating,
      title: input.title,
      comment: input.comment,
      customerName: input.customer_name,
      customerEmail: input.customer_email.toLowerCase(),
      approved: false,
      isVerifiedPurchase: verified,
      language: input.language ?? 'it',
    })
    .returning();
  return { review: review!, articleTitle: article.title };
}
