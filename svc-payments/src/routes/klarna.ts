import type { Router } from 'express';
import { KlarnaIntentRequest, KlarnaVerifyRequest } from '@edicola/contracts';
import { handle } from '@edicola/platform';
import { providerOn, type PaymentDeps } from '../payments/deps';
import { abandonKlarna } from '../payments/abandon';
import { createKlarnaIntent, verifyKlarna } from '../payments/klarna';

/**
 * Klarna through Stripe PaymentIntents (docs/product/http-routes.md#svc-payments): the intent for a pending
 * order, the return page's check, cancel.
 */
export function klarnaRoutes(router: Router, deps: PaymentDeps) {
  router.post(
    '/payments/klarna/create-intent',
    providerOn(deps, 'stripe'),
    handle({ body: KlarnaIntentRequest }, ({ body }, req) =>
      createKlarnaIntent(deps, body, { origin: req.get('origin') }),
    ),
  );
  router.post(
    '/payments/klarna/verify',
    providerOn(deps, 'stripe'),
    handle({ body: KlarnaVerifyRequest }, ({ body }) => verifyKlarna(deps, body)),
  );
  // 'Annulla' in the checkout's Klarna step: the attempt ends at once (its order cancelled, the stock back).
  router.post(
    '/payments/klarna/cancel',
    providerOn(deps, 'stripe'),
    handle({ body: KlarnaVerifyRequest }, ({ body }) => abandonKlarna(deps, body)),
  );
}
