import { createApiClient, pageLanguage, type ResponseCheck, type ReviewCreate } from '@edicola/contracts';
import { articleListFrom, helpfulVoteFrom, reviewListFrom, reviewSummaryFrom } from './checks';

/** The catalogue slice's calls to svc-catalog's public endpoints, through the shared web client (contracts). */
export function createCatalogApi(apiBaseUrl: string, fetchImpl?: typeof fetch) {
  const client = createApiClient({ baseUrl: apiBaseUrl, fetchImpl });
  const call = <T>(
    method: 'GET' | 'POST',
    path: string,
    check: ResponseCheck<T> | undefined,
    options: { body?: unknown; signal?: AbortSignal } = {},
  ) => client.call<T>(method, path, { ...options, check });

  const id = (value: string) => encodeURIComponent(value);

  return {
    /** GET /public/articles: the active catalogue. */
    listArticles: (signal?: AbortSignal) => call('GET', '/public/articles', articleListFrom, { signal }),
    /** GET /public/articles/prevendita: pre-sale articles, each with its availability date. */
    listPresale: (signal?: AbortSignal) =>
      call('GET', '/public/articles/prevendita', articleListFrom, { signal }),
    /** GET /public/articles/prenotazione: articles open for reservation. */
    listReservation: (signal?: AbortSignal) =>
      call('GET', '/public/articles/prenotazione', articleListFrom, { signal }),
    /** GET /articles/{id}/reviews: the approved reviews of an article. */
    listReviews: (articleId: string, signal?: AbortSignal) =>
      call('GET', `/articles/${id(articleId)}/reviews`, reviewListFrom, { signal }),
    /** GET /reviews/stats/{id}: average rating and count. */
    reviewStats: (articleId: string, signal?: AbortSignal) =>
      call('GET', `/reviews/stats/${id(articleId)}`, reviewSummaryFrom, { signal }),
    /** GET /reviews/recent?limit=6: the latest approved reviews for the home page. */
    recentReviews: (signal?: AbortSignal) =>
      call('GET', '/reviews/recent?limit=6', reviewListFrom, { signal }),
    /** POST /reviews: a new review (published after staff approval). */
    createReview: (review: ReviewCreate) =>
      call('POST', '/reviews', undefined, {
        body: { ...review, language: review.language ?? pageLanguage() },
      }),
    /** POST /reviews/{id}/helpful: one vote per visitor; answers the count after the vote. */
    markHelpful: (reviewId: string) => call('POST', `/reviews/${id(reviewId)}/helpful`, helpfulVoteFrom),
  };
}

export type CatalogApi = ReturnType<typeof createCatalogApi>;
