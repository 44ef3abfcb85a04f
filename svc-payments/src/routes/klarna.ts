import type { Router } from 'express';
import { endpoint } from '@edicola/contracts';
import { routeServer } from '@edicola/platform';
import { providerOn, type PaymentDeps } from '../payments/deps';
import { abandonKlarna } from '../payments/abandon';
import { createKlarnaIntent, verifyKlarna } from '../payments/klarna';

/**
 * Klarna through Stripe PaymentIntents (docs/product/http-routes.md#svc-payments): the intent for a pending
 * order, the return page's check, cancel.
 */
export function klarnaRoutes(router: Router, deps: PaymentDeps) {
  const serve = routeServer(router);
  serve(endpoint('POST /payments/klarna/create-intent'), [providerOn(deps, 'stripe')], ({ body }, req) =>
    createKlarnaIntent(deps, body, { origin: req.get('origin') }),
  );
  serve(endpoint('POST /payments/klarna/verify'), [providerOn(deps, 'stripe')], ({ body }) =>
    verifyKlarna(deps, body),
  );
  // 'Annulla' in the checkout's Klarna step: the attempt ends at once (its order cancelled, the stock back).
  serve(endpoint('POST /payments/klarna/cancel'), [providerOn(deps, 'stripe')], ({ body }) =>
    abandonKlarna(deps, body),
  );
}
