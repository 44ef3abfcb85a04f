import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { JWK } from 'jose';
import request from 'supertest';
import {
  COMMON_PASSWORD_DETAIL,
  CustomerLoginResponse,
  MUST_CHANGE_PASSWORD_DETAIL,
  StaffLoginResponse,
} from '@edicola/contracts';
import { createTokenSigner } from '@edicola/platform';
import { staffUsers } from '../src/db/schema';
import { isCommonPassword } from '../src/passwords/common';
import { ensureStaffAdmin } from '../src/staff/bootstrap';
import { CommandError, runStaffCommand } from '../src/staff/cli';
import { upsertStaff } from '../src/staff/users';
import { keyFileOf } from '../src/tokens/signing-key';
import { privato, startOrders } from './support';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const signingKeyOf = (dataDir: string) => JSON.parse(readFileSync(keyFileOf(dataDir), 'utf8')) as JWK;

// Each test signs in and hashes passwords (argon2id): slow on a busy machine.
jest.setTimeout(30_000);

// Sessions that end on the server (decision 0021): each case failed before, when a signed token was enough.
describe('staff sessions end on the server', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const api = () => request(orders.service.app);
  const db = () => orders.testDatabase.database.db;
  const staffLogin = async (username: string, password: string) => {
    const res = await api().post('/api/auth/login').send({ username, password });
    expect(res.status).toBe(200);
    return StaffLoginResponse.parse(res.body);
  };
  const orderList = (token: string) => api().get('/api/orders').set(bearer(token));
  /** The staff command as the operator runs it, on the same database (PostgreSQL), else its same step. */
  const staffCommand = async (args: string[], password = '') => {
    const url = orders.testDatabase.url;
    if (url) {
      await runStaffCommand(args, {
        env: { DATABASE_URL: url, STAFF_PASSWORD: password },
        print: () => {},
        readPassword: () => Promise.resolve(password),
      });
    } else if (args[0] === 'remove') {
      await db().delete(staffUsers).where(eq(staffUsers.username, args[1]!));
    } else {
      await upsertStaff(db(), { username: args[1]!, password, role: 'staff' });
    }
  };

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: 'titolare', ADMIN_PASSWORD: 'Napoli-1926!' });
    await upsertStaff(db(), { username: 'commessa', password: 'Banco-Vendita-7', role: 'staff' });
  }, 60_000);
  afterAll(() => orders?.stop());

  it('refuses at once the token of a staff user removed with `npm run staff -- remove`', async () => {
    await upsertStaff(db(), { username: 'stagista', password: 'Stagione-2026', role: 'staff' });
    const { access_token } = await staffLogin('stagista', 'Stagione-2026');
    expect((await orderList(access_token)).status).toBe(200);

    await staffCommand(['remove', 'stagista']);
    const res = await orderList(access_token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Sessione non valida o scaduta' });
    expect(
      (
        await api()
          .put(`/api/orders/${crypto.randomUUID()}/status?status=cancelled`)
          .set(bearer(access_token))
      ).status,
    ).toBe(401);
    expect((await api().get('/api/auth/me').set(bearer(access_token))).status).toBe(401);
  });

  it('refuses a validly signed token whose subject is no staff user', async () => {
    const signer = await createTokenSigner(signingKeyOf(orders.dataDir));
    const forged = await signer.sign(
      { sub: crypto.randomUUID(), kind: 'staff', role: 'admin', name: 'fantasma', sv: 1 },
      600,
    );
    expect((await orderList(forged)).status).toBe(401);
    // A token without a session version (signed before sessions could end) is refused too.
    const [me] = await db().select().from(staffUsers).where(eq(staffUsers.username, 'titolare'));
    const unversioned = await signer.sign(
      { sub: me!.id, kind: 'staff', role: 'admin', name: 'titolare' },
      600,
    );
    expect((await orderList(unversioned)).status).toBe(401);
  });

  it('ends every session of a user whose password is reset', async () => {
    const { access_token } = await staffLogin('commessa', 'Banco-Vendita-7');
    expect((await orderList(access_token)).status).toBe(200);
    await staffCommand(['reset-password', 'commessa'], 'Nuovo-Banco-2026');
    expect((await orderList(access_token)).status).toBe(401);
    const fresh = await staffLogin('commessa', 'Nuovo-Banco-2026');
    expect((await orderList(fresh.access_token)).status).toBe(200);
  });

  it('logs out on the server: POST /api/auth/logout answers 204 and the token stops working', async () => {
    const { access_token } = await staffLogin('titolare', 'Napoli-1926!');
    expect((await api().get('/api/auth/me').set(bearer(access_token))).status).toBe(200);
    const out = await api().post('/api/auth/logout').set(bearer(access_token));
    expect(out.status).toBe(204);
    expect((await api().get('/api/auth/me').set(bearer(access_token))).status).toBe(401);
    expect((await orderList(access_token)).status).toBe(401);
    expect((await api().post('/api/auth/logout')).status).toBe(401);
  });

  it('changes the password with the old one, ends the other sessions and gives this device a new token', async () => {
    const laptop = await staffLogin('commessa', 'Nuovo-Banco-2026');
    const phone = await staffLogin('commessa', 'Nuovo-Banco-2026');
    const change = (body: object) =>
      api().put('/api/auth/password').set(bearer(laptop.access_token)).send(body);

    const wrong = await change({ old_password: 'sbagliata', new_password: 'Banco-Estate-2027' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ detail: 'La password attuale non è corretta' });
    const short = await change({ old_password: 'Nuovo-Banco-2026', new_password: 'corta' });
    expect(short.status).toBe(422);
    expect(short.body.detail).toContain('La password deve essere di almeno 6 caratteri');
    const common = await change({ old_password: 'Nuovo-Banco-2026', new_password: 'Password1' });
    expect(common.status).toBe(422);
    expect(common.body).toEqual({ detail: COMMON_PASSWORD_DETAIL });
    // Nothing changed so far: both devices still work.
    expect((await orderList(phone.access_token)).status).toBe(200);

    const ok = await change({ old_password: 'Nuovo-Banco-2026', new_password: 'Banco-Estate-2027' });
    expect(ok.status).toBe(200);
    const answer = StaffLoginResponse.parse(ok.body);
    expect(answer).toMatchObject({ username: 'commessa', role: 'staff', must_change_password: false });
    expect((await orderList(answer.access_token)).status).toBe(200);
    expect((await orderList(phone.access_token)).status).toBe(401);
    expect((await orderList(laptop.access_token)).status).toBe(401);
    expect(
      (await api().post('/api/auth/login').send({ username: 'commessa', password: 'Nuovo-Banco-2026' }))
        .status,
    ).toBe(401);
    await staffLogin('commessa', 'Banco-Estate-2027');
  });

  it('leaves the sessions alone when ADMIN_PASSWORD sets the same password again at a start', async () => {
    const { access_token } = await staffLogin('titolare', 'Napoli-1926!');
    await ensureStaffAdmin(db(), { username: 'titolare', password: 'Napoli-1926!' });
    expect((await orderList(access_token)).status).toBe(200);
    await ensureStaffAdmin(db(), { username: 'titolare', password: 'Un-altra-password-1' });
    expect((await orderList(access_token)).status).toBe(401);
    await ensureStaffAdmin(db(), { username: 'titolare', password: 'Napoli-1926!' });
  });

  it('refuses the 10,000 most common passwords for staff users added or reset with the command', async () => {
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('Qwerty123')).toBe(true);
    expect(isCommonPassword('Napoli-1926!')).toBe(false);
    const io = {
      env: { DATA_DIR: orders.dataDir, STAFF_PASSWORD: 'password1' },
      print: () => {},
      readPassword: () => Promise.resolve(''),
    };
    await expect(runStaffCommand(['add', 'nuovo'], io)).rejects.toThrow(CommandError);
    await expect(runStaffCommand(['add', 'nuovo'], io)).rejects.toThrow(/most common/);
    await expect(runStaffCommand(['reset-password', 'commessa'], io)).rejects.toThrow(/most common/);
  });
});

describe('the generated first admin password', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const api = () => request(orders.service.app);
  let password = '';

  beforeAll(async () => {
    orders = await startOrders();
    // The generated password is shown once: here, reset to a known one the same way (a new generated user).
    const db = orders.testDatabase.database.db;
    await db.delete(staffUsers);
    const notice = await ensureStaffAdmin(db, {});
    if (notice.outcome !== 'generated') throw new Error('expected a generated admin');
    password = notice.password;
  }, 60_000);
  afterAll(() => orders?.stop());

  it('must be changed at the first login: everything but me, password and logout answers 403 until then', async () => {
    const login = await api().post('/api/auth/login').send({ username: 'admin', password });
    expect(login.status).toBe(200);
    const first = StaffLoginResponse.parse(login.body);
    expect(first.must_change_password).toBe(true);
    const token = bearer(first.access_token);

    const blocked = await api().get('/api/orders').set(token);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ detail: MUST_CHANGE_PASSWORD_DETAIL });
    expect((await api().get('/api/admin/shipping/rules').set(token)).status).toBe(403);
    expect((await api().get('/api/auth/me').set(token)).status).toBe(200);

    const changed = await api()
      .put('/api/auth/password')
      .set(token)
      .send({ old_password: password, new_password: 'Edicola-Napoli-2026' });
    expect(changed.status).toBe(200);
    const after = StaffLoginResponse.parse(changed.body);
    expect(after.must_change_password).toBe(false);
    expect((await api().get('/api/orders').set(bearer(after.access_token))).status).toBe(200);
    expect((await api().get('/api/orders').set(token)).status).toBe(401);

    const again = await api()
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'Edicola-Napoli-2026' });
    expect(StaffLoginResponse.parse(again.body).must_change_password).toBe(false);
  });

  it('may log out before changing it', async () => {
    await orders.testDatabase.database.db.update(staffUsers).set({ mustChangePassword: true });
    const login = await api()
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'Edicola-Napoli-2026' });
    const { access_token } = StaffLoginResponse.parse(login.body);
    expect((await api().post('/api/auth/logout').set(bearer(access_token))).status).toBe(204);
    expect((await api().get('/api/auth/me').set(bearer(access_token))).status).toBe(401);
  });
});

describe('customer sessions end on the server', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const api = () => request(orders.service.app);
  const login = async (password: string) => {
    const res = await api().post('/api/customers/login').send({ email: privato.email, password });
    expect(res.status).toBe(200);
    return CustomerLoginResponse.parse(res.body);
  };
  const profile = (token: string) => api().get('/api/customers/profile').set(bearer(token));

  beforeAll(async () => {
    orders = await startOrders();
  }, 60_000);
  afterAll(() => orders?.stop());

  it('refuses a common password at registration with 422', async () => {
    const res = await api()
      .post('/api/customers/register')
      .send({ ...privato, password: 'Iloveyou' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: COMMON_PASSWORD_DETAIL });
    expect((await api().post('/api/customers/register').send(privato)).status).toBe(201);
  });

  it('logs out on the server: POST /api/customers/logout answers 204 and the token stops working', async () => {
    const { access_token } = await login(privato.password);
    expect((await profile(access_token)).status).toBe(200);
    expect((await api().post('/api/customers/logout').set(bearer(access_token))).status).toBe(204);
    const res = await profile(access_token);
    expect(res.status).toBe(401);
    expect((await api().get('/api/customers/orders').set(bearer(access_token))).status).toBe(401);
  });

  it('changes the password with the old one, ends the other sessions and answers a fresh token', async () => {
    const here = await login(privato.password);
    const there = await login(privato.password);
    const change = (body: object) =>
      api().put('/api/customers/password').set(bearer(here.access_token)).send(body);

    expect((await change({ old_password: 'sbagliata', new_password: 'Vesuvio-1944' })).status).toBe(422);
    const common = await change({ old_password: privato.password, new_password: 'football' });
    expect(common.body).toEqual({ detail: COMMON_PASSWORD_DETAIL });
    expect((await change({ old_password: privato.password })).status).toBe(422);
    expect((await profile(there.access_token)).status).toBe(200);

    const ok = await change({ old_password: privato.password, new_password: 'Vesuvio-1944' });
    expect(ok.status).toBe(200);
    const fresh = CustomerLoginResponse.parse(ok.body);
    expect(fresh.email).toBe(privato.email);
    expect((await profile(fresh.access_token)).status).toBe(200);
    expect((await profile(there.access_token)).status).toBe(401);
    expect((await profile(here.access_token)).status).toBe(401);
    await login('Vesuvio-1944');
  });
});
