import { ArticleList, ErrorBody } from '@edicola/contracts';

/** An API answer that was not 2xx; `message` is the server's `detail` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let detail: string | undefined;
  try {
    const body = ErrorBody.safeParse(await response.json());
    if (body.success) detail = body.data.detail;
  } catch {
    // Not JSON: fall back to the status line.
  }
  return new ApiError(response.status, detail ?? `HTTP ${response.status}`);
}

/** The catalogue slice's one way to talk to the API (svc-catalog's public endpoints). */
export function createCatalogApi(apiBaseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function getArticles(path: string, signal?: AbortSignal): Promise<ArticleList> {
    const response = await fetchImpl(`${base}${path}`, { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) throw await errorFrom(response);
    const parsed = ArticleList.safeParse(await response.json());
    if (!parsed.success)
      throw new Error(`GET ${path}: unexpected response (${parsed.error.issues.length} issues)`);
    return parsed.data;
  }

  return {
    /** GET /public/articles: the active catalogue. */
    listArticles: (signal?: AbortSignal) => getArticles('/public/articles', signal),
    /** GET /public/articles/prevendita: pre-sale articles, each with its availability date. */
    listPresale: (signal?: AbortSignal) => getArticles('/public/articles/prevendita', signal),
    /** GET /public/articles/prenotazione: articles open for reservation. */
    listReservation: (signal?: AbortSignal) => getArticles('/public/articles/prenotazione', signal),
  };
}

export type CatalogApi = ReturnType<typeof createCatalogApi>;
