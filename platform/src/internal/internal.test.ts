import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { createTokenSigner, generateSigningKey } from '../auth';
import { createHttpApp } from '../http/app';
import { conflict } from '../http/errors';
import { handle } from '../http/handle';
import { createHttpServer } from '../http/server-timeouts';
import { closeServer } from '../http/shutdown';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createInternalClient, InternalCallError, TRANSACTION_RULE } from './client';
import { internalCallerOf, requireInternal } from './guard';
import { createInternalTokens } from './tokens';

const logger = pino({ level: 'silent' });
const SECRET = 'an-internal-secret-of-forty-characters!!';
const tokens = createInternalTokens(SECRET);

/** svc-catalog's side: internal routes on the real app factory. */
function catalogApp(behaviour: { flaky: number; hits: number; slowMs: number }) {
  return createHttpApp({
    service: 'svc-catalog',
    logger,
    corsOrigins: [],
    readiness: async () => ({}),
    internalTokens: tokens,
    routes(router) {
      router.get('/internal/articles/:id/price', requireInternal(), (req, res) => {
        behaviour.hits += 1;
        if (behaviour.flaky > 0) {
          behaviour.flaky -= 1;
          return res.status(503).json({ detail: 'Riavvio in corso' });
        }
        res.json({ id: req.params.id, price_cents: 1250, caller: internalCallerOf(res).from });
      });
      router.get('/internal/slow', requireInternal(), async (_req, res) => {
        await new Promise((resolve) => setTimeout(resolve, behaviour.slowMs));
        res.json({ ok: true });
      });
      router.post(
        '/internal/stock/reserve',
        requireInternal({ from: ['svc-orders'] }),
        handle({ body: z.object({ qty: z.number().int().positive() }) }, ({ body }, req) => {
          behaviour.hits += 1;
          if (behaviour.flaky > 0) {
            behaviour.flaky -= 1;
            throw Object.assign(new Error('down'), { code: 'ECONNREFUSED' }); // a 503
          }
          if (body.qty > 5) throw conflict('Disponibilità insufficiente', 'stock_short');
          return { reserved: body.qty, key: req.get('idempotency-key') ?? null };
        }),
      );
    },
  });
}

describe('internal calls', () => {
  const behaviour = { flaky: 0, hits: 0, slowMs: 0 };
  let server: Server;
  let baseUrl: string;
  const app = catalogApp(behaviour);
  const client = (service = 'svc-orders', timeoutMs = 2000) =>
    createInternalClient({ service, baseUrls: { 'svc-catalog': baseUrl }, tokens, timeoutMs, backoffMs: 20 });

  beforeAll(async () => {
    // The services' own server factory: its keep-alive outlasts the client's idle connections, as in production
    // (Express' app.listen keeps 5 s, and a pooled connection reused after a pause would be reset under the call).
    server = createHttpServer(app);
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => closeServer(server, 100));
  beforeEach(() => Object.assign(behaviour, { flaky: 0, hits: 0, slowMs: 0 }));

  it('refuses internal routes without a token, with a user token, or with another service’s token', async () => {
    const path = '/internal/articles/7/price';
    const none = await request(app).get(path);
    expect(none.status).toBe(401);
    expect(none.body.detail).toMatch(/Token interno/);
    const signer = await generateSigningKey().then(createTokenSigner);
    const staff = await signer.sign({ sub: 'u1', kind: 'staff', role: 'admin', name: 'mario' }, 60);
    const customer = await signer.sign({ sub: 'c1', kind: 'customer', role: 'customer', name: 'a' }, 60);
    for (const token of [staff, customer, 'garbage']) {
      expect((await request(app).get(path).set('Authorization', `Bearer ${token}`)).status).toBe(401);
    }
    const otherSecret = await createInternalTokens('x'.repeat(40)).sign('svc-orders', 'svc-catalog');
    expect((await request(app).get(path).set('Authorization', `Bearer ${otherSecret}`)).status).toBe(401);
    const forPayments = await tokens.sign('svc-orders', 'svc-payments');
    expect((await request(app).get(path).set('Authorization', `Bearer ${forPayments}`)).status).toBe(403);
    const expired = await createInternalTokens(SECRET, -10).sign('svc-orders', 'svc-catalog');
    expect((await request(app).get(path).set('Authorization', `Bearer ${expired}`)).status).toBe(401);
    expect(behaviour.hits).toBe(0);
  });

  it('calls with a fresh token naming the caller, and refuses callers a route does not admit', async () => {
    const answer = await client().get('svc-catalog', '/internal/articles/7/price');
    expect(answer).toEqual({ id: '7', price_cents: 1250, caller: 'svc-orders' });
    await expect(
      client('svc-notify').post('svc-catalog', '/internal/stock/reserve', { qty: 1 }),
    ).rejects.toMatchObject({ status: 502, upstreamStatus: 403 });
  });

  it('retries a GET after 503s and gives up with the upstream detail when they last', async () => {
    behaviour.flaky = 2;
    await expect(client().get('svc-catalog', '/internal/articles/1/price')).resolves.toMatchObject({
      id: '1',
    });
    expect(behaviour.hits).toBe(3);
    behaviour.flaky = 10;
    behaviour.hits = 0;
    const error = await client()
      .get('svc-catalog', '/internal/articles/1/price')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalCallError);
    expect(error).toMatchObject({ status: 503, detail: 'Riavvio in corso', upstreamStatus: 503 });
    expect(behaviour.hits).toBe(3);
  });

  it('retries a POST only when it carries an Idempotency-Key', async () => {
    behaviour.flaky = 1;
    await expect(client().post('svc-catalog', '/internal/stock/reserve', { qty: 2 })).rejects.toMatchObject({
      status: 503,
    });
    expect(behaviour.hits).toBe(1);
    behaviour.flaky = 1;
    behaviour.hits = 0;
    const ok = await client().post(
      'svc-catalog',
      '/internal/stock/reserve',
      { qty: 2 },
      { idempotencyKey: 'k-1' },
    );
    expect(ok).toEqual({ reserved: 2, key: 'k-1' });
    expect(behaviour.hits).toBe(2);
  });

  it('turns upstream errors into HttpErrors with their detail and code', async () => {
    await expect(client().post('svc-catalog', '/internal/stock/reserve', { qty: 9 })).rejects.toMatchObject({
      status: 409,
      detail: 'Disponibilità insufficiente',
      code: 'stock_short',
      target: 'svc-catalog',
    });
    await expect(client().post('svc-catalog', '/internal/stock/reserve', { qty: 'x' })).rejects.toMatchObject(
      {
        status: 422,
      },
    );
  });

  it('times out, and answers 503 for a service that cannot be reached', async () => {
    behaviour.slowMs = 1000;
    const started = Date.now();
    await expect(client('svc-orders', 150).get('svc-catalog', '/internal/slow')).rejects.toMatchObject({
      status: 504,
    });
    expect(Date.now() - started).toBeLessThan(900);
    const down = createInternalClient({
      service: 'svc-orders',
      baseUrls: { 'svc-catalog': 'http://127.0.0.1:1' },
      tokens,
      backoffMs: 10,
    });
    await expect(down.get('svc-catalog', '/internal/articles/1/price')).rejects.toMatchObject({
      status: 503,
      detail: expect.stringMatching(/svc-catalog non è raggiungibile/),
    });
  });

  describe('inside a database transaction', () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase();
    });
    afterAll(() => test.cleanup());

    it('refuses at once with the rule, and works once the transaction is over', async () => {
      const started = Date.now();
      const inside = test.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        return client().get('svc-catalog', '/internal/articles/3/price');
      });
      await expect(inside).rejects.toThrow(TRANSACTION_RULE);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(behaviour.hits).toBe(0);
      // Nested savepoints are inside it too.
      const nested = test.database.db.transaction((tx) =>
        tx.transaction(() => client().get('svc-catalog', '/internal/articles/3/price')),
      );
      await expect(nested).rejects.toThrow(TRANSACTION_RULE);
      await expect(client().get('svc-catalog', '/internal/articles/3/price')).resolves.toMatchObject({
        id: '3',
      });
    });
  });
});

describe('internal tokens', () => {
  it('reuses a caller’s token for half its life, per target, and still refuses a tampered copy', async () => {
    const tokens = createInternalTokens('s'.repeat(40), 60);
    const first = await tokens.sign('svc-orders', 'svc-catalog');
    expect(await tokens.sign('svc-orders', 'svc-catalog')).toBe(first);
    expect(await tokens.sign('svc-orders', 'svc-payments')).not.toBe(first);
    expect(await tokens.verify(first)).toEqual({ from: 'svc-orders', to: 'svc-catalog' });
    expect(await tokens.verify(first)).toEqual({ from: 'svc-orders', to: 'svc-catalog' });
    const [header, payload, signature] = first.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'svc-payments' }),
    ).toString('base64url');
    await expect(tokens.verify(`${header}.${forged}.${signature}`)).rejects.toThrow();
    // A token too short-lived to share is signed anew each time.
    const brief = createInternalTokens('s'.repeat(40), 2);
    const one = await brief.sign('svc-orders', 'svc-catalog');
    expect(await brief.sign('svc-orders', 'svc-catalog')).not.toBe(one);
  });
});
