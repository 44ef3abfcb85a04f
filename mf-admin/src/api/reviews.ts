import { Review, ReviewList, ReviewStatistics, type ApiClient } from '@edicola/contracts';
import { parsedBy } from './parsed';

const id = (value: string) => encodeURIComponent(value);

export const reviewsApi = (client: ApiClient) => ({
  /** GET /api/admin/reviews/all or /pending (docs/product/http-routes.md#svc-catalog). */
  list: (which: 'all' | 'pending', signal?: AbortSignal) =>
    client.call('GET', `/api/admin/reviews/${which}`, { signal, check: parsedBy(ReviewList) }),
  stats: (signal?: AbortSignal) =>
    client.call('GET', '/api/admin/reviews/stats', { signal, check: parsedBy(ReviewStatistics) }),
  approve: (reviewId: string) =>
    client.call('PATCH', `/api/admin/reviews/${id(reviewId)}/approve`, { check: parsedBy(Review) }),
  /** POST /admin/reviews/{id}/respond {response_text} (docs/product/http-routes.md#svc-catalog). */
  respond: (reviewId: string, text: string) =>
    client.call('POST', `/admin/reviews/${id(reviewId)}/respond`, {
      body: { response_text: text },
      check: parsedBy(Review),
    }),
  hide: (reviewId: string) =>
    client.call('PATCH', `/api/admin/reviews/${id(reviewId)}/hide`, { check: parsedBy(Review) }),
  remove: (reviewId: string) => client.call('DELETE', `/api/admin/reviews/${id(reviewId)}`),
});
