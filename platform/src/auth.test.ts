import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { importJWK, SignJWT, type JWK } from 'jose';
import pino from 'pino';
import request from 'supertest';
import {
  authOf,
  createTokenSigner,
  generateSigningKey,
  localKeySetVerifier,
  remoteKeySetVerifier,
  requireAuth,
  type TokenSigner,
  type TokenVerifier,
} from './auth';
import { errorHandler } from './http/errors';
import { createInternalTokens } from './internal/tokens';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function appWith(verifier: TokenVerifier) {
  const app = express();
  app.get('/staff', requireAuth(verifier, { kind: 'staff' }), (_req, res) => res.json(authOf(res)));
  app.get('/customer', requireAuth(verifier, { kind: 'customer' }), (_req, res) => res.json(authOf(res)));
  app.get('/admin', requireAuth(verifier, { kind: 'staff', roles: ['admin'] }), (_req, res) => res.json({}));
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

describe('tokens', () => {
  let privateJwk: JWK;
  let signer: TokenSigner;
  let app: express.Express;
  const staff = { sub: 'u1', kind: 'staff', role: 'staff', name: 'mario' } as const;
  const get = (path: string, token: string) => request(app).get(path).set('Authorization', `Bearer ${token}`);

  /** A token signed with the real key but claims of the test's choosing. */
  async function craft(claims: Record<string, unknown>, audience: string, ttl: string | null = '60s') {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: privateJwk.kid })
      .setSubject('u1')
      .setIssuer('edicola')
      .setAudience(audience)
      .setIssuedAt();
    if (ttl) jwt.setExpirationTime(ttl);
    return jwt.sign(await importJWK(privateJwk, 'EdDSA'));
  }

  beforeAll(async () => {
    privateJwk = await generateSigningKey();
    signer = await createTokenSigner(privateJwk);
    app = appWith(localKeySetVerifier(signer.publicKeySet));
  });

  it('publishes only the public half of the key', () => {
    expect(signer.publicKeySet.keys[0]).not.toHaveProperty('d');
    expect(signer.publicKeySet.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
  });

  it('gives each kind its own audience', async () => {
    const decode = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString());
    expect(decode(await signer.sign(staff, 60)).aud).toBe('edicola-staff');
    const customer = await signer.sign({ sub: 'c1', kind: 'customer', role: 'customer', name: 'a' }, 60);
    expect(decode(customer).aud).toBe('edicola-customer');
  });

  it('accepts a valid token and exposes its claims', async () => {
    const res = await get('/staff', await signer.sign(staff, 60));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(staff);
  });

  it('refuses missing, tampered, expired and foreign tokens with 401', async () => {
    expect((await request(app).get('/staff')).status).toBe(401);
    const token = await signer.sign(staff, 60);
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${b64({ ...staff, role: 'admin', aud: 'edicola-staff', iss: 'edicola', exp: 9e9, iat: 1 })}.${signature}`;
    expect((await get('/staff', tampered)).status).toBe(401);
    const expired = await get('/staff', await signer.sign(staff, -10));
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toBe('Sessione non valida o scaduta');
    const other = await generateSigningKey().then(createTokenSigner);
    expect((await get('/staff', await other.sign(staff, 60))).status).toBe(401);
  });

  it('refuses alg none, HS256 and tokens without an expiry', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...staff, aud: 'edicola-staff', iss: 'edicola', exp: 9e9, iat: 1 })}.`;
    expect((await get('/staff', none)).status).toBe(401);
    const hs256 = await new SignJWT({ kind: 'staff', role: 'admin', name: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('edicola')
      .setAudience('edicola-staff')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(new TextEncoder().encode('a'.repeat(32)));
    expect((await get('/staff', hs256)).status).toBe(401);
    const forever = await craft({ kind: 'staff', role: 'staff', name: 'mario' }, 'edicola-staff', null);
    expect((await get('/staff', forever)).status).toBe(401);
  });

  it('refuses a wrong audience: the old shared one, or one that is not the kind the token claims', async () => {
    const claims = { kind: 'staff', role: 'admin', name: 'mario' };
    expect((await get('/staff', await craft(claims, 'edicola-staff'))).status).toBe(200);
    expect((await get('/staff', await craft(claims, 'edicola-api'))).status).toBe(401);
    expect((await get('/staff', await craft(claims, 'edicola-customer'))).status).toBe(401);
    expect((await get('/staff', await craft(claims, 'edicola-internal'))).status).toBe(401);
  });

  it('refuses the wrong kind or role with 403: customer tokens never pass a staff check, nor staff a customer one', async () => {
    const customer = await signer.sign({ sub: 'c1', kind: 'customer', role: 'customer', name: 'anna' }, 60);
    expect((await get('/staff', customer)).status).toBe(403);
    expect((await get('/admin', customer)).status).toBe(403);
    expect((await get('/customer', customer)).status).toBe(200);
    expect((await get('/customer', await signer.sign(staff, 60))).status).toBe(403);
    expect((await get('/admin', await signer.sign(staff, 60))).status).toBe(403);
    const admin = await signer.sign({ sub: 'u2', kind: 'staff', role: 'admin', name: 'lucia' }, 60);
    expect((await get('/admin', admin)).status).toBe(200);
  });

  it('never takes an internal service token for a staff or customer one', async () => {
    const internal = await createInternalTokens('s'.repeat(40)).sign('svc-orders', 'svc-catalog');
    expect((await get('/staff', internal)).status).toBe(401);
    expect((await get('/customer', internal)).status).toBe(401);
  });
});

describe('tokens checked with a remote key set', () => {
  let signer: TokenSigner;
  let jwks: http.Server;
  let mode: 'ok' | 'error' | 'hang' = 'ok';
  let url: string;

  beforeAll(async () => {
    signer = await generateSigningKey().then(createTokenSigner);
    jwks = http.createServer((_req, res) => {
      if (mode === 'hang') return;
      if (mode === 'error') return res.writeHead(502).end('bad gateway');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(signer.publicKeySet));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
  });
  afterAll(() => {
    jwks.closeAllConnections();
    return new Promise((resolve) => jwks.close(resolve));
  });

  const staffToken = () => signer.sign({ sub: 'u1', kind: 'staff', role: 'staff', name: 'mario' }, 60);

  it('answers 503 with a detail, not 401, when the key set cannot be fetched', async () => {
    const down = appWith(remoteKeySetVerifier('http://127.0.0.1:1/.well-known/jwks.json'));
    const refused = await request(down)
      .get('/staff')
      .set('Authorization', `Bearer ${await staffToken()}`);
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toMatch(/momentaneamente non disponibile/);

    mode = 'error';
    const failing = await request(appWith(remoteKeySetVerifier(url)))
      .get('/staff')
      .set('Authorization', `Bearer ${await staffToken()}`);
    expect(failing.status).toBe(503);

    mode = 'hang';
    const slow = await request(appWith(remoteKeySetVerifier(url, { timeoutMs: 200 })))
      .get('/staff')
      .set('Authorization', `Bearer ${await staffToken()}`);
    expect(slow.status).toBe(503);
  });

  it('still answers 401 for a token that is invalid whatever the keys, and 200 once the key set answers', async () => {
    const down = appWith(remoteKeySetVerifier('http://127.0.0.1:1/.well-known/jwks.json'));
    const garbage = await request(down).get('/staff').set('Authorization', 'Bearer not-a-token');
    expect(garbage.status).toBe(401);
    expect(garbage.body.detail).toBe('Sessione non valida o scaduta');
    mode = 'ok';
    const up = appWith(remoteKeySetVerifier(url));
    const ok = await request(up)
      .get('/staff')
      .set('Authorization', `Bearer ${await staffToken()}`);
    expect(ok.status).toBe(200);
  });
});
