import { and, avg, count, eq, sql } from 'drizzle-orm';
import type { ReviewStatistics, ReviewSummary } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { reviews } from '../db/schema';

/** An average to one decimal; 0 when there is nothing to average. */
const oneDecimal = (value: string | number | null) =>
  value === null ? 0 : Math.round(Number(value) * 10) / 10;

/** Average and count of one article's approved reviews. */
export async function reviewSummary(db: Db, articleId: string): Promise<ReviewSummary> {
  const [row] = await db
    .select({ average: avg(reviews.rating), total: count() })
    .from(reviews)
    .where(and(eq(reviews.articleId, articleId), eq(reviews.approved, true)));
  return { average_rating: oneDecimal(row?.average ?? null), total_reviews: row?.total ?? 0 };
}

/** Back-office statistics: all, approved and pending counts; the average of the approved ones. */
export async function reviewStatistics(db: Db): Promise<ReviewStatistics> {
  const [row] = await db
    .select({
      total: count(),
      approved: sql<number>`count(*) filter (where ${reviews.approved})`.mapWith(Number),
      average: sql<string | null>`avg(${reviews.rating}) filter (where ${reviews.approved})`,
    })
    .from(reviews);
  const total = row?.total ?? 0;
  const approved = row?.approved ?? 0;
  return {
    total_reviews: total,
    approved_reviews: approved,
    pending_reviews: total - approved,
    average_rating: oneDecimal(row?.average ?? null),
  };
}
