import type { Router } from 'express';
import { endpoint, type HelpfulVote, type PublicReview, type ReviewSummary } from '@edicola/contracts';
import { notFound, type Db, type RateLimits, routeServer } from '@edicola/platform';
import { voteHelpful } from '../reviews/helpful';
import { toPublicReview } from '../reviews/mapping';
import { approvedReviewsOf, recentApprovedReviews } from '../reviews/queries';
import { reviewSummary } from '../reviews/stats';
import { createReview } from '../reviews/writing';
import { helpfulVoterId } from '../visitors/identity';

export interface ReviewRouteOptions {
  visitorKey: () => string;
  reviewsPerHour: number;
  limits: RateLimits;
}

/** The storefront's reviews: approved lists and stats, writing a review, 'helpful' votes. */
export function reviewRoutes(router: Router, db: Db, options: ReviewRouteOptions) {
  const serve = routeServer(router);
  serve(endpoint('GET /articles/:id/reviews'), async ({ params }): Promise<PublicReview[]> => {
    const found = await approvedReviewsOf(db, params.id);
    return found.map((r) => toPublicReview(r.review, r.articleTitle));
  });

  serve(endpoint('GET /reviews/stats/:id'), ({ params }): Promise<ReviewSummary> =>
    reviewSummary(db, params.id),
  );

  serve(endpoint('GET /reviews/recent'), async ({ query }): Promise<PublicReview[]> => {
    const found = await recentApprovedReviews(db, query.limit);
    return found.map((r) => toPublicReview(r.review, r.articleTitle));
  });

  serve(
    endpoint('POST /reviews'),
    [
      options.limits.perAddress({
        name: 'reviews',
        windowMs: 60 * 60 * 1000,
        limit: options.reviewsPerHour,
        detail: 'Troppe recensioni inviate. Riprova più tardi.',
        successesOnly: true,
      }),
    ],
    async ({ body }, _req, res): Promise<PublicReview> => {
      const created = await createReview(db, body);
      res.status(201);
      return toPublicReview(created.review, created.articleTitle);
    },
  );

  serve(
    endpoint('POST /reviews/:id/helpful'),
    [
      options.limits.perAddress({
        name: 'helpful',
        windowMs: 60 * 1000,
        limit: 60,
        detail: 'Troppe richieste. Riprova tra poco.',
      }),
    ],
    async ({ params }, req): Promise<HelpfulVote> => {
      const vote = await voteHelpful(db, params.id, helpfulVoterId(options.visitorKey(), req));
      if (!vote) throw notFound('Recensione non trovata');
      return vote;
    },
  );
}
