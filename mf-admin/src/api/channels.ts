import { EbayAccount, EbayConsent, EbayReconciliationList, ROUTES } from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';

/**
 * svc-channels for the eBay screen: the account, connecting and disconnecting it, the sync and the
 * reconciliation. The actions' answers are not read: the screen loads the account and the runs again after each.
 */
export const channelsApi = (client: ApiClient) => ({
  account: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/ebay/account'], { signal, schema: EbayAccount }),
  /** POST /api/ebay/connect: eBay's consent page, where the admin's browser goes next. */
  connect: () => client.call(ROUTES['POST /api/ebay/connect'], { schema: EbayConsent }),
  disconnect: () => client.call(ROUTES['DELETE /api/ebay/account']),
  sync: () => client.call(ROUTES['POST /api/ebay/sync']),
  /** GET /api/ebay/reconciliations: the hourly checks, newest first, each with its differences. */
  reconciliations: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/ebay/reconciliations'], { signal, schema: EbayReconciliationList }),
  reconcile: () => client.call(ROUTES['POST /api/ebay/reconciliations']),
});
