// Orders per second through the gateway: 32 buyers placing bank-transfer orders at once, each waiting for
// its answer before the next (a bounded loop, not a request flood), on the all-in-one shop — on its
// embedded database and in-process bus, or on PostgreSQL + RabbitMQ (DATABASE_URL, AMQP_URL).
// Reports orders/s, p50/p95 latency of the accepted orders, and the oversell count: units accepted beyond
// a scarce article's stock, plus any article whose stock moved by other than what the accepted orders took.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import amqp from 'amqplib';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const STAFF = { username: 'bench-admin', password: 'bench-password-1' };
const PLENTY = 1_000_000;
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SCARCE = 100;
/** The services of the distributed mode, each its own process and database. */
const SERVICES = ['catalog', 'orders', 'payments', 'notify', 'channels'];
// How long the shop may take to start (a first start on a busy shared machine can pass two minutes).
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS ?? 300_000);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function adminSql(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitHealthy(url, children) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const gone = children.find((child) => child.exitCode !== null);
    if (gone) throw new Error(`a process of the shop exited with ${gone.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
}

/**
 * Each service its own process with its own database (`databases`: service → URL), RabbitMQ and the gateway, as
 * README's distributed mode.
 */
async function startDistributed(env, databases, { web = false } = {}) {
  const { exportJWK, generateKeyPair } = await import('jose');
  const { privateKey } = await generateKeyPair('EdDSA', { extractable: true });
  const jwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'bench', alg: 'EdDSA' });
  const ports = {};
  for (const name of SERVICES) ports[name] = await freePort();
  const urls = Object.fromEntries(
    Object.entries(ports).map(([name, port]) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${port}`]),
  );
  const apiPort = await freePort();
  const children = [];
  const start = (args, extra) =>
    children.push(
      // BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles each process of the shop.
      spawn(process.execPath, [...nodeArgs, ...args], {
        cwd: root,
        env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, ...urls, ...extra },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
  for (const [name, port] of Object.entries(ports)) {
    start([path.join(root, `svc-${name}/dist/main.js`)], {
      PORT: String(port),
      DATA_DIR: path.join(env.DATA_DIR, name),
      DATABASE_URL: databases[name],
      INTERNAL_TOKEN_SECRET: env.INTERNAL_TOKEN_SECRET,
      AUTH_JWKS_URL: `${urls.ORDERS_URL}/.well-known/jwks.json`,
      ...(name === 'orders'
        ? {
            ADMIN_USERNAME: STAFF.username,
            ADMIN_PASSWORD: STAFF.password,
            JWT_PRIVATE_JWK: jwk,
            ...UNLIMITED,
          }
        : {}),
    });
  }
  start([path.join(root, 'launcher/dist/cli.js'), 'gateway'], { API_PORT: String(apiPort) });
  for (const url of Object.values(urls)) await waitHealthy(`${url}/readyz`, children);
  const api = `http://127.0.0.1:${apiPort}`;
  await waitHealthy(`${api}/healthz`, children);
  // The storefront server on its own (launcher's `web` mode), for a bench that reads pages too.
  let webUrl;
  if (web) {
    const webPort = await freePort();
    start([path.join(root, 'launcher/dist/cli.js'), 'web'], {
      WEB_PORT: String(webPort),
      API_PORT: String(apiPort),
    });
    webUrl = `http://127.0.0.1:${webPort}`;
    await waitHealthy(`${webUrl}/healthz`, children);
  }
  return {
    api,
    web: webUrl,
    async stop() {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
      );
    },
  };
}

/** The all-in-one shop in its own process, on `env`; resolves once /healthz answers. */
async function startShop(env) {
  const apiPort = await freePort();
  const webPort = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'launcher/bin/start.js')], {
    cwd: root,
    env: {
      ...process.env,
      WEB_PORT: String(webPort),
      API_PORT: String(apiPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_USERNAME: STAFF.username,
      ADMIN_PASSWORD: STAFF.password,
      ...UNLIMITED,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const api = `http://127.0.0.1:${apiPort}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the shop did not become healthy');
    if (
      await fetch(`${api}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  return {
    api,
    web: `http://127.0.0.1:${webPort}`,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
}

async function rows(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Read straight from the two databases: articles below zero, and units svc-catalog holds for an order svc-orders
 * does not have (a reservation whose order was never written: leaked stock).
 */
export async function heldWithoutOrder(catalogUrl, ordersUrl) {
  const negative = await rows(
    catalogUrl,
    'select count(*)::int as n from catalog.articles where quantity_stock < 0',
  );
  const held = await rows(
    catalogUrl,
    `select order_id::text as id, lines from catalog.reservations
      where released_at is null and jsonb_array_length(lines) > 0`,
  );
  const known = new Set((await rows(ordersUrl, 'select id::text as id from orders.orders')).map((r) => r.id));
  const leaked = held.filter((r) => !known.has(r.id));
  return {
    negative_stock_articles: negative[0].n,
    leaked_reservations: leaked.length,
    leaked_units: leaked.reduce((sum, r) => sum + r.lines.reduce((n, line) => n + line.quantity, 0), 0),
  };
}

export async function json(res, what) {
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Articles created through the staff API, with the total a buyer of one unit sends. */
/** The buyers all come from this machine: the per-address and per-e-mail order limits would stop the bench. */
export const UNLIMITED = {
  ORDERS_PER_ADDRESS_PER_HOUR: '1000000',
  OPEN_ORDERS_PER_EMAIL: '1000000',
  REGISTRATIONS_PER_HOUR: '1000000',
};

export async function seed(api, count) {
  const { access_token: token } = await json(
    await fetch(`${api}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    }),
    'staff login',
  );
  const articles = [];
  for (let i = 0; i <= count; i++) {
    const scarce = i === count;
    const article = await json(
      await fetch(`${api}/api/articles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          sku: `BENCH-ORD-${i}`,
          title: scarce ? 'Articolo raro del benchmark' : `Articolo del benchmark ${i}`,
          description: 'Creato dal benchmark degli ordini',
          category: 'Modellismo',
          product_type: 'normale',
          price: 5 + i,
          iva_percentage: 22,
          quantity_stock: scarce ? SCARCE : PLENTY,
        }),
      }),
      'create article',
    );
    const gross = Math.round(Math.round(article.price * 100) * 1.22) / 100;
    const quote = await json(
      await fetch(`${api}/shipping/calculate?total_amount=${gross}&quantity=1&country=IT`),
      'shipping quote',
    );
    articles.push({
      id: article.id,
      scarce,
      stock: article.quantity_stock,
      total: Math.round((gross + quote.shipping_cost) * 100) / 100,
    });
  }
  return articles;
}

/**
 * POST of a JSON body on a kept-alive connection; resolves with the status, or null when no answer came. The
 * buyers use node:http rather than fetch: the load generator shares the two cores with the shop, and fetch costs
 * it about twice the CPU per order.
 */
function postJson(agent, url, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode));
        res.once('error', () => resolve(null));
      },
    );
    req.once('error', () => resolve(null));
    req.end(payload);
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
}

/** `buyers` loops placing one-unit orders for `seconds`; every tenth order asks for the scarce article. */
export async function buy(api, articles, { buyers, seconds }) {
  const plenty = articles.filter((a) => !a.scarce);
  const scarce = articles.find((a) => a.scarce);
  const accepted = new Map(articles.map((a) => [a.id, 0]));
  const latencies = [];
  const outcome = { created: 0, refused: 0, errors: 0, statuses: {} };
  let n = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: buyers });
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: buyers }, async () => {
      while (performance.now() < until) {
        const i = n++;
        const article = i % 10 === 9 ? scarce : plenty[i % plenty.length];
        const t0 = performance.now();
        const answered = await postJson(agent, `${api}/orders`, {
          items: [{ article_id: article.id, quantity: 1 }],
          customer_info: {
            name: `Cliente ${i}`,
            email: `cliente${i}@example.it`,
            phone: '+39 081 555 0000',
            address: 'Via Toledo 1',
            city: 'Napoli',
            zipCode: '80134',
          },
          payment_method: 'transfer',
          total_amount: article.total,
        });
        const ms = performance.now() - t0;
        const status = answered ?? 'network';
        outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
        if (status === 201) {
          outcome.created++;
          latencies.push(ms);
          accepted.set(article.id, accepted.get(article.id) + 1);
        } else if (status === 409) outcome.refused++;
        else outcome.errors++;
      }
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { outcome, accepted, elapsed, latencies };
}

async function oversell(api, articles, accepted) {
  const list = await json(await fetch(`${api}/public/articles`), 'article list');
  let count = 0;
  for (const article of articles) {
    const now = list.find((a) => a.id === article.id).quantity_stock;
    const taken = accepted.get(article.id);
    count += Math.max(0, taken - article.stock); // units sold that were not there
    if (article.stock - now !== taken) count += Math.abs(article.stock - now - taken); // stock moved otherwise
  }
  return count;
}

/**
 * One measurement: `mode` 'embedded' (the all-in-one process on PGlite + in-process bus), 'postgres' (the
 * all-in-one process on PostgreSQL + RabbitMQ from BENCH_PG_URL / AMQP_URL) or 'distributed' (each service its
 * own process, and the gateway, on PostgreSQL + RabbitMQ); on PostgreSQL in a database, exchange and queues of
 * its own, removed afterwards.
 */
export async function benchOrders(mode, { buyers = 32, seconds = 10 } = {}) {
  return withShop(mode, async (shop, { catalogUrl, ordersUrl }) => {
    const articles = await seed(shop.api, 20);
    const warmUp = await buy(shop.api, articles, { buyers, seconds: 2 });
    const measured = await buy(shop.api, articles, { buyers, seconds });
    // Every accepted unit, the warm-up's included, is what the stock must show as taken.
    const accepted = new Map(
      articles.map((a) => [a.id, warmUp.accepted.get(a.id) + measured.accepted.get(a.id)]),
    );
    return {
      mode,
      buyers,
      seconds: +measured.elapsed.toFixed(1),
      orders_per_s: Math.round(measured.outcome.created / measured.elapsed),
      p50_ms: percentile(measured.latencies, 50),
      p95_ms: percentile(measured.latencies, 95),
      p99_ms: percentile(measured.latencies, 99),
      ...measured.outcome,
      scarce_stock: SCARCE,
      scarce_sold: accepted.get(articles.find((a) => a.scarce).id),
      oversell: await oversell(shop.api, articles, accepted),
      ...(mode === 'distributed' ? await heldWithoutOrder(catalogUrl, ordersUrl) : {}),
    };
  });
}

/**
 * Starts the shop in `mode` on a database (and bus) of its own, runs `use(shop, { catalogUrl, ordersUrl })` and
 * removes it all afterwards. `shop.api` is the gateway, `shop.web` the storefront (in the distributed mode only
 * with `web: true`); catalogUrl and ordersUrl are the distributed mode's two databases.
 */
export async function withShop(mode, use, { web = false } = {}) {
  const run = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), `edicola-bench-orders-${mode}-`));
  const env = { DATA_DIR: dataDir };
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  const database = `edicola_bench_orders_${run}`;
  const exchange = `edicola.bench.${run}`;
  const prefix = `edicola-bench-${run}.`;
  const onPostgres = mode === 'postgres' || mode === 'distributed';
  const databaseUrl = (name) => {
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  // The distributed mode gives each service a database of its own, as README's distributed mode does.
  const databases =
    mode === 'distributed'
      ? Object.fromEntries(SERVICES.map((name) => [name, `${database}_${name}`]))
      : { all: database };
  if (onPostgres) {
    for (const name of Object.values(databases)) await adminSql(pgUrl, `create database ${name}`);
    Object.assign(env, {
      DATABASE_URL: databaseUrl(database),
      AMQP_URL: amqpUrl,
      BUS_EXCHANGE: exchange,
      BUS_QUEUE_PREFIX: prefix,
      INTERNAL_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    });
  }
  let shop;
  try {
    shop =
      mode === 'distributed'
        ? await startDistributed(
            env,
            Object.fromEntries(SERVICES.map((name) => [name, databaseUrl(databases[name])])),
            { web },
          )
        : await startShop(env);
    return await use(
      shop,
      mode === 'distributed'
        ? { catalogUrl: databaseUrl(databases.catalog), ordersUrl: databaseUrl(databases.orders) }
        : {},
    );
  } finally {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (onPostgres) {
      for (const name of Object.values(databases))
        await adminSql(pgUrl, `drop database if exists ${name} with (force)`).catch(() => {});
      await removeQueues(amqpUrl, exchange, prefix);
    }
  }
}

export async function removeQueues(amqpUrl, exchange, prefix) {
  const { queuesOf } = require(path.join(root, 'platform/dist/index.js'));
  const { SUBSCRIPTIONS } = require(path.join(root, 'contracts/dist/index.js'));
  const delays = [60000, 300000, 1800000];
  const services = [...SERVICES.map((name) => `svc-${name}`), ...Object.keys(SUBSCRIPTIONS)];
  const connection = await amqp.connect(amqpUrl).catch(() => null);
  if (!connection) return;
  connection.on('error', () => {});
  for (const queue of new Set(services.flatMap((s) => queuesOf(s, delays, prefix)))) {
    const channel = await connection.createChannel();
    channel.on('error', () => {});
    await channel.deleteQueue(queue).catch(() => {});
    await channel.close().catch(() => {});
  }
  const channel = await connection.createChannel();
  channel.on('error', () => {});
  await channel.deleteExchange(exchange).catch(() => {});
  await connection.close().catch(() => {});
}
