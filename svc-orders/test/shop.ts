import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { EventData, EventEnvelope, EventType } from '@edicola/contracts';
import {
  createEvent,
  createInProcessTransport,
  createInternalTokens,
  pgliteDatabase,
  postgresDatabase,
  startService,
  type Database,
  type InProcessTransport,
  type RunningService,
} from '@edicola/platform';
import { createTestDatabase, type TestDatabase } from '@edicola/platform/testing';
// The real catalogue, whose internal stock endpoints the orders call (same database engine, as in the
// all-in-one shop).
import { articles } from '../../svc-catalog/src/db/schema';
import { catalogService } from '../../svc-catalog/src/service';
import { ordersService } from '../src/service';

export const INTERNAL_SECRET = 'orders-test-internal-secret-of-40-chars!';
export const STAFF = { username: 'titolare', password: 'Napoli-1926!' };

export interface Shop {
  catalog: RunningService;
  orders: RunningService;
  /** svc-orders' view of the database. */
  db: Database['db'];
  /** svc-catalog's view of the database. */
  catalogDb: Database['db'];
  catalogUrl: string;
  addArticle(fields: {
    stock: number;
    title?: string;
    priceCents?: number;
    iva?: number;
    active?: boolean;
    category?: string;
  }): Promise<string>;
  stockOf(id: string): Promise<number>;
  /** The shared in-process bus. */
  transport: InProcessTransport;
  /** An event from svc-payments (the real envelope), delivered over the bus; resolves once handled. */
  publish<T extends EventType>(type: T, data: EventData<T>): Promise<EventEnvelope>;
  /** An internal token as `from` would sign it for svc-orders. */
  internalToken(from?: string, to?: string): Promise<string>;
  stop(): Promise<void>;
}

/** svc-catalog and svc-orders on one fresh database, one in-process bus, orders calling the catalogue over HTTP. */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const testDatabase: TestDatabase = await createTestDatabase({
    migrated: [catalogService, ordersService].map((s) => ({ folder: s.migrationsFolder, schema: s.schema })),
  });
  const transport = createInProcessTransport();
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-shop-'));
  const common = {
    BUS_RETRY_DELAYS_MS: '20,40',
    BUS_RELAY_INTERVAL_MS: '20',
    INTERNAL_TOKEN_SECRET: INTERNAL_SECRET,
    DATA_DIR: dataDir,
  };
  const catalog = await startService(catalogService, {
    env: { ...common, DEMO_DATA: 'false', CATALOG_CACHE_TTL_MS: '0' },
    database: testDatabase.database,
    logger,
    transport,
  });
  const server = await catalog.listen(0, '127.0.0.1');
  const catalogUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ordersDatabase = testDatabase.engine
    ? pgliteDatabase(testDatabase.engine, { ownsEngine: false })
    : postgresDatabase(testDatabase.url!, { max: 5 });
  const orders = await startService(ordersService, {
    env: {
      ...common,
      CATALOG_URL: catalogUrl,
      ADMIN_USERNAME: STAFF.username,
      ADMIN_PASSWORD: STAFF.password,
      TRUST_PROXY: 'loopback',
      // Most tests order again and again as one guest from one address; the limits' own tests lower these.
      ORDERS_PER_ADDRESS_PER_HOUR: '10000',
      OPEN_ORDERS_PER_EMAIL: '10000',
      ...env,
    },
    database: ordersDatabase,
    logger,
    transport,
  });
  const catalogDb = testDatabase.database.db;
  const tokens = createInternalTokens(INTERNAL_SECRET);
  return {
    catalog,
    orders,
    transport,
    async publish(type, data) {
      const event = createEvent('svc-payments', type, data) as EventEnvelope;
      await transport.publish(event);
      return event;
    },
    internalToken(from = 'svc-payments', to = 'svc-orders') {
      return tokens.sign(from, to);
    },
    db: ordersDatabase.db,
    catalogDb,
    catalogUrl,
    async addArticle(fields) {
      const id = randomUUID();
      await catalogDb.insert(articles).values({
        id,
        sku: `ART-${id.slice(0, 8)}`,
        title: fields.title ?? `Articolo ${id.slice(0, 4)}`,
        description: 'Per i test degli ordini',
        category: fields.category ?? 'Modellismo',
        priceCents: fields.priceCents ?? 1000,
        ivaPercentage: fields.iva ?? 22,
        quantityStock: fields.stock,
        isActive: fields.active ?? true,
      });
      return id;
    },
    async stockOf(id) {
      const [row] = await catalogDb.select().from(articles).where(eq(articles.id, id));
      return row!.quantityStock;
    },
    async stop() {
      await orders.stop();
      await catalog.stop();
      await ordersDatabase.close();
      await transport.close();
      await testDatabase.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A valid guest order body for `lines`, with the client's total to be filled in. */
export function orderBody(
  lines: { article_id: string; quantity: number }[],
  total: number,
  extra: object = {},
) {
  return {
    items: lines,
    customer_info: {
      name: 'Anna Esposito',
      email: 'anna@example.it',
      phone: '+39 081 555 1234',
      address: 'Via Toledo 256',
      city: 'Napoli',
      zipCode: '80132',
      notes: 'Citofono Esposito',
    },
    payment_method: 'transfer',
    total_amount: total,
    order_date: new Date().toISOString(),
    status: 'paid',
    shipping_zone: 'national',
    ...extra,
  };
}
