import type { Router } from 'express';
import { ReviewIdParams, ReviewReplyRequest, type Review, type ReviewStatistics } from '@edicola/contracts';
import { handle, notFound, requireAuth, type Db, type TokenVerifier } from '@edicola/platform';
import { toReview } from '../reviews/mapping';
import { approveReview, replyToReview } from '../reviews/moderation';
import { allReviews, findReview, pendingReviews, type ReviewWithArticle } from '../reviews/queries';
import { reviewStatistics } from '../reviews/stats';

const asReviews = (found: ReviewWithArticle[]): Review[] =>
  found.map((r) => toReview(r.review, r.articleTitle));

/** The back office's reviews panel (staff, both roles): lists, approval, replies, statistics. */
export function adminReviewRoutes(router: Router, db: Db, verifier: TokenVerifier) {
  const staff = requireAuth(verifier, { kind: 'staff' });
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
    handle({ params: ReviewIdParams }, async ({ params }): Promise<Review> => {
      if (!(await approveReview(db, params.id))) throw notFound('Recensione non trovata');
      return reviewFor(params.id);
    }),
  );

  router.post(
    '/admin/reviews/:id/respond',
    staff,
    handle(
      { params: ReviewIdParams, body: ReviewReplyRequest },
      async ({ params, body }): Promise<Review> => {
        if (!(await replyToReview(db, params.id, body.response_text)))
          throw notFound('Recensione non trovata');
        return reviewFor(params.id);
      },
    ),
  );
}
