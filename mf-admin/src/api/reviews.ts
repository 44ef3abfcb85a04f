import { Review, ReviewList, ReviewStatistics, ROUTES } from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';

const LISTS = {
  all: ROUTES['GET /api/admin/reviews/all'],
  pending: ROUTES['GET /api/admin/reviews/pending'],
};

export const reviewsApi = (client: ApiClient) => ({
  /** GET /api/admin/reviews/all or /pending (docs/product/http-routes.md#svc-catalog). */
  list: (which: 'all' | 'pending', signal?: AbortSignal) =>
    client.call(LISTS[which], { signal, schema: ReviewList }),
  stats: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/reviews/stats'], { signal, schema: ReviewStatistics }),
  approve: (reviewId: string) =>
    client.call(ROUTES['PATCH /api/admin/reviews/:id/approve'], {
      params: { id: reviewId },
      schema: Review,
    }),
  /** POST /admin/reviews/{id}/respond {response_text} (docs/product/http-routes.md#svc-catalog). */
  respond: (reviewId: string, text: string) =>
    client.call(ROUTES['POST /admin/reviews/:id/respond'], {
      params: { id: reviewId },
      body: { response_text: text },
      schema: Review,
    }),
  hide: (reviewId: string) =>
    client.call(ROUTES['PATCH /api/admin/reviews/:id/hide'], {
      params: { id: reviewId },
      schema: Review,
    }),
  remove: (reviewId: string) =>
    client.call(ROUTES['DELETE /api/admin/reviews/:id'], { params: { id: reviewId } }),
});
