import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { z } from 'zod';
import { OnlineCheckoutRequest, type CheckoutSessionResponse } from '@edicola/contracts';
import { handle, type TokenVerifier } from '@edicola/platform';
import { cancelCardSession, cardSessionStatus, createCardCheckout } from '../payments/card';
import { providerOn, type PaymentDeps } from '../payments/deps';
import { checkoutKey, customerOf } from './request';

export const SessionParams = z.object({
  id: z.string().trim().min(1, 'Sessione mancante').max(255, 'Sessione non valida'),
});

/** Card payments through Stripe Checkout (docs/product/http-routes.md#svc-payments): create, poll, cancel. */
export function checkoutRoutes(router: Router, deps: PaymentDeps, verifier: TokenVerifier) {
  router.post(
    '/checkout/session',
    providerOn(deps, 'stripe'),
    handle({ body: OnlineCheckoutRequest }, async ({ body }, req): Promise<CheckoutSessionResponse> => {
      const customerId = await customerOf(req, verifier);
      return createCardCheckout(deps, body, {
        idempotency: checkoutKey('card', req, body, customerId),
        customerId,
        origin: req.get('origin'),
        orderId: randomUUID(),
        clientAddress: req.ip ?? 'unknown',
      });
    }),
  );

  router.get(
    '/checkout/session/:id',
    providerOn(deps, 'stripe'),
    handle({ params: SessionParams }, ({ params }) => cardSessionStatus(deps, params.id)),
  );

  router.post(
    '/checkout/session/:id/cancel',
    providerOn(deps, 'stripe'),
    handle({ params: SessionParams }, ({ params }) => cancelCardSession(deps, params.id)),
  );
}
