import type { Request, Router } from 'express';
import {
  endpoint,
  IDEMPOTENCY_HEADER,
  IdempotencyKey,
  type StockAdjusted,
  type StockLookup,
  type StockMovement,
} from '@edicola/contracts';
import {
  auditBy,
  authOf,
  HttpError,
  notFound,
  routeServer,
  type Db,
  type EventBus,
  type TokenVerifier,
} from '@edicola/platform';
import { adminArticle } from '../articles/photos';
import { findArticle } from '../articles/queries';
import type { ResponseCache } from '../cache/response-cache';
import { adjustStock } from '../stock/adjustments';
import { sellElsewhere } from '../stock/external-sales';
import { articleLedger, toStockMovement } from '../stock/ledger';
import { lookupStock } from '../stock/lookup';

/** The optional Idempotency-Key of a request; 422 when malformed. */
function idempotencyKeyOf(req: Request): string | null {
  const raw = req.get(IDEMPOTENCY_HEADER);
  if (raw === undefined) return null;
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) throw new HttpError(422, parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * The stock in the back office and at the counter (docs/product/counter.md#stock-ledger): an article's ledger and
 * the counter's lookup (every counter role), staff's own changes and sales made elsewhere (staff and admin). Every
 * change drops the public list cache once committed.
 */
export function stockRoutes(
  router: Router,
  db: Db,
  verifier: TokenVerifier,
  cache: ResponseCache,
  bus: EventBus,
) {
  const serve = routeServer(router, verifier);

  serve(endpoint('GET /api/articles/:id/stock-movements'), async ({ params }): Promise<StockMovement[]> => {
    if (!(await findArticle(db, params.id))) throw notFound('Articolo non trovato');
    return articleLedger(db, params.id);
  });

  serve(endpoint('GET /api/stock/lookup'), ({ query }): Promise<StockLookup> => lookupStock(db, query.q));

  serve(
    endpoint('POST /api/articles/:id/stock'),
    async ({ params, body }, _req, res): Promise<StockAdjusted> => {
      const { article, movement } = await adjustStock(
        db,
        bus,
        params.id,
        body,
        authOf(res).name,
        auditBy(bus, res),
      );
      cache.invalidate();
      res.status(201);
      return { article: await adminArticle(db, article), movement: toStockMovement(movement) };
    },
  );

  serve(endpoint('POST /api/stock/external-sales'), async ({ body }, req, res): Promise<StockAdjusted> => {
    const key = idempotencyKeyOf(req);
    const { article, movement, sold } = await sellElsewhere(
      db,
      body,
      authOf(res).name,
      key,
      bus,
      auditBy(bus, res),
    );
    if (sold) cache.invalidate();
    res.status(sold ? 201 : 200);
    return { article: await adminArticle(db, article), movement: toStockMovement(movement) };
  });
}
