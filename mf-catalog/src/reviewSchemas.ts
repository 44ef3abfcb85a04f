import { z } from 'zod';

// The review shapes of SPEC §7 as this slice reads them. TODO(merge h-catalog-api): take them from
// contracts/src/reviews.ts once svc-catalog publishes it there.

export const Review = z.object({
  id: z.string(),
  article_id: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  comment: z.string(),
  customer_name: z.string(),
  is_verified_purchase: z.boolean().optional().default(false),
  helpful_count: z.number().int().nonnegative().optional().default(0),
  created_at: z.string(),
  response_text: z.string().nullable().optional(),
  article_title: z.string().nullable().optional(),
});
export type Review = z.infer<typeof Review>;
export const ReviewList = z.array(Review);

export const ReviewStats = z.object({
  average_rating: z.number().min(0).max(5),
  total_reviews: z.number().int().nonnegative(),
});
export type ReviewStats = z.infer<typeof ReviewStats>;

export interface NewReview {
  rating: number;
  title: string;
  comment: string;
  customer_name: string;
  customer_email: string;
  article_id: string;
  order_id: string | null;
}

/** The answer of POST /reviews/{id}/helpful; a server that answers no count leaves it undefined. */
export const HelpfulAnswer = z.object({ helpful_count: z.number().int().nonnegative().optional() });
