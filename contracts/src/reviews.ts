import { z } from 'zod';
import { singleLine } from './text';
import { CustomerLanguage } from './language';

const text = (label: string, max: number, { line = false } = {}) =>
  (line ? singleLine(`${label} è obbligatorio`) : z.string({ message: `${label} è obbligatorio` }))
    .trim()
    .min(1, `${label} è obbligatorio`)
    .max(max, `${label}: massimo ${max} caratteri`);

/** The staff reply under a review. */
export const AdminReply = z.object({ reply_text: z.string(), created_at: z.string() });
export type AdminReply = z.infer<typeof AdminReply>;

/**
 * A review as the public sees it (docs/product/records.md#review, without the author's e-mail, which only
 * staff see). Texts are stored as given: show them as text, never as HTML.
 */
export const PublicReview = z.object({
  id: z.string(),
  article_id: z.string(),
  order_id: z.string().nullable(),
  article_title: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  comment: z.string(),
  customer_name: z.string(),
  is_verified_purchase: z.boolean(),
  helpful_count: z.number().int().nonnegative(),
  created_at: z.string(),
  approved: z.boolean(),
  admin_reply: AdminReply.nullable(),
});
export type PublicReview = z.infer<typeof PublicReview>;
export const PublicReviewList = z.array(PublicReview);

/** A review as staff see it (every field of docs/product/records.md#review). */
export const Review = PublicReview.extend({ customer_email: z.string() });
export type Review = z.infer<typeof Review>;
export const ReviewList = z.array(Review);

/**
 * POST /reviews. New reviews wait for staff approval; rating defaults to 5
 * (docs/product/constants.md#defaults).
 */
export const ReviewCreate = z.object({
  rating: z.coerce
    .number({ message: 'Il voto deve essere un numero da 1 a 5' })
    .int('Il voto deve essere un numero da 1 a 5')
    .min(1, 'Il voto deve essere un numero da 1 a 5')
    .max(5, 'Il voto deve essere un numero da 1 a 5')
    .default(5),
  title: text('Il titolo', 200, { line: true }),
  comment: text('Il commento', 5000),
  customer_name: text('Il nome', 120, { line: true }),
  customer_email: z
    .string({ message: "L'email è obbligatoria" })
    .trim()
    .min(1, "L'email è obbligatoria")
    .max(254)
    .pipe(z.email({ message: 'Inserisci un indirizzo email valido' })),
  article_id: z.uuid({ message: 'Articolo non valido' }),
  order_id: z.string().trim().max(64).nullish(),
  /** The reviewer's language: staff's reply is e-mailed in it. */
  language: CustomerLanguage,
});
export type ReviewCreate = z.input<typeof ReviewCreate>;

export const ReviewIdParams = z.object({ id: z.uuid({ message: 'Recensione non valida' }) });
export const ArticleReviewsParams = z.object({ id: z.uuid({ message: 'Articolo non valido' }) });

/** GET /reviews/stats/{id}: approved reviews of one article; average to one decimal, 0 when none. */
export const ReviewSummary = z.object({
  average_rating: z.number().min(0).max(5),
  total_reviews: z.number().int().nonnegative(),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

/** GET /reviews/recent?limit=6 (1-20, default 6): newest approved reviews with their article's title. */
export const RecentReviewsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(6),
});

/** POST /reviews/{id}/helpful (no body): one vote per visitor; answers the count after the vote. */
export const HelpfulVote = z.object({
  helpful_count: z.number().int().nonnegative(),
  /** False when this visitor had already voted for this review (the count did not change). */
  counted: z.boolean(),
});
export type HelpfulVote = z.infer<typeof HelpfulVote>;

/** POST /admin/reviews/{id}/respond. */
export const ReviewReplyRequest = z.object({ response_text: text('La risposta', 2000) });
export type ReviewReplyRequest = z.infer<typeof ReviewReplyRequest>;

/**
 * GET /api/admin/reviews/stats: back-office review statistics (docs/product/records.md#review-stats), average
 * to one decimal.
 */
export const ReviewStatistics = z.object({
  total_reviews: z.number().int().nonnegative(),
  approved_reviews: z.number().int().nonnegative(),
  pending_reviews: z.number().int().nonnegative(),
  average_rating: z.number().min(0).max(5),
});
export type ReviewStatistics = z.infer<typeof ReviewStatistics>;
