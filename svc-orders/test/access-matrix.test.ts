import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { importJWK, SignJWT, type JWK } from 'jose';
import request from 'supertest';
import {
  ADMIN_ONLY_DETAIL,
  MUST_CHANGE_PASSWORD_DETAIL,
  PASSWORD_CHANGE_ROUTES,
  STAFF_ROUTE_ROLES,
} from '@edicola/contracts';
import {
  closeServer,
  createTokenSigner,
  generateSigningKey,
  routeTable,
  type RunningService,
} from '@edicola/platform';
import { staffUsers } from '../src/db/schema';
import { upsertStaff } from '../src/staff/users';
import { keyFileOf } from '../src/tokens/signing-key';
import { startDistributedShop, type DistributedShop } from './distributed-shop';
import { privato } from './support';

const CACHE_MS = 1500;
const PASSWORDS = {
  admin: 'Titolare-Napoli-1926',
  staff: 'Commessa-Banco-2026',
  cashier: 'Cassiera-Toledo-2026',
  removed: 'Stagione-Estiva-2026',
};

type Case =
  | 'none'
  | 'customer'
  | 'expired'
  | 'foreign key'
  | 'removed user'
  | 'password to change'
  | 'cashier'
  | 'staff'
  | 'admin';

/** The path with each :param replaced by a fresh UUID (an unknown resource: allowed calls answer 404 or 422). */
const concrete = (route: string) => route.replace(/:[A-Za-z_]+/g, () => randomUUID());

// Each test signs in and hashes passwords (argon2id): slow on a busy machine.
jest.setTimeout(30_000);

describe('the access matrix: every staff route of every service × who calls it', () => {
  let shop: DistributedShop;
  let orders: RunningService;
  const tokens = {} as Record<Case, string>;
  const login = (username: string, password: string) => shop.login(username, password);
  const byName = (name: string) => shop.byName(name);

  beforeAll(async () => {
    shop = await startDistributedShop({ sessionCacheMs: CACHE_MS });
    orders = shop.orders;
    const db = orders.context.database.db;
    await upsertStaff(db, { username: 'commessa', password: PASSWORDS.staff, role: 'staff' });
    await upsertStaff(db, { username: 'cassiera', password: PASSWORDS.cashier, role: 'cashier' });
    await upsertStaff(db, { username: 'stagista', password: PASSWORDS.removed, role: 'staff' });
    await upsertStaff(db, { username: 'nuovo-admin', password: PASSWORDS.admin, role: 'admin' });
    await db
      .update(staffUsers)
      .set({ mustChangePassword: true })
      .where(eq(staffUsers.username, 'nuovo-admin'));
    tokens.none = '';
    tokens.admin = await login('titolare', PASSWORDS.admin);
    tokens.staff = await login('commessa', PASSWORDS.staff);
    tokens.cashier = await login('cassiera', PASSWORDS.cashier);
    tokens['removed user'] = await login('stagista', PASSWORDS.removed);
    tokens['password to change'] = await login('nuovo-admin', PASSWORDS.admin);
    await db.delete(staffUsers).where(eq(staffUsers.username, 'stagista'));
    expect((await request(orders.app).post('/api/customers/register').send(privato)).status).toBe(201);
    const customer = await request(orders.app)
      .post('/api/customers/login')
      .send({ email: privato.email, password: privato.password });
    tokens.customer = customer.body.access_token as string;

    // The admin's claims, signed by the shop's own key but expired, and signed by a key that is not the shop's.
    const [admin] = await db.select().from(staffUsers).where(eq(staffUsers.username, 'titolare'));
    const claims = { kind: 'staff', role: 'admin', name: 'titolare', sv: admin!.sessionVersion };
    const shopKey = JSON.parse(readFileSync(keyFileOf(shop.dataDir), 'utf8')) as JWK;
    tokens.expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: shopKey.kid })
      .setSubject(admin!.id)
      .setIssuer('edicola')
      .setAudience('edicola-staff')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(await importJWK(shopKey, 'EdDSA'));
    const foreign = await generateSigningKey().then(createTokenSigner);
    tokens['foreign key'] = await foreign.sign({ sub: admin!.id, ...claims } as never, 600);
  }, 120_000);

  afterAll(() => shop?.stop());

  /** Every route of every service with a staff requirement, as the services' routers hold them. */
  const staffRoutes = () =>
    shop.services.flatMap((service) =>
      routeTable(service.app)
        .filter((route) => route.auth?.kind === 'staff')
        .map((route) => ({ service, key: `${route.method} ${route.path}`, ...route })),
    );

  it('finds the staff routes in the routers, each in contracts’ STAFF_ROUTE_ROLES with the same roles', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(25);
    for (const route of routes) {
      expect({ route: route.key, roles: STAFF_ROUTE_ROLES[route.key] }).toEqual({
        route: route.key,
        roles: expect.arrayContaining([...(route.auth!.roles ?? ['admin', 'staff'])]),
      });
      expect([...(route.auth!.roles ?? [])].sort()).toEqual([...STAFF_ROUTE_ROLES[route.key]!].sort());
    }
    // A back-office path without a staff guard would be open to anyone.
    const unguarded = shop.services.flatMap((service) =>
      routeTable(service.app)
        .filter((route) => /^\/(api\/)?admin\//.test(route.path) && route.auth?.kind !== 'staff')
        .map((route) => `${service.name} ${route.method} ${route.path}`),
    );
    expect(unguarded).toEqual([]);
  });

  it('answers each route as the table says, for every kind of caller', async () => {
    const expected = (key: string, who: Case): 'refused 401' | 'refused 403' | 'allowed' => {
      if (['none', 'expired', 'foreign key', 'removed user'].includes(who)) return 'refused 401';
      if (who === 'customer') return 'refused 403';
      if (who === 'password to change')
        return PASSWORD_CHANGE_ROUTES.includes(key) ? 'allowed' : 'refused 403';
      return STAFF_ROUTE_ROLES[key]!.includes(who as 'admin' | 'staff' | 'cashier')
        ? 'allowed'
        : 'refused 403';
    };
    const results: string[] = [];
    const mismatches: string[] = [];
    for (const route of staffRoutes()) {
      for (const who of Object.keys(tokens) as Case[]) {
        const call = request(route.service.app)[route.method.toLowerCase() as 'get'](concrete(route.path));
        if (tokens[who]) call.set('Authorization', `Bearer ${tokens[who]}`);
        if (!['GET', 'DELETE'].includes(route.method)) call.send({});
        const res = await call;
        const want = expected(route.key, who);
        const got =
          res.status === 401
            ? 'refused 401'
            : res.status === 403
              ? 'refused 403'
              : res.status === 503
                ? 'unavailable'
                : 'allowed';
        results.push(`${route.key} ${who} ${res.status}`);
        if (got !== want)
          mismatches.push(
            `${route.key} as ${who}: ${res.status} ${JSON.stringify(res.body)}, expected ${want}`,
          );
        if (
          want === 'refused 403' &&
          (who === 'staff' || (who === 'cashier' && !STAFF_ROUTE_ROLES[route.key]!.includes('staff')))
        )
          expect(res.body).toEqual({ detail: ADMIN_ONLY_DETAIL });
        if (want === 'refused 403' && who === 'password to change')
          expect(res.body).toEqual({ detail: MUST_CHANGE_PASSWORD_DETAIL });
        // A logout ends that user's sessions: sign in again for the next routes.
        if (route.key === 'POST /api/auth/logout' && want === 'allowed') {
          if (who === 'admin') tokens.admin = await login('titolare', PASSWORDS.admin);
          if (who === 'staff') tokens.staff = await login('commessa', PASSWORDS.staff);
          if (who === 'cashier') tokens.cashier = await login('cassiera', PASSWORDS.cashier);
          if (who === 'password to change') tokens[who] = await login('nuovo-admin', PASSWORDS.admin);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(25 * 8);
  }, 120_000);

  it('refuses a removed user on the other services within the session cache time', async () => {
    const db = orders.context.database.db;
    await upsertStaff(db, { username: 'stagista', password: PASSWORDS.removed, role: 'staff' });
    const token = await login('stagista', PASSWORDS.removed);
    const articles = () =>
      request(byName('svc-catalog').app).get('/api/articles').set('Authorization', `Bearer ${token}`);
    expect((await articles()).status).toBe(200);
    await db.delete(staffUsers).where(eq(staffUsers.username, 'stagista'));
    const removedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - removedAt < CACHE_MS + 5000) {
      status = (await articles()).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    // Within the cache time, with a margin for a busy machine.
    expect(Date.now() - removedAt).toBeLessThanOrEqual(CACHE_MS + 1500);
    expect(
      (await request(orders.app).get('/api/orders').set('Authorization', `Bearer ${token}`)).status,
    ).toBe(401);
  });

  it('fails closed: when svc-orders cannot answer, the other services refuse tokens with 503', async () => {
    const db = orders.context.database.db;
    await upsertStaff(db, { username: 'ultimo', password: PASSWORDS.staff, role: 'staff' });
    const token = await login('ultimo', PASSWORDS.staff);
    await closeServer(shop.ordersServer, 100);
    const res = await request(byName('svc-catalog').app)
      .get('/api/articles')
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(503);
    expect(res.body.detail).toMatch(/riprova/);
  }, 30_000);
});
