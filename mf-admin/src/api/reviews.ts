import { Review, ReviewList, ReviewStatistics, ROUTES, type ApiClient } from '@edicola/contracts';
import { parsedBy } from './parsed';

const LISTS = {
  all: ROUTES['GET /api/admin/reviews/all'],
  pending: ROUTES['GET /api/admin/reviews/pending'],
};

export const reviewsApi = (client: ApiClient) => ({
  /** GET /api/admin/reviews/all or /pending (SPEC §7). */
  list: (which: 'all' | 'pending', signal?: AbortSignal) =>
    client.call(LISTS[which], { signal, check: parsedBy(ReviewList) }),
  stats: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/reviews/stats'], { signal, check: parsedBy(ReviewStatistics) }),
  approve: (reviewId: string) =>
    client.call(ROUTES['PATCH /api/admin/reviews/:id/approve'], {
      params: { id: reviewId },
      check: parsedBy(Review),
    }),
  /** POST /admin/reviews/{id}/respond {response_text} (SPEC §7). */
  respond: (reviewId: string, text: string) =>
    client.call(ROUTES['POST /admin/reviews/:id/respond'], {
      params: { id: reviewId },
      body: { response_text: text },
      check: parsedBy(Review),
    }),
  hide: (reviewId: string) =>
    client.call(ROUTES['PATCH /api/admin/reviews/:id/hide'], {
      params: { id: reviewId },
      check: parsedBy(Review),
    }),
  remove: (reviewId: string) =>
    client.call(ROUTES['DELETE /api/admin/reviews/:id'], { params: { id: reviewId } }),
});
