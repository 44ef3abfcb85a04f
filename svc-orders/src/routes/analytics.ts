import type { Router } from 'express';
import { ADMIN_ONLY, ANY_STAFF, type PaymentDataReset, type PaymentStats } from '@edicola/contracts';
import { handle, requireAuth, type Database, type Jobs, type TokenVerifier } from '@edicola/platform';
import { resetPaymentData } from '../analytics/payment-reset';
import { paymentStats } from '../analytics/payment-stats';

/** The back office's payment statistics (staff) and the reset of test payment data (admin only). */
export function analyticsRoutes(
  router: Router,
  options: { database: Database; jobs: Jobs; verifier: TokenVerifier },
) {
  router.get(
    '/api/analytics/payment-stats',
    requireAuth(options.verifier, { kind: 'staff', roles: ANY_STAFF }),
    handle({}, (): Promise<PaymentStats> => paymentStats(options.database.db)),
  );

  router.delete(
    '/analytics/reset-payment-data',
    requireAuth(options.verifier, { kind: 'staff', roles: ADMIN_ONLY }),
    handle({}, async (): Promise<PaymentDataReset> => {
      const deleted = await resetPaymentData(options.database, options.jobs);
      const message = deleted === 1 ? '1 ordine di prova eliminato' : `${deleted} ordini di prova eliminati`;
      return { deleted_orders: deleted, message };
    }),
  );
}
