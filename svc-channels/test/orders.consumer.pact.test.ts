// Consumer contract of svc-channels with svc-orders: the two internal calls of an eBay order (its import, its
// cancellation by eBay), made by svc-channels' REAL mapping of eBay's order and its internal client against the Pact
// mock server, and the order.status_changed event whose tracking number goes back to eBay. Writes
// contracts/pacts/svc-channels-svc-orders.json (this file is its only writer). The internal token is matched by
// shape: the provider's verification replaces it with one it signs itself.
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { parseEvent } from '@edicola/contracts';
import { createInternalClient, createInternalTokens } from '@edicola/platform';
import { ebayOrders, jobs } from '../src/db/schema';
import type { EbayOrder } from '../src/ebay/api';
import { cancelExternalOrder, importOf, storeExternalOrder } from '../src/orders/orders-in';
import { startHarness, type Harness } from './channels-harness';

const { boolean, datetime, eachLike, integer, like, regex, string, uuid } = MatchersV3;
const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";

const pact = new PactV4({
  consumer: 'svc-channels',
  provider: 'svc-orders',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

const BEARER = regex('^Bearer [A-Za-z0-9._~+/=-]+$', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln');
const EXTERNAL_ID = '12-34567-89012';
const ARTICLE_ID = '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11';
const SHOP_ORDER_ID = '3b9a6f0e-8c1d-4e27-a5f4-2d6c0b1e9a73';
const IMPORTED = `the eBay order ${EXTERNAL_ID} was imported`;
const ARTICLE = {
  external_id: EXTERNAL_ID,
  article_id: ARTICLE_ID,
  sku: 'PACT-EBAY-1',
  title: 'Casco Ferrari 1:2',
  price: 106.48,
  iva_percentage: 22,
  stock: 3,
  quantity: 1,
  unit_gross_cents: 12990,
  shipping_cents: 700,
};

/** The order as eBay's Fulfillment API gives it (GET /sell/fulfillment/v1/order). */
const ebayOrder: EbayOrder = {
  orderId: EXTERNAL_ID,
  creationDate: '2026-11-29T08:59:00.000Z',
  lastModifiedDate: '2026-11-29T09:00:00.000Z',
  orderFulfillmentStatus: 'NOT_STARTED',
  orderPaymentStatus: 'PAID',
  cancelStatus: { cancelState: 'NONE_REQUESTED' },
  buyer: {
    username: 'mario_collezioni',
    buyerRegistrationAddress: { email: 'mrossi@members.ebay.it', fullName: 'Mario Rossi' },
  },
  pricingSummary: {
    total: { value: '136.90', currency: 'EUR' },
    deliveryCost: { value: '7.00', currency: 'EUR' },
  },
  fulfillmentStartInstructions: [
    {
      shippingStep: {
        shipTo: {
          fullName: 'Mario Rossi',
          contactAddress: {
            addressLine1: 'Via Chiaia 12',
            city: 'Napoli',
            stateOrProvince: 'NA',
            postalCode: '80121',
            countryCode: 'IT',
          },
          email: 'mrossi@members.ebay.it',
        },
      },
    },
  ],
  lineItems: [
    {
      lineItemId: '10012345678901',
      sku: 'PACT-EBAY-1',
      title: 'Casco Ferrari 1:2',
      quantity: 1,
      lineItemCost: { value: '129.90', currency: 'EUR' },
    },
  ],
};
const importBody = importOf(ebayOrder, new Map([['PACT-EBAY-1', ARTICLE_ID]]));

const clientFor = (url: string) =>
  createInternalClient({
    service: 'svc-channels',
    baseUrls: { 'svc-orders': url },
    tokens: createInternalTokens('pact-consumer-internal-secret-of-40-chars'),
    retries: 0,
    timeoutMs: 30_000,
  });

const headers = (key: string) => ({
  Authorization: BEARER,
  'Content-Type': 'application/json',
  'Idempotency-Key': key,
});

describe('svc-channels calls svc-orders with the orders eBay buyers place', () => {
  it('stores a new eBay order, paid, its units taken', () =>
    pact
      .addInteraction()
      .given(`no eBay order ${EXTERNAL_ID} was imported`, ARTICLE)
      .uponReceiving('an eBay order to store')
      .withRequest('POST', '/internal/orders/external', (b) =>
        b.headers(headers(`ebay:${EXTERNAL_ID}`)).jsonBody(importBody),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({ order_id: uuid(SHOP_ORDER_ID), created: true, stock_conflict: boolean(false) }),
      )
      .executeTest(async (server) => {
        const stored = await storeExternalOrder(clientFor(server.url), importBody);
        expect(stored).toMatchObject({ created: true });
      }));

  it('answers the same order when the eBay order is sent again', () =>
    pact
      .addInteraction()
      .given(IMPORTED, ARTICLE)
      .uponReceiving('an eBay order stored before, sent again')
      .withRequest('POST', '/internal/orders/external', (b) =>
        b.headers(headers(`ebay:${EXTERNAL_ID}`)).jsonBody(importBody),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ order_id: uuid(SHOP_ORDER_ID), created: false, stock_conflict: boolean(false) }),
      )
      .executeTest(async (server) => {
        const stored = await storeExternalOrder(clientFor(server.url), importBody);
        expect(stored.created).toBe(false);
      }));

  it('cancels an imported order eBay cancelled', () =>
    pact
      .addInteraction()
      .given(IMPORTED, ARTICLE)
      .uponReceiving('an eBay order cancelled on eBay')
      .withRequest('POST', '/internal/orders/external/cancel', (b) =>
        b
          .headers(headers(`ebay-cancel:${EXTERNAL_ID}`))
          .jsonBody({ channel: 'ebay', external_id: EXTERNAL_ID, reason: 'Ordine annullato su eBay' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ id: uuid(SHOP_ORDER_ID), channel: 'ebay', external_id: EXTERNAL_ID }),
      )
      .executeTest(async (server) => {
        await expect(
          cancelExternalOrder(clientFor(server.url), {
            channel: 'ebay',
            external_id: EXTERNAL_ID,
            reason: 'Ordine annullato su eBay',
          }),
        ).resolves.toBeUndefined();
      }));
});

describe('svc-channels hears of shipped eBay orders', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  it('asks for the tracking number to go to eBay', () =>
    pact
      .addAsynchronousInteraction()
      .given('an eBay order is shipped')
      .expectsToReceive('an order.status_changed event for a shipped eBay order', (builder) => {
        builder
          .withJSONContent({
            id: uuid('6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d'),
            type: 'order.status_changed',
            version: 1,
            occurred_at: datetime(ISO, '2026-11-29T10:00:00.000Z'),
            source: 'svc-orders',
            correlation_id: string('req-789'),
            data: {
              order_id: uuid(SHOP_ORDER_ID),
              order_version: integer(4),
              from: 'confirmed',
              to: 'shipped',
              items: eachLike({ article_id: uuid(ARTICLE_ID), quantity: integer(1) }),
              customer_email: regex('^[^@\\s]+@[^@\\s]+$', 'mrossi@members.ebay.it'),
              tracking_number: string('DEMO-BRT-123456'),
              carrier: like('BRT'),
              language: regex('^(it|en|fr|es|pt|de|ru|nl)$', 'it'),
            },
          })
          .withMetadata({ routingKey: 'order.status_changed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const db = h.channels.testDatabase.database.db;
        const event = parseEvent(message.contents.content);
        await db.insert(ebayOrders).values({
          orderId: EXTERNAL_ID,
          lastModifiedAt: new Date(),
          shopOrderId: SHOP_ORDER_ID,
          importedAt: new Date(),
          lineItems: [{ lineItemId: '10012345678901', quantity: 1 }],
        });
        if (event.type !== 'order.status_changed') throw new Error(event.type);
        await h.emit('order.status_changed', event.data);
        const [row] = await db.select().from(ebayOrders).where(eq(ebayOrders.orderId, EXTERNAL_ID));
        expect(row!.trackingNumber).toBe('DEMO-BRT-123456');
        const queued = await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.name, 'ebay.fulfillment'), eq(jobs.key, `${EXTERNAL_ID}:DEMO-BRT-123456`)));
        expect(queued).toHaveLength(1);
      }));
});
