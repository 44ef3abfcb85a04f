import type { Request, Router } from 'express';
import {
  CreateOrderRequest,
  IDEMPOTENCY_HEADER,
  IdempotencyKey,
  OrderIdParams,
  OrderListQuery,
  OrderStatusChangeQuery,
  type CreateOrderResponse,
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
import {
  createOrderAnswer,
  idempotencyScope,
  ordererForCustomer,
  placeOrder,
  type OrderPlacing,
  type Orderer,
} from '../orders/creation';
import { listOrders, orderDetail } from '../orders/queries';
import { changeOrderStatus } from '../orders/status';

export interface OrderRouteOptions extends OrderPlacing {
  database: Database;
  verifier: TokenVerifier;
}

/**
 * Who places the order: a guest, or the customer of a valid customer token (the order is theirs; a company
 * account is invoiced with its own data, SPEC §5, see ordererForCustomer). A token that does not verify is refused rather than ignored,
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
  const orderer = await ordererForCustomer(options.database.db, claims.sub);
  if (!orderer) throw unauthorized('Account non più esistente');
  return orderer;
}

/** The optional Idempotency-Key of POST /orders (a double click answers one order); 422 when malformed. */
function idempotencyKeyOf(req: Request): string | null {
  const raw = req.get(IDEMPOTENCY_HEADER);
  if (raw === undefined) return null;
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) {
    throw new HttpError(422, `headers.${IDEMPOTENCY_HEADER}: ${parsed.error.issues[0]!.message}`);
  }
  return parsed.data;
}

/** Orders: the shopper's POST /orders and the staff list and status changes (SPEC §7). */
export function orderRoutes(router: Router, options: OrderRouteOptions) {
  const staffOnly = requireAuth(options.verifier, { kind: 'staff', roles: ['admin', 'staff'] });
  const db = options.database.db;

  router.post(
    '/orders',
    handle({ body: CreateOrderRequest }, async ({ body }, req, res): Promise<CreateOrderResponse> => {
      const key = idempotencyKeyOf(req);
      const orderer = await ordererOf(req, options);
      const { row, created } = await placeOrder(
        options,
        body,
        orderer,
        key === null ? {} : { idempotencyKey: idempotencyScope(key, orderer) },
      );
      // A repeat of the same key answers the same order, the same way (and says it is a repeat).
      if (!created) res.set('Idempotent-Replayed', 'true');
      res.status(201);
      return createOrderAnswer(row, options.bankAccount);
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
