import { PaymentDataReset, PaymentResetPreview, PaymentStats, VisitStats, ROUTES } from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';

export const analyticsApi = (client: ApiClient) => ({
  visits: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /analytics/stats'], { signal, schema: VisitStats }),
  payments: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/analytics/payment-stats'], { signal, schema: PaymentStats }),
  /** GET /analytics/reset-payment-data (admin): what the reset would delete now. */
  resetPreview: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /analytics/reset-payment-data'], {
      signal,
      schema: PaymentResetPreview,
    }),
  /** DELETE /analytics/reset-payment-data (admin) → deleted_orders. */
  resetPaymentData: () =>
    client.call(ROUTES['DELETE /analytics/reset-payment-data'], { schema: PaymentDataReset }),
});
