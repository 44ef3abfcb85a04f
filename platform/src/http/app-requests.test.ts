import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { createHttpApp, parseTrustProxy } from './app';
import { badRequest } from './errors';
import { handle } from './handle';
import { closeServer } from './shutdown';

const WEBHOOK_SECRET = 'whsec_test_secret';

/** Stripe's scheme: header `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<exact body bytes>">`. */
function stripeSignature(body: Buffer, t = Math.floor(Date.now() / 1000)) {
  const mac = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.`).update(body).digest('hex');
  return `t=${t},v1=${mac}`;
}

function buildApp(trustProxy: string = '1') {
  return createHttpApp({
    service: 'svc-test',
    logger: pino({ level: 'silent' }),
    corsOrigins: [],
    readiness: async () => ({}),
    bodyLimit: '2kb',
    rawBodyLimit: '4kb',
    trustProxy,
    routes(router) {
      router.post('/webhooks/stripe', (req, res) => {
        if (!Buffer.isBuffer(req.body)) throw badRequest('corpo non grezzo');
        const header = req.get('stripe-signature') ?? '';
        const t = /t=(\d+)/.exec(header)?.[1] ?? '';
        const v1 = Buffer.from(/v1=([0-9a-f]+)/.exec(header)?.[1] ?? '', 'hex');
        const mac = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.`).update(req.body).digest();
        if (v1.length !== mac.length || !timingSafeEqual(v1, mac)) throw badRequest('Firma non valida');
        res.json({ verified: true, bytes: req.body.length });
      });
      router.post(
        '/echo',
        handle({ body: z.object({ username: z.string() }).passthrough() }, ({ body }) => body),
      );
      router.get(
        '/search',
        handle({ query: z.object({ q: z.string().optional() }) }, ({ query }) => query),
      );
      router.get(
        '/items/:id',
        handle({ params: z.object({ id: z.string() }) }, ({ params }) => params),
      );
      router.put('/items/:id', (_req, res) => res.json({}));
      router.get('/big', (_req, res) =>
        res.json({ items: Array.from({ length: 200 }, (_, i) => ({ i, n: 'x'.repeat(20) })) }),
      );
      router.get('/small', (_req, res) => res.json({ ok: true }));
      router.get('/ip', (req, res) => res.json({ ip: req.ip }));
    },
  });
}

describe('the app factory, request by request', () => {
  const app = buildApp();

  // Bodies go as strings: superagent would JSON-encode a Buffer sent as application/json.
  it('hands webhook routes the exact raw bytes, so a Stripe-style signature verifies', async () => {
    // Spacing and key order a JSON round trip would change: a parsed-and-reserialised body would not verify.
    const body = Buffer.from(
      '{"type": "checkout.session.completed",  "data":{"amount":1250, "name":"Caffè"}}\n',
    );
    const res = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', stripeSignature(body))
      .send(body.toString());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verified: true, bytes: body.length });
    const forged = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', stripeSignature(Buffer.from('{"other":1}')))
      .send(body.toString());
    expect(forged.status).toBe(400);
  });

  it('limits raw bodies by their own limit, and keeps the JSON parser and its limit elsewhere', async () => {
    const big = Buffer.alloc(3 * 1024, 'a'); // over the JSON limit, under the raw one
    const raw = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', stripeSignature(big))
      .send(big.toString());
    expect(raw.status).toBe(200);
    const tooBig = Buffer.alloc(5 * 1024, 'a');
    expect(
      (await request(app).post('/webhooks/stripe').set('Content-Type', 'text/plain').send(tooBig.toString()))
        .status,
    ).toBe(413);
    const json = await request(app).post('/echo').send({ username: 'mario' });
    expect(json.body).toEqual({ username: 'mario' });
    expect(
      (
        await request(app)
          .post('/echo')
          .send({ username: 'x'.repeat(3000) })
      ).status,
    ).toBe(413);
  });

  it('refuses a NUL byte anywhere in body, query or path with a 4xx that names no path', async () => {
    const body = await request(app).post('/echo').send({ username: 'adm\u0000in', password: 'x' });
    expect(body.status).toBe(422);
    expect(body.body.detail).toBe('Il testo non può contenere il carattere nullo (\\u0000)');
    const nested = await request(app)
      .post('/echo')
      .send({ username: 'a', list: [{ note: 'ok' }, { note: '\u0000' }] });
    expect(nested.status).toBe(422);
    expect(nested.body.detail).toMatch(/^Il testo .*nullo/);
    const key = await request(app)
      .post('/echo')
      .send({ username: 'a', ['k\u0000']: 1 });
    expect(key.status).toBe(422);
    const query = await request(app).get('/search?q=a%00b');
    expect(query.status).toBe(422);
    expect(query.body.detail).toMatch(/^Il testo .*nullo/);
    expect((await request(app).get('/items/a%00b')).status).toBe(400);
    expect((await request(app).get('/search?q=ab')).body).toEqual({ q: 'ab' });
  });

  it('answers a wrong method on an existing path with 405 and Allow; POST /healthz is not a 200', async () => {
    const health = await request(app).post('/healthz');
    expect(health.status).toBe(405);
    expect(health.headers.allow).toBe('GET, HEAD');
    expect(health.body).toEqual({ detail: 'Metodo non consentito' });
    const item = await request(app).delete('/items/4');
    expect(item.status).toBe(405);
    expect(item.headers.allow).toBe('GET, HEAD, PUT');
    expect((await request(app).delete('/nothing')).status).toBe(404);
  });

  it('compresses larger JSON answers as the client accepts, and leaves small ones alone', async () => {
    const gzip = await request(app).get('/big').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.items).toHaveLength(200);
    const br = await request(app).get('/big').set('Accept-Encoding', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await request(app).get('/big').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await request(app).get('/small').set('Accept-Encoding', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('reads TRUST_PROXY as a hop count or addresses, and refuses "true"', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('0')).toBe(0);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('10.0.0.0/8, loopback')).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
  });

  it('believes only the configured hops of X-Forwarded-For', async () => {
    const oneHop = await request(buildApp('1')).get('/ip').set('X-Forwarded-For', '6.6.6.6, 203.0.113.7');
    expect(oneHop.body.ip).toBe('203.0.113.7');
    const none = await request(buildApp('0')).get('/ip').set('X-Forwarded-For', '6.6.6.6');
    expect(none.body.ip).toMatch(/127\.0\.0\.1/);
  });
});

describe('closeServer', () => {
  it('stops within the grace period even with a request that never ends', async () => {
    const app = express();
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/hang', () => arrived()); // never answers
    app.get('/ok', (_req, res) => res.json({ ok: true }));
    const server: Server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    // An idle keep-alive connection, as a gateway's agent keeps, must not hold the server either.
    const agent = new http.Agent({ keepAlive: true });
    await new Promise((resolve) =>
      http.get({ port, path: '/ok', agent }, (res) => res.resume().on('end', resolve)),
    );
    const hanging = new Promise<string>((resolve) => {
      http.get({ port, path: '/hang' }).on('error', (e) => resolve(e.message));
    });
    await inFlight;

    const started = Date.now();
    await closeServer(server, 300);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
    expect(await hanging).toMatch(/socket hang up|ECONNRESET/);
    agent.destroy();
  });
});
