import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { endpoint, type CheckoutSessionResponse } from '@edicola/contracts';
import { type TokenVerifier, routeServer } from '@edicola/platform';
import { cancelCardSession, cardSessionStatus, createCardCheckout } from '../payments/card';
import { providerOn, type PaymentDeps } from '../payments/deps';
import { checkoutKey, customerOf } from './request';

/** Card payments through Stripe Checkout (docs/product/http-routes.md#svc-payments): create, poll, cancel. */
export function checkoutRoutes(router: Router, deps: PaymentDeps, verifier: TokenVerifier) {
  const serve = routeServer(router);
  serve(
    endpoint('POST /checkout/session'),
    [providerOn(deps, 'stripe')],
    async ({ body }, req): Promise<CheckoutSessionResponse> => {
      const customerId = await customerOf(req, verifier);
      return createCardCheckout(deps, body, {
        idempotency: checkoutKey('card', req, body, customerId),
        customerId,
        origin: req.get('origin'),
        orderId: randomUUID(),
        clientAddress: req.ip ?? 'unknown',
      });
    },
  );

  serve(endpoint('GET /checkout/session/:id'), [providerOn(deps, 'stripe')], ({ params }) =>
    cardSessionStatus(deps, params.id),
  );

  serve(endpoint('POST /checkout/session/:id/cancel'), [providerOn(deps, 'stripe')], ({ params }) =>
    cancelCardSession(deps, params.id),
  );
}
