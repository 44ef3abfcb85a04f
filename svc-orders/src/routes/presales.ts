import { eq } from 'drizzle-orm';
import type { Router } from 'express';
import {
  BalancePaymentResponse,
  endpoint,
  pathTo,
  ROUTES,
  type ArrivalResult,
  type OrderDeposit,
} from '@edicola/contracts';
import { conflict, notFound, routeServer, type InternalClient, type TokenVerifier } from '@edicola/platform';
import type { RequestHandler } from 'express';
import { orderRecords } from '../db/schema';
import { ORDER_NOT_FOUND } from '../orders/queries';
import { choosePresale, recordArrival, type Presales } from '../presales/arrivals';

export const BALANCE_NOT_DUE = "Il saldo di quest'ordine non è da pagare ora";
export const BALANCE_TOO_LATE = 'Il termine per pagare il saldo è scaduto';

/**
 * Pre-sale deposits and arrivals (docs/decisions/0066-presale-deposits.md): a delivery staff recorded in svc-catalog; the buyer pays
 * the balance of a unit that is theirs, or chooses after a short delivery. The order's token checks each buyer call.
 */
export function presaleRoutes(
  router: Router,
  deps: Presales & { verifier: TokenVerifier; internal: InternalClient; orderLinkLimit: RequestHandler },
) {
  const serve = routeServer(router, deps.verifier);
  const db = deps.database.db;

  // svc-catalog's call for staff's POST /api/articles/{id}/arrivals (internal only, never routed by the gateway).
  routeServer(router)(
    endpoint('POST /internal/articles/:id/arrivals'),
    async ({ params, body }, _req, res): Promise<ArrivalResult> => {
      const result = await recordArrival(deps, params.id, body);
      res.status(201);
      return result;
    },
  );

  serve(
    endpoint('POST /orders/:id/presale-choice'),
    [deps.orderLinkLimit],
    ({ params, body }): Promise<OrderDeposit> => choosePresale(deps, params.id, body.token, body.choice),
  );

  serve(
    endpoint('POST /orders/:id/balance-payment'),
    [deps.orderLinkLimit],
    async ({ params, body }, req): Promise<BalancePaymentResponse> => {
      if (!deps.cancelTokens.matches(params.id, body.token)) throw notFound(ORDER_NOT_FOUND);
      const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, params.id));
      if (!row) throw notFound(ORDER_NOT_FOUND);
      if (row.presaleState !== 'balance_due' || row.status !== 'pending') throw conflict(BALANCE_NOT_DUE);
      if (row.balanceDueAt && row.balanceDueAt <= new Date()) throw conflict(BALANCE_TOO_LATE);
      const answer = await deps.internal.post(
        'svc-payments',
        pathTo(ROUTES['POST /internal/orders/:id/balance-payment'], { id: row.id }),
        { method: body.method, origin: req.get('origin') ?? null },
        { idempotencyKey: `balance-${row.id}-${body.method}` },
      );
      return BalancePaymentResponse.parse(answer);
    },
  );
}
