import type { Router } from 'express';
import { endpoint, type CustomerAdminDetail, type CustomerListPage } from '@edicola/contracts';
import {
  auditBy,
  notFound,
  type Db,
  type EventBus,
  type TokenVerifier,
  routeServer,
} from '@edicola/platform';
import { findCustomer } from '../customers/accounts';
import {
  CUSTOMER_NOT_FOUND,
  guestCustomerDetail,
  listCustomers,
  registeredCustomerDetail,
} from '../customers/directory';
import { correctCustomer } from '../customers/staff-corrections';

/**
 * The back office's Clienti section (docs/product/back-office.md#customers): the list with its search, a customer's
 * page (an account's, or a guest's by e-mail) and the staff's corrections of an account's invoice data and notes.
 */
export function adminCustomerRoutes(
  router: Router,
  options: { db: Db; verifier: TokenVerifier; bus: EventBus },
) {
  const { db } = options;
  const serve = routeServer(router, options.verifier);

  serve(endpoint('GET /api/admin/customers'), ({ query }): Promise<CustomerListPage> =>
    listCustomers(db, query),
  );

  // Before /:id, which would take 'guest' for an id.
  serve(endpoint('GET /api/admin/customers/guest'), ({ query }): Promise<CustomerAdminDetail> =>
    guestCustomerDetail(db, query.email),
  );

  serve(endpoint('GET /api/admin/customers/:id'), async ({ params }): Promise<CustomerAdminDetail> => {
    const row = await findCustomer(db, params.id);
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return registeredCustomerDetail(db, row);
  });

  serve(
    endpoint('PUT /api/admin/customers/:id'),
    async ({ params, body }, _req, res): Promise<CustomerAdminDetail> => {
      const row = await correctCustomer(db, params.id, body, auditBy(options.bus, res));
      return registeredCustomerDetail(db, row);
    },
  );
}
