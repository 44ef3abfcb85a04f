#!/usr/bin/env node
// Distributed mode, for real: each service its own process with its own PostgreSQL database, events over
// RabbitMQ, the gateway and the storefront as their own processes. Needs the built tree, PostgreSQL
// (SMOKE_PG_URL) and RabbitMQ (AMQP_URL). Every port is a free one, the exchange, queues and databases are
// this run's own and are removed afterwards, so it can run beside a running shop. Prints one closing line:
// N passed, N failed.
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import amqp from 'amqplib';
import { exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgUrl = process.env.SMOKE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const run = randomUUID().slice(0, 8);
const exchange = `edicola.smoke.${run}`;
const queuePrefix = `edicola-smoke-${run}.`;
const services = { catalog: 0, orders: 0, payments: 0, notify: 0 };
let API = 0;
let WEB = 0;
const admin = { username: 'smoke-admin', password: 'smoke-password-1' };
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
  const common = {
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
    });
  }
  const urls = Object.fromEntries(
    Object.entries(services).map(([n, p]) => [`${n.toUpperCase()}_URL`, `http://127.0.0.1:${p}`]),
  );
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
  await check('an event published on RabbitMQ reaches svc-catalog in another process', async () => {
    const article = articles.find((a) => a.quantity_stock > 0);
    const connection = await amqp.connect(amqpUrl);
    const channel = await connection.createConfirmChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    const event = {
      id: randomUUID(),
      type: 'order.status_changed',
      version: 1,
      occurred_at: new Date().toISOString(),
      source: 'svc-orders',
      correlation_id: `smoke-${run}`,
      data: {
        order_id: `smoke-${run}`,
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
    await channel.waitForConfirms();
    await connection.close();
    const deadline = Date.now() + 15_000;
    let stock = article.quantity_stock;
    while (Date.now() < deadline && stock !== article.quantity_stock + 3) {
      await new Promise((r) => setTimeout(r, 300));
      const list = await (await api('/public/articles')).json();
      stock = list.find((a) => a.id === article.id).quantity_stock;
    }
    assert(stock === article.quantity_stock + 3, `stock ${article.quantity_stock} → ${stock}`);
  });
  await check('the storefront serves the shell and a runtime config pointing at the gateway', async () => {
    const config = await (await fetch(`http://127.0.0.1:${WEB}/config.json`)).json();
    assert(config.apiBaseUrl === `http://localhost:${API}`, config.apiBaseUrl);
    const page = await fetch(`http://127.0.0.1:${WEB}/prodotti`);
    assert(page.status === 200 && (await page.text()).includes('<div id="root"'), 'no shell page');
    const manifest = await fetch(`http://127.0.0.1:${WEB}/mf/catalog/mf-manifest.json`);
    assert(manifest.status === 200, `remote manifest ${manifest.status}`);
  });
}

async function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
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
  if (left.length > 0) console.error(`distributed smoke: could not delete queues ${left.join(', ')}`);
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
  const delays = (process.env.BUS_RETRY_DELAYS_MS ?? '1000,5000,30000').split(',');
  return Object.keys(services).flatMap((name) => {
    const queue = `${queuePrefix}svc-${name}`;
    return [queue, `${queue}.dlq`, ...delays.map((delay) => `${queue}.retry.${delay}`)];
  });
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
