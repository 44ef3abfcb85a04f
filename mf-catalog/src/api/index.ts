import { type ReviewCreate } from '@edicola/contracts';
import { createApiClient, pageLanguage, type Schema } from '@edicola/web-kit';
import { ArticleListAnswer, HelpfulVoteAnswer, PublicReviewListAnswer, ReviewSummaryAnswer } from './checks';

/** The catalogue slice's calls to svc-catalog's public endpoints, through the web kit's client. */
export function createCatalogApi(apiBaseUrl: string, fetchImpl?: typeof fetch) {
  const client = createApiClient({ baseUrl: apiBaseUrl, fetchImpl });
  const call = <T>(
    method: 'GET' | 'POST',
    path: string,
    schema: Schema<T> | undefined,
    options: { body?: unknown; signal?: AbortSignal } = {},
  ) => client.call<T>(method, path, { ...options, schema });

  const id = (value: string) => encodeURIComponent(value);

  return {
    /** GET /public/articles: the active catalogue. */
    listArticles: (signal?: AbortSignal) => call('GET', '/public/articles', ArticleListAnswer, { signal }),
    /** GET /public/articles/prevendita: pre-sale articles, each with its availability date. */
    listPresale: (signal?: AbortSignal) =>
      call('GET', '/public/articles/prevendita', ArticleListAnswer, { signal }),
    /** GET /public/articles/prenotazione: articles open for reservation. */
    listReservation: (signal?: AbortSignal) =>
      call('GET', '/public/articles/prenotazione', ArticleListAnswer, { signal }),
    /** GET /articles/{id}/reviews: the approved reviews of an article. */
    listReviews: (articleId: string, signal?: AbortSignal) =>
      call('GET', `/articles/${id(articleId)}/reviews`, PublicReviewListAnswer, { signal }),
    /** GET /reviews/stats/{id}: average rating and count. */
    reviewStats: (articleId: string, signal?: AbortSignal) =>
      call('GET', `/reviews/stats/${id(articleId)}`, ReviewSummaryAnswer, { signal }),
    /** GET /reviews/recent?limit=6: the latest approved reviews for the home page. */
    recentReviews: (signal?: AbortSignal) =>
      call('GET', '/reviews/recent?limit=6', PublicReviewListAnswer, { signal }),
    /** POST /reviews: a new review (published after staff approval). */
    createReview: (review: ReviewCreate) =>
      call('POST', '/reviews', undefined, {
        body: { ...review, language: review.language ?? pageLanguage() },
      }),
    /** POST /reviews/{id}/helpful: one vote per visitor; answers the count after the vote. */
    markHelpful: (reviewId: string) => call('POST', `/reviews/${id(reviewId)}/helpful`, HelpfulVoteAnswer),
  };
}

export type CatalogApi = ReturnType<typeof createCatalogApi>;
