#!/usr/bin/env node
// Distributed mode, for real: each service its own process with its own PostgreSQL database, events over
// RabbitMQ, the gateway and the storefront as their own processes. Needs the built tree, PostgreSQL
// (SMOKE_PG_URL) and RabbitMQ (AMQP_URL). Every port is a free one, the exchange, queues and databases are
// this run's own and are removed afterwards, so it can run beside a running shop. Prints one closing line:
// N passed, N failed.
import { execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import amqp from 'amqplib';
import { exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgUrl = process.env.SMOKE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const run = randomUUID().slice(0, 8);
const exchange = `edicola.smoke.${run}`;
const queuePrefix = `edicola-smoke-${run}.`;
const services = { catalog: 0, orders: 0, payments: 0, notify: 0, channels: 0 };
let API = 0;
let WEB = 0;
const admin = { username: 'smoke-admin', password: 'smoke-password-1' };
// The secret every service of this run shares for internal calls (docs/decisions/0006).
const internalSecret = randomBytes(32).toString('base64url');
const internalTokens = require(path.join(root, 'platform/dist/index.js')).createInternalTokens(
  internalSecret,
);
// svc-notify has no SMTP_URL here: it writes each e-mail as an .eml file under its DATA_DIR.
const notifyDataDir = mkdtempSync(path.join(tmpdir(), `edicola-smoke-notify-${run}-`));
// svc-channels sells on the fake eBay of its demo mode, which keeps its state under its DATA_DIR.
const channelsDataDir = mkdtempSync(path.join(tmpdir(), `edicola-smoke-channels-${run}-`));
// svc-payments talks to a fake Stripe on loopback (the one its tests and demo mode use), with the real SDK;
// the fake signs its webhooks and sends them through the gateway, as Stripe would.
const stripe = {
  secretKey: `sk_test_smoke${run}`,
  webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
  fake: null,
  server: null,
};
const children = [];
let passed = 0;
let failed = 0;

function dbUrl(name) {
  const url = new URL(pgUrl);
  url.pathname = `/edicola_smoke_${name}_${run}`;
  return url.toString();
}

async function admin_sql(statement) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A port nobody listens on now (the kernel's pick); the process started next binds it. */
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

function start(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.name = name;
  child.on('exit', (code) => code && code !== 143 && console.error(`${name} exited with ${code}`));
  children.push(child);
}

async function waitHealthy(url, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    // An answer from elsewhere must not pass for ours: every process of this run must still be running.
    const gone = children.find((child) => child.exitCode !== null || child.signalCode !== null);
    if (gone)
      throw new Error(
        `${gone.name} exited (${gone.exitCode ?? gone.signalCode}) before the shop was healthy`,
      );
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not healthy after ${seconds} s`);
}

async function check(name, fn) {
  try {
    await fn();
    passed += 1;
    console.log(`  ✓ ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`  ✗ ${name}: ${error.message}`);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

const api = (p, init) => fetch(`http://127.0.0.1:${API}${p}`, init);

/** An Ed25519 signing key as svc-orders reads it from JWT_PRIVATE_JWK. */
async function signingKey() {
  const { privateKey } = await generateKeyPair('EdDSA', { extractable: true });
  return JSON.stringify({ ...(await exportJWK(privateKey)), kid: `smoke-${run}`, alg: 'EdDSA' });
}

async function main() {
  for (const name of Object.keys(services)) services[name] = await freePort();
  API = await freePort();
  WEB = await freePort();
  for (const name of Object.keys(services)) await admin_sql(`create database edicola_smoke_${name}_${run}`);
  const { createFakeStripe } = require(path.join(root, 'svc-payments/dist/fakes/index.js'));
  stripe.fake = createFakeStripe({
    webhookSecret: stripe.webhookSecret,
    secretKey: stripe.secretKey,
    hostedPageUrl: (kind, id) => `http://localhost:${WEB}/stripe-hosted/${kind}/${id}`,
    async deliverWebhook(payload, signature) {
      const res = await api('/webhooks/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    },
  });
  stripe.server = await stripe.fake.listen();
  const urls = Object.fromEntries(
    Object.entries(services).map(([n, p]) => [`${n.toUpperCase()}_URL`, `http://127.0.0.1:${p}`]),
  );
  const common = {
    ...urls,
    INTERNAL_TOKEN_SECRET: internalSecret,
    AMQP_URL: amqpUrl,
    BUS_EXCHANGE: exchange,
    BUS_QUEUE_PREFIX: queuePrefix,
    AUTH_JWKS_URL: `http://127.0.0.1:${services.orders}/.well-known/jwks.json`,
    CORS_ORIGINS: `http://localhost:${WEB}`,
    BUS_RELAY_INTERVAL_MS: '50',
  };
  for (const [name, port] of Object.entries(services)) {
    start(`svc-${name}`, [`svc-${name}/dist/main.js`], {
      ...common,
      PORT: String(port),
      DATABASE_URL: dbUrl(name),
      ...(name === 'orders'
        ? {
            ADMIN_USERNAME: admin.username,
            ADMIN_PASSWORD: admin.password,
            JWT_PRIVATE_JWK: await signingKey(),
          }
        : {}),
      ...(name === 'catalog' ? { DEMO_DATA: 'true' } : {}),
      ...(name === 'notify' ? { DATA_DIR: notifyDataDir } : {}),
      ...(name === 'channels'
        ? { DATA_DIR: channelsDataDir, EBAY_MODE: 'demo', PUBLIC_API_URL: `http://localhost:${API}` }
        : {}),
      ...(name === 'payments'
        ? {
            // Stripe live against its fake, PayPal without keys: off (a mixed set-up must say so).
            PAYMENTS_MODE: 'live',
            STRIPE_SECRET_KEY: stripe.secretKey,
            STRIPE_PUBLISHABLE_KEY: `pk_test_smoke${run}`,
            STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
            STRIPE_API_BASE: stripe.server.url,
            PUBLIC_WEB_URL: `http://localhost:${WEB}`,
          }
        : {}),
    });
  }
  start('gateway', ['launcher/dist/cli.js', 'gateway'], { ...urls, API_PORT: String(API) });
  start('web', ['launcher/dist/cli.js', 'web'], {
    WEB_PORT: String(WEB),
    PUBLIC_API_URL: `http://localhost:${API}`,
  });

  const started = Date.now();
  await waitHealthy(`http://127.0.0.1:${API}/healthz`);
  console.log(`distributed smoke: healthy in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  let articles = [];
  await check('the gateway serves the demo catalogue from svc-catalog on its own PostgreSQL', async () => {
    articles = await (await api('/public/articles')).json();
    assert(articles.length >= 24, `got ${articles.length} articles`);
  });
  await check('each service keeps its tables in its own database', async () => {
    const client = new pg.Client({ connectionString: dbUrl('orders') });
    await client.connect();
    const { rows } = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema = 'catalog'",
    );
    await client.end();
    assert(rows[0].n === 0, 'orders database holds catalogue tables');
  });
  let token = '';
  await check('staff log in through the gateway (ADMIN_USERNAME/ADMIN_PASSWORD)', async () => {
    const res = await api('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    assert(res.status === 200, `status ${res.status}`);
    token = (await res.json()).access_token;
  });
  await check('svc-catalog verifies the token with the key set svc-orders publishes', async () => {
    const res = await api('/api/config/iva-options', { headers: { authorization: `Bearer ${token}` } });
    assert(res.status === 200, `status ${res.status}`);
  });
  await check('internal calls authenticate across processes with the shared secret', async () => {
    for (const [name, port] of Object.entries(services)) {
      const token = await internalTokens.sign('svc-orders', `svc-${name}`);
      const res = await fetch(`http://127.0.0.1:${port}/internal/whoami`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await res.json();
      assert(res.status === 200, `svc-${name}: status ${res.status}`);
      assert(body.service === `svc-${name}` && body.caller === 'svc-orders', JSON.stringify(body));
    }
    const misdirected = await fetch(`http://127.0.0.1:${services.catalog}/internal/whoami`, {
      headers: { authorization: `Bearer ${await internalTokens.sign('svc-orders', 'svc-payments')}` },
    });
    assert(misdirected.status === 403, `a token for svc-payments at svc-catalog: ${misdirected.status}`);
    const staff = await fetch(`http://127.0.0.1:${services.catalog}/internal/whoami`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert(staff.status === 401, `a staff token at an internal route: ${staff.status}`);
    const edge = await api('/internal/whoami');
    assert(edge.status === 404, `the gateway routes /internal/: ${edge.status}`);
  });
  await check(
    'a cancellation on RabbitMQ gives a reservation back once, however often it comes',
    async () => {
      const article = articles.find((a) => a.quantity_stock >= 3);
      const orderId = randomUUID();
      const reserved = await fetch(`http://127.0.0.1:${services.catalog}/internal/stock/reservations`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await internalTokens.sign('svc-orders', 'svc-catalog')}`,
          'content-type': 'application/json',
          'idempotency-key': orderId,
        },
        body: JSON.stringify({ order_id: orderId, lines: [{ article_id: article.id, quantity: 3 }] }),
      });
      assert(reserved.status === 200, `reservation: ${reserved.status} ${await reserved.text()}`);
      assert((await stockOf(article.id)) === article.quantity_stock - 3, 'the reservation took no stock');
      const connection = await amqp.connect(amqpUrl);
      const channel = await connection.createConfirmChannel();
      await channel.assertExchange(exchange, 'topic', { durable: true });
      // The same cancellation twice (a producer retry publishes it under a new event id).
      for (let copy = 0; copy < 2; copy++) {
        const event = {
          id: randomUUID(),
          type: 'order.status_changed',
          version: 1,
          occurred_at: new Date().toISOString(),
          source: 'svc-orders',
          correlation_id: `smoke-${run}`,
          data: {
            order_id: orderId,
            order_version: 2,
            from: 'pending',
            to: 'cancelled',
            items: [{ article_id: article.id, quantity: 3 }],
            customer_email: 'smoke@example.it',
            tracking_number: null,
          },
        };
        channel.publish(exchange, event.type, Buffer.from(JSON.stringify(event)), {
          persistent: true,
          messageId: event.id,
          contentType: 'application/json',
        });
      }
      await channel.waitForConfirms();
      await connection.close();
      const stock = await settledStock(article.id, article.quantity_stock);
      assert(stock === article.quantity_stock, `stock ${article.quantity_stock} → ${stock}`);
    },
  );
  await check(
    'an order placed through the gateway reaches every subscriber once; cancelling gives its stock back once',
    async () => {
      const list = await (await api('/public/articles')).json();
      const article = list.find((a) => a.quantity_stock >= 2 && a.product_type === 'normale');
      const quantity = 2;
      const subtotal =
        (Math.round(Math.round(article.price * 100) * (1 + article.iva_percentage / 100)) * quantity) / 100;
      const quote = await api(`/shipping/calculate?total_amount=${subtotal}&quantity=${quantity}&country=IT`);
      assert(quote.status === 200, `GET /shipping/calculate: ${quote.status}`);
      const { shipping_cost } = await quote.json();
      const res = await api('/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [{ article_id: article.id, quantity }],
          customer_info: {
            name: 'Smoke Test',
            email: `smoke-${run}@example.it`,
            phone: '+39 081 000 0000',
            address: 'Via Toledo 1',
            city: 'Napoli',
            zipCode: '80134',
          },
          payment_method: 'transfer',
          total_amount: Math.round((subtotal + shipping_cost) * 100) / 100,
          status: 'pending',
        }),
      });
      const order = await res.json();
      assert(
        res.status === 201 || res.status === 200,
        `POST /orders: ${res.status} ${JSON.stringify(order)}`,
      );
      const mails = await waitUntil(() => {
        const found = confirmationsFor(order.order_reference);
        return found.length > 0 ? found : null;
      }, 20_000);
      assert(mails, `no confirmation e-mail for ${order.order_reference} from svc-notify`);
      const stock = await settledStock(article.id, article.quantity_stock - quantity);
      assert(stock === article.quantity_stock - quantity, `stock ${article.quantity_stock} → ${stock}`);
      // The buyer's "order received" (the shop gets its own notice of a new transfer order).
      const buyer = `smoke-${run}@example.it`;
      const again = confirmationsFor(order.order_reference).filter((text) =>
        (/^To: (.*)$/im.exec(text)?.[1] ?? '').includes(buyer),
      );
      assert(again.length === 1, `${again.length} confirmation e-mails to the buyer`);

      // Staff cancel it: svc-orders emits order.status_changed on RabbitMQ, svc-catalog gives the stock back once.
      const cancelled = await api(`/api/orders/${order.order_id}/status?status=cancelled`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
      });
      assert(cancelled.status === 200, `cancel: ${cancelled.status} ${await cancelled.text()}`);
      const back = await settledStock(article.id, article.quantity_stock);
      assert(
        back === article.quantity_stock,
        `after the cancellation: stock ${article.quantity_stock} → ${back}`,
      );
    },
  );
  await check(
    'a card payment confirmed by a signed Stripe webhook moves the order to paid; cancel and refund gives the money and the stock back',
    async () => {
      const list = await (await api('/public/articles')).json();
      const article = list.find((a) => a.quantity_stock >= 1 && a.product_type === 'normale');
      const res = await api('/checkout/session', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: `http://localhost:${WEB}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          items: [{ article_id: article.id, quantity: 1 }],
          customer_email: `smoke-card-${run}@example.it`,
          customer_name: 'Smoke Card',
          shipping_address: {
            phone: '+39 081 000 0000',
            address: 'Via Toledo 1',
            city: 'Napoli',
            zipCode: '80134',
          },
          invoice_data: null,
        }),
      });
      const session = await res.json();
      assert(
        res.status === 200 || res.status === 201,
        `POST /checkout/session: ${res.status} ${JSON.stringify(session)}`,
      );
      assert(session.url.startsWith(`http://localhost:${WEB}/stripe-hosted/card/`), `url ${session.url}`);
      const staff = { authorization: `Bearer ${token}` };
      const orderOf = async () => (await api(`/api/orders/${session.order_id}`, { headers: staff })).json();
      const pending = await orderOf();
      assert(pending.status === 'pending' && pending.payment_method === 'card', `order ${pending.status}`);
      assert((await stockOf(article.id)) === article.quantity_stock - 1, 'the order reserved no stock');

      const forged = await api('/webhooks/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        body: JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } }),
      });
      assert(forged.status === 400, `a forged webhook: ${forged.status}`);

      stripe.fake.approve('card', session.session_id);
      await stripe.fake.settled();
      const paid = await waitUntil(async () => {
        const order = await orderOf();
        return order.status === 'paid' ? order : null;
      }, 20_000);
      assert(paid, `the order is ${(await orderOf()).status} after the webhook`);
      assert(paid.payment_status === 'paid', `payment_status ${paid.payment_status}`);
      const status = await (await api(`/checkout/session/${session.session_id}`)).json();
      assert(status.status === 'paid', `GET /checkout/session: ${JSON.stringify(status)}`);

      const cancelled = await api(`/api/orders/${session.order_id}/status?status=cancelled`, {
        method: 'PUT',
        headers: staff,
      });
      assert(cancelled.status === 200, `cancel and refund: ${cancelled.status} ${await cancelled.text()}`);
      const refunded = await waitUntil(async () => {
        const order = await orderOf();
        return order.payment_status === 'refunded' ? order : null;
      }, 20_000);
      assert(refunded, `payment_status ${(await orderOf()).payment_status} after the refund request`);
      assert(
        stripe.fake.events().some((event) => event.type === 'charge.refunded'),
        'Stripe made no refund',
      );
      const back = await settledStock(article.id, article.quantity_stock);
      assert(back === article.quantity_stock, `stock ${article.quantity_stock} → ${back}`);
    },
  );
  await check("the services' queues carry this run's BUS_QUEUE_PREFIX", async () => {
    const queues = await ourQueues();
    assert(
      queues.some((queue) => queue.startsWith(`${queuePrefix}svc-catalog.`)),
      `queues of this run: ${queues.join(', ') || 'none'}`,
    );
  });
  await check('the storefront serves the shell and a runtime config pointing at the gateway', async () => {
    const config = await (await fetch(`http://127.0.0.1:${WEB}/config.json`)).json();
    assert(config.apiBaseUrl === `http://localhost:${API}`, config.apiBaseUrl);
    const page = await fetch(`http://127.0.0.1:${WEB}/prodotti`);
    assert(page.status === 200 && (await page.text()).includes('<div id="root"'), 'no shell page');
    const manifest = await fetch(`http://127.0.0.1:${WEB}/mf/catalog/mf-manifest.json`);
    assert(manifest.status === 200, `remote manifest ${manifest.status}`);
  });
  // Last: the logout ends every session of the admin, the token above included.
  await check('a staff logout on svc-orders ends the token on svc-catalog within seconds', async () => {
    const ivaOptions = () =>
      api('/api/config/iva-options', { headers: { authorization: `Bearer ${token}` } });
    assert((await ivaOptions()).status === 200, 'token refused before the logout');
    const out = await api('/api/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    assert(out.status === 204, `logout ${out.status}`);
    const refused = await waitUntil(async () => (await ivaOptions()).status === 401, 5000);
    assert(refused, 'svc-catalog still accepts the token 5 s after the logout');
  });
}

async function stockOf(id) {
  const list = await (await api('/public/articles')).json();
  return list.find((a) => a.id === id).quantity_stock;
}

async function waitUntil(fn, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The stock once it reached `expected` and stayed there for a while (a second change would show). */
async function settledStock(id, expected) {
  await waitUntil(async () => (await stockOf(id)) === expected, 15_000);
  await new Promise((r) => setTimeout(r, 1500)); // past the catalogue's list cache and any late duplicate
  return stockOf(id);
}

/** The .eml files svc-notify wrote that mention an order reference. */
function confirmationsFor(reference) {
  const folder = path.join(notifyDataDir, 'mail');
  let names = [];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(path.join(folder, name), 'utf8'))
    .filter((text) => text.includes(reference));
}

async function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
  rmSync(notifyDataDir, { recursive: true, force: true });
  rmSync(channelsDataDir, { recursive: true, force: true });
  await stripe.server?.close().catch(() => {});
  for (const name of Object.keys(services)) {
    await admin_sql(`drop database if exists edicola_smoke_${name}_${run} with (force)`).catch(() => {});
  }
  const queues = await ourQueues();
  const connection = await amqp.connect(amqpUrl).catch(() => null);
  if (connection) {
    connection.on('error', () => {});
    for (const queue of queues) {
      // A failed delete closes its channel: one channel per operation.
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
  const left = (await ourQueues()).filter((queue) => queues.includes(queue));
  if (left.length > 0) {
    failed += 1;
    console.error(`distributed smoke: could not delete queues ${left.join(', ')}`);
  }
}

/** This run's queues (their names start with its prefix): from the management API when enabled, else rabbitmqctl. */
async function ourQueues() {
  const url = new URL(amqpUrl);
  const vhost = encodeURIComponent(decodeURIComponent(url.pathname.slice(1)) || '/');
  const auth = Buffer.from(
    `${decodeURIComponent(url.username || 'guest')}:${decodeURIComponent(url.password || 'guest')}`,
  );
  const fromApi = await fetch(`http://${url.hostname}:15672/api/queues/${vhost}?columns=name`, {
    headers: { authorization: `Basic ${auth.toString('base64')}` },
    signal: AbortSignal.timeout(2000),
  })
    .then((res) => (res.ok ? res.json() : null))
    .then((list) => list?.map((queue) => queue.name))
    .catch(() => null);
  const names =
    fromApi ??
    (await promisify(execFile)('rabbitmqctl', ['-q', 'list_queues', 'name', '--no-table-headers'], {
      timeout: 20_000,
    })
      .then(({ stdout }) => stdout.split('\n').map((line) => line.trim()))
      .catch(() => fallbackQueueNames()));
  return names.filter((name) => name.startsWith(queuePrefix));
}

/** Without the management API or rabbitmqctl: the names the bus gives its queues. */
function fallbackQueueNames() {
  const { queuesOf } = require(path.join(root, 'platform/dist/index.js'));
  const delays = (process.env.BUS_RETRY_DELAYS_MS ?? '60000,300000,1800000').split(',').map(Number);
  return Object.keys(services).flatMap((name) => queuesOf(`svc-${name}`, delays, queuePrefix));
}

main()
  .catch((error) => {
    failed += 1;
    console.error(`distributed smoke: ${error.stack ?? error}`);
  })
  .finally(async () => {
    await cleanup();
    const dir = path.join(root, 'test-results', 'smoke');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'summary.json'), JSON.stringify({ passed, failed }));
    console.log(`\n${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
