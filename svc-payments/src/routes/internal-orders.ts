import type { Router } from 'express';
import { endpoint, type InternalPaymentExpiry } from '@edicola/contracts';
import { routeServer } from '@edicola/platform';
import type { PaymentDeps } from '../payments/deps';
import { expireOrderPayments } from '../payments/expiry';

/** svc-orders' call before it cancels an unpaid order: its open attempts expired at the provider first. */
export function internalOrderRoutes(router: Router, deps: PaymentDeps) {
  const serve = routeServer(router);
  serve(
    endpoint('POST /internal/orders/:id/expire-payments'),
    async ({ params }): Promise<InternalPaymentExpiry> => ({
      paid: await expireOrderPayments(deps, params.id),
    }),
  );
}
