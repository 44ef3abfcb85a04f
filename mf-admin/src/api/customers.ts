import {
  CustomerAdminDetail,
  CustomerDataExport,
  CustomerListPage,
  ROUTES,
  type CustomerListQuery,
  type CustomerStaffUpdate,
} from '@edicola/contracts';
import type { ApiClient } from '@edicola/web-kit';

/** The Clienti section (docs/product/back-office.md#customers). */
export const customersApi = (client: ApiClient) => ({
  list: (query: Partial<CustomerListQuery>, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/customers'], { query, signal, schema: CustomerListPage }),
  get: (id: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/customers/:id'], {
      params: { id },
      signal,
      schema: CustomerAdminDetail,
    }),
  guest: (email: string, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/customers/guest'], {
      query: { email },
      signal,
      schema: CustomerAdminDetail,
    }),
  /** PUT /api/admin/customers/{id}: invoice data, address and notes; the server checks them and answers the page. */
  update: (id: string, update: CustomerStaffUpdate) =>
    client.call(ROUTES['PUT /api/admin/customers/:id'], {
      params: { id },
      body: update,
      schema: CustomerAdminDetail,
    }),
  /** GET /api/admin/customers/{id}/export (admin): the customer's data for a request by e-mail. */
  exportData: (id: string) =>
    client.call(ROUTES['GET /api/admin/customers/:id/export'], {
      params: { id },
      schema: CustomerDataExport,
    }),
  /** DELETE /api/admin/customers/{id} (admin) → 204: the customer is erased (docs/product/account.md#erasure). */
  erase: (id: string): Promise<void> =>
    client.call(ROUTES['DELETE /api/admin/customers/:id'], { params: { id } }),
});
