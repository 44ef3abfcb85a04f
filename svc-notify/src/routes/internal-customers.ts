import type { Router } from 'express';
import { endpoint, type CustomerConsentsAnswer } from '@edicola/contracts';
import { routeServer, type Db } from '@edicola/platform';
import { consentsGivenBy } from '../erasure/customer-data';

/**
 * svc-orders' question for a customer's data export (docs/product/account.md#data-export): the consents given with
 * the account's e-mail. Internal only.
 */
export function internalCustomerRoutes(router: Router, db: Db) {
  const serve = routeServer(router);
  serve(endpoint('POST /internal/customers/consents'), async ({ body }): Promise<CustomerConsentsAnswer> =>
    consentsGivenBy(db, body.email),
  );
}
