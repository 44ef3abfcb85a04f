import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { OnlineCheckoutRequest, PaypalCaptureRequest } from '@edicola/contracts';
import { handle, type TokenVerifier } from '@edicola/platform';
import { providerOn, type PaymentDeps } from '../payments/deps';
import { abandonPaypal } from '../payments/abandon';
import { capturePaypalOrder, createPaypalOrder } from '../payments/paypal';
import { checkoutKey, customerOf } from './request';

/**
 * PayPal Orders v2, redirect flow (docs/product/http-routes.md#svc-payments): create the order, capture it
 * when the buyer is back, or cancel.
 */
export function paypalRoutes(router: Router, deps: PaymentDeps, verifier: TokenVerifier) {
  router.post(
    '/paypal/create-order',
    providerOn(deps, 'paypal'),
    handle({ body: OnlineCheckoutRequest }, async ({ body }, req) => {
      const customerId = await customerOf(req, verifier);
      return createPaypalOrder(deps, body, {
        idempotency: checkoutKey('paypal', req, body, customerId),
        customerId,
        origin: req.get('origin'),
        orderId: randomUUID(),
        clientAddress: req.ip ?? 'unknown',
      });
    }),
  );
  router.post(
    '/paypal/capture-order',
    providerOn(deps, 'paypal'),
    handle({ body: PaypalCaptureRequest }, ({ body }) => capturePaypalOrder(deps, body.order_id)),
  );
  // The buyer came back through PayPal's cancel_url: the attempt ends at once.
  router.post(
    '/paypal/cancel-order',
    providerOn(deps, 'paypal'),
    handle({ body: PaypalCaptureRequest }, ({ body }) => abandonPaypal(deps, body.order_id)),
  );
}
