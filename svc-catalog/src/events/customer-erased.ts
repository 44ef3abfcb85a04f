import type { EventHandler } from '@edicola/platform';
import type { ResponseCache } from '../cache/response-cache';
import { eraseReviewer } from '../reviews/customer-data';

/** svc-catalog's answer to 'customer.erased': the reviews and purchases lose the customer's data (reviews/customer-data.ts). */
export function onCustomerErased(cache: ResponseCache): EventHandler<'customer.erased'> {
  return async (event, tx, { afterCommit }) => {
    // The article pages show the reviewer's name: cached pages go once the change committed.
    if (await eraseReviewer(tx, event.data)) afterCommit(() => cache.invalidate());
  };
}
