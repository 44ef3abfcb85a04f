import { desc, eq } from 'drizzle-orm';
import request from 'supertest';
import {
  COMMON_PASSWORD_DETAIL,
  PASSWORD_RESET_EXPIRED_DETAIL,
  PASSWORD_RESET_NO_ACCOUNT_DETAIL,
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_UNKNOWN_DETAIL,
  PASSWORD_RESET_USED_DETAIL,
  type EventData,
  type EventEnvelope,
} from '@edicola/contracts';
import { outbox, passwordResets, staffUsers } from '../src/db/schema';
import { confirmPasswordReset, RESET_ANSWER_MS } from '../src/passwords/reset';
import { setStaffEmail, upsertStaff } from '../src/staff/users';
import { privato, startOrders } from './support';

type ResetEvent = EventData<'account.password_reset_requested'>;

// Signs in and hashes passwords (argon2id): slow on a busy machine.
jest.setTimeout(30_000);

// docs/product/account.md#password-reset
describe('password reset by e-mail', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const api = () => request(orders.service.app);
  const db = () => orders.testDatabase.database.db;
  let lastAddress = 0;
  /** Each call from its own client address unless one is given, so only the limit's test meets the limit. */
  const ask = (email: string, address = `198.51.100.${++lastAddress}`) =>
    api()
      .post('/api/customers/password-reset')
      .set('X-Forwarded-For', address)
      .send({ email, language: 'en' });
  const confirm = (token: string, password: string) =>
    api()
      .post('/api/customers/password-reset/confirm')
      .set('X-Forwarded-For', `198.51.100.${++lastAddress}`)
      .send({ token, password });
  const login = (email: string, password: string) =>
    api().post('/api/customers/login').set('X-Forwarded-For', '203.0.113.1').send({ email, password });
  const resetEvents = async (email: string): Promise<ResetEvent[]> =>
    (await db().select().from(outbox).where(eq(outbox.type, 'account.password_reset_requested')))
      .map((row) => (row.envelope as EventEnvelope).data as ResetEvent)
      .filter((data) => data.email === email);
  /** Asks for a link for `email` and answers the token the e-mail carries. */
  const linkFor = async (email: string) => {
    const before = new Set((await resetEvents(email)).map((event) => event.reset_id));
    expect((await ask(email)).status).toBe(202);
    // The outbox has no order of its own: the new event is the one not there before.
    const added = (await resetEvents(email)).filter((event) => !before.has(event.reset_id));
    expect(added).toHaveLength(1);
    return added[0]!.token;
  };
  const register = async (email: string, password: string) => {
    const res = await api()
      .post('/api/customers/register')
      .set('X-Forwarded-For', `192.0.2.${++lastAddress}`)
      .send({ ...privato, email, password });
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    orders = await startOrders({ PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '5' });
    await register('anna@example.it', 'vecchia-password-1');
  }, 60_000);
  afterAll(() => orders?.stop());

  it('answers an unknown address exactly like a known one, and e-mails only the known one', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await ask(email);
      return Object.assign(res, { ms: performance.now() - started });
    };
    const known = await timed('Anna@Example.it');
    const unknown = await timed('nessuno@example.it');
    // Not sooner for an unknown address: both wait for the same answer time.
    expect(known.ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({ accepted: true });
    expect(await resetEvents('nessuno@example.it')).toEqual([]);
    const [event] = await resetEvents('anna@example.it');
    expect(event).toMatchObject({ account: 'customer', name: 'Anna', language: 'en' });
    // Only the token's hash is kept.
    const [row] = await db().select().from(passwordResets).where(eq(passwordResets.id, event!.reset_id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(event!.token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(PASSWORD_RESET_TTL_MS);
    expect(new Date(event!.expires_at)).toEqual(row!.expiresAt);
  });

  it('sets the new password once: the old password and every old session stop working', async () => {
    await register('bruno@example.it', 'vecchia-password-2');
    const session = (await login('bruno@example.it', 'vecchia-password-2')).body as { access_token: string };
    const profile = () =>
      api().get('/api/customers/profile').set('Authorization', `Bearer ${session.access_token}`);
    expect((await profile()).status).toBe(200);

    const token = await linkFor('bruno@example.it');
    const done = await confirm(token, 'nuova-password-2');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ account: 'customer' });

    expect((await profile()).status).toBe(401);
    expect((await login('bruno@example.it', 'vecchia-password-2')).status).toBe(401);
    expect((await login('bruno@example.it', 'nuova-password-2')).status).toBe(200);

    const again = await confirm(token, 'terza-password-2');
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ detail: PASSWORD_RESET_USED_DETAIL });
    expect((await login('bruno@example.it', 'nuova-password-2')).status).toBe(200);
  });

  it('ends the older links when a newer one is asked for', async () => {
    await register('carla@example.it', 'vecchia-password-3');
    const older = await linkFor('carla@example.it');
    const newer = await linkFor('carla@example.it');
    expect((await confirm(older, 'nuova-password-3')).body).toEqual({ detail: PASSWORD_RESET_USED_DETAIL });
    expect((await confirm(newer, 'nuova-password-3')).status).toBe(200);
  });

  it('works within its hour and not after', async () => {
    await register('dario@example.it', 'vecchia-password-4');
    const token = await linkFor('dario@example.it');
    const [row] = await db().select().from(passwordResets).orderBy(desc(passwordResets.createdAt)).limit(1);
    const afterTheHour = new Date(row!.createdAt.getTime() + PASSWORD_RESET_TTL_MS);
    const late = confirmPasswordReset(db(), { token, password: 'nuova-password-4', now: afterTheHour });
    await expect(late).rejects.toMatchObject({ status: 410, message: PASSWORD_RESET_EXPIRED_DETAIL });
    expect((await login('dario@example.it', 'vecchia-password-4')).status).toBe(200);

    const inTime = new Date(afterTheHour.getTime() - 1000);
    await expect(
      db().transaction((tx) =>
        confirmPasswordReset(tx, { token, password: 'nuova-password-4', now: inTime }),
      ),
    ).resolves.toEqual({ account: 'customer' });
    expect((await login('dario@example.it', 'nuova-password-4')).status).toBe(200);
  });

  it('refuses an unknown link and a password registration would refuse, without using the link up', async () => {
    const unknown = await confirm('non-un-token-vero', 'nuova-password-5');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ detail: PASSWORD_RESET_UNKNOWN_DETAIL });

    await register('elena@example.it', 'vecchia-password-5');
    const token = await linkFor('elena@example.it');
    const short = await confirm(token, 'corta');
    expect(short.status).toBe(422);
    expect(short.body.detail).toContain('almeno 6 caratteri');
    const common = await confirm(token, 'password123');
    expect(common.status).toBe(422);
    expect(common.body).toEqual({ detail: COMMON_PASSWORD_DETAIL });
    expect((await confirm(token, 'nuova-password-5')).status).toBe(200);
  });

  it('sends at most 3 links an hour to one account and refuses a client address after 5 requests', async () => {
    await register('fabio@example.it', 'vecchia-password-6');
    const address = '198.51.100.250';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await ask('fabio@example.it', address));
    expect(answers.map((res) => res.status)).toEqual([202, 202, 202, 202, 202]);
    expect(await resetEvents('fabio@example.it')).toHaveLength(3);
    const refused = await ask('nessuno@example.it', address);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Troppe richieste/);
    // Another address is not held up by this one.
    expect((await ask('nessuno@example.it')).status).toBe(202);
  });

  describe('staff', () => {
    const staffLogin = (username: string, password: string) =>
      api().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.2').send({ username, password });
    const addStaff = async (username: string, email: string | null) => {
      const { id } = await upsertStaff(db(), { username, password: 'Banco-Vendita-7', role: 'staff' });
      await setStaffEmail(db(), id, email);
      return id;
    };

    it('resets the password of a staff user given an e-mail, and ends their sessions', async () => {
      await addStaff('commessa', 'Commessa@Example.it');
      const session = (await staffLogin('commessa', 'Banco-Vendita-7')).body as { access_token: string };
      const me = () => api().get('/api/auth/me').set('Authorization', `Bearer ${session.access_token}`);
      expect((await me()).status).toBe(200);

      const token = await linkFor('Commessa@Example.it');
      const [event] = await resetEvents('Commessa@Example.it');
      expect(event).toMatchObject({ account: 'staff', name: 'commessa' });
      const done = await confirm(token, 'Nuovo-Banco-8');
      expect(done.body).toEqual({ account: 'staff' });
      expect((await me()).status).toBe(401);
      expect((await staffLogin('commessa', 'Banco-Vendita-7')).status).toBe(401);
      expect((await staffLogin('commessa', 'Nuovo-Banco-8')).status).toBe(200);
    });

    it('sends nothing for a staff user without an e-mail, and a removed one cannot use a link sent before', async () => {
      const without = await addStaff('magazziniere', null);
      expect((await ask('magazziniere@example.it')).status).toBe(202);
      expect(await db().select().from(passwordResets).where(eq(passwordResets.accountId, without))).toEqual(
        [],
      );
      const id = await addStaff('stagista', 'stagista@example.it');
      const token = await linkFor('stagista@example.it');
      await db().delete(staffUsers).where(eq(staffUsers.id, id));
      const refused = await confirm(token, 'Nuovo-Banco-9');
      expect(refused.status).toBe(410);
      expect(refused.body).toEqual({ detail: PASSWORD_RESET_NO_ACCOUNT_DETAIL });
      expect((await ask('stagista@example.it')).status).toBe(202);
      expect(await resetEvents('stagista@example.it')).toHaveLength(1);
    });
  });
});
