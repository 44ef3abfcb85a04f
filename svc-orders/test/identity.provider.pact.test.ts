import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { customers, loginFailures, orderRecords } from '../src/db/schema';
import { upsertStaff } from '../src/staff/users';
import { startOrders } from './support';

// The real svc-orders app, on a real database, answers what mf-account's and mf-admin's API clients expect.
const PLACEHOLDER_TOKEN = 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln';

interface Credentials {
  email?: string;
  username?: string;
  password?: string;
}

describe('svc-orders honours its pacts with mf-account and mf-admin', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  let server: Server;
  let token: string | null = null;
  const db = () => orders.testDatabase.database.db;
  const api = () => request(orders.service.app);

  async function registerCustomer({ email, password }: Credentials): Promise<string> {
    await db()
      .delete(customers)
      .where(sql`lower(${customers.email}) = lower(${email!})`);
    const res = await api().post('/api/customers/register').send({
      email,
      password,
      telefono: '+39 081 123 4567',
      tipo_cliente: 'privato',
      street: 'Via Toledo 1',
      city: 'Napoli',
      province: 'NA',
      cap: '80134',
      nome: 'Mario',
      cognome: 'Rossi',
      codice_fiscale: 'RSSMRA85T10A562S',
    });
    if (res.status !== 201) throw new Error(`registration failed: ${JSON.stringify(res.body)}`);
    return res.body.customer_id as string;
  }

  async function loginCustomer({ email, password }: Credentials): Promise<string> {
    const res = await api().post('/api/customers/login').send({ email, password });
    return res.body.access_token as string;
  }

  async function loginStaff({ username, password }: Credentials): Promise<string> {
    await upsertStaff(db(), { username: username!, password: password!, role: 'admin' });
    const res = await api().post('/api/auth/login').send({ username, password });
    return res.body.access_token as string;
  }

  beforeAll(async () => {
    orders = await startOrders();
    server = await orders.service.listen(0, '127.0.0.1');
  }, 60_000);
  afterAll(() => orders?.stop());

  const verify = (consumer: string, stateHandlers: Record<string, (params: Credentials) => Promise<void>>) =>
    new Verifier({
      provider: 'svc-orders',
      providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      pactUrls: [path.resolve(__dirname, `../../contracts/pacts/${consumer}-svc-orders.json`)],
      beforeEach: async () => {
        token = null;
        // Wrong passwords of earlier interactions must not rate-limit later ones.
        await db().delete(loginFailures);
      },
      stateHandlers: Object.fromEntries(
        Object.entries(stateHandlers).map(([state, fn]) => [
          state,
          async (params: unknown) => {
            await fn((params ?? {}) as Credentials);
            return undefined;
          },
        ]),
      ),
      // The consumer's placeholder token becomes a real one issued in the provider state.
      requestFilter: (req, _res, next) => {
        if (token && req.headers.authorization === PLACEHOLDER_TOKEN)
          req.headers.authorization = `Bearer ${token}`;
        next();
      },
      logLevel: 'warn',
    }).verifyProvider();

  it(
    'verifies every interaction of mf-account',
    () =>
      verify('mf-account', {
        'no customer is registered with the e-mail': async ({ email }) => {
          await db()
            .delete(customers)
            .where(sql`lower(${customers.email}) = lower(${email!})`);
        },
        'a customer is registered': async (params) => {
          await registerCustomer(params);
        },
        'a customer is logged in': async (params) => {
          await registerCustomer(params);
          token = await loginCustomer(params);
        },
        'a logged-in customer has an order': async (params) => {
          const customerId = await registerCustomer(params);
          await db()
            .insert(orderRecords)
            .values({
              customerId,
              status: 'pending',
              totalCents: 5899,
              paymentMethod: 'transfer',
              items: [
                {
                  article_id: '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60',
                  title: 'Ferrari SF-23 1:18',
                  quantity: 2,
                },
              ],
              customerInfo: { name: 'Mario Rossi', email: params.email },
            });
          token = await loginCustomer(params);
        },
      }),
    60_000,
  );

  it(
    'verifies every interaction of mf-admin',
    () =>
      verify('mf-admin', {
        'a staff user exists': async ({ username, password }) => {
          await upsertStaff(db(), { username: username!, password: password!, role: 'admin' });
        },
        'a staff user is logged in': async (params) => {
          token = await loginStaff(params);
        },
      }),
    60_000,
  );
});
