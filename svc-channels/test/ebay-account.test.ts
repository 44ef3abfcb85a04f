import { EbayAccount, EbayDisconnected, ROUTES, type Route } from '@edicola/contracts';
import { routeTable } from '@edicola/platform';
import { startHarness, API, type Harness } from './channels-harness';

/** The service serves exactly its routes of the table (decision 0039), whatever EBAY_MODE. */
function expectTheRouteTable(h: Harness) {
  const served = routeTable(h.channels.service.app)
    .map((r) => `${r.method} ${r.path}`)
    .sort();
  const table = (Object.entries(ROUTES) as [string, Route][])
    .filter(([, r]) => r.service === 'svc-channels' || r.service === 'every')
    .map(([key]) => key)
    .sort();
  expect(served).toEqual(table);
}

describe('the eBay account: consent, roles, disconnection', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  it('serves the route table', () => expectTheRouteTable(h));

  it('lets only an admin connect; staff read the account; no token, no answer', async () => {
    expect(
      (await h.http.post('/api/ebay/connect').set('Authorization', `Bearer ${h.tokens.staff}`)).status,
    ).toBe(403);
    expect((await h.http.post('/api/ebay/connect')).status).toBe(401);
    expect((await h.http.get('/api/ebay/account')).status).toBe(401);
    expect(
      (await h.http.get('/api/ebay/account').set('Authorization', `Bearer ${h.tokens.customer}`)).status,
    ).toBe(403);
    const acct = await h.http.get('/api/ebay/account').set('Authorization', `Bearer ${h.tokens.staff}`);
    expect(EbayAccount.parse(acct.body)).toMatchObject({
      connected: false,
      token_state: 'none',
      mode: 'demo',
    });
    expect(
      (await h.http.delete('/api/ebay/account').set('Authorization', `Bearer ${h.tokens.staff}`)).status,
    ).toBe(403);
  });

  it('refuses an unknown or used state with a plain Italian page, and a bad query with a detail', async () => {
    const unknown = await h.http.get('/api/ebay/callback?code=abc&state=inventato');
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('scaduto o è già stato usato');

    const started = await h.http.post('/api/ebay/connect').set('Authorization', `Bearer ${h.tokens.admin}`);
    const consent = new URL(started.body.consent_url as string);
    expect(consent.origin).toBe(API);
    const page = await h.http.get(`/demo/ebay/oauth2/authorize${consent.search}`);
    const back = new URL(/href="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&'));
    expect((await h.http.get(`${back.pathname}${back.search}`)).status).toBe(303);
    const again = await h.http.get(`${back.pathname}${back.search}`);
    expect(again.status).toBe(400);

    const bad = await h.http.get('/api/ebay/callback');
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBeTruthy();
  });

  it('refuses an expired state', async () => {
    const started = await h.http.post('/api/ebay/connect').set('Authorization', `Bearer ${h.tokens.admin}`);
    const state = new URL(started.body.consent_url as string).searchParams.get('state')!;
    const { oauthStates } = await import('../src/db/schema');
    await h.channels.testDatabase.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await h.http.get(`/api/ebay/callback?code=abc&state=${encodeURIComponent(state)}`);
    expect(late.status).toBe(400);
  });

  it('shows the token expired when eBay refuses the refresh token, and stops calling eBay', async () => {
    const { account } = await import('../src/db/schema');
    const db = h.channels.testDatabase.database.db;
    await db.update(account).set({ accessTokenExpiresAt: new Date(Date.now() - 1000) });
    for (const token of Object.keys(h.fake.state.refreshTokens)) delete h.fake.state.refreshTokens[token];
    const answer = await h.syncNow();
    expect(answer.status).toBe(200);
    expect(EbayAccount.parse(answer.body)).toMatchObject({ connected: true, token_state: 'expired' });
    expect(answer.body.last_error).toContain('scaduto');
    const calls = h.fake.calls.length;
    await h.syncNow();
    expect(h.fake.calls.length).toBe(calls);
  });

  it('disconnects, saying the listings stay on eBay', async () => {
    const answer = await h.http.delete('/api/ebay/account').set('Authorization', `Bearer ${h.tokens.admin}`);
    expect(answer.status).toBe(200);
    const parsed = EbayDisconnected.parse(answer.body);
    expect(parsed).toMatchObject({ connected: false, token_state: 'none' });
    expect(parsed.notice).toContain('restano pubblicati su eBay');
    expect((await h.syncNow()).status).toBe(409);
  });
});

describe('EBAY_MODE=off', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ EBAY_MODE: 'off' }).catch((e) => {
      throw e;
    });
  }, 60_000);
  afterAll(() => h?.stop());
  it('serves the route table', () => expectTheRouteTable(h));

  it('refuses to connect with 409 and serves no fake eBay', async () => {
    const answer = await h.http.post('/api/ebay/connect').set('Authorization', `Bearer ${h.tokens.admin}`);
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toContain('disattivato');
    expect((await h.http.get('/demo/ebay/sell/inventory/v1/inventory_item')).status).toBe(404);
  });
});
