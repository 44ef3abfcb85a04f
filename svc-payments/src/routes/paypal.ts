import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { endpoint } from '@edicola/contracts';
import { type TokenVerifier, routeServer } from '@edicola/platform';
import { providerOn, type PaymentDeps } from '../payments/deps';
import { abandonPaypal } from '../payments/abandon';
import { capturePaypalOrder, createPaypalOrder } from '../payments/paypal';
import { checkoutKey, customerOf } from './request';

/**
 * PayPal Orders v2, redirect flow (docs/product/http-routes.md#svc-payments): create the order, capture it
 * when the buyer is back, or cancel.
 */
export function paypalRoutes(router: Router, deps: PaymentDeps, verifier: TokenVerifier) {
  const serve = routeServer(router);
  serve(endpoint('POST /paypal/create-order'), [providerOn(deps, 'paypal')], async ({ body }, req) => {
    const customerId = await customerOf(req, verifier);
    return createPaypalOrder(deps, body, {
      idempotency: checkoutKey('paypal', req, body, customerId),
      customerId,
      origin: req.get('origin'),
      orderId: randomUUID(),
      clientAddress: req.ip ?? 'unknown',
    });
  });
  serve(endpoint('POST /paypal/capture-order'), [providerOn(deps, 'paypal')], ({ body }) =>
    capturePaypalOrder(deps, body.order_id),
  );
  // The buyer came back through PayPal's cancel_url: the attempt ends at once.
  serve(endpoint('POST /paypal/cancel-order'), [providerOn(deps, 'paypal')], ({ body }) =>
    abandonPaypal(deps, body.order_id),
  );
}
