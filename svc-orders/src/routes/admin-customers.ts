import type { Router } from 'express';
import {
  endpoint,
  type CustomerAdminDetail,
  type CustomerDataExport,
  type CustomerListPage,
} from '@edicola/contracts';
import {
  auditBy,
  notFound,
  type Db,
  type EventBus,
  type InternalClient,
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
import { consentsGivenBy, customerDataExport } from '../customers/data-export';
import { eraseCustomer } from '../customers/erasure';
import { correctCustomer } from '../customers/staff-corrections';

/**
 * The back office's Clienti section (docs/product/back-office.md#customers): the list with its search, a customer's
 * page (an account's, or a guest's by e-mail), the staff's corrections of an account's invoice data and notes, and
 * an admin's export or erasure of a customer's data (docs/product/account.md#data-export).
 */
export function adminCustomerRoutes(
  router: Router,
  options: { db: Db; verifier: TokenVerifier; bus: EventBus; internal: InternalClient },
) {
  const { db } = options;
  const serve = routeServer(router, options.verifier);

  serve(endpoint('GET /api/admin/customers'), ({ query }): Promise<CustomerListPage> =>
    listCustomers(db, query),
  );

  // Before /:id, which would take 'guest' for an id.
  // The page shows the consents svc-notify keeps; without svc-notify it shows the rest and says they are unknown.
  const withConsents = async (detail: CustomerAdminDetail): Promise<CustomerAdminDetail> => {
    try {
      return { ...detail, consents: await consentsGivenBy(options.internal, detail.email) };
    } catch {
      return detail;
    }
  };

  serve(endpoint('GET /api/admin/customers/guest'), async ({ query }): Promise<CustomerAdminDetail> =>
    withConsents(await guestCustomerDetail(db, query.email)),
  );

  serve(endpoint('GET /api/admin/customers/:id'), async ({ params }): Promise<CustomerAdminDetail> => {
    const row = await findCustomer(db, params.id);
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return withConsents(await registeredCustomerDetail(db, row));
  });

  serve(
    endpoint('PUT /api/admin/customers/:id'),
    async ({ params, body }, _req, res): Promise<CustomerAdminDetail> => {
      const row = await correctCustomer(db, params.id, body, auditBy(options.bus, res));
      return registeredCustomerDetail(db, row);
    },
  );

  serve(endpoint('GET /api/admin/customers/:id/export'), async ({ params }): Promise<CustomerDataExport> => {
    const row = await findCustomer(db, params.id);
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return customerDataExport(db, options.internal, row);
  });

  // A second erasure of the same customer finds no account and changes nothing (docs/product/account.md#erasure).
  serve(endpoint('DELETE /api/admin/customers/:id'), async ({ params }, _req, res) => {
    if (!(await eraseCustomer(db, options.bus, params.id, auditBy(options.bus, res)))) {
      throw notFound(CUSTOMER_NOT_FOUND);
    }
    res.status(204).end();
  });
}
