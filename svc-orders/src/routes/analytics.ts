import type { Router } from 'express';
import {
  ADMIN_ONLY,
  ANY_STAFF,
  type PaymentDataReset,
  type PaymentResetPreview,
  type PaymentStats,
} from '@edicola/contracts';
import { handle, requireAuth, type Database, type Jobs, type TokenVerifier } from '@edicola/platform';
import { previewPaymentReset, resetPaymentData } from '../analytics/payment-reset';
import { paymentStats } from '../analytics/payment-stats';
import type { PaymentDeadlines } from '../orders/deadlines';

/**
 * The back office's payment statistics (staff) and the reset of test payment data (admin only): GET lists what
 * DELETE would delete, DELETE applies the same rule again (docs/decisions/0034-payment-statistics-and-reset.md).
 */
export function analyticsRoutes(
  router: Router,
  options: { database: Database; jobs: Jobs; verifier: TokenVerifier; deadlines: PaymentDeadlines },
) {
  router.get(
    '/api/analytics/payment-stats',
    requireAuth(options.verifier, { kind: 'staff', roles: ANY_STAFF }),
    handle({}, (): Promise<PaymentStats> => paymentStats(options.database.db)),
  );

  router.get(
    '/analytics/reset-payment-data',
    requireAuth(options.verifier, { kind: 'staff', roles: ADMIN_ONLY }),
    handle({}, (): Promise<PaymentResetPreview> =>
      previewPaymentReset(options.database.db, options.deadlines),
    ),
  );

  router.delete(
    '/analytics/reset-payment-data',
    requireAuth(options.verifier, { kind: 'staff', roles: ADMIN_ONLY }),
    handle({}, async (): Promise<PaymentDataReset> => {
      const deleted = await resetPaymentData(options.database, options.jobs, options.deadlines);
      const message = deleted === 1 ? '1 ordine di prova eliminato' : `${deleted} ordini di prova eliminati`;
      return { deleted_orders: deleted, message };
    }),
  );
}
