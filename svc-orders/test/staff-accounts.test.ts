import { eq } from 'drizzle-orm';
import request from 'supertest';
import {
  ADMIN_ONLY_DETAIL,
  AuditEntryList,
  LAST_ADMIN_DETAIL,
  StaffAccountList,
  StaffLoginResponse,
  StaffTemporaryPassword,
  TwoFactorChallenge,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
} from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { staffUsers } from '../src/db/schema';
import { currentCode } from '../src/staff/two-factor';
import { startOrders } from './support';

const OWNER = { username: 'titolare', password: 'Napoli-1926!' };
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Staff accounts from the back office while the shop runs, and the admins' second factor (decision 0062).
describe('staff accounts and two-factor sign-in', () => {
  jest.setTimeout(30_000);
  let orders: Awaited<ReturnType<typeof startOrders>>;
  let owner: { Authorization: string };
  const api = () => request(orders.service.app);
  const db = () => orders.testDatabase.database.db;

  const login = async (username: string, password: string) => {
    const res = await api().post('/api/auth/login').send({ username, password });
    return res;
  };
  /** A new account from the Personale screen, signed in with its temporary password changed. */
  const newAccount = async (username: string, role: 'admin' | 'staff' | 'cashier') => {
    const res = await api().post('/api/admin/staff').set(owner).send({ username, role });
    expect(res.status).toBe(201);
    const created = StaffTemporaryPassword.parse(res.body);
    const first = StaffLoginResponse.parse((await login(username, created.temporary_password)).body);
    expect(first.must_change_password).toBe(true);
    const password = `${username}-Nuova-2026!`;
    const changed = await api()
      .put('/api/auth/password')
      .set(bearer(first.access_token))
      .send({ old_password: created.temporary_password, new_password: password });
    expect(changed.status).toBe(200);
    return { id: created.account.id, password, token: changed.body.access_token as string };
  };

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
    const res = await login(OWNER.username, OWNER.password);
    owner = bearer(StaffLoginResponse.parse(res.body).access_token);
  }, 60_000);
  afterAll(() => orders?.stop());

  it('creates a cashier with a temporary password it must change, and lists it', async () => {
    const res = await api()
      .post('/api/admin/staff')
      .set(owner)
      .send({ username: 'cassiera', role: 'cashier' });
    expect(res.status).toBe(201);
    const created = StaffTemporaryPassword.parse(res.body);
    expect(created.account).toMatchObject({ username: 'cassiera', role: 'cashier', active: true });
    expect(created.temporary_password).toHaveLength(18);

    const signedIn = StaffLoginResponse.parse((await login('cassiera', created.temporary_password)).body);
    expect(signedIn).toMatchObject({ role: 'cashier', must_change_password: true });
    const refused = await api().get('/api/orders').set(bearer(signedIn.access_token));
    expect(refused.status).toBe(403);

    const list = StaffAccountList.parse((await api().get('/api/admin/staff').set(owner)).body);
    expect(list.map((account) => [account.username, account.role])).toEqual([
      ['cassiera', 'cashier'],
      ['titolare', 'admin'],
    ]);
    const again = await api()
      .post('/api/admin/staff')
      .set(owner)
      .send({ username: 'Cassiera', role: 'staff' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Esiste già un account con username Cassiera');
  });

  it('answers bad input with an Italian 422 and no account', async () => {
    const res = await api().post('/api/admin/staff').set(owner).send({ username: 'a b', role: 'capo' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/username: da 3 a 64/);
    expect(res.body.detail).not.toMatch(/body\.|role\b/);
    const list = StaffAccountList.parse((await api().get('/api/admin/staff').set(owner)).body);
    expect(list.some((account) => account.username === 'a b')).toBe(false);
  });

  it('refuses the staff routes to a staff member and a cashier (403)', async () => {
    const clerk = await newAccount('commessa', 'staff');
    const list = await api().get('/api/admin/staff').set(bearer(clerk.token));
    expect(list.status).toBe(403);
    expect(list.body.detail).toBe(ADMIN_ONLY_DETAIL);
    const create = await api()
      .post('/api/admin/staff')
      .set(bearer(clerk.token))
      .send({ username: 'intruso', role: 'admin' });
    expect(create.status).toBe(403);
    const cashier = await newAccount('banco', 'cashier');
    expect((await api().get('/api/admin/audit').set(bearer(cashier.token))).status).toBe(403);
    expect(
      (await api().post(`/api/admin/staff/${clerk.id}/deactivate`).set(bearer(cashier.token))).status,
    ).toBe(403);
  });

  it('ends a deactivated account’s session at its next request, and lets it back in once reactivated', async () => {
    const clerk = await newAccount('magazzino', 'staff');
    expect((await api().get('/api/orders').set(bearer(clerk.token))).status).toBe(200);

    const off = await api().post(`/api/admin/staff/${clerk.id}/deactivate`).set(owner);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await api().get('/api/orders').set(bearer(clerk.token))).status).toBe(401);
    const again = await login('magazzino', clerk.password);
    expect(again.status).toBe(401);
    expect(again.body.detail).toBe('Username o password non corretti');

    expect((await api().post(`/api/admin/staff/${clerk.id}/reactivate`).set(owner)).status).toBe(200);
    expect((await api().get('/api/orders').set(bearer(clerk.token))).status).toBe(401);
    expect((await login('magazzino', clerk.password)).status).toBe(200);

    await waitFor(async () => {
      const res = await api().get(`/api/admin/audit?entity=staff_user&id=${clerk.id}`).set(owner);
      const actions = AuditEntryList.parse(res.body).map((entry) => entry.action);
      return actions.join(',') === 'reactivated,deactivated,created';
    });
  });

  it('resets a password to a temporary one the user must change; the old session ends', async () => {
    const clerk = await newAccount('vetrina', 'staff');
    const res = await api().post(`/api/admin/staff/${clerk.id}/reset-password`).set(owner);
    expect(res.status).toBe(200);
    const reset = StaffTemporaryPassword.parse(res.body);
    expect(reset.account.must_change_password).toBe(true);
    expect((await api().get('/api/orders').set(bearer(clerk.token))).status).toBe(401);
    expect((await login('vetrina', clerk.password)).status).toBe(401);
    const fresh = StaffLoginResponse.parse((await login('vetrina', reset.temporary_password)).body);
    expect(fresh.must_change_password).toBe(true);
  });

  it('never leaves the shop without an active admin (409), and lets one go once another exists', async () => {
    const [me] = await db().select().from(staffUsers).where(eq(staffUsers.username, OWNER.username));
    const deactivate = await api().post(`/api/admin/staff/${me!.id}/deactivate`).set(owner);
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.detail).toBe(LAST_ADMIN_DETAIL);
    const demote = await api().put(`/api/admin/staff/${me!.id}/role`).set(owner).send({ role: 'staff' });
    expect(demote.status).toBe(409);
    expect(demote.body.detail).toBe(LAST_ADMIN_DETAIL);

    const second = await newAccount('socio', 'admin');
    const demoted = await api().put(`/api/admin/staff/${second.id}/role`).set(owner).send({ role: 'staff' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('staff');
    // The token carried the old role: it ends.
    expect((await api().get('/api/orders').set(bearer(second.token))).status).toBe(401);
    const promoted = await api().put(`/api/admin/staff/${second.id}/role`).set(owner).send({ role: 'admin' });
    expect(promoted.status).toBe(200);
    expect((await api().post(`/api/admin/staff/${me!.id}/deactivate`).set(owner)).status).toBe(200);
    const partner = StaffLoginResponse.parse((await login('socio', second.password)).body);
    const back = await api().post(`/api/admin/staff/${me!.id}/reactivate`).set(bearer(partner.access_token));
    expect(back.status).toBe(200);
    owner = bearer(StaffLoginResponse.parse((await login(OWNER.username, OWNER.password)).body).access_token);
  });

  describe('an admin with two factors', () => {
    let admin: { id: string; password: string; token: string };
    let secret: string;
    let recoveryCodes: string[];

    const challenge = async () => {
      const res = await login('contabile', admin.password);
      expect(res.status).toBe(200);
      return TwoFactorChallenge.parse(res.body).challenge_token;
    };
    const secondStep = (challengeToken: string, code: string) =>
      api().post('/api/auth/login/two-factor').send({ challenge_token: challengeToken, code });

    beforeAll(async () => {
      admin = await newAccount('contabile', 'admin');
      const setup = await api().post('/api/auth/two-factor/setup').set(bearer(admin.token));
      expect(setup.status).toBe(200);
      const enrolment = TwoFactorSetup.parse(setup.body);
      secret = enrolment.secret;
      expect(enrolment.otpauth_uri).toContain(`secret=${secret}`);
      expect(enrolment.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(enrolment.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
      // Not in force before a code confirms it.
      expect(StaffLoginResponse.safeParse((await login('contabile', admin.password)).body).success).toBe(
        true,
      );

      const wrong = await api()
        .post('/api/auth/two-factor/confirm')
        .set(bearer(admin.token))
        .send({ code: currentCode(secret, Date.now() + 10 * 60_000) });
      expect(wrong.status).toBe(400);
      const confirmed = await api()
        .post('/api/auth/two-factor/confirm')
        .set(bearer(admin.token))
        .send({ code: currentCode(secret, Date.now() - 30_000) });
      expect(confirmed.status).toBe(200);
      recoveryCodes = TwoFactorRecoveryCodes.parse(confirmed.body).recovery_codes;
    });

    it('keeps the secret encrypted and the recovery codes hashed', async () => {
      const [row] = await db().select().from(staffUsers).where(eq(staffUsers.id, admin.id));
      expect(row!.totpEnabled).toBe(true);
      expect(row!.totpSecret).not.toContain(secret);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
    });

    it('gives no session for the password alone, one for the code, and never takes a code twice', async () => {
      const first = await login('contabile', admin.password);
      expect(first.body).not.toHaveProperty('access_token');
      const token = TwoFactorChallenge.parse(first.body).challenge_token;

      const missing = await secondStep(token, '');
      expect(missing.status).toBe(422);
      const wrong = await secondStep(token, '000000' === currentCode(secret) ? '111111' : '000000');
      expect(wrong.status).toBe(401);
      expect(wrong.body.detail).toBe('Codice non valido o già usato');

      const code = currentCode(secret);
      const ok = await secondStep(token, code);
      expect(ok.status).toBe(200);
      const session = StaffLoginResponse.parse(ok.body);
      expect((await api().get('/api/admin/staff').set(bearer(session.access_token))).status).toBe(200);

      const replayed = await secondStep(await challenge(), code);
      expect(replayed.status).toBe(401);
      // The code of the step before is older than the one taken: refused too.
      expect((await secondStep(await challenge(), currentCode(secret, Date.now() - 30_000))).status).toBe(
        401,
      );
    });

    it('refuses a forged or altered challenge', async () => {
      const token = await challenge();
      const [payload, signature] = token.split('.');
      const claim = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claim, exp: 9_999_999_999 })).toString('base64url');
      const res = await secondStep(`${forged}.${signature}`, currentCode(secret, Date.now() + 30_000));
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/Accesso scaduto/);
    });

    it('takes each recovery code once', async () => {
      const code = recoveryCodes[0]!;
      const ok = await secondStep(await challenge(), code.toUpperCase());
      expect(ok.status).toBe(200);
      const again = await secondStep(await challenge(), code);
      expect(again.status).toBe(401);
      expect((await secondStep(await challenge(), recoveryCodes[1]!)).status).toBe(200);
    });

    it('lets another admin reset the second factor (audited)', async () => {
      const res = await api().delete(`/api/admin/staff/${admin.id}/two-factor`).set(owner);
      expect(res.status).toBe(200);
      expect(res.body.two_factor).toBe(false);
      const plain = await login('contabile', admin.password);
      expect(StaffLoginResponse.parse(plain.body).role).toBe('admin');
      await waitFor(async () => {
        const trail = await api().get(`/api/admin/audit?entity=staff_user&id=${admin.id}`).set(owner);
        return AuditEntryList.parse(trail.body).some(
          (entry) => entry.action === 'two_factor_reset' && entry.actor?.username === OWNER.username,
        );
      });
    });
  });

  it('filters the audit trail by who, what and when, a page at a time', async () => {
    await waitFor(async () => {
      const res = await api()
        .get('/api/admin/audit?actor=TITOLARE&action=created&entity=staff_user')
        .set(owner);
      return AuditEntryList.parse(res.body).length >= 5;
    });
    const page = (query: string) =>
      api()
        .get(`/api/admin/audit?actor=titolare&action=created&${query}`)
        .set(owner)
        .then((res) => AuditEntryList.parse(res.body));
    const all = await page('limit=100');
    expect(all.every((entry) => entry.action === 'created' && entry.actor?.username === 'titolare')).toBe(
      true,
    );
    const [first, second] = [await page('limit=2&offset=0'), await page('limit=2&offset=2')];
    expect([...first, ...second].map((entry) => entry.id)).toEqual(all.slice(0, 4).map((entry) => entry.id));
    expect(await page('to=2000-01-01')).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    expect(await page(`from=${today}&to=${today}&limit=100`)).toHaveLength(all.length);
    const bad = await api().get('/api/admin/audit?from=ieri').set(owner);
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('Data non valida');
  });
});
