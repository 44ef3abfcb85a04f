import type { Router } from 'express';
import { endpoint, type InternalPaymentExpiry } from '@edicola/contracts';
import { routeServer } from '@edicola/platform';
import type { PaymentDeps } from '../payments/deps';
import { expireOrderPayments } from '../payments/expiry';
import { createBalancePayment } from '../payments/balance';

/** svc-orders' call before it cancels an unpaid order: its open attempts expired at the provider first. */
export function internalOrderRoutes(router: Router, deps: PaymentDeps) {
  const serve = routeServer(router);
  serve(
    endpoint('POST /internal/orders/:id/expire-payments'),
    async ({ params }): Promise<InternalPaymentExpiry> => ({
      paid: await expireOrderPayments(deps, params.id),
    }),
  );
  // A pre-order's balance (docs/decisions/0066-presale-deposits.md): svc-orders checked the buyer's token.
  serve(endpoint('POST /internal/orders/:id/balance-payment'), ({ params, body }) =>
    createBalancePayment(deps, params.id, body),
  );
}
