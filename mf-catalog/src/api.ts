import { apiErrorFrom, type ReviewCreate } from '@edicola/contracts';
import { articleListFrom, helpfulVoteFrom, reviewListFrom, reviewSummaryFrom } from './checks';

/** How long a call may take before the screen says the API is not answering (issue 6: a few seconds). */
export const API_TIMEOUT_MS = 8000;

/** The caller's signal (if any) combined with the timeout. */
function timeoutSignal(signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** Checks an answer's body: the value to return, or undefined when it is not what the contract says. */
type Check<T> = (body: unknown) => T | undefined | Promise<T | undefined>;

/** The catalogue slice's one way to talk to the API (svc-catalog's public endpoints). */
export function createCatalogApi(apiBaseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    check: Check<T> | null,
    options: { body?: unknown; signal?: AbortSignal } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: timeoutSignal(options.signal),
    });
    if (!response.ok) throw await apiErrorFrom(response);
    if (!check) return undefined as T;
    const checked = await check(await response.json());
    if (checked === undefined) throw new Error(`${method} ${path}: unexpected response`);
    return checked;
  }

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
    createReview: (review: ReviewCreate) => call('POST', '/reviews', null, { body: review }),
    /** POST /reviews/{id}/helpful: one vote per visitor; answers the count after the vote. */
    markHelpful: (reviewId: string) => call('POST', `/reviews/${id(reviewId)}/helpful`, helpfulVoteFrom),
  };
}

export type CatalogApi = ReturnType<typeof createCatalogApi>;
