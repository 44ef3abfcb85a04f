import type { RequestHandler, Response, Router } from 'express';
import {
  endpoint,
  type Customer,
  type CustomerDataExport,
  type CustomerLoginResponse,
  type CustomerOrder,
} from '@edicola/contracts';
import {
  authOf,
  unauthorized,
  type Db,
  type EventBus,
  type InternalClient,
  type TokenSigner,
  type TokenVerifier,
  routeServer,
} from '@edicola/platform';
import {
  authenticateCustomer,
  endCustomerSessions,
  findCustomer,
  registerCustomer,
  setCustomerPassword,
  updateCustomerProfile,
} from '../customers/accounts';
import { customerDataExport } from '../customers/data-export';
import { auditBySelf, eraseCustomer } from '../customers/erasure';
import { toCustomer, type CustomerRow } from '../customers/mapping';
import type { LoginLimiter } from '../login-limits/limiter';
import { ordersOfCustomer } from '../orders/customer-orders';
import { checkOldPassword } from '../passwords/change';
import { refuseCommonPassword } from '../passwords/common';

export interface CustomerRouteOptions {
  db: Db;
  bus: EventBus;
  internal: InternalClient;
  signer: TokenSigner;
  verifier: TokenVerifier;
  limiter: LoginLimiter;
  /** Per-address limit of new accounts. */
  registrationLimit: RequestHandler;
  customerTokenTtlSeconds: number;
}

/**
 * Customer accounts: registration, login, logout, password change, own profile and own orders, the export of their
 * data and the erasure of the account
 * (docs/product/http-routes.md#svc-orders).
 */
export function customerRoutes(router: Router, options: CustomerRouteOptions) {
  const { db, signer, verifier, limiter } = options;
  const serve = routeServer(router, verifier);
  const currentCustomer = async (res: Response) => {
    const row = await findCustomer(db, authOf(res).sub);
    if (!row) throw unauthorized('Account non più esistente');
    return row;
  };
  const sessionFor = async (row: CustomerRow): Promise<CustomerLoginResponse> => ({
    access_token: await signer.sign(
      { sub: row.id, kind: 'customer', role: 'customer', name: row.email, sv: row.sessionVersion },
      options.customerTokenTtlSeconds,
    ),
    token_type: 'bearer',
    customer_id: row.id,
    email: row.email,
    tipo_cliente: row.tipoCliente,
  });

  serve(
    endpoint('POST /api/customers/register'),
    [options.registrationLimit],
    async ({ body }, _req, res): Promise<Customer> => {
      refuseCommonPassword(body.password);
      const row = await registerCustomer(db, body);
      res.status(201);
      return toCustomer(row);
    },
  );

  serve(endpoint('POST /api/customers/login'), async ({ body }, req): Promise<CustomerLoginResponse> => {
    const attempt = { scope: 'customer', address: req.ip ?? 'unknown', account: body.email } as const;
    const row = await limiter.login(
      attempt,
      () => authenticateCustomer(db, body.email, body.password),
      'Email o password non corretti',
    );
    return sessionFor(row);
  });

  // Every other session of the account ends; this device gets a fresh token (the login answer's shape).
  serve(
    endpoint('PUT /api/customers/password'),
    async ({ body }, req, res): Promise<CustomerLoginResponse> => {
      const row = await currentCustomer(res);
      const attempt = { scope: 'customer', address: req.ip ?? 'unknown', account: row.email } as const;
      await checkOldPassword(limiter, attempt, body.old_password, row.passwordHash);
      refuseCommonPassword(body.new_password);
      await setCustomerPassword(db, row.id, body.new_password);
      return sessionFor(await currentCustomer(res));
    },
  );

  serve(endpoint('POST /api/customers/logout'), async (_input, _req, res) => {
    await endCustomerSessions(db, authOf(res).sub);
    res.status(204).end();
  });

  serve(endpoint('GET /api/customers/profile'), async (_input, _req, res): Promise<Customer> =>
    toCustomer(await currentCustomer(res)),
  );

  serve(endpoint('PUT /api/customers/profile'), async ({ body }, _req, res): Promise<Customer> => {
    const row = await updateCustomerProfile(db, await currentCustomer(res), body);
    return toCustomer(row);
  });

  serve(endpoint('GET /api/customers/orders'), async (_input, _req, res): Promise<CustomerOrder[]> => {
    const row = await currentCustomer(res);
    return ordersOfCustomer(db, row.id);
  });

  serve(endpoint('GET /api/customers/me/export'), async (_input, _req, res): Promise<CustomerDataExport> =>
    customerDataExport(db, options.internal, await currentCustomer(res)),
  );

  // The password again, with the login's limits: a session left open is not enough to erase an account.
  serve(endpoint('DELETE /api/customers/me'), async ({ body }, req, res) => {
    const row = await currentCustomer(res);
    const attempt = { scope: 'customer', address: req.ip ?? 'unknown', account: row.email } as const;
    await checkOldPassword(limiter, attempt, body.password, row.passwordHash);
    await eraseCustomer(db, options.bus, row.id, auditBySelf(options.bus, row.id));
    res.status(204).end();
  });
}
