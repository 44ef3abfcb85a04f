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
      const row = await approveReview(db, params.id);
      if (!row) throw notFound('Recensione non trovata');
      return toReview(row, (await findReview(db, row.id))?.articleTitle ?? null);
    }),
  );

  router.post(
    '/admin/reviews/:id/respond',
    staff,
    handle(
      { params: ReviewIdParams, body: ReviewReplyRequest },
      async ({ params, body }): Promise<Review> => {
        const row = await replyToReview(db, params.id, body.response_text);
        if (!row) throw notFound('Recensione non trovata');
        return toReview(row, (await findReview(db, row.id))?.articleTitle ?? null);
      },
    ),
  );
}
