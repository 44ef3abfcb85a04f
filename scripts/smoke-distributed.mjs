#!/usr/bin/env node
// Distributed mode, for real: each service its own process with its own PostgreSQL database, events over
// RabbitMQ, the gateway and the storefront as their own processes. Needs the built tree, PostgreSQL
// (SMOKE_PG_URL) and RabbitMQ (AMQP_URL). Prints one closing line: N passed, N failed.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import amqp from 'amqplib';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgUrl = process.env.SMOKE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const run = randomUUID().slice(0, 8);
const exchange = `edicola.smoke.${run}`;
const services = { catalog: 18101, orders: 18102, payments: 18103, notify: 18104 };
const API = 18080;
const WEB = 13000;
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

function start(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => code && code !== 143 && console.error(`${name} exited with ${code}`));
  children.push(child);
}

async function waitHealthy(url, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
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

async function main() {
  for (const name of Object.keys(services)) await admin_sql(`create database edicola_smoke_${name}_${run}`);
  const common = {
    AMQP_URL: amqpUrl,
    BUS_EXCHANGE: exchange,
    AUTH_JWKS_URL: `http://127.0.0.1:${services.orders}/.well-known/jwks.json`,
    CORS_ORIGINS: `http://localhost:${WEB}`,
    BUS_RELAY_INTERVAL_MS: '50',
  };
  for (const [name, port] of Object.entries(services)) {
    start(`svc-${name}`, [`svc-${name}/dist/main.js`], {
      ...common,
      PORT: String(port),
      DATABASE_URL: dbUrl(name),
      ...(name === 'orders' ? { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password } : {}),
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
  const connection = await amqp.connect(amqpUrl).catch(() => null);
  if (connection) {
    const channel = await connection.createChannel();
    await channel.deleteExchange(exchange).catch(() => {});
    await connection.close().catch(() => {});
  }
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
