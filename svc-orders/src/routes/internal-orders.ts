import type { Router } from 'express';
import {
  InternalCreateOrderRequest,
  OnlinePaymentMethod,
  OrderIdParams,
  type InternalOrder,
} from '@edicola/contracts';
import { handle, HttpError, requireInternal, type Database } from '@edicola/platform';
import { ordererForCustomer, placeOrder, type OrderPlacing, type Orderer } from '../orders/creation';
import { internalOrder, toInternalOrder } from '../orders/queries';

export interface InternalOrderRouteOptions extends OrderPlacing {
  database: Database;
}

const fromPayments = requireInternal({ from: ['svc-payments'] });

/**
 * svc-payments' calls (internal only, never routed by the gateway): the pending order of an online payment,
 * created with the id svc-payments chose (201; a repeat answers the same order with 200 and reserves nothing
 * more), and an order as the payment needs it.
 */
export function internalOrderRoutes(router: Router, options: InternalOrderRouteOptions) {
  const db = options.database.db;

  router.post(
    '/internal/orders',
    fromPayments,
    handle({ body: InternalCreateOrderRequest }, async ({ body }, _req, res): Promise<InternalOrder> => {
      if (!OnlinePaymentMethod.safeParse(body.payment_method).success) {
        throw new HttpError(422, 'body.payment_method: Metodo di pagamento non online');
      }
      let orderer: Orderer = { customerId: null };
      if (body.customer_id) {
        const account = await ordererForCustomer(db, body.customer_id);
        if (!account) throw new HttpError(422, 'body.customer_id: Account non più esistente');
        orderer = account;
      }
      const { order_id: orderId, customer_id: _customer, ...request } = body;
      const { row, created } = await placeOrder(options, request, orderer, { orderId });
      res.status(created ? 201 : 200);
      return toInternalOrder(row);
    }),
  );

  router.get(
    '/internal/orders/:id',
    fromPayments,
    handle({ params: OrderIdParams }, ({ params }): Promise<InternalOrder> => internalOrder(db, params.id)),
  );
}
