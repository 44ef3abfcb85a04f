import request from 'supertest';
import { StaffLoginResponse } from '@edicola/contracts';
import { localKeySetVerifier } from '@edicola/platform';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { staffUsers } from '../src/db/schema';
import { ordersService } from '../src/service';
import { ensureStaffAdmin } from '../src/staff';

describe('svc-orders staff sign-in', () => {
  let orders: TestService<unknown>;
  const api = () => request(orders.service.app);

  beforeAll(async () => {
    orders = await startTestService(ordersService, {
      env: { ADMIN_USERNAME: 'titolare', ADMIN_PASSWORD: 'Napoli-1926!', LOGIN_ATTEMPTS_PER_15_MIN: '5' },
    });
  }, 60_000);
  afterAll(() => orders?.stop());

  it('logs the configured admin in with a token the published key set verifies', async () => {
    const res = await api().post('/api/auth/login').send({ username: 'Titolare', password: 'Napoli-1926!' });
    expect(res.status).toBe(200);
    const body = StaffLoginResponse.parse(res.body);
    expect(body).toMatchObject({ username: 'titolare', role: 'admin', token_type: 'bearer' });

    const keys = await api().get('/.well-known/jwks.json');
    const claims = await localKeySetVerifier(keys.body).verify(body.access_token);
    expect(claims).toEqual({ sub: body.user_id, kind: 'staff', role: 'admin', name: 'titolare' });

    const me = await api().get('/api/auth/me').set('Authorization', `Bearer ${body.access_token}`);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user_id: body.user_id, username: 'titolare', role: 'admin' });
  });

  it('stores only a scrypt hash of the password', async () => {
    const [row] = await orders.testDatabase.database.db
      .select({ hash: staffUsers.passwordHash })
      .from(staffUsers);
    const hash = row!.hash;
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('Napoli-1926!');
  });

  it('refuses wrong credentials with 401 and validates input with 422', async () => {
    const wrong = await api().post('/api/auth/login').send({ username: 'titolare', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Username o password non corretti' });
    const unknown = await api().post('/api/auth/login').send({ username: 'ghost', password: 'nope' });
    expect(unknown.status).toBe(401);
    const empty = await api().post('/api/auth/login').send({ username: ' ', password: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toMatch(/username/);
  });

  it('refuses /me without a valid staff token', async () => {
    expect((await api().get('/api/auth/me')).status).toBe(401);
    expect((await api().get('/api/auth/me').set('Authorization', 'Bearer abc.def.ghi')).status).toBe(401);
  });

  it('rate-limits failed logins per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (
          await api()
            .post('/api/auth/login')
            .send({ username: 'titolare', password: `x${i}` })
        ).status,
      );
    }
    expect(statuses).toContain(429);
    const limited = await api()
      .post('/api/auth/login')
      .send({ username: 'titolare', password: 'Napoli-1926!' });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/Troppi tentativi/);
  });
});

describe('ensureStaffAdmin', () => {
  let orders: TestService<unknown>;
  beforeAll(async () => {
    orders = await startTestService(ordersService);
  }, 60_000);
  afterAll(() => orders?.stop());

  it('creates admin with a random password on the first start only, and resets it when configured', async () => {
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
});
