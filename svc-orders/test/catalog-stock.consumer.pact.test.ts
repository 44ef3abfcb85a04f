// Consumer contract of svc-orders with svc-catalog's internal stock calls: svc-orders' REAL reservation code
// and internal client against the Pact mock server. Writes contracts/pacts/svc-orders-svc-catalog.json (this
// file is its only writer). The internal token is matched by shape: the provider's verification replaces it
// with one it signs with its own INTERNAL_TOKEN_SECRET.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { StockReservation } from '@edicola/contracts';
import { createInternalClient, createInternalTokens, InternalCallError } from '@edicola/platform';
import pino from 'pino';
import { reviewsWrittenBy } from '../src/customers/data-export';
import { cartLines } from '../src/discounts/pricing';
import { thumbnailsOf } from '../src/orders/pack-lines';
import { articleParcelInfo } from '../src/shipments/parcel';
import { articlesByEan, releaseStock, reserveStock } from '../src/stock/reservations';

const { eachLike, integer, decimal, regex, string, boolean, datetime } = MatchersV3;

const BEARER = regex('^Bearer [A-Za-z0-9._~+/=-]+$', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln');
const ORDER_ID = '8d3f9a2c-1b4e-4f6a-9c7d-2e5b8a1f0c93';
const ARTICLE_ID = '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11';
const SOLD_OUT_ID = '1e2d3c4b-5a69-4788-97a6-b5c4d3e2f1a0';
const UNKNOWN_ID = '0a0b0c0d-0e0f-4a1b-8c2d-3e4f5a6b7c8d';

const pact = new PactV4({
  consumer: 'svc-orders',
  provider: 'svc-catalog',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

const clientFor = (url: string) =>
  createInternalClient({
    service: 'svc-orders',
    baseUrls: { 'svc-catalog': url },
    tokens: createInternalTokens('pact-consumer-internal-secret-of-40-chars'),
    retries: 0,
    // The contract is the point here, not the time limit: a loaded CI machine must not turn it into a 504.
    timeoutMs: 30_000,
  });

const reservationRequest = (articleId: string, quantity: number) => ({
  method: 'POST' as const,
  path: '/internal/stock/reservations',
  headers: {
    Authorization: BEARER,
    'Content-Type': 'application/json',
    'Idempotency-Key': ORDER_ID,
  },
  body: { order_id: ORDER_ID, lines: [{ article_id: articleId, quantity }] },
});

describe('svc-orders calls svc-catalog to reserve and release stock', () => {
  it('reserves an order in stock and gets the price snapshot', () =>
    pact
      .addInteraction()
      .given('an active article with stock', {
        article_id: ARTICLE_ID,
        sku: 'PACT-GUNDAM',
        title: 'Gundam RX-78-2 1:144',
        price: 24.5,
        iva_percentage: 22,
        stock: 5,
      })
      .uponReceiving('a stock reservation for an order')
      .withRequest(reservationRequest(ARTICLE_ID, 2).method, reservationRequest(ARTICLE_ID, 2).path, (b) =>
        b.headers(reservationRequest(ARTICLE_ID, 2).headers).jsonBody(reservationRequest(ARTICLE_ID, 2).body),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          order_id: string(ORDER_ID),
          lines: eachLike({
            article_id: string(ARTICLE_ID),
            sku: string('PACT-GUNDAM'),
            title: string('Gundam RX-78-2 1:144'),
            price: decimal(24.5),
            iva_percentage: integer(22),
            quantity: integer(2),
          }),
        }),
      )
      .executeTest(async (server) => {
        const reservation = await reserveStock(clientFor(server.url), ORDER_ID, [
          { article_id: ARTICLE_ID, quantity: 2 },
        ]);
        expect(StockReservation.parse(reservation).lines[0]).toMatchObject({
          article_id: ARTICLE_ID,
          quantity: 2,
        });
      }));

  it('is refused with 409 and a detail naming the article when it is sold out', () =>
    pact
      .addInteraction()
      .given('a sold-out article', { article_id: SOLD_OUT_ID, title: 'Album Panini 1982' })
      .uponReceiving('a stock reservation for a sold-out article')
      .withRequest('POST', '/internal/stock/reservations', (b) =>
        b
          .headers(reservationRequest(SOLD_OUT_ID, 1).headers)
          .jsonBody(reservationRequest(SOLD_OUT_ID, 1).body),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({ detail: regex('^.*Album Panini 1982.*$', 'Articolo esaurito: "Album Panini 1982"') }),
      )
      .executeTest(async (server) => {
        const failure = await reserveStock(clientFor(server.url), ORDER_ID, [
          { article_id: SOLD_OUT_ID, quantity: 1 },
        ]).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(InternalCallError);
        expect(failure).toMatchObject({ status: 409, message: expect.stringContaining('Album Panini 1982') });
      }));

  it('is refused with 404 for an unknown article', () =>
    pact
      .addInteraction()
      .given('no article with this id', { article_id: UNKNOWN_ID })
      .uponReceiving('a stock reservation for an unknown article')
      .withRequest('POST', '/internal/stock/reservations', (b) =>
        b.headers(reservationRequest(UNKNOWN_ID, 1).headers).jsonBody(reservationRequest(UNKNOWN_ID, 1).body),
      )
      .willRespondWith(404, (b) => b.jsonBody({ detail: string(`Articolo non trovato: ${UNKNOWN_ID}`) }))
      .executeTest(async (server) => {
        const failure = await reserveStock(clientFor(server.url), ORDER_ID, [
          { article_id: UNKNOWN_ID, quantity: 1 },
        ]).catch((error: unknown) => error);
        expect(failure).toMatchObject({ status: 404 });
      }));

  it('releases the reservation of an order that was not stored', () =>
    pact
      .addInteraction()
      .given('a reservation held for the order', { order_id: ORDER_ID, article_id: ARTICLE_ID, quantity: 2 })
      .uponReceiving('the release of an order reservation')
      .withRequest('DELETE', `/internal/stock/reservations/${ORDER_ID}`, (b) =>
        b.headers({ Authorization: BEARER }),
      )
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(releaseStock(clientFor(server.url), ORDER_ID)).resolves.toBeUndefined();
      }));

  it('asks the weight and size of an order’s articles for its Packlink parcel', () =>
    pact
      .addInteraction()
      .given('an active article with stock', {
        article_id: ARTICLE_ID,
        sku: 'PACT-GUNDAM',
        title: 'Gundam RX-78-2 1:144',
        price: 24.5,
        iva_percentage: 22,
        stock: 5,
      })
      .uponReceiving('the parcel sizes of an order’s articles')
      .withRequest('GET', '/internal/articles/parcels', (b) =>
        b.headers({ Authorization: BEARER }).query({ ids: ARTICLE_ID }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          articles: eachLike({ article_id: string(ARTICLE_ID), weight_kg: null, dimensions: null }),
        }),
      )
      .executeTest(async (server) => {
        const info = await articleParcelInfo(clientFor(server.url), [ARTICLE_ID], pino({ level: 'silent' }));
        expect(info?.get(ARTICLE_ID)).toEqual({ article_id: ARTICLE_ID, weight_kg: null, dimensions: null });
      }));

  it('prices the cart’s lines for a discount code’s preview, with their category', () =>
    pact
      .addInteraction()
      .given('an active article with stock', {
        article_id: ARTICLE_ID,
        sku: 'PACT-GUNDAM',
        title: 'Gundam RX-78-2 1:144',
        price: 24.5,
        iva_percentage: 22,
        stock: 5,
      })
      .uponReceiving('the prices of a cart’s articles')
      .withRequest('GET', '/internal/articles/prices', (b) =>
        b.headers({ Authorization: BEARER }).query({ ids: ARTICLE_ID }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          articles: eachLike({
            article_id: string(ARTICLE_ID),
            sku: string('PACT-GUNDAM'),
            title: string('Gundam RX-78-2 1:144'),
            price: decimal(24.5),
            iva_percentage: integer(22),
            category: string('Modellismo'),
          }),
        }),
      )
      .executeTest(async (server) => {
        const lines = await cartLines(clientFor(server.url), [{ article_id: ARTICLE_ID, quantity: 2 }]);
        expect(lines).toEqual([
          expect.objectContaining({
            article_id: ARTICLE_ID,
            quantity: 2,
            price: 24.5,
            category: 'Modellismo',
          }),
        ]);
      }));

  it('asks the photos of the Ordini list’s lines to pack', () =>
    pact
      .addInteraction()
      .given('an active article with stock', {
        article_id: ARTICLE_ID,
        sku: 'PACT-GUNDAM',
        title: 'Gundam RX-78-2 1:144',
        price: 24.5,
        iva_percentage: 22,
        stock: 5,
      })
      .uponReceiving('the photos of an order’s articles')
      .withRequest('GET', '/internal/articles/thumbnails', (b) =>
        b.headers({ Authorization: BEARER }).query({ ids: ARTICLE_ID }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ articles: eachLike({ article_id: string(ARTICLE_ID), photo_url: null }) }),
      )
      .executeTest(async (server) => {
        const photos = await thumbnailsOf(clientFor(server.url), [ARTICLE_ID]);
        expect([...photos]).toEqual([[ARTICLE_ID, null]]);
      }));

  it('reserves a counter sale with its channel and cashier, for the stock ledger', () =>
    pact
      .addInteraction()
      .given('an active article with stock', {
        article_id: ARTICLE_ID,
        sku: 'PACT-GUNDAM',
        title: 'Gundam RX-78-2 1:144',
        price: 24.5,
        iva_percentage: 22,
        stock: 5,
      })
      .uponReceiving('a stock reservation for a counter sale')
      .withRequest('POST', '/internal/stock/reservations', (b) =>
        b.headers(reservationRequest(ARTICLE_ID, 1).headers).jsonBody({
          ...reservationRequest(ARTICLE_ID, 1).body,
          channel: 'counter',
          username: 'cassiera',
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          order_id: string(ORDER_ID),
          lines: eachLike({
            article_id: string(ARTICLE_ID),
            sku: string('PACT-GUNDAM'),
            title: string('Gundam RX-78-2 1:144'),
            price: decimal(24.5),
            iva_percentage: integer(22),
            quantity: integer(1),
          }),
        }),
      )
      .executeTest(async (server) => {
        const reservation = await reserveStock(
          clientFor(server.url),
          ORDER_ID,
          [{ article_id: ARTICLE_ID, quantity: 1 }],
          { channel: 'counter', username: 'cassiera' },
        );
        expect(reservation.lines[0]).toMatchObject({ article_id: ARTICLE_ID, quantity: 1 });
      }));

  it('finds the article of a counter line given by its barcode', () =>
    pact
      .addInteraction()
      .given('an active article with stock', {
        article_id: ARTICLE_ID,
        sku: 'PACT-GUNDAM',
        title: 'Gundam RX-78-2 1:144',
        price: 24.5,
        iva_percentage: 22,
        stock: 5,
        ean: '2000000000015',
      })
      .uponReceiving('the articles of a counter sale’s barcodes')
      .withRequest('GET', '/internal/articles/by-ean', (b) =>
        b.headers({ Authorization: BEARER }).query({ eans: '2000000000015' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ articles: eachLike({ article_id: string(ARTICLE_ID), ean: string('2000000000015') }) }),
      )
      .executeTest(async (server) => {
        const byEan = await articlesByEan(clientFor(server.url), ['2000000000015']);
        expect(byEan.get('2000000000015')).toBe(ARTICLE_ID);
      }));

  // docs/product/account.md#data-export
  it('gets the reviews a customer wrote, for the export of their data', () =>
    pact
      .addInteraction()
      .given('a review written by a customer', {
        article_id: ARTICLE_ID,
        email: 'giulia.russo@example.it',
      })
      .uponReceiving('the question for the reviews written under an e-mail')
      .withRequest('POST', '/internal/customers/reviews', (b) =>
        b
          .headers({ Authorization: BEARER, 'Content-Type': 'application/json' })
          .jsonBody({ email: 'giulia.russo@example.it' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          reviews: eachLike({
            id: regex('^[0-9a-f-]{36}$', '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98'),
            article_id: string(ARTICLE_ID),
            article_title: string('Gundam RX-78-2 1:144'),
            rating: integer(5),
            title: string('Bellissimo'),
            comment: string('Arrivato in due giorni'),
            customer_name: string('Giulia Russo'),
            approved: boolean(true),
            reply_text: null,
            created_at: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-22T10:00:00.000Z'),
          }),
        }),
      )
      .executeTest(async (server) => {
        const reviews = await reviewsWrittenBy(clientFor(server.url), 'giulia.russo@example.it');
        expect(reviews[0]).toMatchObject({ article_id: ARTICLE_ID, rating: 5 });
      }));
});
