import type { Router } from 'express';
import { endpoint, type Review, type ReviewStatistics } from '@edicola/contracts';
import {
  auditBy,
  notFound,
  type Db,
  type EventBus,
  type TokenVerifier,
  routeServer,
} from '@edicola/platform';
import { toReview } from '../reviews/mapping';
import { approveReview, deleteReview, hideReview, replyToReview } from '../reviews/moderation';
import { allReviews, findReview, pendingReviews, type ReviewWithArticle } from '../reviews/queries';
import { reviewStatistics } from '../reviews/stats';

const asReviews = (found: ReviewWithArticle[]): Review[] =>
  found.map((r) => toReview(r.review, r.articleTitle));

/**
 * The back office's reviews panel (staff, both roles): lists, approval, replies, statistics, taking a
 * review off the shop (hide: back to pending) and deleting spam.
 */
export function adminReviewRoutes(router: Router, db: Db, verifier: TokenVerifier, bus: EventBus) {
  const serve = routeServer(router, verifier);
  const reviewFor = async (id: string): Promise<Review> => {
    const found = await findReview(db, id);
    if (!found) throw notFound('Recensione non trovata');
    return toReview(found.review, found.articleTitle);
  };

  serve(endpoint('GET /api/admin/reviews/all'), async () => asReviews(await allReviews(db)));
  serve(endpoint('GET /api/admin/reviews/pending'), async () => asReviews(await pendingReviews(db)));
  serve(endpoint('GET /api/admin/reviews/stats'), (): Promise<ReviewStatistics> => reviewStatistics(db));

  serve(endpoint('PATCH /api/admin/reviews/:id/approve'), async ({ params }, _req, res): Promise<Review> => {
    if (!(await approveReview(db, params.id, auditBy(bus, res)))) throw notFound('Recensione non trovata');
    return reviewFor(params.id);
  });

  serve(endpoint('POST /admin/reviews/:id/respond'), async ({ params, body }, _req, res): Promise<Review> => {
    if (!(await replyToReview(db, bus, params.id, body.response_text, auditBy(bus, res))))
      throw notFound('Recensione non trovata');
    return reviewFor(params.id);
  });

  serve(endpoint('PATCH /api/admin/reviews/:id/hide'), async ({ params }, _req, res): Promise<Review> => {
    if (!(await hideReview(db, params.id, auditBy(bus, res)))) throw notFound('Recensione non trovata');
    return reviewFor(params.id);
  });

  serve(endpoint('DELETE /api/admin/reviews/:id'), async ({ params }, _req, res) => {
    if (!(await deleteReview(db, params.id, auditBy(bus, res)))) throw notFound('Recensione non trovata');
    res.status(204).end();
  });
}
