import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { ADMIN_ONLY, ANY_STAFF, MUST_CHANGE_PASSWORD_DETAIL } from '@edicola/contracts';
import {
  createTokenSigner,
  generateSigningKey,
  localKeySetVerifier,
  remoteSessionLookup,
  requireAuth,
  sessionCheckedVerifier,
  type TokenSigner,
} from './auth';
import { createHttpApp } from './http/app';
import { routeTable } from './http/route-table';
import { closeServer } from './http/shutdown';
import { createInternalClient } from './internal/client';
import { requireInternal } from './internal/guard';
import { createInternalTokens } from './internal/tokens';

const logger = pino({ level: 'silent' });
const tokens = createInternalTokens('a-session-test-secret-of-forty-chars!!!!');
const CACHE_MS = 300;

jest.setTimeout(30_000);

// The session check of a service that is not svc-orders, against svc-orders' internal endpoint over HTTP
// (the authority here holds its versions in a map, as svc-orders does in its tables).
describe('session-checked tokens on another service', () => {
  const versions = new Map<string, number>();
  let authorityCalls = 0;
  let authority: Server;
  let signer: TokenSigner;
  const authorityApp = createHttpApp({
    service: 'svc-orders',
    logger,
    corsOrigins: [],
    readiness: async () => ({}),
    internalTokens: tokens,
    routes(router) {
      router.get('/internal/sessions/:kind/:id', requireInternal(), (req, res) => {
        authorityCalls += 1;
        const version = versions.get(`${req.params.kind}:${req.params.id}`);
        if (version === undefined) return void res.status(404).json({ detail: 'Account non trovato' });
        res.json({ session_version: version });
      });
    },
  });

  let baseUrl = '';
  const serviceApp = () => {
    const client = createInternalClient({
      service: 'svc-catalog',
      baseUrls: { 'svc-orders': baseUrl },
      tokens,
      timeoutMs: 1000,
      backoffMs: 10,
    });
    const verifier = sessionCheckedVerifier(
      localKeySetVerifier(signer.publicKeySet),
      remoteSessionLookup(client, { cacheMs: CACHE_MS }),
    );
    return createHttpApp({
      service: 'svc-catalog',
      logger,
      corsOrigins: [],
      readiness: async () => ({}),
      routes(router) {
        router.get('/api/things', requireAuth(verifier, { kind: 'staff', roles: ANY_STAFF }), (_req, res) =>
          res.json({ ok: true }),
        );
        router.delete(
          '/api/things/:id',
          requireAuth(verifier, { kind: 'staff', roles: ADMIN_ONLY }),
          (_req, res) => res.json({ ok: true }),
        );
        router.get(
          '/api/me',
          requireAuth(verifier, { kind: 'staff', roles: ANY_STAFF, duringPasswordChange: true }),
          (_req, res) => res.json({ ok: true }),
        );
      },
    });
  };
  const staffToken = (sub: string, sv?: number, extra: { mcp?: boolean } = {}) =>
    signer.sign({ sub, kind: 'staff', role: 'staff', name: sub, sv, ...extra }, 600);

  beforeAll(async () => {
    signer = await generateSigningKey().then(createTokenSigner);
    authority = authorityApp.listen(0, '127.0.0.1');
    await new Promise((resolve) => authority.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(authority.address() as AddressInfo).port}`;
  });
  afterAll(() => closeServer(authority, 100));

  it('accepts the current version only, and notices a new one within the cache time', async () => {
    const app = serviceApp();
    versions.set('staff:u1', 3);
    const current = await staffToken('u1', 3);
    const get = (token: string) => request(app).get('/api/things').set('Authorization', `Bearer ${token}`);
    expect((await get(current)).status).toBe(200);
    // At once, well within the cache time even on a busy machine (two refused tokens in between once took longer).
    const calls = authorityCalls;
    expect((await get(current)).status).toBe(200);
    expect(authorityCalls).toBe(calls); // answered from the cache
    expect((await get(await staffToken('u1', 2))).status).toBe(401);
    expect((await get(await staffToken('u1'))).status).toBe(401); // no version at all

    versions.set('staff:u1', 4); // logout, password change or reset on svc-orders
    const endedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - endedAt < CACHE_MS * 10) status = (await get(current)).status;
    expect(status).toBe(401);
    // Within the cache time (and a margin for a busy machine), never later.
    expect(Date.now() - endedAt).toBeLessThan(CACHE_MS + 1000);
  });

  it('refuses a token whose account does not exist', async () => {
    const res = await request(serviceApp())
      .get('/api/things')
      .set('Authorization', `Bearer ${await staffToken('nobody', 1)}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Sessione non valida o scaduta' });
  });

  it('keeps a user whose generated password must change to the routes that allow it', async () => {
    versions.set('staff:u2', 1);
    const token = await staffToken('u2', 1, { mcp: true });
    const app = serviceApp();
    const blocked = await request(app).get('/api/things').set('Authorization', `Bearer ${token}`);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ detail: MUST_CHANGE_PASSWORD_DETAIL });
    expect((await request(app).get('/api/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
  });

  it('lists every route with its requirement, read from the router', () => {
    const routes = routeTable(serviceApp());
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/things', auth: { kind: 'staff', roles: ANY_STAFF } },
        { method: 'DELETE', path: '/api/things/:id', auth: { kind: 'staff', roles: ADMIN_ONLY } },
        {
          method: 'GET',
          path: '/api/me',
          auth: { kind: 'staff', roles: ANY_STAFF, duringPasswordChange: true },
        },
      ]),
    );
  });

  it('fails closed with 503 when svc-orders cannot answer', async () => {
    versions.set('staff:u3', 1);
    const token = await staffToken('u3', 1);
    await closeServer(authority, 100);
    const res = await request(serviceApp()).get('/api/things').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(503);
    expect(res.body.detail).toMatch(/riprova/);
  });
});
