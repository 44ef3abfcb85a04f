import type { Router } from 'express';
import {
  ANY_STAFF,
  ReviewIdParams,
  ReviewReplyRequest,
  type Review,
  type ReviewStatistics,
} from '@edicola/contracts';
import {
  auditBy,
  handle,
  notFound,
  requireAuth,
  type Db,
  type EventBus,
  type TokenVerifier,
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
  const staff = requireAuth(verifier, { kind: 'staff', roles: ANY_STAFF });
  const reviewFor = async (id: string): Promise<Review> => {
    const found = await findReview(db, id);
    if (!found) throw notFound('Recensione non trovata');
    return toReview(found.review, found.articleTitle);
  };

  router.get(
    '/api/admin/reviews/all',
    staff,
    handle({}, async () => asReviews(await allReviews(db))),
  );
  router.get(
    '/api/admin/reviews/pending',
    staff,
    handle({}, async () => asReviews(await pendingReviews(db))),
  );
  router.get(
    '/api/admin/reviews/stats',
    staff,
    handle({}, (): Promise<ReviewStatistics> => reviewStatistics(db)),
  );

  router.patch(
    '/api/admin/reviews/:id/approve',
    staff,
    handle({ params: ReviewIdParams }, async ({ params }, _req, res): Promise<Review> => {
      if (!(await approveReview(db, params.id, auditBy(bus, res)))) throw notFound('Recensione non trovata');
      return reviewFor(params.id);
    }),
  );

  router.post(
    '/admin/reviews/:id/respond',
    staff,
    handle(
      { params: ReviewIdParams, body: ReviewReplyRequest },
      async ({ params, body }, _req, res): Promise<Review> => {
        if (!(await replyToReview(db, bus, params.id, body.response_text, auditBy(bus, res))))
          throw notFound('Recensione non trovata');
        return reviewFor(params.id);
      },
    ),
  );

  router.patch(
    '/api/admin/reviews/:id/hide',
    staff,
    handle({ params: ReviewIdParams }, async ({ params }, _req, res): Promise<Review> => {
      if (!(await hideReview(db, params.id, auditBy(bus, res)))) throw notFound('Recensione non trovata');
      return reviewFor(params.id);
    }),
  );

  router.delete(
    '/api/admin/reviews/:id',
    staff,
    handle({ params: ReviewIdParams }, async ({ params }, _req, res) => {
      if (!(await deleteReview(db, params.id, auditBy(bus, res)))) throw notFound('Recensione non trovata');
      res.status(204).end();
    }),
  );
}
