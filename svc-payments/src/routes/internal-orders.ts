import type { Router } from 'express';
import { OrderIdParams, type InternalPaymentExpiry } from '@edicola/contracts';
import { handle, requireInternal } from '@edicola/platform';
import type { PaymentDeps } from '../payments/deps';
import { expireOrderPayments } from '../payments/expiry';

const fromOrders = requireInternal({ from: ['svc-orders'] });

/** svc-orders' call before it cancels an unpaid order: its open attempts expired at the provider first. */
export function internalOrderRoutes(router: Router, deps: PaymentDeps) {
  router.post(
    '/internal/orders/:id/expire-payments',
    fromOrders,
    handle({ params: OrderIdParams }, async ({ params }): Promise<InternalPaymentExpiry> => ({
      paid: await expireOrderPayments(deps, params.id),
    })),
  );
}
