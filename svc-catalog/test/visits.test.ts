import express from 'express';
import request from 'supertest';
import { VisitStats } from '@edicola/contracts';
import { startTestService, type TestService, makeTokens, type TestTokens } from '@edicola/platform/testing';
import { visits } from '../src/db/schema';
import { catalogService } from '../src/service';
import { countryOf } from '../src/visits/country';

const ITALY = '151.38.1.1';
const GERMANY = '2a01:4f8::1';

/** YYYY-MM-DD of a moment, in the shop's time zone. */
const romeDay = (date: Date) => date.toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });

describe('svc-catalog visits', () => {
  let catalog: TestService<unknown>;
  let tokens: TestTokens;
  const api = () => request(catalog.service.app);
  const visit = (body: Record<string, unknown>, from = ITALY) =>
    api().post('/analytics/visit').set('X-Forwarded-For', from).send(body);

  beforeAll(async () => {
    tokens = await makeTokens();
    catalog = await startTestService(catalogService, {
      verifier: tokens.verifier,
      env: { DEMO_DATA: 'false', VISIT_COUNTRY_HEADER: 'CF-IPCountry', VISITS_PER_MINUTE: '8' },
    });
  }, 60_000);
  afterAll(() => catalog?.stop());

  it('records visits with their country and keeps no address, query or full referrer', async () => {
    const one = await visit({
      page_url: 'http://localhost:3000/prodotti?article=abc&email=a@b.it',
      page_title: 'Prodotti',
      referrer: 'https://www.google.com/search?q=edicola',
      session_id: 's-1',
    });
    expect(one.status).toBe(201);
    expect(one.body).toEqual({ recorded: true });
    await visit({ page_url: '/prodotti', page_title: 'Prodotti', referrer: '', session_id: 's-1' });
    await visit({ page_url: '/', page_title: 'Home', referrer: null, session_id: 's-2' }, GERMANY);
    await visit(
      { page_url: '/contatto', page_title: 'Contatti', referrer: null, session_id: 's-3' },
      '10.1.2.3',
    );
    await api()
      .post('/analytics/visit')
      .set('CF-IPCountry', 'fr')
      .send({ page_url: '/', page_title: 'Home', referrer: null, session_id: 's-4' });

    const rows = await catalog.testDatabase.database.db.select().from(visits);
    expect(rows.map((r) => r.page).sort()).toEqual(['/', '/', '/contatto', '/prodotti', '/prodotti']);
    expect(rows.find((r) => r.referrer)!.referrer).toBe('https://www.google.com');
    expect(JSON.stringify(rows)).not.toMatch(/151\.38|2a01|10\.1\.2\.3|a@b\.it/);
  });

  it.each([
    [{ page_title: 'x', referrer: null, session_id: 's' }, 'Manca un dato obbligatorio'],
    [{ page_url: '/', page_title: 'x', referrer: null }, 'Manca un dato obbligatorio'],
    [{ page_url: '/', session_id: 'x'.repeat(129) }, 'Un testo può avere al massimo 128 caratteri'],
  ])('refuses %j with 422 and a readable detail', async (body, detail) => {
    const res = await visit(body, '192.0.2.1');
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it('gives staff every figure of the visit statistics', async () => {
    const db = catalog.testDatabase.database.db;
    const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    await db.insert(visits).values([
      { page: '/', sessionId: 'old-1', countryCode: 'IT', visitedAt: daysAgo(3) },
      { page: '/', sessionId: 'old-1', countryCode: 'IT', visitedAt: daysAgo(3) },
      { page: '/termini', sessionId: 'old-2', countryCode: 'ES', visitedAt: daysAgo(30) },
      { page: '/chi-siamo', sessionId: 'old-3', countryCode: 'ES', visitedAt: daysAgo(9) },
    ]);
    expect((await api().get('/analytics/stats')).status).toBe(401);
    const res = await api().get('/analytics/stats').set('Authorization', `Bearer ${tokens.staff}`);
    expect(res.status).toBe(200);
    const stats = VisitStats.parse(res.body);
    expect(stats.total_visits).toBe(9);
    expect(stats.unique_visitors).toBe(7);
    expect(stats.last_7_days_visits).toBe(7);
    expect(stats.previous_7_days_visits).toBe(1);
    expect(stats.today_visits).toBe(5);
    expect(stats.popular_pages[0]).toEqual({ page: '/', visits: 4 });
    expect(stats.popular_pages).toContainEqual({ page: '/prodotti', visits: 2 });
    expect(stats.visits_by_day).toHaveLength(7);
    expect(stats.visits_by_day.map((d) => d.date)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((n) => romeDay(daysAgo(n))),
    );
    expect(stats.visits_by_day[6]).toEqual({ date: romeDay(new Date()), visits: 5 });
    expect(stats.visits_by_day[3]).toEqual({ date: romeDay(daysAgo(3)), visits: 2 });
    expect(stats.visits_by_day.filter((d) => d.visits === 0)).toHaveLength(5);
    expect(stats.this_week_visits).toBeGreaterThanOrEqual(5);
    expect(stats.this_week_visits).toBeLessThanOrEqual(7);
    expect(stats.visits_by_country).toEqual([
      { country: 'Italia', country_code: 'IT', visits: 4 },
      { country: 'Spagna', country_code: 'ES', visits: 2 },
      { country: 'Germania', country_code: 'DE', visits: 1 },
      { country: 'Francia', country_code: 'FR', visits: 1 },
      { country: 'Sconosciuto', country_code: 'XX', visits: 1 },
    ]);
  });

  it("leaves the staff's pages and sessions out of the visit statistics", async () => {
    const db = catalog.testDatabase.database.db;
    const staffOnly = (stats: VisitStats) => ({
      pages: stats.popular_pages.filter((p) => p.page.startsWith('/gestione') || p.page === '/staff-only'),
      countries: stats.visits_by_country.find((c) => c.country_code === 'NL'),
    });
    const statsNow = async () =>
      VisitStats.parse(
        (await api().get('/analytics/stats').set('Authorization', `Bearer ${tokens.staff}`)).body,
      );
    const before = await statsNow();
    const from = '145.53.1.1'; // a Dutch address: only this test's visits come from the Netherlands
    // The staff's tab: the storefront, then the back office, then the storefront again: none of them count.
    await visit({ page_url: '/staff-only', session_id: 'staff-tab' }, from);
    await visit({ page_url: '/gestione', session_id: 'staff-tab' }, from);
    await visit({ page_url: '/Gestione/ordini?tab=pending', session_id: 'staff-tab' }, from);
    await visit({ page_url: '/staff-only', session_id: 'staff-tab' }, from);
    // A visit sent with a staff token is not recorded at all; a customer's token is a shopper's visit.
    const withStaffToken = await api()
      .post('/analytics/visit')
      .set('X-Forwarded-For', '145.53.1.2')
      .set('Authorization', `Bearer ${tokens.admin}`)
      .send({ page_url: '/staff-only', session_id: 'other-tab' });
    expect(withStaffToken.status).toBe(200);
    expect(withStaffToken.body).toEqual({ recorded: false });
    const shopper = await api()
      .post('/analytics/visit')
      .set('X-Forwarded-For', '145.53.1.3')
      .set('Authorization', `Bearer ${tokens.customer}`)
      .send({ page_url: '/prodotti', session_id: 'shopper-nl' });
    expect(shopper.status).toBe(201);
    expect(shopper.body).toEqual({ recorded: true });
    // A page merely starting with the word is a shop page.
    await visit({ page_url: '/gestionale-album', session_id: 'shopper-nl' }, '145.53.1.3');

    const rows = await db.select().from(visits);
    expect(rows.filter((r) => r.sessionId === 'other-tab')).toEqual([]);
    const after = await statsNow();
    expect(after.total_visits).toBe(before.total_visits + 2);
    expect(after.unique_visitors).toBe(before.unique_visitors + 1);
    expect(after.today_visits).toBe(before.today_visits + 2);
    expect(after.visits_by_day[6]!.visits).toBe(before.visits_by_day[6]!.visits + 2);
    expect(staffOnly(after)).toEqual({
      pages: [],
      countries: { country: 'Paesi Bassi', country_code: 'NL', visits: 2 },
    });
    expect(after.popular_pages).toContainEqual({ page: '/gestionale-album', visits: 1 });
  });

  it('limits visits per address lightly', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push((await visit({ page_url: '/', session_id: 'flood' }, '203.0.113.9')).status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 201)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});

describe('the visitor country', () => {
  const app = (trustProxy: string | boolean) => {
    const a = express();
    a.set('trust proxy', trustProxy);
    a.get('/', (req, res) => {
      res.json({ country: countryOf(req, { header: 'CF-IPCountry' }) });
    });
    return a;
  };

  it('believes the proxy header only from a trusted proxy', async () => {
    const trusted = await request(app('loopback')).get('/').set('CF-IPCountry', 'ES');
    expect(trusted.body.country).toBe('ES');
    const untrusted = await request(app(false))
      .get('/')
      .set('CF-IPCountry', 'ES')
      .set('X-Forwarded-For', ITALY);
    // Neither the header nor X-Forwarded-For counts: the address is loopback, which has no country.
    expect(untrusted.body.country).toBe('XX');
    const tor = await request(app('loopback')).get('/').set('CF-IPCountry', 'T1');
    expect(tor.body.country).toBe('XX');
  });

  it('looks the address up in the shipped database otherwise', async () => {
    expect((await request(app('loopback')).get('/').set('X-Forwarded-For', ITALY)).body.country).toBe('IT');
    expect(
      (await request(app('loopback')).get('/').set('X-Forwarded-For', '192.168.1.10')).body.country,
    ).toBe('XX');
  });
});
