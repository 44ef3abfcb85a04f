import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { endpoint, pathTo, ROUTES, type ArrivalResult } from '@edicola/contracts';
import {
  authOf,
  notFound,
  routeServer,
  type Db,
  type InternalClient,
  type TokenVerifier,
} from '@edicola/platform';
import { findArticle } from '../articles/queries';

/**
 * What the supplier delivered of a pre-sale article (docs/decisions/0066-presale-deposits.md). The address is the
 * article's, so the gateway brings it here; the line of pre-orders is svc-orders', which records the delivery under
 * the id chosen here (a retried call records it once) and answers how its units went.
 */
export function arrivalRoutes(router: Router, db: Db, verifier: TokenVerifier, internal: InternalClient) {
  const serve = routeServer(router, verifier);

  serve(
    endpoint('POST /api/articles/:id/arrivals'),
    async ({ params, body }, _req, res): Promise<ArrivalResult> => {
      if (!(await findArticle(db, params.id))) throw notFound('Articolo non trovato');
      const staff = authOf(res);
      const arrivalId = randomUUID();
      const result = await internal.post<ArrivalResult>(
        'svc-orders',
        pathTo(ROUTES['POST /internal/articles/:id/arrivals'], { id: params.id }),
        { ...body, arrival_id: arrivalId, recorded_by: { id: staff.sub, username: staff.name } },
        { idempotencyKey: arrivalId },
      );
      res.status(201);
      return result;
    },
  );
}
