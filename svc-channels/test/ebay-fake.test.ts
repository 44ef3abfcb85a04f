import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { CHANNELS_ROUTES } from '@edicola/contracts';
import { routeTable } from '@edicola/platform';
import { createFakeEbay, FAKE_EBAY_PREFIX } from '../src/ebay/fake';
import { startFakeEbayServer, type FakeEbayServer } from '../src/ebay/fake/server';

// The fake eBay's own tests: they pin the paths, bodies and errors of eBay's Sell APIs the shop uses, as
// PROVIDERS.md, eBay Sell APIs describes them (eBay's OpenAPI files sell_inventory v1.18, sell_fulfillment v1.20).

const CLIENT = {
  clientId: 'Edicola-demo-PRD-1',
  clientSecret: 'PRD-demo-secret',
  redirectUrl: 'http://shop.test/api/ebay/callback',
};
const BASIC = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`;
const RU_NAME = 'Edicola-Edicola-demo-abcdef';

interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

let clock = new Date('2026-11-29T10:00:00.000Z');
let server: FakeEbayServer;
let token: string;
let refreshToken: string;

async function call(
  method: string,
  route: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string>; form?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const bearer = options.token === undefined ? token : options.token;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  let body: string | undefined;
  if (options.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = options.form;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${server.url}${route}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

const IT = { 'Content-Language': 'it-IT' };

/** The seller's consent, as a browser gives it: the consent page's link carries the one-time code. */
async function consent(redirectUri = RU_NAME): Promise<string> {
  const query = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'x',
    state: 's1',
  });
  const page = await call('GET', `/oauth2/authorize?${query}`, { token: null });
  const href = /href="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&');
  return new URL(href).searchParams.get('code')!;
}

async function exchange(code: string, redirectUri = RU_NAME) {
  return call('POST', '/identity/v1/oauth2/token', {
    token: null,
    headers: { Authorization: BASIC },
    form: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
    }).toString(),
  });
}

const item = (quantity: number, extra: Record<string, unknown> = {}) => ({
  condition: 'USED_EXCELLENT',
  availability: { shipToLocationAvailability: { quantity } },
  product: {
    title: 'Elmetto Goldrake anni 70',
    description: 'Elmetto in plastica, buone condizioni',
    imageUrls: ['https://shop.test/media/elmetto.webp'],
    aspects: { Personaggio: ['Goldrake'] },
  },
  ...extra,
});

const offer = (sku: string, quantity: number) => ({
  sku,
  marketplaceId: 'EBAY_IT',
  format: 'FIXED_PRICE',
  availableQuantity: quantity,
  categoryId: '261068',
  merchantLocationKey: 'negozio',
  pricingSummary: { price: { value: '49.90', currency: 'EUR' } },
  listingPolicies: { fulfillmentPolicyId: 'f1', paymentPolicyId: 'p1', returnPolicyId: 'r1' },
});

async function listed(sku: string, quantity: number): Promise<{ offerId: string; listingId: string }> {
  expect(
    (await call('PUT', `/sell/inventory/v1/inventory_item/${sku}`, { body: item(quantity), headers: IT }))
      .status,
  ).toBe(204);
  const created = await call('POST', '/sell/inventory/v1/offer', { body: offer(sku, quantity), headers: IT });
  expect(created.status).toBe(201);
  const published = await call('POST', `/sell/inventory/v1/offer/${created.body.offerId}/publish`);
  expect(published.status).toBe(200);
  return { offerId: created.body.offerId, listingId: published.body.listingId };
}

describe('the fake eBay (PROVIDERS.md, eBay Sell APIs)', () => {
  beforeAll(async () => {
    server = await startFakeEbayServer({
      ...CLIENT,
      now: () => clock,
      accessTokenTtlMs: 60_000,
      refreshTokenTtlMs: 600_000,
    });
    const tokens = await exchange(await consent());
    token = tokens.body.access_token;
    refreshToken = tokens.body.refresh_token;
    const location = await call('POST', '/sell/inventory/v1/location/negozio', {
      body: {
        name: 'Edicola',
        location: {
          address: {
            addressLine1: 'Via Toledo 1',
            city: 'Napoli',
            stateOrProvince: 'NA',
            postalCode: '80134',
            country: 'IT',
          },
        },
        locationTypes: ['WAREHOUSE'],
        merchantLocationStatus: 'ENABLED',
      },
    });
    expect(location.status).toBe(204);
  });
  afterAll(() => server.close());
  beforeEach(() => server.fake.faults.clear());

  it('serves exactly the route table’s /demo/ebay routes, relative to where svc-channels mounts it', () => {
    const app = express();
    app.use(FAKE_EBAY_PREFIX, createFakeEbay({ ...CLIENT, publicBaseUrl: 'http://x/demo/ebay' }).router);
    const served = routeTable(app)
      .map((r) => `${r.method} ${FAKE_EBAY_PREFIX}${r.path}`)
      .sort();
    const table = Object.keys(CHANNELS_ROUTES)
      .filter((k) => k.includes(` ${FAKE_EBAY_PREFIX}/`))
      .sort();
    expect(served).toEqual(table);
  });

  describe('OAuth 2: consent, code grant, refresh (POST /identity/v1/oauth2/token)', () => {
    it('shows an Italian consent page without scripts or inline styles, linking back with a code and the state', async () => {
      const query = new URLSearchParams({
        client_id: CLIENT.clientId,
        redirect_uri: RU_NAME,
        response_type: 'code',
        scope: 'x',
        state: 'abc',
      });
      const page = await call('GET', `/oauth2/authorize?${query}`, { token: null });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.text).toContain(
        'eBay (demo): consenti a Edicola di gestire le tue inserzioni e i tuoi ordini',
      );
      expect(page.text).not.toMatch(/<script|style=|<style/i);
      const href = new URL(/href="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&'));
      expect(`${href.origin}${href.pathname}`).toBe(CLIENT.redirectUrl);
      expect(href.searchParams.get('state')).toBe('abc');
      expect(href.searchParams.get('code')).toBeTruthy();
    });

    it('refuses a consent request for another app', async () => {
      const query = new URLSearchParams({
        client_id: 'someone-else',
        redirect_uri: RU_NAME,
        response_type: 'code',
        state: 'abc',
      });
      const page = await call('GET', `/oauth2/authorize?${query}`, { token: null });
      expect(page.status).toBe(400);
      expect(page.text).not.toContain('href=');
    });

    it('exchanges a code once, for the RuName it was given for, with the app’s Basic credentials', async () => {
      const code = await consent();
      const wrongClient = await call('POST', '/identity/v1/oauth2/token', {
        token: null,
        headers: { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
        form: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: RU_NAME,
        }).toString(),
      });
      expect(wrongClient).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
      expect(await exchange(code, 'another-RuName')).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant' },
      });
      const first = await exchange(code);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        access_token: expect.any(String),
        expires_in: 60,
        refresh_token: expect.any(String),
        refresh_token_expires_in: 600,
        token_type: 'User Access Token',
      });
      expect(await exchange(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    });

    it('expires access tokens (401, errorId 1001) and refreshes them until the refresh token expires', async () => {
      const tokens = (await exchange(await consent())).body;
      expect(
        (await call('GET', '/commerce/identity/v1/user/', { token: tokens.access_token })).body,
      ).toMatchObject({ username: 'edicola_napoli_demo' });
      clock = new Date(clock.getTime() + 61_000);
      try {
        const expired = await call('GET', '/sell/inventory/v1/inventory_item', {
          token: tokens.access_token,
        });
        expect(expired.status).toBe(401);
        expect(expired.body).toEqual({
          errors: [{ errorId: 1001, domain: 'OAuth', category: 'REQUEST', message: 'Invalid access token' }],
        });
        const refreshed = await call('POST', '/identity/v1/oauth2/token', {
          token: null,
          headers: { Authorization: BASIC },
          form: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: tokens.refresh_token,
            scope: 'x',
          }).toString(),
        });
        expect(refreshed.body).toEqual({
          access_token: expect.any(String),
          expires_in: 60,
          token_type: 'User Access Token',
        });
        expect(
          (await call('GET', '/sell/inventory/v1/inventory_item', { token: refreshed.body.access_token }))
            .status,
        ).toBe(200);
        clock = new Date(clock.getTime() + 600_000);
        const late = await call('POST', '/identity/v1/oauth2/token', {
          token: null,
          headers: { Authorization: BASIC },
          form: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: tokens.refresh_token,
          }).toString(),
        });
        expect(late).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      } finally {
        // The suite's own token, issued at the start, is refreshed for the tests that follow.
        const renewed = await call('POST', '/identity/v1/oauth2/token', {
          token: null,
          headers: { Authorization: BASIC },
          form: new URLSearchParams({
            grant_type: 'authorization_code',
            code: await consent(),
            redirect_uri: RU_NAME,
          }).toString(),
        });
        token = renewed.body.access_token;
        refreshToken = renewed.body.refresh_token;
      }
      expect(refreshToken).toBeTruthy();
    });

    it('wants a bearer token on every Sell API path', async () => {
      const none = await call('GET', '/sell/fulfillment/v1/order', { token: null });
      expect(none.status).toBe(401);
      expect(none.body.errors[0]).toMatchObject({ errorId: 1001, message: 'Invalid access token' });
      expect((await call('GET', '/sell/fulfillment/v1/order', { token: 'v^1.1#forged' })).status).toBe(401);
    });
  });

  describe('Inventory API', () => {
    it('creates a location once (409, errorId 25803, for a key it has)', async () => {
      const again = await call('POST', '/sell/inventory/v1/location/negozio', {
        body: { location: { address: { postalCode: '80134', country: 'IT' } } },
      });
      expect(again.status).toBe(409);
      expect(again.body.errors[0].errorId).toBe(25803);
      const noAddress = await call('POST', '/sell/inventory/v1/location/altro', { body: { location: {} } });
      expect(noAddress.status).toBe(400);
    });

    it('wants Content-Language on inventory items and offers, and a PUT replaces the whole item', async () => {
      const bare = await call('PUT', '/sell/inventory/v1/inventory_item/ED-1', { body: item(2) });
      expect(bare.status).toBe(400);
      expect(bare.body.errors[0].errorId).toBe(25709);
      expect(
        (await call('PUT', '/sell/inventory/v1/inventory_item/ED-1', { body: item(2), headers: IT })).status,
      ).toBe(204);
      const replacement = item(3);
      delete (replacement.product as { aspects?: unknown }).aspects;
      expect(
        (await call('PUT', '/sell/inventory/v1/inventory_item/ED-1', { body: replacement, headers: IT }))
          .status,
      ).toBe(204);
      const stored = await call('GET', '/sell/inventory/v1/inventory_item/ED-1');
      expect(stored.body.availability.shipToLocationAvailability.quantity).toBe(3);
      expect(stored.body.product.aspects).toBeUndefined();
      expect(stored.body.sku).toBe('ED-1');
      const missing = await call('GET', '/sell/inventory/v1/inventory_item/NOPE');
      expect(missing.status).toBe(404);
      expect(missing.body.errors[0].errorId).toBe(25710);
      const badCondition = await call('PUT', '/sell/inventory/v1/inventory_item/ED-1', {
        body: item(1, { condition: 'MINT' }),
        headers: IT,
      });
      expect(badCondition.status).toBe(400);
      const page = await call('GET', '/sell/inventory/v1/inventory_item?limit=1&offset=0');
      expect(page.body).toMatchObject({
        total: expect.any(Number),
        limit: 1,
        inventoryItems: [expect.objectContaining({ sku: expect.any(String) })],
      });
    });

    it('publishes an offer only with what eBay needs: price, quantity, category, an existing location, policies', async () => {
      await call('PUT', '/sell/inventory/v1/inventory_item/ED-2', { body: item(2), headers: IT });
      const bare = await call('POST', '/sell/inventory/v1/offer', {
        body: { sku: 'ED-2', marketplaceId: 'EBAY_IT', format: 'FIXED_PRICE' },
        headers: IT,
      });
      expect(bare.status).toBe(201);
      const refused = await call('POST', `/sell/inventory/v1/offer/${bare.body.offerId}/publish`);
      expect(refused.status).toBe(400);
      const messages = refused.body.errors.map((e: { message: string }) => e.message).join(' ');
      for (const field of [
        'price',
        'availableQuantity',
        'categoryId',
        'merchantLocationKey',
        'fulfillmentPolicyId',
        'paymentPolicyId',
        'returnPolicyId',
      ])
        expect(messages).toContain(field);
      expect(refused.body.errors[0].errorId).toBe(25002);

      const elsewhere = { ...offer('ED-2', 2), merchantLocationKey: 'magazzino' };
      expect(
        (await call('PUT', `/sell/inventory/v1/offer/${bare.body.offerId}`, { body: elsewhere, headers: IT }))
          .status,
      ).toBe(204);
      const noLocation = await call('POST', `/sell/inventory/v1/offer/${bare.body.offerId}/publish`);
      expect(noLocation.status).toBe(400);
      expect(noLocation.body.errors[0].message).toContain('magazzino');

      await call('PUT', `/sell/inventory/v1/offer/${bare.body.offerId}`, {
        body: offer('ED-2', 2),
        headers: IT,
      });
      const published = await call('POST', `/sell/inventory/v1/offer/${bare.body.offerId}/publish`);
      expect(published.status).toBe(200);
      expect(published.body.listingId).toMatch(/^\d+$/);
      const offers = await call('GET', '/sell/inventory/v1/offer?sku=ED-2&marketplace_id=EBAY_IT');
      expect(offers.body.offers).toEqual([
        expect.objectContaining({
          offerId: bare.body.offerId,
          status: 'PUBLISHED',
          listing: { listingId: published.body.listingId, listingStatus: 'ACTIVE' },
        }),
      ]);
      const duplicate = await call('POST', '/sell/inventory/v1/offer', {
        body: offer('ED-2', 2),
        headers: IT,
      });
      expect(duplicate.status).toBe(400);
      expect((await call('GET', '/sell/inventory/v1/offer?sku=NOPE')).status).toBe(404);
    });

    it('withdraws a listing (withdrawOffer) and shows its page with title, price and quantity', async () => {
      const { offerId, listingId } = await listed('ED-3', 4);
      const page = await call('GET', `/itm/${listingId}`, { token: null });
      expect(page.text).toContain('Elmetto Goldrake anni 70');
      expect(page.text).toContain('49,90 €');
      expect(page.text).toContain('Disponibili: 4');
      expect(page.text).not.toMatch(/<script|style=/i);
      const withdrawn = await call('POST', `/sell/inventory/v1/offer/${offerId}/withdraw`);
      expect(withdrawn.body).toMatchObject({ listingId });
      expect((await call('GET', `/itm/${listingId}`, { token: null })).text).toContain(
        'Inserzione terminata',
      );
      expect((await call('POST', `/sell/inventory/v1/offer/${offerId}/withdraw`)).status).toBe(400);
      expect((await call('GET', '/itm/000', { token: null })).status).toBe(404);
    });

    it('bulk-updates up to 25 published offers, refuses more, and lists the lower of offer and item quantity', async () => {
      const { offerId, listingId } = await listed('ED-4', 5);
      const ok = await call('POST', '/sell/inventory/v1/bulk_update_price_quantity', {
        body: {
          requests: [
            {
              sku: 'ED-4',
              shipToLocationAvailability: { quantity: 2 },
              offers: [{ offerId, availableQuantity: 5, price: { value: '45.00', currency: 'EUR' } }],
            },
          ],
        },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ responses: [{ sku: 'ED-4', offerId, statusCode: 200 }] });
      expect((await call('GET', `/itm/${listingId}`, { token: null })).text).toContain('Disponibili: 2');

      const tooMany = Array.from({ length: 26 }, (_, i) => ({
        sku: `ED-4-${i}`,
        shipToLocationAvailability: { quantity: 1 },
      }));
      const refused = await call('POST', '/sell/inventory/v1/bulk_update_price_quantity', {
        body: { requests: tooMany },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].message).toContain('25');

      await call('PUT', '/sell/inventory/v1/inventory_item/ED-5', { body: item(1), headers: IT });
      const draft = await call('POST', '/sell/inventory/v1/offer', { body: offer('ED-5', 1), headers: IT });
      const mixed = await call('POST', '/sell/inventory/v1/bulk_update_price_quantity', {
        body: {
          requests: [
            { sku: 'ED-5', offers: [{ offerId: draft.body.offerId, availableQuantity: 3 }] },
            { sku: 'NOPE', shipToLocationAvailability: { quantity: 1 } },
          ],
        },
      });
      expect(mixed.status).toBe(207);
      expect(mixed.body.responses.map((r: { statusCode: number }) => r.statusCode)).toEqual([400, 404]);
      expect(server.fake.state.offers[draft.body.offerId]!.availableQuantity).toBe(1);
    });
  });

  describe('Fulfillment API and the demo buyer', () => {
    it('sells only what is listed, as a PAID order with eBay’s lines, address and totals (POST /demo/ebay/orders)', async () => {
      await listed('ED-6', 3);
      const bought = await call('POST', '/orders', {
        token: null,
        body: { sku: 'ED-6', quantity: 2, buyer_name: 'Gennaro Esposito' },
      });
      expect(bought.status).toBe(201);
      const order = await call('GET', `/sell/fulfillment/v1/order/${bought.body.order_id}`);
      expect(order.body).toMatchObject({
        orderId: bought.body.order_id,
        orderPaymentStatus: 'PAID',
        orderFulfillmentStatus: 'NOT_STARTED',
        cancelStatus: { cancelState: 'NONE_REQUESTED' },
        pricingSummary: {
          total: { value: '106.70', currency: 'EUR' },
          deliveryCost: { value: '6.90', currency: 'EUR' },
        },
        fulfillmentStartInstructions: [
          {
            shippingStep: {
              shipTo: { fullName: 'Gennaro Esposito', contactAddress: { city: 'Napoli', countryCode: 'IT' } },
            },
          },
        ],
        lineItems: [
          {
            lineItemId: expect.any(String),
            sku: 'ED-6',
            quantity: 2,
            lineItemCost: { value: '99.80', currency: 'EUR' },
          },
        ],
      });
      expect(server.fake.state.items['ED-6']!.availability.shipToLocationAvailability.quantity).toBe(1);

      const tooMany = await call('POST', '/orders', { token: null, body: { sku: 'ED-6', quantity: 2 } });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body).toEqual({ detail: 'Su eBay (demo) ne restano solo 1' });
      const unlisted = await call('POST', '/orders', { token: null, body: { sku: 'NOPE', quantity: 1 } });
      expect(unlisted).toMatchObject({
        status: 409,
        body: { detail: 'Questo oggetto non è in vendita su eBay (demo)' },
      });
      const bad = await call('POST', '/orders', { token: null, body: { sku: 'ED-6', quantity: 0 } });
      expect(bad.status).toBe(422);
      expect(bad.body.detail).toContain('La quantità deve essere almeno 1');
    });

    it('lists orders by lastmodifieddate with limit and offset, never pending payments, and wants the brackets encoded', async () => {
      await listed('ED-7', 10);
      const since = new Date(clock.getTime() + 1000);
      clock = new Date(clock.getTime() + 2000);
      const first = server.fake.buy('ED-7', 1);
      clock = new Date(clock.getTime() + 1000);
      const pending = server.fake.buy('ED-7', 1, 'Ciro', { paymentPending: true });
      clock = new Date(clock.getTime() + 1000);
      const third = server.fake.buy('ED-7', 1);
      const filter = `lastmodifieddate:%5B${since.toISOString()}..%5D`;
      const all = await call('GET', `/sell/fulfillment/v1/order?filter=${filter}&limit=200&offset=0`);
      expect(all.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([first, third]);
      expect(all.body.total).toBe(2);
      const second = await call('GET', `/sell/fulfillment/v1/order?filter=${filter}&limit=1&offset=1`);
      expect(second.body).toMatchObject({ total: 2, limit: 1, offset: 1, orders: [{ orderId: third }] });

      clock = new Date(clock.getTime() + 1000);
      server.fake.pay(pending);
      const afterPayment = await call('GET', `/sell/fulfillment/v1/order?filter=${filter}`);
      expect(afterPayment.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([
        first,
        third,
        pending,
      ]);

      const raw = await call(
        'GET',
        `/sell/fulfillment/v1/order?filter=lastmodifieddate:[${since.toISOString()}..]`,
      );
      expect(raw.status).toBe(400);
      expect((await call('GET', `/sell/fulfillment/v1/order?filter=${filter}&limit=201`)).status).toBe(400);
      const byId = await call('GET', `/sell/fulfillment/v1/order?orderIds=${third}`);
      expect(byId.body.orders).toEqual([expect.objectContaining({ orderId: third })]);
    });

    it('records a parcel’s tracking: the lines fulfilled, the order FULFILLED (shipping_fulfillment)', async () => {
      await listed('ED-8', 2);
      const orderId = server.fake.buy('ED-8', 2);
      const order = (await call('GET', `/sell/fulfillment/v1/order/${orderId}`)).body;
      const wrongLine = await call('POST', `/sell/fulfillment/v1/order/${orderId}/shipping_fulfillment`, {
        body: {
          lineItems: [{ lineItemId: '1', quantity: 1 }],
          shippedDate: clock.toISOString(),
          shippingCarrierCode: 'BRT',
          trackingNumber: 'BRT123',
        },
      });
      expect(wrongLine.status).toBe(400);
      const before = order.lastModifiedDate;
      clock = new Date(clock.getTime() + 1000);
      const shipped = await call('POST', `/sell/fulfillment/v1/order/${orderId}/shipping_fulfillment`, {
        body: {
          lineItems: [{ lineItemId: order.lineItems[0].lineItemId, quantity: 2 }],
          shippedDate: clock.toISOString(),
          shippingCarrierCode: 'BRT',
          trackingNumber: 'BRT123',
        },
      });
      expect(shipped.status).toBe(201);
      expect(shipped.headers.get('location')).toMatch(
        new RegExp(`/demo/ebay/sell/fulfillment/v1/order/${orderId}/shipping_fulfillment/\\d+$`),
      );
      const after = (await call('GET', `/sell/fulfillment/v1/order/${orderId}`)).body;
      expect(after.orderFulfillmentStatus).toBe('FULFILLED');
      expect(after.lineItems[0].lineItemFulfillmentStatus).toBe('FULFILLED');
      expect(after.lastModifiedDate > before).toBe(true);
      expect((await call('GET', '/sell/fulfillment/v1/order/00-00000-00000')).status).toBe(404);
    });

    it('cancels on eBay’s side: CANCELED, FULLY_REFUNDED, modified again, the units back on sale', async () => {
      await listed('ED-9', 1);
      const orderId = server.fake.buy('ED-9', 1);
      const before = server.fake.state.orders[orderId]!.lastModifiedDate;
      clock = new Date(clock.getTime() + 1000);
      const cancelled = await call('POST', `/orders/${orderId}/cancel`, { token: null });
      expect(cancelled).toMatchObject({ status: 200, body: { order_id: orderId } });
      const order = (await call('GET', `/sell/fulfillment/v1/order/${orderId}`)).body;
      expect(order).toMatchObject({
        cancelStatus: { cancelState: 'CANCELED' },
        orderPaymentStatus: 'FULLY_REFUNDED',
      });
      expect(order.lastModifiedDate > before).toBe(true);
      expect(server.fake.state.items['ED-9']!.availability.shipToLocationAvailability.quantity).toBe(1);
      expect((await call('POST', `/orders/${orderId}/cancel`, { token: null })).status).toBe(409);
      const unknown = await call('POST', '/orders/00-00000-00000/cancel', { token: null });
      expect(unknown).toMatchObject({ status: 404, body: { detail: 'Ordine eBay (demo) non trovato' } });
    });
  });

  describe('faults and the call log', () => {
    it('answers 429 with Retry-After to the next calls, then eBay again; logs each call', async () => {
      server.fake.faults.fail(429, 2, { retryAfterSeconds: 7 });
      const before = server.fake.calls.length;
      const limited = await call('GET', '/sell/inventory/v1/inventory_item?limit=1');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(limited.body.errors[0]).toMatchObject({ errorId: 2001 });
      expect((await call('GET', '/sell/inventory/v1/inventory_item?limit=1')).status).toBe(429);
      expect((await call('GET', '/sell/inventory/v1/inventory_item?limit=1')).status).toBe(200);
      expect(server.fake.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(
        Array(3).fill('GET /sell/inventory/v1/inventory_item'),
      );
    });

    it('answers 503 for a while, and can be slow', async () => {
      server.fake.faults.failFor(503, 200);
      expect((await call('GET', '/sell/inventory/v1/inventory_item')).status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 250));
      server.fake.faults.delay(150);
      const started = Date.now();
      expect((await call('GET', '/sell/inventory/v1/inventory_item')).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    });
  });
});

describe('the fake eBay’s state file', () => {
  it('keeps listings, orders and tokens across a restart, written whole (temporary file renamed)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fake-ebay-'));
    const stateFile = path.join(dir, 'ebay.json');
    try {
      const first = await startFakeEbayServer({ ...CLIENT, stateFile });
      server = first;
      token = (await exchange(await consent())).body.access_token;
      await call('POST', '/sell/inventory/v1/location/negozio', {
        body: { location: { address: { postalCode: '80134', country: 'IT' } } },
      });
      const { listingId } = await listed('ED-P', 3);
      const orderId = first.fake.buy('ED-P', 1);
      await first.close();
      expect(existsSync(stateFile)).toBe(true);
      expect(readdirSync(dir)).toEqual(['ebay.json']);

      server = await startFakeEbayServer({ ...CLIENT, stateFile });
      try {
        const order = await call('GET', `/sell/fulfillment/v1/order/${orderId}`);
        expect(order.body.lineItems[0]).toMatchObject({ sku: 'ED-P', quantity: 1 });
        expect((await call('GET', `/itm/${listingId}`, { token: null })).text).toContain('Disponibili: 2');
        const next = server.fake.buy('ED-P', 1);
        expect(next).not.toBe(orderId);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
