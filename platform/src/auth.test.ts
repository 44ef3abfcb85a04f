import express from 'express';
import request from 'supertest';
import pino from 'pino';
import {
  authOf,
  createTokenSigner,
  generateSigningKey,
  localKeySetVerifier,
  requireAuth,
  requireInternalToken,
  type TokenSigner,
} from './auth';
import { errorHandler } from './http/errors';

describe('tokens', () => {
  let signer: TokenSigner;
  let app: express.Express;

  beforeAll(async () => {
    signer = await generateSigningKey().then(createTokenSigner);
    const verifier = localKeySetVerifier(signer.publicKeySet);
    app = express();
    app.get('/staff', requireAuth(verifier, { kind: 'staff' }), (_req, res) => res.json(authOf(res)));
    app.get('/admin', requireAuth(verifier, { kind: 'staff', roles: ['admin'] }), (_req, res) =>
      res.json({}),
    );
    app.get('/internal', requireInternalToken('0123456789abcdef0123'), (_req, res) => res.json({ ok: true }));
    app.use(errorHandler(pino({ level: 'silent' })));
  });

  it('publishes only the public half of the key', () => {
    expect(signer.publicKeySet.keys[0]).not.toHaveProperty('d');
    expect(signer.publicKeySet.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
  });

  it('accepts a valid token and exposes its claims', async () => {
    const token = await signer.sign({ sub: 'u1', kind: 'staff', role: 'staff', name: 'mario' }, 60);
    const res = await request(app).get('/staff').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sub: 'u1', kind: 'staff', role: 'staff', name: 'mario' });
  });

  it('refuses missing, forged, expired and foreign tokens with 401', async () => {
    expect((await request(app).get('/staff')).status).toBe(401);
    const token = await signer.sign({ sub: 'u1', kind: 'staff', role: 'staff', name: 'mario' }, 60);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await request(app).get('/staff').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
    const expired = await signer.sign({ sub: 'u1', kind: 'staff', role: 'staff', name: 'mario' }, -10);
    expect((await request(app).get('/staff').set('Authorization', `Bearer ${expired}`)).status).toBe(401);
    const other = await generateSigningKey().then(createTokenSigner);
    const foreign = await other.sign({ sub: 'u1', kind: 'staff', role: 'admin', name: 'x' }, 60);
    expect((await request(app).get('/staff').set('Authorization', `Bearer ${foreign}`)).status).toBe(401);
  });

  it('refuses the wrong kind or role with 403', async () => {
    const customer = await signer.sign({ sub: 'c1', kind: 'customer', role: 'customer', name: 'anna' }, 60);
    expect((await request(app).get('/staff').set('Authorization', `Bearer ${customer}`)).status).toBe(403);
    const staff = await signer.sign({ sub: 'u1', kind: 'staff', role: 'staff', name: 'mario' }, 60);
    expect((await request(app).get('/admin').set('Authorization', `Bearer ${staff}`)).status).toBe(403);
    const admin = await signer.sign({ sub: 'u2', kind: 'staff', role: 'admin', name: 'lucia' }, 60);
    expect((await request(app).get('/admin').set('Authorization', `Bearer ${admin}`)).status).toBe(200);
  });

  it('guards internal endpoints with the shared token', async () => {
    expect((await request(app).get('/internal')).status).toBe(403);
    expect((await request(app).get('/internal').set('X-Internal-Token', 'wrong')).status).toBe(403);
    const ok = await request(app).get('/internal').set('X-Internal-Token', '0123456789abcdef0123');
    expect(ok.status).toBe(200);
  });
});
