import type { RequestHandler, Router } from 'express';
import { endpoint, OnlinePaymentMethod, type InternalOrder } from '@edicola/contracts';
import { HttpError, type Database, routeServer } from '@edicola/platform';
import type { CancelTokens } from '../orders/cancel-token';
import { ordererForCustomer, placeOrder, type OrderPlacing, type Orderer } from '../orders/creation';
import { internalOrderKey } from '../orders/order-keys';
import { internalOrder, toInternalOrder } from '../orders/queries';

export interface InternalOrderRouteOptions extends OrderPlacing {
  database: Database;
  cancelTokens: CancelTokens;
  /** The per-address limit of order creation, keyed by the buyer's address svc-payments sends. */
  creationLimit: RequestHandler;
}

/**
 * svc-payments' calls (internal only, never routed by the gateway): the pending order of an online payment,
 * created with the id svc-payments chose (201; a repeat answers the same order with 200 and reserves nothing
 * more), and an order as the payment needs it.
 */
export function internalOrderRoutes(router: Router, options: InternalOrderRouteOptions) {
  const serve = routeServer(router);
  const db = options.database.db;

  serve(
    endpoint('POST /internal/orders'),
    [options.creationLimit],
    async ({ body }, _req, res): Promise<InternalOrder> => {
      if (!OnlinePaymentMethod.safeParse(body.payment_method).success) {
        throw new HttpError(422, 'Metodo di pagamento non online');
      }
      let orderer: Orderer = { customerId: null };
      if (body.customer_id) {
        const account = await ordererForCustomer(db, body.customer_id);
        if (!account) throw new HttpError(422, 'Account non più esistente');
        orderer = account;
      }
      const { order_id: orderId, customer_id: _customer, client_address: _address, ...request } = body;
      const { row, created } = await placeOrder(options, request, orderer, {
        orderId,
        idempotency: internalOrderKey(orderId, request, orderer),
      });
      res.status(created ? 201 : 200);
      // The browser gets this token through svc-payments' answer (card, PayPal), to cancel the order if it goes back.
      return { ...toInternalOrder(row), cancel_token: options.cancelTokens.tokenFor(row.id) };
    },
  );

  serve(endpoint('GET /internal/orders/:id'), async ({ params }): Promise<InternalOrder> => ({
    ...(await internalOrder(db, params.id)),
    cancel_token: options.cancelTokens.tokenFor(params.id),
  }));
}
