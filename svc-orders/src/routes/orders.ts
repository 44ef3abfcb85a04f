import type { Request, Router } from 'express';
import {
  CreateOrderRequest,
  OrderIdParams,
  OrderListQuery,
  OrderStatusChangeQuery,
  type CreateOrderResponse,
  type InvoiceData,
  type Order,
  type OrderDetail,
  type OrderList,
} from '@edicola/contracts';
import {
  authOf,
  bearerToken,
  handle,
  HttpError,
  requireAuth,
  unauthorized,
  type Database,
  type TokenVerifier,
} from '@edicola/platform';
import { findCustomer } from '../customers/accounts';
import { placeOrder, type OrderPlacing, type Orderer } from '../orders/creation';
import { listOrders, orderDetail } from '../orders/queries';
import { changeOrderStatus } from '../orders/status';

export interface OrderRouteOptions extends OrderPlacing {
  database: Database;
  verifier: TokenVerifier;
}

/**
 * Who places the order: a guest, or the customer of a valid customer token (the order is theirs; a company
 * account is invoiced with its own data, SPEC §5). A token that does not verify is refused rather than ignored,
 * so nobody's order silently goes unlisted in their account.
 */
async function ordererOf(req: Request, options: OrderRouteOptions): Promise<Orderer> {
  const token = bearerToken(req.get('authorization'));
  if (!token) return { customerId: null };
  const claims = await options.verifier.verify(token).catch((error: unknown) => {
    if (error instanceof HttpError) throw error;
    throw unauthorized('Sessione non valida o scaduta');
  });
  if (claims.kind !== 'customer') return { customerId: null };
  const customer = await findCustomer(options.database.db, claims.sub);
  if (!customer) throw unauthorized('Account non più esistente');
  const company = customer.tipoCliente === 'azienda' ? customer.datiAzienda : null;
  const invoiceData: InvoiceData | undefined = company
    ? {
        requires_invoice: true,
        invoice_type: 'azienda',
        codice_fiscale: null,
        ragione_sociale: company.ragione_sociale,
        piva: company.piva,
        codice_fiscale_azienda: company.codice_fiscale_azienda,
        pec: company.pec,
        sdi: company.sdi,
        invoice_issued: false,
        invoice_number: null,
        invoice_date: null,
      }
    : undefined;
  return { customerId: customer.id, invoiceData };
}

/** Orders: the shopper's POST /orders and the staff list and status changes (SPEC §7). */
export function orderRoutes(router: Router, options: OrderRouteOptions) {
  const staffOnly = requireAuth(options.verifier, { kind: 'staff', roles: ['admin', 'staff'] });
  const db = options.database.db;

  router.post(
    '/orders',
    handle({ body: CreateOrderRequest }, async ({ body }, req, res): Promise<CreateOrderResponse> => {
      const orderer = await ordererOf(req, options);
      const answer = await placeOrder(options, body, orderer);
      res.status(201);
      return answer;
    }),
  );

  router.get(
    '/api/orders',
    staffOnly,
    handle({ query: OrderListQuery }, ({ query }): Promise<OrderList> => listOrders(db, query.status)),
  );

  router.get(
    '/api/orders/:id',
    staffOnly,
    handle({ params: OrderIdParams }, ({ params }): Promise<OrderDetail> => orderDetail(db, params.id)),
  );

  router.put(
    '/api/orders/:id/status',
    staffOnly,
    handle(
      { params: OrderIdParams, query: OrderStatusChangeQuery },
      ({ params, query }, _req, res): Promise<Order> => {
        const staff = authOf(res);
        return changeOrderStatus(options.database, options.bus, {
          orderId: params.id,
          to: query.status,
          trackingNumber: query.tracking_number,
          staff: { id: staff.sub, username: staff.name },
        });
      },
    ),
  );
}
