import { type ReviewCreate, type SearchQuery, STOREFRONT_CATALOG_ROUTES } from '@edicola/contracts';
import {
  createApiClient,
  pageLanguage,
  type CallOptions,
  type CallRoute,
  type Schema,
} from '@edicola/web-kit';
import {
  ArticleAnswer,
  ArticleListAnswer,
  HelpfulVoteAnswer,
  PublicReviewListAnswer,
  ReviewSummaryAnswer,
  SearchResultsAnswer,
} from './checks';

/** The catalogue slice's calls to svc-catalog's public endpoints, through the web kit's client. */
export function createCatalogApi(apiBaseUrl: string, fetchImpl?: typeof fetch) {
  const client = createApiClient({ baseUrl: apiBaseUrl, fetchImpl });
  const call = <T>(
    route: CallRoute,
    schema: Schema<T> | undefined,
    options: Pick<CallOptions<T>, 'params' | 'query' | 'body' | 'signal'> = {},
  ) => client.call<T>(route, { ...options, schema });

  return {
    /** GET /public/articles: the active catalogue. */
    listArticles: (signal?: AbortSignal) =>
      call(STOREFRONT_CATALOG_ROUTES['GET /public/articles'], ArticleListAnswer, { signal }),
    /** GET /public/articles/prevendita: pre-sale articles, each with its availability date. */
    listPresale: (signal?: AbortSignal) =>
      call(STOREFRONT_CATALOG_ROUTES['GET /public/articles/prevendita'], ArticleListAnswer, { signal }),
    /** GET /public/articles/prenotazione: articles open for reservation. */
    listReservation: (signal?: AbortSignal) =>
      call(STOREFRONT_CATALOG_ROUTES['GET /public/articles/prenotazione'], ArticleListAnswer, { signal }),
    /**
     * GET /public/articles/by-slug/{slug}: an active article by its page's address; for a former slug the
     * answer is the article, whose `slug` is the current one.
     */
    articleBySlug: (slug: string, signal?: AbortSignal) =>
      call(STOREFRONT_CATALOG_ROUTES['GET /public/articles/by-slug/:slug'], ArticleAnswer, {
        params: { slug },
        signal,
      }),
    /** GET /public/search: one page of results, the facets' counts and the corrected words. */
    search: (query: SearchQuery, signal?: AbortSignal) =>
      call(STOREFRONT_CATALOG_ROUTES['GET /public/search'], SearchResultsAnswer, {
        query: { ...query },
        signal,
      }),
    /** GET /articles/{id}/reviews: the approved reviews of an article. */
    listReviews: (articleId: string, signal?: AbortSignal) =>
      call(STOREFRONT_CATALOG_ROUTES['GET /articles/:id/reviews'], PublicReviewListAnswer, {
        params: { id: articleId },
        signal,
      }),
    /** GET /reviews/stats/{id}: average rating and count. */
    reviewStats: (articleId: string, signal?: AbortSignal) =>
      call(STOREFRONT_CATALOG_ROUTES['GET /reviews/stats/:id'], ReviewSummaryAnswer, {
        params: { id: articleId },
        signal,
      }),
    /** GET /reviews/recent?limit=6: the latest approved reviews for the home page. */
    recentReviews: (signal?: AbortSignal) =>
      call(STOREFRONT_CATALOG_ROUTES['GET /reviews/recent'], PublicReviewListAnswer, {
        query: { limit: 6 },
        signal,
      }),
    /** POST /reviews: a new review (published after staff approval). */
    createReview: (review: ReviewCreate) =>
      call(STOREFRONT_CATALOG_ROUTES['POST /reviews'], undefined, {
        body: { ...review, language: review.language ?? pageLanguage() },
      }),
    /** POST /public/articles/{id}/alerts: 'Avvisami' on a sold-out article; 202, the e-mail carries the confirmation. */
    askStockAlert: (articleId: string, email: string) =>
      call(STOREFRONT_CATALOG_ROUTES['POST /public/articles/:id/alerts'], undefined, {
        params: { id: articleId },
        body: { email, language: pageLanguage() },
      }),
    /** POST /reviews/{id}/helpful: one vote per visitor; answers the count after the vote. */
    markHelpful: (reviewId: string) =>
      call(STOREFRONT_CATALOG_ROUTES['POST /reviews/:id/helpful'], HelpfulVoteAnswer, {
        params: { id: reviewId },
      }),
  };
}

export type CatalogApi = ReturnType<typeof createCatalogApi>;
