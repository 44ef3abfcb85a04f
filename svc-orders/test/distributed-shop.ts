import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { StaffLoginResponse } from '@edicola/contracts';
import {
  createInProcessTransport,
  pgliteDatabase,
  postgresDatabase,
  startService,
  type Database,
  type RunningService,
} from '@edicola/platform';
import { createTestDatabase, type TestDatabase } from '@edicola/platform/testing';
// Every service of the shop, as separate services run: the others verify tokens with svc-orders' key set over
// HTTP and ask svc-orders about sessions over /internal/sessions (one database engine, a schema each).
import { catalogService } from '../../svc-catalog/src/service';
import { channelsService } from '../../svc-channels/src/service';
import { notifyService } from '../../svc-notify/src/service';
import { paymentsService } from '../../svc-payments/src/service';
import { ordersService } from '../src/service';

const SECRET = 'distributed-shop-internal-secret-40-chars';
export const ADMIN = { username: 'titolare', password: 'Titolare-Napoli-1926' };

export interface DistributedShop {
  orders: RunningService;
  ordersServer: Server;
  services: RunningService[];
  byName(name: string): RunningService;
  dataDir: string;
  /** A staff token from POST /api/auth/login. */
  login(username: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startDistributedShop(options: { sessionCacheMs: number }): Promise<DistributedShop> {
  const testDatabase: TestDatabase = await createTestDatabase({
    migrated: [ordersService, catalogService, paymentsService, notifyService, channelsService].map((s) => ({
      folder: s.migrationsFolder,
      schema: s.schema,
    })),
  });
  const databases: Database[] = [];
  const services: RunningService[] = [];
  const transport = createInProcessTransport();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-distributed-'));
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const serviceDatabase = () => {
    const database = testDatabase.engine
      ? pgliteDatabase(testDatabase.engine, { ownsEngine: false })
      : postgresDatabase(testDatabase.url!, { max: 3 });
    databases.push(database);
    return database;
  };
  const common = {
    INTERNAL_TOKEN_SECRET: SECRET,
    DATA_DIR: dataDir,
    BUS_RELAY_INTERVAL_MS: '20',
    TRUST_PROXY: 'loopback',
  };
  const orders = await startService(ordersService, {
    env: { ...common, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    database: serviceDatabase(),
    logger,
    transport,
  });
  services.push(orders);
  const ordersServer = await orders.listen(0, '127.0.0.1');
  const ordersUrl = `http://127.0.0.1:${(ordersServer.address() as AddressInfo).port}`;
  const remote = {
    ...common,
    AUTH_JWKS_URL: `${ordersUrl}/.well-known/jwks.json`,
    ORDERS_URL: ordersUrl,
    SESSION_CHECK_CACHE_MS: String(options.sessionCacheMs),
    DEMO_DATA: 'false',
    CATALOG_CACHE_TTL_MS: '0',
    EBAY_MODE: 'off',
  };
  for (const definition of [catalogService, paymentsService, notifyService, channelsService]) {
    services.push(
      await startService(definition as typeof catalogService, {
        env: remote,
        database: serviceDatabase(),
        logger,
        transport,
      }),
    );
  }
  return {
    orders,
    ordersServer,
    services,
    dataDir,
    byName: (name) => services.find((s) => s.name === name)!,
    async login(username, password) {
      const res = await request(orders.app).post('/api/auth/login').send({ username, password });
      if (res.status !== 200) throw new Error(`login of ${username}: ${res.status}`);
      return StaffLoginResponse.parse(res.body).access_token;
    },
    async stop() {
      for (const service of [...services].reverse()) await service.stop();
      for (const database of databases) await database.close();
      await transport.close();
      await testDatabase.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
