import type { Response, Router } from 'express';
import {
  CustomerLoginRequest,
  CustomerProfileUpdate,
  CustomerRegistration,
  type Customer,
  type CustomerLoginResponse,
  type CustomerOrder,
} from '@edicola/contracts';
import {
  authOf,
  handle,
  requireAuth,
  unauthorized,
  type Db,
  type TokenSigner,
  type TokenVerifier,
} from '@edicola/platform';
import {
  authenticateCustomer,
  findCustomer,
  registerCustomer,
  updateCustomerProfile,
} from '../customers/accounts';
import { toCustomer } from '../customers/mapping';
import type { LoginLimiter } from '../login-limits/limiter';
import { ordersOfCustomer } from '../orders/customer-orders';

export interface CustomerRouteOptions {
  db: Db;
  signer: TokenSigner;
  verifier: TokenVerifier;
  limiter: LoginLimiter;
  customerTokenTtlSeconds: number;
}

/** Customer accounts: registration, login, own profile and own orders (SPEC §7). */
export function customerRoutes(router: Router, options: CustomerRouteOptions) {
  const { db, signer, verifier, limiter } = options;
  const customerOnly = requireAuth(verifier, { kind: 'customer' });
  const currentCustomer = async (res: Response) => {
    const row = await findCustomer(db, authOf(res).sub);
    if (!row) throw unauthorized('Account non più esistente');
    return row;
  };

  router.post(
    '/api/customers/register',
    handle({ body: CustomerRegistration }, async ({ body }, _req, res): Promise<Customer> => {
      const row = await registerCustomer(db, body);
      res.status(201);
      return toCustomer(row);
    }),
  );

  router.post(
    '/api/customers/login',
    handle({ body: CustomerLoginRequest }, async ({ body }, req): Promise<CustomerLoginResponse> => {
      const attempt = { scope: 'customer', address: req.ip ?? 'unknown', account: body.email } as const;
      const row = await limiter.login(
        attempt,
        () => authenticateCustomer(db, body.email, body.password),
        'Email o password non corretti',
      );
      const access_token = await signer.sign(
        { sub: row.id, kind: 'customer', role: 'customer', name: row.email },
        options.customerTokenTtlSeconds,
      );
      return {
        access_token,
        token_type: 'bearer',
        customer_id: row.id,
        email: row.email,
        tipo_cliente: row.tipoCliente,
      };
    }),
  );

  router.get(
    '/api/customers/profile',
    customerOnly,
    handle({}, async (_input, _req, res): Promise<Customer> => toCustomer(await currentCustomer(res))),
  );

  router.put(
    '/api/customers/profile',
    customerOnly,
    handle({ body: CustomerProfileUpdate }, async ({ body }, _req, res): Promise<Customer> => {
      const row = await updateCustomerProfile(db, await currentCustomer(res), body);
      return toCustomer(row);
    }),
  );

  router.get(
    '/api/customers/orders',
    customerOnly,
    handle({}, async (_input, _req, res): Promise<CustomerOrder[]> => {
      const row = await currentCustomer(res);
      return ordersOfCustomer(db, row.id);
    }),
  );
}
