import { readFileSync } from 'node:fs';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import request from 'supertest';
import { keyFileOf } from '../src/tokens/signing-key';
import { startOrders } from './support';

// Tokens svc-orders issues are refused when expired, altered, unsigned or signed by anyone else.
describe('svc-orders tokens', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  let staffToken: string;
  const me = (token: string) =>
    request(orders.service.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const parts = (token: string) => token.split('.') as [string, string, string];
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: 'titolare', ADMIN_PASSWORD: 'Napoli-1926!' });
    const res = await request(orders.service.app)
      .post('/api/auth/login')
      .send({ username: 'titolare', password: 'Napoli-1926!' });
    staffToken = res.body.access_token;
  }, 60_000);
  afterAll(() => orders?.stop());

  it('accepts the token as issued, with an expiry 8 hours ahead', async () => {
    expect((await me(staffToken)).status).toBe(200);
    const payload = decode(parts(staffToken)[1]);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(8 * 3600);
    expect(decode(parts(staffToken)[0])).toMatchObject({ alg: 'EdDSA' });
  });

  it('refuses an expired token signed with the right key', async () => {
    const jwk = JSON.parse(readFileSync(keyFileOf(orders.dataDir), 'utf8')) as JWK;
    const payload = decode(parts(staffToken)[1]);
    const expired = await new SignJWT({ ...payload, iat: undefined, exp: undefined })
      .setProtectedHeader({ alg: 'EdDSA', kid: jwk.kid })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(await importJWK(jwk, 'EdDSA'));
    expect((await me(expired)).status).toBe(401);
  });

  it('refuses a token whose claims were altered after signing', async () => {
    const [header, payload, signature] = parts(staffToken);
    const longer = b64({ ...decode(payload), exp: Number(decode(payload).exp) + 3600 * 24 * 365 });
    expect((await me(`${header}.${longer}.${signature}`)).status).toBe(401);
  });

  it('refuses an unsigned token (alg none) and one signed by another key', async () => {
    const [, payload] = parts(staffToken);
    expect((await me(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).status).toBe(401);

    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const header = decode(parts(staffToken)[0]);
    const forged = await new SignJWT(decode(payload))
      .setProtectedHeader({ alg: 'EdDSA', kid: String(header.kid) })
      .sign(privateKey);
    expect((await me(forged)).status).toBe(401);
  });
});
