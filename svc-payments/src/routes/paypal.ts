import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { OnlineCheckoutRequest, PaypalCaptureRequest } from '@edicola/contracts';
import { handle, type TokenVerifier } from '@edicola/platform';
import type { PaymentDeps } from '../payments/deps';
import { capturePaypalOrder, createPaypalOrder } from '../payments/paypal';
import { customerOf, idempotencyKey } from './request';

/** PayPal Orders v2, redirect flow (SPEC §7): create the order, capture it when the buyer is back. */
export function paypalRoutes(router: Router, deps: PaymentDeps, verifier: TokenVerifier) {
  router.post(
    '/paypal/create-order',
    handle({ body: OnlineCheckoutRequest }, async ({ body }, req) => {
      const customerId = await customerOf(req, verifier);
      return createPaypalOrder(deps, body, {
        requestKey: `paypal:${idempotencyKey(req)}`,
        customerId,
        origin: req.get('origin'),
        orderId: randomUUID(),
      });
    }),
  );
  router.post(
    '/paypal/capture-order',
    handle({ body: PaypalCaptureRequest }, ({ body }) => capturePaypalOrder(deps, body.order_id)),
  );
}
