import {
  PaymentDataReset,
  PaymentResetPreview,
  PaymentStats,
  VisitStats,
  type ApiClient,
  ROUTES,
} from '@edicola/contracts';
import { parsedBy } from './parsed';

export const analyticsApi = (client: ApiClient) => ({
  visits: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /analytics/stats'], { signal, check: parsedBy(VisitStats) }),
  payments: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/analytics/payment-stats'], { signal, check: parsedBy(PaymentStats) }),
  /** GET /analytics/reset-payment-data (admin): what the reset would delete now. */
  resetPreview: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /analytics/reset-payment-data'], {
      signal,
      check: parsedBy(PaymentResetPreview),
    }),
  /** DELETE /analytics/reset-payment-data (admin) → deleted_orders. */
  resetPaymentData: () =>
    client.call(ROUTES['DELETE /analytics/reset-payment-data'], { check: parsedBy(PaymentDataReset) }),
});
