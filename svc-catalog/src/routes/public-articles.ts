import type { Response, Router } from 'express';
import { endpoint, type Article, type ProductType, type SearchSuggestions } from '@edicola/contracts';
import { notFound, routeServer, type Db } from '@edicola/platform';
import { findBySlug, listActiveArticles } from '../articles/queries';
import type { CachedBody, ResponseCache } from '../cache/response-cache';
import { searchCatalogue, suggestArticles } from '../search/search';

function sendCached(res: Response, cached: CachedBody) {
  res.set({
    'Content-Type': 'application/json; charset=utf-8',
    ETag: cached.etag,
    'Cache-Control': 'public, max-age=0, must-revalidate',
  });
  // res.send answers 304 itself when the client's If-None-Match matches.
  res.send(cached.body);
}

/**
 * The storefront's catalogue reads: GET /public/articles[/prevendita|/prenotazione] (cached), an article page's
 * article by its slug, the search and the search box's suggestions (docs/product/article-pages.md#search).
 * Searches are not cached: their words vary too much for a cache to pay.
 */
export function publicArticleRoutes(router: Router, db: Db, cache: ResponseCache) {
  const serve = routeServer(router);
  const list = (type?: ProductType) => async (_input: unknown, _req: unknown, res: Response) => {
    sendCached(res, await cache.get(`articles:${type ?? 'all'}`, () => listActiveArticles(db, type)));
  };
  serve(endpoint('GET /public/articles'), list());
  serve(endpoint('GET /public/articles/prevendita'), list('prevendita'));
  serve(endpoint('GET /public/articles/prenotazione'), list('prenotazione'));

  serve(endpoint('GET /public/articles/by-slug/:slug'), async ({ params }): Promise<Article> => {
    const article = await findBySlug(db, params.slug);
    if (!article) throw notFound('Articolo non trovato');
    return article;
  });
  serve(endpoint('GET /public/search'), ({ query }) => searchCatalogue(db, query));
  serve(endpoint('GET /public/search/suggest'), async ({ query }): Promise<SearchSuggestions> => ({
    suggestions: await suggestArticles(db, query.q),
  }));
}
