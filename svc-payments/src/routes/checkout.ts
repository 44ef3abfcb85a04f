import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { z } from 'zod';
import { OnlineCheckoutRequest, type CheckoutSessionResponse } from '@edicola/contracts';
import { handle, type TokenVerifier } from '@edicola/platform';
import { cancelCardSession, cardSessionStatus, createCardCheckout } from '../payments/card';
import type { PaymentDeps } from '../payments/deps';
import { customerOf, idempotencyKey } from './request';

export const SessionParams = z.object({
  id: z.string().trim().min(1, 'Sessione mancante').max(255, 'Sessione non valida'),
});

/** Card payments through Stripe Checkout (SPEC §7): create, poll, cancel. */
export function checkoutRoutes(router: Router, deps: PaymentDeps, verifier: TokenVerifier) {
  router.post(
    '/checkout/session',
    handle({ body: OnlineCheckoutRequest }, async ({ body }, req): Promise<CheckoutSessionResponse> => {
      const customerId = await customerOf(req, verifier);
      return createCardCheckout(deps, body, {
        requestKey: `card:${idempotencyKey(req)}`,
        customerId,
        origin: req.get('origin'),
        orderId: randomUUID(),
      });
    }),
  );

  router.get(
    '/checkout/session/:id',
    handle({ params: SessionParams }, ({ params }) => cardSessionStatus(deps, params.id)),
  );

  router.post(
    '/checkout/session/:id/cancel',
    handle({ params: SessionParams }, ({ params }) => cancelCardSession(deps, params.id)),
  );
}
