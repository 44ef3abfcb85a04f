import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@edicola/platform';
import { articles, reviews, type ReviewRow } from '../db/schema';

export interface ReviewWithArticle {
  review: ReviewRow;
  articleTitle: string | null;
}

async function select(db: Db, where: SQL | undefined, limit?: number): Promise<ReviewWithArticle[]> {
  const query = db
    .select({ review: reviews, articleTitle: articles.title })
    .from(reviews)
    .leftJoin(articles, eq(articles.id, reviews.articleId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return limit ? query.limit(limit) : query;
}

/** Approved reviews of one article, newest first. */
export const approvedReviewsOf = (db: Db, articleId: string) =>
  select(db, and(eq(reviews.articleId, articleId), eq(reviews.approved, true)));

/** The newest approved reviews of the whole shop. */
export const recentApprovedReviews = (db: Db, limit: number) => select(db, eq(reviews.approved, true), limit);

/** Every review (back office), newest first. */
export const allReviews = (db: Db) => select(db, undefined);

/** Reviews waiting for approval, newest first. */
export const pendingReviews = (db: Db) => select(db, eq(reviews.approved, false));

export async function findReview(db: Db, id: string): Promise<ReviewWithArticle | null> {
  const [found] = await select(db, eq(reviews.id, id), 1);
  return found ?? null;
}
