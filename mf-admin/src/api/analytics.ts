import { PaymentDataReset, PaymentStats, VisitStats, type ApiClient } from '@edicola/contracts';
import { parsedBy } from './parsed';

export const analyticsApi = (client: ApiClient) => ({
  visits: (signal?: AbortSignal) =>
    client.call('GET', '/analytics/stats', { signal, check: parsedBy(VisitStats) }),
  payments: (signal?: AbortSignal) =>
    client.call('GET', '/api/analytics/payment-stats', { signal, check: parsedBy(PaymentStats) }),
  /** DELETE /analytics/reset-payment-data (admin) → deleted_orders. */
  resetPaymentData: () =>
    client.call('DELETE', '/analytics/reset-payment-data', { check: parsedBy(PaymentDataReset) }),
});
