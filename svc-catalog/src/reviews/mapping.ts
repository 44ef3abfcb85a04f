import type { PublicReview, Review } from '@edicola/contracts';
import type { ReviewRow } from '../db/schema';

/** A review for the public: every field but the author's e-mail. */
export function toPublicReview(row: ReviewRow, articleTitle: string | null): PublicReview {
  return {
    id: row.id,
    article_id: row.articleId,
    order_id: row.orderId,
    article_title: articleTitle,
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    customer_name: row.customerName,
    is_verified_purchase: row.isVerifiedPurchase,
    helpful_count: row.helpfulCount,
    created_at: row.createdAt.toISOString(),
    approved: row.approved,
    admin_reply:
      row.replyText !== null && row.repliedAt
        ? { reply_text: row.replyText, created_at: row.repliedAt.toISOString() }
        : null,
  };
}

/** A review for staff, with the author's e-mail. */
export function toReview(row: ReviewRow, articleTitle: string | null): Review {
  return { ...toPublicReview(row, articleTitle), customer_email: row.customerEmail };
}
