import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { Article, PublicReviewList, ReviewSummary, type PublicReview } from '@edicola/contracts';
import { injectTraceContext, inSpan, SpanKind } from '@edicola/platform';

/** What the storefront server needs of an article: its address (sitemap) and its link preview. */
export const PublicArticle = Article.pick({
  id: true,
  slug: true,
  title: true,
  description: true,
  photo_url: true,
});
export type PublicArticle = z.infer<typeof PublicArticle>;
const PublicArticleList = z.array(PublicArticle);
const ArticleList = z.array(Article);

/** One answer of the API: what the sitemap and previews need, and the whole articles when they check out. */
interface Fetched {
  articles: PublicArticle[];
  /** The complete articles (the catalogue's first paint), or undefined when one of them does not parse. */
  complete: Article[] | undefined;
  /** Every complete article of the list that parses (all of them, usually). */
  valid: Article[];
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
      const articles = PublicArticleList.parse(body);
      const complete = ArticleList.safeParse(body).data;
      // Each article that parses, for the sitemap and the feed: one odd article must not hide the others.
      const valid = complete ?? (body as unknown[]).flatMap((item) => Article.safeParse(item).data ?? []);
      return { articles, complete, valid };
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
        const kept = cached ?? { articles: [], complete: undefined, valid: [] };
        cached = { ...kept, until: Date.now() + Math.min(ttlMs, 5_000) };
        return kept;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  const list = async (): Promise<PublicArticle[]> => (await fetched()).articles;

  /** One GET of the API with the timeout and a client span: its status and parsed body (undefined: failed). */
  async function getJson(route: string, url: string): Promise<{ status: number; body: unknown } | undefined> {
    const attributes = { 'http.request.method': 'GET', 'url.path': url };
    try {
      return await inSpan('storefront', route, { kind: SpanKind.CLIENT, attributes }, async () => {
        const headers: Record<string, string> = { Accept: 'application/json' };
        injectTraceContext(headers);
        const response = await fetchImpl(`${apiUrl.replace(/\/+$/, '')}${url}`, {
          headers,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body: unknown = response.ok ? await response.json() : undefined;
        return { status: response.status, body };
      });
    } catch {
      return undefined;
    }
  }

  /** Answers kept a short while per key (article pages), so that a crawler's visits do not each load the API. */
  const pages = new Map<string, { until: number; value: Promise<unknown> }>();
  function shortCached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = pages.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    if (pages.size > 2_000) pages.clear();
    const value = load();
    pages.set(key, { until: now + Math.min(ttlMs, 30_000), value });
    return value;
  }

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
    /** Every active article that parses (the sitemap, the Merchant feed). */
    async all(): Promise<Article[]> {
      return (await fetched()).valid.filter((article) => article.is_active);
    },
    /**
     * The article of an address (GET /public/articles/by-slug/:slug, whose answer for a former slug is the
     * article under its current one): 'missing' when there is none, undefined when the API did not answer.
     */
    bySlug(slug: string): Promise<Article | 'missing' | undefined> {
      return shortCached(`slug:${slug}`, async () => {
        const answer = await getJson(
          'GET /public/articles/by-slug/:slug',
          `/public/articles/by-slug/${encodeURIComponent(slug)}`,
        );
        if (answer?.status === 404 || answer?.status === 400) return 'missing' as const;
        return answer ? Article.safeParse(answer.body).data : undefined;
      });
    },
    /** An article's approved reviews and their summary, or none when the API does not answer in time. */
    reviews(id: string): Promise<{ reviews: PublicReview[]; summary?: ReviewSummary }> {
      return shortCached(`reviews:${id}`, async () => {
        const [list, stats] = await Promise.all([
          getJson('GET /articles/:id/reviews', `/articles/${encodeURIComponent(id)}/reviews`),
          getJson('GET /reviews/stats/:id', `/reviews/stats/${encodeURIComponent(id)}`),
        ]);
        const reviews = (PublicReviewList.safeParse(list?.body).data ?? []).filter((r) => r.approved);
        return { reviews, summary: ReviewSummary.safeParse(stats?.body).data };
      });
    },
  };
}

export type ArticleSource = ReturnType<typeof createArticleSource>;
