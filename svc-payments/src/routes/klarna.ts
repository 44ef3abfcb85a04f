import type { Router } from 'express';
import { KlarnaIntentRequest, KlarnaVerifyRequest } from '@edicola/contracts';
import { handle } from '@edicola/platform';
import type { PaymentDeps } from '../payments/deps';
import { createKlarnaIntent, verifyKlarna } from '../payments/klarna';

/** Klarna through Stripe PaymentIntents (SPEC §7): the intent for a pending order, and the return page's check. */
export function klarnaRoutes(router: Router, deps: PaymentDeps) {
  router.post(
    '/payments/klarna/create-intent',
    handle({ body: KlarnaIntentRequest }, ({ body }, req) =>
      createKlarnaIntent(deps, body, { origin: req.get('origin') }),
    ),
  );
  router.post(
    '/payments/klarna/verify',
    handle({ body: KlarnaVerifyRequest }, ({ body }) => verifyKlarna(deps, body)),
  );
}
