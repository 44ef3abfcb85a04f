import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import {
  createInProcessTransport,
  pgliteDatabase,
  postgresDatabase,
  startService,
  type Database,
  type RunningService,
} from '@edicola/platform';
import { createTestDatabase, type TestDatabase } from '@edicola/platform/testing';
// The real svc-orders, calling this catalogue's internal stock endpoint over HTTP as in every run mode.
import { ordersService } from '../../svc-orders/src/service';
import { articles } from '../src/db/schema';
import { catalogService } from '../src/service';

const SECRET = 'orders-oversell-internal-secret-40-chars';

// On PGlite by default (both services on one engine, as in the all-in-one shop), on PostgreSQL with
// TEST_DATABASE_URL (pools of connections: real concurrency).
describe('100 concurrent orders through POST /orders for the last 5 units', () => {
  let testDatabase: TestDatabase;
  let ordersDatabase: Database;
  let catalog: RunningService;
  let orders: RunningService;
  let catalogServer: Server;
  let ordersServer: Server;
  const transport = createInProcessTransport();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-oversell-'));

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
    const common = { INTERNAL_TOKEN_SECRET: SECRET, DATA_DIR: dataDir, BUS_RELAY_INTERVAL_MS: '20' };
    catalog = await startService(catalogService, {
      env: { ...common, DEMO_DATA: 'false' },
      database: testDatabase.database,
      logger,
      transport,
    });
    catalogServer = await catalog.listen(0, '127.0.0.1');
    ordersDatabase = testDatabase.engine
      ? pgliteDatabase(testDatabase.engine, { ownsEngine: false })
      : postgresDatabase(testDatabase.url!, { max: 10 });
    orders = await startService(ordersService, {
      env: {
        ...common,
        CATALOG_URL: `http://127.0.0.1:${(catalogServer.address() as AddressInfo).port}`,
        INTERNAL_CALL_TIMEOUT_MS: '30000',
        TRUST_PROXY: 'loopback',
        // 100 buyers from this one address: the per-address order limit is not what this test is about.
        ORDERS_PER_ADDRESS_PER_HOUR: '100000',
      },
      database: ordersDatabase,
      logger,
      transport,
    });
    ordersServer = await orders.listen(0, '127.0.0.1');
  }, 60_000);

  afterAll(async () => {
    await orders?.stop();
    await catalog?.stop();
    await ordersDatabase?.close();
    await transport.close();
    await testDatabase?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exactly 5 orders succeed, 95 get a 409 detail, the stock ends at 0', async () => {
    const db = testDatabase.database.db;
    const id = randomUUID();
    await db.insert(articles).values({
      id,
      sku: 'LAST-5-ORD',
      title: 'Casco Valentino Rossi replica',
      description: 'Ultimi 5 pezzi',
      category: 'Caschi',
      priceCents: 1000,
      ivaPercentage: 22,
      quantityStock: 5,
    });
    const quote = await request(ordersServer).get('/shipping/calculate').query({
      total_amount: 12.2,
      quantity: 1,
      country: 'IT',
    });
    expect(quote.status).toBe(200);
    const total = Math.round((12.2 + quote.body.shipping_cost) * 100) / 100;

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(ordersServer)
          .post('/orders')
          .send({
            items: [{ article_id: id, quantity: 1 }],
            customer_info: {
              name: `Cliente ${i}`,
              email: `cliente${i}@example.it`,
              phone: '+39 081 555 0000',
              address: 'Via Toledo 1',
              city: 'Napoli',
              zipCode: '80134',
            },
            payment_method: 'transfer',
            total_amount: total,
          }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    const created = answers.filter((r) => r.status === 201);
    expect(created).toHaveLength(5);
    expect(new Set(created.map((r) => r.body.order_id)).size).toBe(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(95);
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(refused.body.detail).toContain('Casco Valentino Rossi replica');
    }
    const [row] = await db.select().from(articles).where(eq(articles.id, id));
    expect(row!.quantityStock).toBe(0);
  }, 120_000);
});
