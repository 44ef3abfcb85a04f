import type { Router } from 'express';
import { StockReservationParams, StockReservationRequest } from '@edicola/contracts';
import { handle, HttpError, requireInternal, type Db, type EventBus } from '@edicola/platform';
import type { ResponseCache } from '../cache/response-cache';
import { releaseReservation } from '../stock/release';
import { reserveStock } from '../stock/reservation';

const fromOrders = requireInternal({ from: ['svc-orders'] });

/** svc-orders' stock calls: reserve an order's lines, release them. Internal only (never routed by the gateway). */
export function internalStockRoutes(router: Router, db: Db, cache: ResponseCache, bus: EventBus) {
  router.post(
    '/internal/stock/reservations',
    fromOrders,
    handle({ body: StockReservationRequest }, async ({ body }, req) => {
      const key = req.get('idempotency-key');
      if (key !== undefined && key !== body.order_id) {
        throw new HttpError(422, 'Idempotency-Key deve coincidere con order_id');
      }
      const { reservation, reserved } = await reserveStock(db, body, bus);
      if (reserved) cache.invalidate();
      return reservation;
    }),
  );

  router.delete(
    '/internal/stock/reservations/:order_id',
    fromOrders,
    handle({ params: StockReservationParams }, async ({ params }, _req, res) => {
      const released = await db.transaction((tx) => releaseReservation(tx, params.order_id));
      if (released) cache.invalidate();
      res.status(204).end();
    }),
  );
}
