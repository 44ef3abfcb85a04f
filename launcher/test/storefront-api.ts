import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Article, ArticleList, PublicReviewList, ReviewSummary, type PublicReview } from '@edicola/contracts';

/**
 * A stand-in API on loopback speaking the real contracts (each answer is parsed with its schema first):
 * GET /public/articles, GET /public/articles/by-slug/:slug (a former slug answers the article under its
 * current one), GET /articles/:id/reviews, GET /reviews/stats/:id. `calls` records each path asked.
 */
export async function startStorefrontApi(
  articles: Article[],
  { formerSlugs = {} as Record<string, string>, reviews = {} as Record<string, PublicReview[]> } = {},
) {
  const calls: string[] = [];
  let down = false;
  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    calls.push(path);
    if (down) return void res.destroy();
    if (path === '/public/articles') return send(res, 200, ArticleList.parse(articles));
    const slug = /^\/public\/articles\/by-slug\/([^/]+)$/.exec(path)?.[1];
    if (slug) {
      const current = formerSlugs[slug] ?? slug;
      const found = articles.find((a) => a.slug === current && a.is_active);
      return found
        ? send(res, 200, Article.parse(found))
        : send(res, 404, { detail: 'Articolo non trovato' });
    }
    const reviewsOf = /^\/articles\/([^/]+)\/reviews$/.exec(path)?.[1];
    if (reviewsOf) return send(res, 200, PublicReviewList.parse(reviews[reviewsOf] ?? []));
    const statsOf = /^\/reviews\/stats\/([^/]+)$/.exec(path)?.[1];
    if (statsOf) {
      const list = reviews[statsOf] ?? [];
      const average = list.length ? list.reduce((sum, r) => sum + r.rating, 0) / list.length : 0;
      return send(
        res,
        200,
        ReviewSummary.parse({ average_rating: Math.round(average * 10) / 10, total_reviews: list.length }),
      );
    }
    send(res, 404, { detail: 'Pagina non trovata' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** Every request from now on fails (the connection is dropped). */
    setDown(value: boolean) {
      down = value;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
