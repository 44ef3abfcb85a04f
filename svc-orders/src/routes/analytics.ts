import type { Router } from 'express';
import {
  endpoint,
  type PaymentDataReset,
  type PaymentResetPreview,
  type PaymentStats,
} from '@edicola/contracts';
import { type Database, type Jobs, type TokenVerifier, routeServer } from '@edicola/platform';
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
  const serve = routeServer(router, options.verifier);
  serve(endpoint('GET /api/analytics/payment-stats'), (): Promise<PaymentStats> =>
    paymentStats(options.database.db),
  );

  serve(endpoint('GET /analytics/reset-payment-data'), (): Promise<PaymentResetPreview> =>
    previewPaymentReset(options.database.db, options.deadlines),
  );

  serve(endpoint('DELETE /analytics/reset-payment-data'), async (): Promise<PaymentDataReset> => {
    const deleted = await resetPaymentData(options.database, options.jobs, options.deadlines);
    const message = deleted === 1 ? '1 ordine di prova eliminato' : `${deleted} ordini di prova eliminati`;
    return { deleted_orders: deleted, message };
  });
}
