import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { Article } from '@edicola/contracts';
import { injectTraceContext, inSpan, SpanKind } from '@edicola/platform';

/** What the storefront server needs of an article: its address (sitemap) and its link preview. */
export const PublicArticle = Article.pick({ id: true, title: true, description: true, photo_url: true });
export type PublicArticle = z.infer<typeof PublicArticle>;
const PublicArticleList = z.array(PublicArticle);
const ArticleList = z.array(Article);

/** One answer of the API: what the sitemap and previews need, and the whole articles when they check out. */
interface Fetched {
  articles: PublicArticle[];
  /** The complete articles (the catalogue's first paint), or undefined when one of them does not parse. */
  complete: Article[] | undefined;
}

export interface ArticleSourceOptions {
  /** Where this server reaches the API (the gateway), e.g. http://127.0.0.1:8080. */
  apiUrl: string;
  /** How long a fetched list is reused. */
  ttlMs?: number;
  /** How long one request to the API may take before it counts as failed. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * The public article list (GET /public/articles), fetched with a timeout and kept for a short while so
 * that crawlers and link previews never load the API. When the API fails, the last good list is used
 * (or an empty one) and the failure is retried on the next request after a short pause.
 */
export function createArticleSource({
  apiUrl,
  ttlMs = 60_000,
  timeoutMs = 3_000,
  fetchImpl = fetch,
}: ArticleSourceOptions) {
  let cached: (Fetched & { until: number }) | undefined;
  let pending: Promise<Fetched> | undefined;

  /** Tracing on: a client span of the storefront server, whose context the gateway continues. */
  function fetchList(): Promise<Fetched> {
    const attributes = { 'http.request.method': 'GET', 'url.path': '/public/articles' };
    return inSpan('storefront', 'GET /public/articles', { kind: SpanKind.CLIENT, attributes }, async () => {
      const headers: Record<string, string> = { Accept: 'application/json' };
      injectTraceContext(headers);
      const response = await fetchImpl(`${apiUrl.replace(/\/+$/, '')}/public/articles`, {
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`GET /public/articles answered ${response.status}`);
      const body: unknown = await response.json();
      return { articles: PublicArticleList.parse(body), complete: ArticleList.safeParse(body).data };
    });
  }

  async function fetched(): Promise<Fetched> {
    if (cached && cached.until > Date.now()) return cached;
    pending ??= fetchList()
      .then((answer) => {
        cached = { ...answer, until: Date.now() + ttlMs };
        return answer;
      })
      .catch(() => {
        // Keep what we had; ask again in a few seconds, not on every request of a crawler.
        const kept = cached ?? { articles: [], complete: undefined };
        cached = { ...kept, until: Date.now() + Math.min(ttlMs, 5_000) };
        return kept;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  const list = async (): Promise<PublicArticle[]> => (await fetched()).articles;

  return {
    list,
    /** The list if one is at hand, never waiting for the API (a stale one starts a refresh). */
    peek(): PublicArticle[] | undefined {
      if (!cached || cached.until <= Date.now()) void list();
      return cached?.articles;
    },
    /**
     * The complete articles of the list at hand (as GET /public/articles answers them, in its order),
     * like peek() never waiting; undefined when one of them did not parse.
     */
    completeAtHand(): Article[] | undefined {
      return cached?.complete;
    },
    /**
     * The list if the API gives it within `budgetMs` (or one is at hand), else undefined: a page may wait
     * that long for it, never for the API's full timeout.
     */
    async within(budgetMs: number): Promise<PublicArticle[] | undefined> {
      const atHand = cached && cached.until > Date.now() ? cached.articles : undefined;
      if (atHand) return atHand;
      const stop = new AbortController();
      const late = delay(budgetMs, undefined, { signal: stop.signal }).catch(() => undefined);
      return Promise.race([list(), late]).finally(() => stop.abort());
    },
    async find(id: string): Promise<PublicArticle | undefined> {
      return (await list()).find((article) => article.id === id);
    },
  };
}

export type ArticleSource = ReturnType<typeof createArticleSource>;
