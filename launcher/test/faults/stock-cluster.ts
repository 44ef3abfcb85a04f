import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { SUBSCRIPTIONS } from '@edicola/contracts';
import { queuesOf } from '@edicola/platform';
import { createTestDatabase, waitFor, type TestDatabase } from '@edicola/platform/testing';
import { RabbitAdmin } from '../../../platform/src/testing/rabbitmq';
import { articles, reservations, stockMovements } from '../../../svc-catalog/src/db/schema';
import { ebayOrders } from '../../../svc-channels/src/db/schema';
import { startFakeEbayServer, type FakeEbayServer } from '../../../svc-channels/src/ebay/fake/server';
import { orderRecords } from '../../../svc-orders/src/db/schema';
import { Balancer } from './balancer';
import { freePort, ServiceProcess } from './service-process';

/** The variables a fault test needs; without both it skips (and says so in its name). */
export const faultEnv = {
  databaseUrl: process.env.TEST_DATABASE_URL,
  amqpUrl: process.env.AMQP_URL,
};
export const canRunFaults = Boolean(faultEnv.databaseUrl && faultEnv.amqpUrl);

export interface ClusterOptions {
  internalCallTimeoutMs: number;
  placementTimeoutMs: number;
  sweepIntervalMs: number;
  /** svc-orders reached through a Balancer (a Kubernetes Service), so that replicas can come and go. */
  ordersBalanced?: boolean;
  /** More settings of svc-orders (the counter's RT, say). */
  ordersEnv?: Record<string, string>;
  /**
   * svc-channels as well, its own process and database, in EBAY_MODE=live against a fake eBay served by the test's
   * own process (so it outlives a kill of svc-channels); `env`: more settings (the intervals, say).
   */
  channels?: { env?: Record<string, string> };
}

const EBAY_CLIENT = { clientId: 'faults-client', clientSecret: 'faults-secret' };

export interface OrderAnswer {
  /** 0 when no HTTP answer came (the connection was cut). */
  status: number;
  body: { order_id?: string; detail?: string };
}

/**
 * svc-catalog and svc-orders as the distributed mode runs them: each its own process with its own PostgreSQL
 * database, events over RabbitMQ (an exchange and queues of this run only), internal calls signed with a
 * shared secret. The test reads both databases directly to check the stock.
 */
export class StockCluster {
  /** Replicas of svc-orders started after the first one (startOrdersReplica). */
  readonly replicas: ServiceProcess[] = [];

  private constructor(
    readonly catalog: ServiceProcess,
    readonly orders: ServiceProcess,
    private readonly catalogDb: TestDatabase,
    private readonly ordersDb: TestDatabase,
    private readonly ordersEnv: Record<string, string>,
    /** In front of svc-orders' replicas when ordersBalanced. */
    readonly balancer: Balancer | null,
    /** This run's exchange and queue prefix on RabbitMQ. */
    readonly bus: { exchange: string; queuePrefix: string },
    private readonly cleanup: () => Promise<void>,
    /** svc-channels and the fake eBay it talks to, when the cluster was started with `channels`. */
    readonly channels: ServiceProcess | null = null,
    readonly ebay: FakeEbayServer | null = null,
    private readonly channelsDb: TestDatabase | null = null,
  ) {}

  static async start(options: ClusterOptions): Promise<StockCluster> {
    const run = randomBytes(4).toString('hex');
    const exchange = `edicola.faults.${run}`;
    const queuePrefix = `edicola-faults-${run}.`;
    const catalogDb = await createTestDatabase();
    const ordersDb = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-faults-'));
    const [catalogPort, ordersPort, channelsPort] = [await freePort(), await freePort(), await freePort()];
    const balancer = options.ordersBalanced ? await Balancer.start([ordersPort]) : null;
    const ordersUrl = balancer?.url ?? `http://127.0.0.1:${ordersPort}`;
    const { privateKey } = generateKeyPairSync('ed25519');
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `faults-${run}`, alg: 'EdDSA' };
    const common = {
      AMQP_URL: faultEnv.amqpUrl!,
      BUS_EXCHANGE: exchange,
      BUS_QUEUE_PREFIX: queuePrefix,
      BUS_RELAY_INTERVAL_MS: '100',
      JOBS_POLL_INTERVAL_MS: '200',
      INTERNAL_TOKEN_SECRET: randomBytes(32).toString('base64url'),
      INTERNAL_CALL_TIMEOUT_MS: String(options.internalCallTimeoutMs),
      CATALOG_URL: `http://127.0.0.1:${catalogPort}`,
      ORDERS_URL: ordersUrl,
      CHANNELS_URL: `http://127.0.0.1:${channelsPort}`,
      AUTH_JWKS_URL: `${ordersUrl}/.well-known/jwks.json`,
      DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
    };
    const catalog = new ServiceProcess('svc-catalog', catalogPort, {
      ...common,
      DATABASE_URL: catalogDb.url!,
      DEMO_DATA: 'false',
      CATALOG_CACHE_TTL_MS: '0',
    });
    const ordersEnv: Record<string, string> = {
      ...common,
      DATABASE_URL: ordersDb.url!,
      ADMIN_USERNAME: 'faults-admin',
      ADMIN_PASSWORD: 'faults-password-1',
      JWT_PRIVATE_JWK: JSON.stringify(jwk),
      PLACEMENT_TIMEOUT_MS: String(options.placementTimeoutMs),
      PLACEMENT_SWEEP_INTERVAL_MS: String(options.sweepIntervalMs),
      // Bursts of buyers from one address and e-mail: the abuse limits are not what these tests are about.
      ORDERS_PER_ADDRESS_PER_HOUR: '100000',
      OPEN_ORDERS_PER_EMAIL: '100000',
      ...options.ordersEnv,
    };
    const orders = new ServiceProcess('svc-orders', ordersPort, ordersEnv);
    const channelsDb = options.channels ? await createTestDatabase() : null;
    const ebay = options.channels
      ? await startFakeEbayServer({
          ...EBAY_CLIENT,
          redirectUrl: `http://127.0.0.1:${channelsPort}/api/ebay/callback`,
        })
      : null;
    const channels = options.channels
      ? new ServiceProcess('svc-channels', channelsPort, {
          ...common,
          DATABASE_URL: channelsDb!.url!,
          EBAY_MODE: 'live',
          EBAY_CLIENT_ID: EBAY_CLIENT.clientId,
          EBAY_CLIENT_SECRET: EBAY_CLIENT.clientSecret,
          EBAY_RU_NAME: 'faults-runame',
          EBAY_API_URL: ebay!.url,
          EBAY_AUTH_URL: ebay!.url,
          EBAY_TOKEN_KEY: randomBytes(32).toString('base64'),
          EBAY_FULFILLMENT_POLICY_ID: 'faults-fulfillment',
          EBAY_PAYMENT_POLICY_ID: 'faults-payment',
          EBAY_RETURN_POLICY_ID: 'faults-return',
          // A killed process' recurring jobs (the order poll) are taken up again after this lease.
          JOBS_LEASE_MS: '2000',
          ...options.channels.env,
        })
      : null;
    const cleanup = async () => {
      await Promise.all([
        orders.stop(),
        catalog.stop(),
        channels?.stop(),
        ...cluster.replicas.map((r) => r.stop()),
      ]);
      await balancer?.close();
      await ebay?.close();
      const rabbit = await RabbitAdmin.connect(faultEnv.amqpUrl!);
      const queues = Object.keys(SUBSCRIPTIONS).flatMap((s) =>
        queuesOf(s, [60_000, 300_000, 1_800_000], queuePrefix),
      );
      await rabbit.deleteTopology(exchange, queues);
      await rabbit.close();
      await Promise.all([catalogDb.cleanup(), ordersDb.cleanup(), channelsDb?.cleanup()]);
      rmSync(dataDir, { recursive: true, force: true });
    };
    const cluster: StockCluster = new StockCluster(
      catalog,
      orders,
      catalogDb,
      ordersDb,
      ordersEnv,
      balancer,
      { exchange, queuePrefix },
      cleanup,
      channels,
      ebay,
      channelsDb,
    );
    try {
      await catalog.start();
      await orders.start();
      await channels?.start();
    } catch (error) {
      await cleanup().catch(() => undefined);
      throw error;
    }
    return cluster;
  }

  /** One more svc-orders process on the same database and bus, started and ready (not yet behind the balancer). */
  async startOrdersReplica(): Promise<ServiceProcess> {
    const replica = new ServiceProcess('svc-orders', await freePort(), this.ordersEnv);
    this.replicas.push(replica);
    await replica.start();
    return replica;
  }

  /** svc-orders' database, as the test sees it (for the rare check that needs it). */
  get ordersDatabase() {
    return this.ordersDb;
  }

  async addArticle(stock: number): Promise<string> {
    const [row] = await this.catalogDb.database.db
      .insert(articles)
      .values({
        sku: `FAULT-${randomBytes(4).toString('hex')}`,
        title: 'Ferrari F40 1:18',
        description: 'Per le prove di guasto',
        category: 'Modellismo',
        priceCents: 1000,
        ivaPercentage: 22,
        quantityStock: stock,
        isActive: true,
        // eBay publishes nothing without a photo.
        photoUrl: '/media/articoli/ferrari-f40.webp',
      })
      .returning({ id: articles.id });
    return row!.id;
  }

  async skuOf(articleId: string): Promise<string> {
    const [row] = await this.catalogDb.database.db
      .select({ sku: articles.sku })
      .from(articles)
      .where(eq(articles.id, articleId));
    return row!.sku;
  }

  /** The back office's admin (svc-orders' login): its bearer token. */
  async staffToken(): Promise<string> {
    const login = await fetch(`${this.orders.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'faults-admin', password: 'faults-password-1' }),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    return ((await login.json()) as { access_token: string }).access_token;
  }

  /** The admin connects the eBay account as a browser does: svc-channels' consent URL, eBay's page, the callback. */
  async connectEbay(token: string): Promise<void> {
    const started = await fetch(`${this.channels!.url}/api/ebay/connect`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    if (!started.ok) throw new Error(`POST /api/ebay/connect: ${started.status}`);
    const consent = ((await started.json()) as { consent_url: string }).consent_url;
    const page = await (await fetch(consent)).text();
    const back = /href="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
    const done = await fetch(back, { redirect: 'manual' });
    if (done.status !== 303) throw new Error(`eBay's callback: ${done.status} ${await done.text()}`);
  }

  /** Staff list the article on eBay (svc-catalog's settings) until the fake eBay has it published: its SKU. */
  async listOnEbay(token: string, articleId: string, buffer = 0): Promise<string> {
    const res = await fetch(`${this.catalog.url}/api/articles/${articleId}/ebay`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ enabled: true, buffer }),
    });
    if (!res.ok) throw new Error(`PUT /api/articles/:id/ebay: ${res.status} ${await res.text()}`);
    const sku = await this.skuOf(articleId);
    await waitFor(
      () =>
        Object.values(this.ebay!.fake.state.offers).some((o) => o.sku === sku && o.status === 'PUBLISHED'),
      { timeoutMs: 20_000, message: 'the article published on the fake eBay' },
    );
    return sku;
  }

  /** What eBay offers of `sku` (its published offer's available quantity). */
  ebayQuantity(sku: string): number | undefined {
    return Object.values(this.ebay!.fake.state.offers).find((o) => o.sku === sku && o.status === 'PUBLISHED')
      ?.availableQuantity;
  }

  /** The stock ledger's movements of `articleId` made by a channel. */
  async movementsOf(articleId: string, channel: string) {
    const rows = await this.catalogDb.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.articleId, articleId));
    return rows.filter((row) => row.channel === channel);
  }

  /** The shop's order id svc-channels recorded for an eBay order (null while it has not recorded one). */
  async recordedShopOrder(ebayOrderId: string): Promise<string | null> {
    const [row] = await this.channelsDb!.database.db.select({ shopOrderId: ebayOrders.shopOrderId })
      .from(ebayOrders)
      .where(eq(ebayOrders.orderId, ebayOrderId));
    return row?.shopOrderId ?? null;
  }

  /** svc-orders' orders of a marketplace order id. */
  async ordersOfExternal(externalId: string) {
    return this.ordersDb.database.db
      .select({ id: orderRecords.id, stockConflict: orderRecords.stockConflict, items: orderRecords.items })
      .from(orderRecords)
      .where(eq(orderRecords.externalId, externalId));
  }

  /** POST /orders for one unit of `articleId` (12,20 € + 9 € shipping), by a guest, under `key`. */
  order(articleId: string, key: string, email = 'anna@example.it'): Promise<OrderAnswer> {
    return this.orderAt(this.orders.url, articleId, key, email);
  }

  /** The same order sent to `baseUrl` (the gateway, say). */
  async orderAt(
    baseUrl: string,
    articleId: string,
    key: string,
    email = 'anna@example.it',
  ): Promise<OrderAnswer> {
    try {
      const res = await fetch(`${baseUrl}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          items: [{ article_id: articleId, quantity: 1 }],
          customer_info: {
            name: 'Anna Esposito',
            email,
            phone: '+39 081 555 1234',
            address: 'Via Toledo 256',
            city: 'Napoli',
            zipCode: '80132',
          },
          payment_method: 'transfer',
          total_amount: 21.2,
          order_date: new Date().toISOString(),
          status: 'pending',
          shipping_zone: 'national',
        }),
      });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as OrderAnswer['body'] };
    } catch {
      return { status: 0, body: {} };
    }
  }

  async stockOf(articleId: string): Promise<number> {
    const [row] = await this.catalogDb.database.db
      .select({ stock: articles.quantityStock })
      .from(articles)
      .where(eq(articles.id, articleId));
    return row!.stock;
  }

  /** Units of `articleId` in orders that hold stock (every order but a cancelled one). */
  async liveUnits(articleId: string): Promise<number> {
    const rows = await this.ordersDb.database.db
      .select({ items: orderRecords.items })
      .from(orderRecords)
      .where(ne(orderRecords.status, 'cancelled'));
    return rows
      .flatMap((row) => row.items)
      .filter((line) => line.article_id === articleId)
      .reduce((sum, line) => sum + line.quantity, 0);
  }

  async orderIds(): Promise<string[]> {
    const rows = await this.ordersDb.database.db.select({ id: orderRecords.id }).from(orderRecords);
    return rows.map((row) => row.id);
  }

  /** Units of `articleId` svc-catalog holds in reservations for which svc-orders has no order. */
  async heldWithoutOrder(articleId: string): Promise<number> {
    const held = await this.catalogDb.database.db
      .select()
      .from(reservations)
      .where(isNull(reservations.releasedAt));
    const ids = held.map((row) => row.orderId);
    const known = ids.length
      ? await this.ordersDb.database.db
          .select({ id: orderRecords.id })
          .from(orderRecords)
          .where(and(inArray(orderRecords.id, ids)))
      : [];
    const stored = new Set(known.map((row) => row.id));
    return held
      .filter((row) => !stored.has(row.orderId))
      .flatMap((row) => row.lines)
      .filter((line) => line.article_id === articleId)
      .reduce((sum, line) => sum + line.quantity, 0);
  }

  /** Reservations svc-catalog holds (unreleased) for `articleId`, by order id. */
  async heldReservations(articleId: string): Promise<string[]> {
    const held = await this.catalogDb.database.db
      .select()
      .from(reservations)
      .where(isNull(reservations.releasedAt));
    return held.filter((row) => row.lines.some((l) => l.article_id === articleId)).map((row) => row.orderId);
  }

  stop(): Promise<void> {
    return this.cleanup();
  }
}
