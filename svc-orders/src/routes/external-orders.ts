import type { Router } from 'express';
import { endpoint, type ExternalOrderStored, type Order, type StockConflict } from '@edicola/contracts';
import { auditBy, authOf, routeServer, type TokenVerifier } from '@edicola/platform';
import {
  cancelExternalOrder,
  importExternalOrder,
  retryStockConflict,
  stockConflicts,
  type ExternalOrderDeps,
} from '../channels/external-orders';

/**
 * Marketplace orders (docs/decisions/0049-marketplace-orders.md): svc-channels' internal calls storing and
 * cancelling eBay orders, and the staff's view of the orders that found no stock. Registered before
 * GET /api/orders/:id, so `stock-conflicts` is not taken for an order id.
 */
export function externalOrderRoutes(
  router: Router,
  options: ExternalOrderDeps & { verifier: TokenVerifier },
) {
  const serve = routeServer(router, options.verifier);

  serve(
    endpoint('POST /internal/orders/external'),
    async ({ body }, _req, res): Promise<ExternalOrderStored> => {
      const stored = await importExternalOrder(options, body);
      res.status(stored.created ? 201 : 200);
      return stored;
    },
  );

  serve(endpoint('POST /internal/orders/external/cancel'), ({ body }): Promise<Order> =>
    cancelExternalOrder(options, body),
  );

  serve(endpoint('GET /api/orders/stock-conflicts'), (): Promise<StockConflict[]> =>
    stockConflicts(options.database.db),
  );

  serve(endpoint('POST /api/orders/:id/stock-conflict/retry'), ({ params }, _req, res): Promise<Order> => {
    const staff = authOf(res);
    return retryStockConflict(
      options,
      params.id,
      { id: staff.sub, username: staff.name },
      auditBy(options.bus, res),
    );
  });
}
