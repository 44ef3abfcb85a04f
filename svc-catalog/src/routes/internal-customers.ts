import type { Router } from 'express';
import { endpoint, type CustomerReviewsAnswer } from '@edicola/contracts';
import { routeServer, type Db } from '@edicola/platform';
import { reviewsWrittenBy } from '../reviews/customer-data';

/**
 * svc-orders' question for a customer's data export (docs/product/account.md#data-export): the reviews written under
 * the account's e-mail, approved or not. Internal only.
 */
export function internalCustomerRoutes(router: Router, db: Db) {
  const serve = routeServer(router);
  serve(endpoint('POST /internal/customers/reviews'), async ({ body }): Promise<CustomerReviewsAnswer> => ({
    reviews: await reviewsWrittenBy(db, body.email),
  }));
}
