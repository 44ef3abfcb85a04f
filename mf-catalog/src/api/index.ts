import { type ReviewCreate } from '@edicola/contracts';
import { createApiClient, pageLanguage, type AnswerSchema } from '@edicola/web-kit';

type Schemas = typeof import('./schemas');

/** A contract schema of ./schemas, loaded when a call first needs it (zod stays off the first paint). */
const lazy =
  <K extends keyof Schemas>(name: K) =>
  async (): Promise<Schemas[K]> =>
    (await import('./schemas'))[name];

/** The catalogue slice's calls to svc-catalog's public endpoints, through the web kit's client. */
export function createCatalogApi(apiBaseUrl: string, fetchImpl?: typeof fetch) {
  const client = createApiClient({ baseUrl: apiBaseUrl, fetchImpl });
  const call = <T>(
    method: 'GET' | 'POST',
    path: string,
    schema: AnswerSchema<T> | undefined,
    options: { body?: unknown; signal?: AbortSignal } = {},
  ) => client.call<T>(method, path, { ...options, schema });
  const articleList = lazy('ArticleList');
  const reviewList = lazy('PublicReviewList');

  const id = (value: string) => encodeURIComponent(value);

  return {
    /** GET /public/articles: the active catalogue. */
    listArticles: (signal?: AbortSignal) => call('GET', '/public/articles', articleList, { signal }),
    /** GET /public/articles/prevendita: pre-sale articles, each with its availability date. */
    listPresale: (signal?: AbortSignal) =>
      call('GET', '/public/articles/prevendita', articleList, { signal }),
    /** GET /public/articles/prenotazione: articles open for reservation. */
    listReservation: (signal?: AbortSignal) =>
      call('GET', '/public/articles/prenotazione', articleList, { signal }),
    /** GET /articles/{id}/reviews: the approved reviews of an article. */
    listReviews: (articleId: string, signal?: AbortSignal) =>
      call('GET', `/articles/${id(articleId)}/reviews`, reviewList, { signal }),
    /** GET /reviews/stats/{id}: average rating and count. */
    reviewStats: (articleId: string, signal?: AbortSignal) =>
      call('GET', `/reviews/stats/${id(articleId)}`, lazy('ReviewSummary'), { signal }),
    /** GET /reviews/recent?limit=6: the latest approved reviews for the home page. */
    recentReviews: (signal?: AbortSignal) => call('GET', '/reviews/recent?limit=6', reviewList, { signal }),
    /** POST /reviews: a new review (published after staff approval). */
    createReview: (review: ReviewCreate) =>
      call('POST', '/reviews', undefined, {
        body: { ...review, language: review.language ?? pageLanguage() },
      }),
    /** POST /reviews/{id}/helpful: one vote per visitor; answers the count after the vote. */
    markHelpful: (reviewId: string) => call('POST', `/reviews/${id(reviewId)}/helpful`, lazy('HelpfulVote')),
  };
}

export type CatalogApi = ReturnType<typeof createCatalogApi>;
