import type { Request, RequestHandler, Router } from 'express';
import {
  endpoint,
  IDEMPOTENCY_HEADER,
  IdempotencyKey,
  type CancelOrderResponse,
  type CreateOrderResponse,
  type Order,
  type OrderDetail,
  type OrderList,
  type OrderPage,
  type OrderTimeline,
  type TimelineEntry,
} from '@edicola/contracts';
import {
  auditBy,
  authOf,
  bearerToken,
  HttpError,
  unauthorized,
  type Database,
  type TokenVerifier,
  routeServer,
} from '@edicola/platform';
import {
  createOrderAnswer,
  ordererForCustomer,
  placeOrder,
  type OrderPlacing,
  type Orderer,
} from '../orders/creation';
import { cancelWithToken } from '../orders/cancel-token';
import { editContact } from '../orders/contact-edit';
import { shopperOrderKey } from '../orders/order-keys';
import { orderPage } from '../orders/order-page';
import { listOrders } from '../orders/list';
import { orderDetail } from '../orders/queries';
import { changeOrderStatus } from '../orders/status';
import { addOrderNote, orderTimeline } from '../orders/timeline';
import { recordTransferPayment } from '../orders/transfer-payment';
import { REFUND_KEY_MISSING, requestPartialRefund } from '../orders/refunds';

export interface OrderRouteOptions extends OrderPlacing {
  database: Database;
  verifier: TokenVerifier;
  /** The per-address limit of order creation (orders/limits.ts). */
  creationLimit: RequestHandler;
  /** The per-address limit of the calls that check an order's token (orders/limits.ts). */
  orderLinkLimit: RequestHandler;
}

/**
 * Who places the order: a guest, or the customer of a valid customer token (the order is theirs; a company
 * account is invoiced with its own data, docs/product/orders-and-payments.md#customer-orders, see
 * ordererForCustomer). A token that does not verify is refused rather than ignored,
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

/**
 * The signed-in customer of the order page, if any: a token that does not verify is no session (the order's own
 * token may still open the page), never an error.
 */
export async function customerIdOf(req: Request, verifier: TokenVerifier): Promise<string | null> {
  const token = bearerToken(req.get('authorization'));
  if (!token) return null;
  const claims = await verifier.verify(token).catch(() => null);
  return claims?.kind === 'customer' ? claims.sub : null;
}

/** The optional Idempotency-Key of POST /orders (a double click answers one order); 422 when malformed. */
export function idempotencyKeyOf(req: Request): string | null {
  const raw = req.get(IDEMPOTENCY_HEADER);
  if (raw === undefined) return null;
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) {
    throw new HttpError(422, parsed.error.issues[0]!.message);
  }
  return parsed.data;
}

/**
 * Orders: the shopper's POST /orders and the staff list and status changes
 * (docs/product/http-routes.md#svc-orders).
 */
export function orderRoutes(router: Router, options: OrderRouteOptions) {
  const serve = routeServer(router, options.verifier);
  const db = options.database.db;

  serve(
    endpoint('POST /orders'),
    [options.creationLimit],
    async ({ body }, req, res): Promise<CreateOrderResponse> => {
      const key = idempotencyKeyOf(req);
      const orderer = await ordererOf(req, options);
      const { row, created } = await placeOrder(
        options,
        body,
        orderer,
        key === null ? {} : { idempotency: shopperOrderKey(key, body, orderer) },
      );
      // A repeat of the same key answers the same order, the same way (and says it is a repeat).
      if (!created) res.set('Idempotent-Replayed', 'true');
      res.status(201);
      return createOrderAnswer(row, options.bankAccount, options.cancelTokens.tokenFor(row.id));
    },
  );

  serve(
    endpoint('POST /orders/:id/cancel'),
    [options.orderLinkLimit],
    ({ params, body }): Promise<CancelOrderResponse> =>
      cancelWithToken(options, params.id, body.cancel_token),
  );

  serve(
    endpoint('GET /orders/:id'),
    [options.orderLinkLimit],
    async ({ params, query }, req, res): Promise<OrderPage> => {
      const customerId = await customerIdOf(req, options.verifier);
      res.set('Cache-Control', 'private, no-store');
      return orderPage({ ...options, db }, params.id, { token: query.t, customerId });
    },
  );

  serve(endpoint('GET /api/orders'), ({ query }): Promise<OrderList> =>
    listOrders(db, options.internal, query, options.logger),
  );

  serve(endpoint('GET /api/orders/:id/timeline'), ({ params }): Promise<OrderTimeline> =>
    orderTimeline(db, params.id),
  );

  serve(
    endpoint('POST /api/orders/:id/notes'),
    async ({ params, body }, _req, res): Promise<TimelineEntry> => {
      const staff = authOf(res);
      const entry = await addOrderNote(
        db,
        params.id,
        body,
        { id: staff.sub, username: staff.name },
        auditBy(options.bus, res),
      );
      res.status(201);
      return entry;
    },
  );

  serve(endpoint('GET /api/orders/:id'), ({ params }): Promise<OrderDetail> => orderDetail(db, params.id));

  serve(endpoint('PUT /api/orders/:id/status'), ({ params, query }, _req, res): Promise<Order> => {
    const staff = authOf(res);
    return changeOrderStatus(
      options.database,
      options.bus,
      {
        orderId: params.id,
        to: query.status,
        trackingNumber: query.tracking_number,
        staff: { id: staff.sub, username: staff.name, role: staff.role },
      },
      auditBy(options.bus, res),
    );
  });

  serve(endpoint('POST /api/orders/:id/refunds'), async ({ params, body }, req, res): Promise<Order> => {
    const key = idempotencyKeyOf(req);
    if (key === null) throw new HttpError(428, REFUND_KEY_MISSING);
    const staff = authOf(res);
    const { order, replayed } = await requestPartialRefund(
      options.database,
      options.bus,
      { orderId: params.id, request: body, key, staff: { id: staff.sub, username: staff.name } },
      auditBy(options.bus, res),
    );
    if (replayed) res.set('Idempotent-Replayed', 'true');
    res.status(202);
    return order;
  });

  serve(endpoint('PUT /api/orders/:id/payment'), ({ params, body }, _req, res): Promise<Order> => {
    const staff = authOf(res);
    return recordTransferPayment(
      options.database,
      options.bus,
      { orderId: params.id, transfer: body, staff: { id: staff.sub, username: staff.name } },
      auditBy(options.bus, res),
    );
  });

  serve(endpoint('PUT /api/orders/:id/contact'), ({ params, body }, _req, res): Promise<Order> => {
    const staff = authOf(res);
    return editContact(
      options.database,
      options.bus,
      { orderId: params.id, update: body, staff: { id: staff.sub, username: staff.name } },
      auditBy(options.bus, res),
    );
  });
}
