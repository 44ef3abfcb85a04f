import { Review, ReviewList, ReviewStatistics } from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';

const id = (value: string) => encodeURIComponent(value);

export const reviewsApi = (client: ApiClient) => ({
  /** GET /api/admin/reviews/all or /pending (SPEC §7). */
  list: (which: 'all' | 'pending', signal?: AbortSignal) =>
    client.call('GET', `/api/admin/reviews/${which}`, { signal, schema: ReviewList }),
  stats: (signal?: AbortSignal) =>
    client.call('GET', '/api/admin/reviews/stats', { signal, schema: ReviewStatistics }),
  approve: (reviewId: string) =>
    client.call('PATCH', `/api/admin/reviews/${id(reviewId)}/approve`, { schema: Review }),
  /** POST /admin/reviews/{id}/respond {response_text} (SPEC §7). */
  respond: (reviewId: string, text: string) =>
    client.call('POST', `/admin/reviews/${id(reviewId)}/respond`, {
      body: { response_text: text },
      schema: Review,
    }),
  hide: (reviewId: string) =>
    client.call('PATCH', `/api/admin/reviews/${id(reviewId)}/hide`, { schema: Review }),
  remove: (reviewId: string) => client.call('DELETE', `/api/admin/reviews/${id(reviewId)}`),
});
