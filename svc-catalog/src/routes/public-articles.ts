import type { Response, Router } from 'express';
import { endpoint, type ProductType } from '@edicola/contracts';
import { routeServer, type Db } from '@edicola/platform';
import { listActiveArticles } from '../articles/queries';
import type { CachedBody, ResponseCache } from '../cache/response-cache';

function sendCached(res: Response, cached: CachedBody) {
  res.set({
    'Content-Type': 'application/json; charset=utf-8',
    ETag: cached.etag,
    'Cache-Control': 'public, max-age=0, must-revalidate',
  });
  // res.send answers 304 itself when the client's If-None-Match matches.
  res.send(cached.body);
}

/** GET /public/articles[/prevendita|/prenotazione]: the storefront's catalogue reads. */
export function publicArticleRoutes(router: Router, db: Db, cache: ResponseCache) {
  const serve = routeServer(router);
  const list = (type?: ProductType) => async (_input: unknown, _req: unknown, res: Response) => {
    sendCached(res, await cache.get(`articles:${type ?? 'all'}`, () => listActiveArticles(db, type)));
  };
  serve(endpoint('GET /public/articles'), list());
  serve(endpoint('GET /public/articles/prevendita'), list('prevendita'));
  serve(endpoint('GET /public/articles/prenotazione'), list('prenotazione'));
}
