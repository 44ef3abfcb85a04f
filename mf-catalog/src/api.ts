import { apiErrorFrom, ArticleList } from '@edicola/contracts';

/** The catalogue slice's one way to talk to the API (svc-catalog's public endpoints). */
export function createCatalogApi(apiBaseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function getArticles(path: string, signal?: AbortSignal): Promise<ArticleList> {
    const response = await fetchImpl(`${base}${path}`, { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) throw await apiErrorFrom(response);
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
