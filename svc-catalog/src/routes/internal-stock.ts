import type { Router } from 'express';
import { endpoint } from '@edicola/contracts';
import { HttpError, type Db, type EventBus, routeServer } from '@edicola/platform';
import type { ResponseCache } from '../cache/response-cache';
import { releaseReservation } from '../stock/release';
import { reserveStock } from '../stock/reservation';

/** svc-orders' stock calls: reserve an order's lines, release them. Internal only (never routed by the gateway). */
export function internalStockRoutes(router: Router, db: Db, cache: ResponseCache, bus: EventBus) {
  const serve = routeServer(router);
  serve(endpoint('POST /internal/stock/reservations'), async ({ body }, req) => {
    const key = req.get('idempotency-key');
    if (key !== undefined && key !== body.order_id) {
      throw new HttpError(422, 'Idempotency-Key deve coincidere con order_id');
    }
    const { reservation, reserved } = await reserveStock(db, body, bus);
    if (reserved) cache.invalidate();
    return reservation;
  });

  serve(endpoint('DELETE /internal/stock/reservations/:order_id'), async ({ params }, _req, res) => {
    const released = await db.transaction((tx) => releaseReservation(tx, bus, params.order_id));
    if (released) cache.invalidate();
    res.status(204).end();
  });
}
