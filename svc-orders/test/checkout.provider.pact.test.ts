import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { articles } from '../../svc-catalog/src/db/schema';
import { customers, discountCodes, discountUses, shippingRules } from '../src/db/schema';
import { seedDefaultShippingRules } from '../src/shipping/default-rules';
import { orderBody, startShop, type Shop } from './shop';

// The real svc-orders app, calling the real svc-catalog on one database, answers what mf-checkout's API client
// expects (contracts/pacts/mf-checkout-svc-orders.json, written by mf-checkout's consumer test).
const PLACEHOLDER_TOKEN = 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln';
const ARTICLE_ID = '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60';
const ARTICLE_STATE = `article ${ARTICLE_ID} is in the catalogue at 189.00 + 22% VAT with 3 in stock`;

describe('svc-orders honours its pact with mf-checkout', () => {
  let shop: Shop;
  let server: Server;
  let token: string | null = null;
  const api = () => request(shop.orders.app);

  beforeAll(async () => {
    shop = await startShop();
    server = await shop.orders.listen(0, '127.0.0.1');
  }, 90_000);
  afterAll(() => shop?.stop());

  /** 'article <id> is in the catalogue at <net> + <iva>% VAT with <n> in stock' */
  async function articleInCatalogue(state: string) {
    const match = /^article (\S+) is in the catalogue at ([\d.]+) \+ (\d+)% VAT with (\d+) in stock$/.exec(
      state,
    );
    if (!match) throw new Error(`unknown state ${state}`);
    const [, id, net, iva, stock] = match;
    const values = {
      id: id!,
      sku: 'PACT-SF23-18',
      title: 'Ferrari SF-23 1:18',
      description: 'Modello in scala per il contratto',
      category: 'Modellismo',
      priceCents: Math.round(Number(net) * 100),
      ivaPercentage: Number(iva),
      quantityStock: Number(stock),
      isActive: true,
    };
    await shop.catalogDb
      .insert(articles)
      .values(values)
      .onConflictDoUpdate({ target: articles.id, set: values });
  }

  async function customerLoggedIn(params: { email?: string; password?: string }) {
    await shop.db.delete(customers).where(sql`lower(${customers.email}) = lower(${params.email!})`);
    const registered = await api().post('/api/customers/register').send({
      email: params.email,
      password: params.password,
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
    if (registered.status !== 201) throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
    const login = await api().post('/api/customers/login').send(params);
    token = login.body.access_token as string;
  }

  it(
    'verifies every interaction of mf-checkout',
    () =>
      new Verifier({
        provider: 'svc-orders',
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        pactUrls: [path.resolve(__dirname, '../../contracts/pacts/mf-checkout-svc-orders.json')],
        beforeEach: async () => {
          token = null;
        },
        stateHandlers: {
          [ARTICLE_STATE]: async () => {
            await articleInCatalogue(ARTICLE_STATE);
            return undefined;
          },
          'the discount code ESTATE10 takes 10 % off every article': async () => {
            await shop.db.delete(discountUses);
            await shop.db.delete(discountCodes);
            await shop.db.insert(discountCodes).values({ code: 'ESTATE10', kind: 'percent', value: 10 });
            return undefined;
          },
          'the default shipping rules are active': async () => {
            await shop.db.delete(shippingRules);
            await seedDefaultShippingRules(shop.db);
            return undefined;
          },
          // Places an unpaid transfer order as the checkout does and hands its id and cancel token to the request.
          'an unpaid order was placed by this checkout': async () => {
            await articleInCatalogue(ARTICLE_STATE);
            await shop.db.delete(shippingRules);
            await seedDefaultShippingRules(shop.db);
            const placed = await api()
              .post('/orders')
              .send(orderBody([{ article_id: ARTICLE_ID, quantity: 1 }], 239.58));
            if (placed.status !== 201) throw new Error(`order not placed: ${JSON.stringify(placed.body)}`);
            return {
              orderId: placed.body.order_id as string,
              cancelToken: placed.body.cancel_token as string,
            };
          },
          'a customer is logged in': async (params: unknown) => {
            await customerLoggedIn((params ?? {}) as { email?: string; password?: string });
            return undefined;
          },
        },
        requestFilter: (req, _res, next) => {
          if (token && req.headers.authorization === PLACEHOLDER_TOKEN)
            req.headers.authorization = `Bearer ${token}`;
          next();
        },
        logLevel: 'warn',
      }).verifyProvider(),
    90_000,
  );
});
