import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { StaffLoginResponse } from '@edicola/contracts';
import { localKeySetVerifier } from '@edicola/platform';
import { staffUsers } from '../src/db/schema';
import { ensureStaffAdmin } from '../src/staff/bootstrap';
import { keyFileOf } from '../src/tokens/signing-key';
import { startOrders } from './support';

/** A hash as svc-orders made them before argon2id: scrypt N=2^15, r=8, p=1. */
function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('svc-orders staff sign-in', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const api = () => request(orders.service.app);
  const db = () => orders.testDatabase.database.db;

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: 'titolare', ADMIN_PASSWORD: 'Napoli-1926!' });
  }, 60_000);
  afterAll(() => orders?.stop());

  it('logs the configured admin in with a token the published key set verifies', async () => {
    const res = await api().post('/api/auth/login').send({ username: 'Titolare', password: 'Napoli-1926!' });
    expect(res.status).toBe(200);
    const body = StaffLoginResponse.parse(res.body);
    expect(body).toMatchObject({
      username: 'titolare',
      role: 'admin',
      token_type: 'bearer',
      must_change_password: false,
    });

    const keys = await api().get('/.well-known/jwks.json');
    expect(keys.body.keys[0]).not.toHaveProperty('d');
    const claims = await localKeySetVerifier(keys.body).verify(body.access_token);
    expect(claims).toEqual({ sub: body.user_id, kind: 'staff', role: 'admin', name: 'titolare', sv: 1 });

    const me = await api().get('/api/auth/me').set('Authorization', `Bearer ${body.access_token}`);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user_id: body.user_id, username: 'titolare', role: 'admin' });
  });

  it('keeps the generated signing key in a file under DATA_DIR that only its owner reads', () => {
    const file = keyFileOf(orders.dataDir);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('stores an argon2id hash at OWASP parameters, never the password', async () => {
    const [row] = await db().select({ hash: staffUsers.passwordHash }).from(staffUsers);
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.hash).not.toContain('Napoli-1926!');
  });

  it('upgrades a hash made with the old scrypt parameters at the next successful login', async () => {
    const [user] = await db()
      .insert(staffUsers)
      .values({ username: 'commessa', passwordHash: legacyScryptHash('vecchia-password'), role: 'staff' })
      .returning();
    const wrong = await api().post('/api/auth/login').send({ username: 'commessa', password: 'sbagliata' });
    expect(wrong.status).toBe(401);
    const stillOld = await db().select().from(staffUsers).where(eq(staffUsers.id, user!.id));
    expect(stillOld[0]!.passwordHash).toMatch(/^scrypt\$32768\$/);

    const res = await api()
      .post('/api/auth/login')
      .send({ username: 'commessa', password: 'vecchia-password' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('staff');
    const [upgraded] = await db().select().from(staffUsers).where(eq(staffUsers.id, user!.id));
    expect(upgraded!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const again = await api()
      .post('/api/auth/login')
      .send({ username: 'commessa', password: 'vecchia-password' });
    expect(again.status).toBe(200);
  });

  it('refuses wrong credentials and unknown users with the same 401, and validates input with 422', async () => {
    const wrong = await api().post('/api/auth/login').send({ username: 'titolare', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Username o password non corretti' });
    const unknown = await api().post('/api/auth/login').send({ username: 'ghost', password: 'nope' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    const empty = await api().post('/api/auth/login').send({ username: ' ', password: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toMatch(/username/);
    const huge = await api()
      .post('/api/auth/login')
      .send({ username: 'titolare', password: 'x'.repeat(1025) });
    expect(huge.status).toBe(422);
  });

  it('refuses /me without a valid staff token', async () => {
    expect((await api().get('/api/auth/me')).status).toBe(401);
    expect((await api().get('/api/auth/me').set('Authorization', 'Bearer abc.def.ghi')).status).toBe(401);
  });
});

describe('the first staff user', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  beforeAll(async () => {
    orders = await startOrders();
  }, 60_000);
  afterAll(() => orders?.stop());

  it('is admin with a random password on the first embedded start only, reset when configured', async () => {
    const db = orders.testDatabase.database.db;
    // startService already ran the bootstrap on this empty database.
    expect(await ensureStaffAdmin(db, {})).toEqual({ outcome: 'existing' });
    const login = (password: string) =>
      request(orders.service.app).post('/api/auth/login').send({ username: 'admin', password });
    expect((await login('whatever')).status).toBe(401);

    expect(await ensureStaffAdmin(db, { username: 'admin', password: 'nuova-password' })).toEqual({
      outcome: 'configured',
      username: 'admin',
    });
    expect((await login('nuova-password')).status).toBe(200);
  });

  it('is never generated in distributed mode: ADMIN_PASSWORD is required while no staff user exists', async () => {
    const db = orders.testDatabase.database.db;
    await db.delete(staffUsers);
    await expect(ensureStaffAdmin(db, {}, { generate: false })).rejects.toThrow(/ADMIN_PASSWORD is required/);
    expect(await ensureStaffAdmin(db, { password: 'una-password' }, { generate: false })).toEqual({
      outcome: 'configured',
      username: 'admin',
    });
    expect(await ensureStaffAdmin(db, {}, { generate: false })).toEqual({ outcome: 'existing' });
  });
});
