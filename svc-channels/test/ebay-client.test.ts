import { EbayError, type EbayApi, type EbayOAuth, type TokenSource, type UserTokens } from '../src/ebay/api';
import { createEbayApi, lastModifiedFilter } from '../src/ebay/live-client';
import { createEbayOAuth, EBAY_SCOPES } from '../src/ebay/oauth';
import { startFakeEbayServer, type FakeEbayServer } from '../src/ebay/fake/server';

// The live client and eBay's OAuth against the fake eBay over real HTTP: the calls the shop makes, with eBay's
// paths and bodies (PROVIDERS.md, eBay Sell APIs).

const CLIENT = {
  clientId: 'Edicola-demo-PRD-1',
  clientSecret: 'PRD-demo-secret',
  redirectUrl: 'http://shop.test/api/ebay/callback',
};
const RU_NAME = 'Edicola-Edicola-demo-abcdef';

let clock = new Date('2026-11-29T10:00:00.000Z');
let server: FakeEbayServer;
let oauth: EbayOAuth;
let tokens: UserTokens;

/** A TokenSource as svc-channels' account store would be: a refresh after a 401. */
function refreshingTokens(): TokenSource & { refreshes: number; invalidated: string[] } {
  let current: string | null = tokens.accessToken;
  const source = {
    refreshes: 0,
    invalidated: [] as string[],
    async accessToken() {
      if (!current) {
        source.refreshes += 1;
        current = (await oauth.refresh(tokens.refreshToken)).accessToken;
      }
      return current;
    },
    invalidate(token: string) {
      source.invalidated.push(token);
      if (current === token) current = null;
    },
  };
  return source;
}

/** The seller's browser on the consent page: it follows the link back to the shop, which exchanges the code. */
async function consent(state: string): Promise<string> {
  const page = await fetch(oauth.consentUrl(state));
  expect(page.status).toBe(200);
  const href = /href="([^"]+)"/.exec(await page.text())![1]!.replace(/&amp;/g, '&');
  const back = new URL(href);
  expect(back.searchParams.get('state')).toBe(state);
  return back.searchParams.get('code')!;
}

const item = (quantity: number) => ({
  condition: 'USED_VERY_GOOD',
  availability: { shipToLocationAvailability: { quantity } },
  product: {
    title: 'Album Panini Calciatori 1982',
    description: 'Completo, ottime condizioni',
    imageUrls: ['https://shop.test/media/album.webp'],
  },
});

const offer = (sku: string, quantity: number) => ({
  sku,
  marketplaceId: 'EBAY_IT' as const,
  format: 'FIXED_PRICE' as const,
  availableQuantity: quantity,
  categoryId: '261068',
  merchantLocationKey: 'negozio',
  pricingSummary: { price: { value: '120.00', currency: 'EUR' as const } },
  listingPolicies: { fulfillmentPolicyId: 'f1', paymentPolicyId: 'p1', returnPolicyId: 'r1' },
});

async function failure(promise: Promise<unknown>): Promise<EbayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EbayError);
  return error as EbayError;
}

describe('the live eBay client and OAuth, against the fake eBay over HTTP (PROVIDERS.md, eBay Sell APIs)', () => {
  let api: EbayApi;
  let source: ReturnType<typeof refreshingTokens>;

  beforeAll(async () => {
    server = await startFakeEbayServer({ ...CLIENT, now: () => clock, accessTokenTtlMs: 60_000 });
    oauth = createEbayOAuth({
      authUrl: server.url,
      apiUrl: server.url,
      clientId: CLIENT.clientId,
      clientSecret: CLIENT.clientSecret,
      ruName: RU_NAME,
    });
    tokens = await oauth.exchangeCode(await consent('stato-1'));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.fake.faults.clear();
    source = refreshingTokens();
    api = createEbayApi({ baseUrl: server.url, tokens: source, timeoutMs: 2_000 });
  });

  it('builds eBay’s consent URL with the RuName, the three scopes and the state', () => {
    const live = createEbayOAuth({
      authUrl: 'https://auth.ebay.com',
      apiUrl: 'https://api.ebay.com',
      clientId: 'app-id',
      clientSecret: 's',
      ruName: RU_NAME,
    });
    const url = new URL(live.consentUrl('st'));
    expect(`${url.origin}${url.pathname}`).toBe('https://auth.ebay.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-id',
      redirect_uri: RU_NAME,
      response_type: 'code',
      scope: EBAY_SCOPES.join(' '),
      state: 'st',
    });
    expect(EBAY_SCOPES).toEqual([
      'https://api.ebay.com/oauth/api_scope/sell.inventory',
      'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
      'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
    ]);
  });

  it('exchanges the consent’s code for tokens with their expiries, and reads the seller’s user name', async () => {
    expect(tokens.accessTokenExpiresAt.getTime() - Date.now()).toBeGreaterThan(55_000);
    expect(tokens.refreshTokenExpiresAt.getTime() - Date.now()).toBeGreaterThan(500 * 24 * 3_600_000);
    expect(await oauth.username(tokens.accessToken)).toBe('edicola_napoli_demo');
    const reused = await failure(oauth.exchangeCode('not-a-code'));
    expect(reused.status).toBe(400);
    expect(reused.retryable).toBe(false);
  });

  it('lists, sells and ships: location, item, offer, publish, bulk update, a buyer, getOrders since, tracking', async () => {
    await api.createInventoryLocation('negozio', {
      name: 'Edicola',
      address: { addressLine1: 'Via Toledo 1', city: 'Napoli', postalCode: '80134', country: 'IT' },
    });
    // Again: eBay's 409 for a key it has is the location being there.
    await api.createInventoryLocation('negozio', {
      name: 'Edicola',
      address: { postalCode: '80134', country: 'IT' },
    });

    expect(await api.getInventoryItem('ALB-82')).toBeNull();
    expect(await api.getOffers('ALB-82')).toEqual([]);
    await api.putInventoryItem('ALB-82', item(3));
    expect((await api.getInventoryItem('ALB-82'))?.availability.shipToLocationAvailability.quantity).toBe(3);
    const { offerId } = await api.createOffer(offer('ALB-82', 3));
    const { listingId } = await api.publishOffer(offerId);
    expect(listingId).toMatch(/^\d+$/);
    expect(await api.getOffers('ALB-82')).toEqual([
      expect.objectContaining({
        offerId,
        status: 'PUBLISHED',
        listing: expect.objectContaining({ listingId }),
      }),
    ]);

    // A web order of 1: eBay is told 2.
    const results = await api.bulkUpdatePriceQuantity([
      {
        sku: 'ALB-82',
        shipToLocationAvailability: { quantity: 2 },
        offers: [{ offerId, availableQuantity: 2 }],
      },
    ]);
    expect(results).toEqual([{ sku: 'ALB-82', offerId, statusCode: 200 }]);
    const page = await api.getInventoryItems(0, 200);
    expect(page.inventoryItems.find((i) => i.sku === 'ALB-82')?.availability).toEqual({
      shipToLocationAvailability: { quantity: 2 },
    });

    const since = new Date(clock.getTime() - 1);
    clock = new Date(clock.getTime() + 1000);
    const orderId = server.fake.buy('ALB-82', 2, 'Gennaro Esposito');
    const { total, orders } = await api.getOrders(since, 0, 200);
    expect(total).toBe(1);
    expect(orders[0]).toMatchObject({
      orderId,
      orderPaymentStatus: 'PAID',
      lineItems: [{ sku: 'ALB-82', quantity: 2, lineItemCost: { value: '240.00', currency: 'EUR' } }],
      fulfillmentStartInstructions: [{ shippingStep: { shipTo: { fullName: 'Gennaro Esposito' } } }],
    });
    expect((await api.getOrders(new Date(clock.getTime() + 1), 0, 50)).orders).toEqual([]);

    const { fulfillmentId } = await api.createShippingFulfillment(orderId, {
      lineItems: [{ lineItemId: orders[0]!.lineItems[0]!.lineItemId, quantity: 2 }],
      shippedDate: clock.toISOString(),
      shippingCarrierCode: 'BRT',
      trackingNumber: 'BRT0001234567',
    });
    expect(server.fake.state.fulfillments[fulfillmentId]).toMatchObject({ trackingNumber: 'BRT0001234567' });
    expect((await api.getOrder(orderId))?.orderFulfillmentStatus).toBe('FULFILLED');
    expect(await api.getOrder('00-00000-00000')).toBeNull();

    await api.withdrawOffer(offerId);
    expect((await api.getOffers('ALB-82'))[0]?.status).toBe('UNPUBLISHED');
  });

  it('sends the getOrders filter percent-encoded, as eBay documents it', () => {
    expect(lastModifiedFilter(new Date('2026-11-01T00:00:00.000Z'))).toBe(
      'lastmodifieddate:%5B2026-11-01T00:00:00.000Z..%5D',
    );
  });

  it('sends eBay’s headers: bearer token, languages and marketplace, Content-Language on items and offers', async () => {
    const sent: { url: string; method: string; headers: Record<string, string> }[] = [];
    const recording = (async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method!, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify({ offerId: '1', listingId: '2', orders: [], total: 0 }), {
        status: 200,
      });
    }) as unknown as typeof fetch;
    const fixedToken: TokenSource = { accessToken: async () => 'tok', invalidate: () => {} };
    const live = createEbayApi({ baseUrl: 'https://api.ebay.com/', tokens: fixedToken, fetch: recording });
    await live.putInventoryItem('A 1', item(1));
    await live.createOffer(offer('A 1', 1));
    await live.publishOffer('1');
    await live.getOrders(new Date('2026-11-01T00:00:00.000Z'), 50, 200);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'PUT https://api.ebay.com/sell/inventory/v1/inventory_item/A%201',
      'POST https://api.ebay.com/sell/inventory/v1/offer',
      'POST https://api.ebay.com/sell/inventory/v1/offer/1/publish',
      'GET https://api.ebay.com/sell/fulfillment/v1/order?filter=lastmodifieddate:%5B2026-11-01T00:00:00.000Z..%5D&limit=200&offset=50',
    ]);
    for (const { headers } of sent)
      expect(headers).toMatchObject({
        Authorization: 'Bearer tok',
        'Accept-Language': 'it-IT',
        'X-EBAY-C-MARKETPLACE-ID': 'EBAY_IT',
      });
    expect(sent.map((s) => s.headers['Content-Language'])).toEqual(['it-IT', 'it-IT', undefined, undefined]);
  });

  it('answers a 401 by invalidating the token and trying once more with a refreshed one', async () => {
    clock = new Date(clock.getTime() + 61_000);
    const before = server.fake.calls.length;
    expect(await api.getInventoryItem('ALB-82')).not.toBeNull();
    expect(source.invalidated).toEqual([tokens.accessToken]);
    expect(source.refreshes).toBe(1);
    expect(server.fake.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /sell/inventory/v1/inventory_item/ALB-82',
      'POST /identity/v1/oauth2/token',
      'GET /sell/inventory/v1/inventory_item/ALB-82',
    ]);
    tokens = { ...tokens, accessToken: await source.accessToken() };
  });

  it('gives up after that one retry: a token eBay keeps refusing is a 401 EbayError', async () => {
    const stuck: TokenSource = { accessToken: async () => 'v^1.1#revoked', invalidate: () => {} };
    const client = createEbayApi({ baseUrl: server.url, tokens: stuck });
    const before = server.fake.calls.length;
    const error = await failure(client.getOrders(new Date(0), 0, 50));
    expect(error).toMatchObject({ status: 401, message: 'Invalid access token' });
    expect(server.fake.calls.length - before).toBe(2);
  });

  it('makes a 429 a retryable EbayError with Retry-After, and never retries by itself', async () => {
    server.fake.faults.fail(429, 1, { retryAfterSeconds: 3 });
    const before = server.fake.calls.length;
    const limited = await failure(api.getInventoryItems(0, 10));
    expect(limited).toMatchObject({ status: 429, retryAfterMs: 3000, retryable: true });
    expect(limited.message).toContain('Too many requests');
    expect(server.fake.calls.length - before).toBe(1);

    server.fake.faults.fail(500, 1);
    expect(await failure(api.getInventoryItems(0, 10))).toMatchObject({ status: 500, retryable: true });
    expect((await api.getInventoryItems(0, 10)).total).toBeGreaterThan(0);
  });

  it('refuses more than 25 entries per bulk update (eBay’s 400, not worth a retry)', async () => {
    const requests = Array.from({ length: 26 }, (_, i) => ({
      sku: `S-${i}`,
      shipToLocationAvailability: { quantity: 1 },
    }));
    const refused = await failure(api.bulkUpdatePriceQuantity(requests));
    expect(refused).toMatchObject({ status: 400, retryable: false });
  });

  it('passes eBay’s refusal to publish on with eBay’s message', async () => {
    await api.putInventoryItem('NO-PRICE', item(1));
    const { offerId } = await api.createOffer({ ...offer('NO-PRICE', 1), categoryId: '' });
    const refused = await failure(api.publishOffer(offerId));
    expect(refused).toMatchObject({ status: 400, retryable: false });
    expect(refused.message).toContain('categoryId');
  });

  it('makes a time-out and an unreachable eBay an EbayError(0), retryable', async () => {
    server.fake.faults.delay(500);
    const slow = createEbayApi({ baseUrl: server.url, tokens: source, timeoutMs: 100 });
    expect(await failure(slow.getOrder('x'))).toMatchObject({ status: 0, retryable: true });
    server.fake.faults.clear();
    const nowhere = createEbayApi({
      baseUrl: 'http://127.0.0.1:9/demo/ebay',
      tokens: source,
      timeoutMs: 1_000,
    });
    expect(await failure(nowhere.getOrder('x'))).toMatchObject({ status: 0, retryable: true });
    const unreachable = createEbayOAuth({
      ...CLIENT,
      authUrl: 'http://127.0.0.1:9',
      apiUrl: 'http://127.0.0.1:9',
      ruName: RU_NAME,
    });
    expect(await failure(unreachable.refresh('r'))).toMatchObject({ status: 0 });
  });

  it('takes the Identity API from eBay’s apiz host in live and sandbox', async () => {
    const seen: string[] = [];
    const recording = (async (url: string) => {
      seen.push(url);
      return new Response(JSON.stringify({ username: 'venditore' }), { status: 200 });
    }) as unknown as typeof fetch;
    for (const apiUrl of ['https://api.ebay.com', 'https://api.sandbox.ebay.com']) {
      const live = createEbayOAuth({
        ...CLIENT,
        authUrl: 'https://auth.ebay.com',
        apiUrl,
        ruName: RU_NAME,
        fetch: recording,
      });
      expect(await live.username('t')).toBe('venditore');
    }
    expect(seen).toEqual([
      'https://apiz.ebay.com/commerce/identity/v1/user/',
      'https://apiz.sandbox.ebay.com/commerce/identity/v1/user/',
    ]);
  });
});
