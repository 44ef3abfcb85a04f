import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { providerWithMetadata, Verifier } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { createEvent } from '@edicola/platform';
import { articles, reservations } from '../../svc-catalog/src/db/schema';
import { orderRecords } from '../src/db/schema';
import { orderStatusChanged } from '../src/orders/events';
import { startShop, type Shop } from './shop';

// svc-channels' pact with svc-orders (contracts/pacts/svc-channels-svc-orders.json, written by svc-channels'
// consumer tests): its internal calls storing and cancelling eBay orders (POST /internal/orders/external and
// /internal/orders/external/cancel) answered by the real svc-orders app calling the real svc-catalog, and the
// order.status_changed of a shipped order whose tracking number svc-channels sends to eBay. The consumer tests run
// first and write the pact.
const PACT = path.resolve(__dirname, '../../contracts/pacts/svc-channels-svc-orders.json');
const EXTERNAL_ID = '12-34567-89012';
const DEFAULT_ARTICLE = '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11';

type Params = Record<string, unknown>;
const text = (params: Params, key: string, fallback: string) =>
  typeof params[key] === 'string' ? (params[key] as string) : fallback;
const number = (params: Params, key: string, fallback: number) =>
  params[key] === undefined ? fallback : Number(params[key]);

describe('svc-orders honours its pact with svc-channels', () => {
  let shop: Shop;
  let server: Server;

  beforeAll(async () => {
    shop = await startShop();
    server = await shop.orders.listen(0, '127.0.0.1');
  }, 90_000);
  afterAll(() => shop?.stop());

  /** The article the eBay order buys {article_id, sku, title, price (net euros), iva_percentage, stock}. */
  async function activeArticle(params: Params) {
    const id = text(params, 'article_id', DEFAULT_ARTICLE);
    const values = {
      id,
      sku: text(params, 'sku', 'PACT-EBAY-1'),
      title: text(params, 'title', 'Casco Ferrari 1:2'),
      description: 'Articolo del contratto Pact con svc-channels',
      category: 'Modellismo',
      priceCents: Math.round(number(params, 'price', 100) * 100),
      ivaPercentage: number(params, 'iva_percentage', 22),
      quantityStock: number(params, 'stock', 5),
      isActive: true,
    };
    await shop.catalogDb
      .insert(articles)
      .values(values)
      .onConflictDoUpdate({ target: articles.id, set: values });
    return id;
  }

  /** No order of the shop for the eBay order, and no stock held for one. */
  async function noEbayOrder(externalId: string) {
    const gone = await shop.db
      .delete(orderRecords)
      .where(eq(orderRecords.externalId, externalId))
      .returning({ id: orderRecords.id });
    for (const { id } of gone) await shop.catalogDb.delete(reservations).where(eq(reservations.orderId, id));
  }

  /** The eBay order as svc-channels imports it: `quantity` units of the article at `unit_gross_cents`. */
  async function importEbayOrder(params: Params) {
    const externalId = text(params, 'external_id', EXTERNAL_ID);
    await noEbayOrder(externalId);
    const article = await activeArticle({ ...params, stock: number(params, 'stock', 5) });
    const quantity = number(params, 'quantity', 1);
    const unit = number(params, 'unit_gross_cents', 12990);
    const shipping = number(params, 'shipping_cents', 700);
    const res = await request(shop.orders.app)
      .post('/internal/orders/external')
      .set('Authorization', `Bearer ${await shop.internalToken('svc-channels')}`)
      .send({
        channel: 'ebay',
        external_id: externalId,
        buyer: {
          name: 'Mario Rossi',
          email: 'mrossi@members.ebay.it',
          username: 'mario_collezioni',
          phone: null,
        },
        shipping_address: {
          name: 'Mario Rossi',
          address: 'Via Chiaia 12',
          zip_code: '80121',
          city: 'Napoli',
          province: 'NA',
          country: 'IT',
        },
        lines: [
          {
            article_id: article,
            sku: text(params, 'sku', 'PACT-EBAY-1'),
            title: 'Casco Ferrari 1:2',
            quantity,
            unit_gross_cents: unit,
          },
        ],
        shipping_cents: shipping,
        total_cents: unit * quantity + shipping,
        paid_at: '2026-11-29T09:00:00.000Z',
        created_at: '2026-11-29T08:59:00.000Z',
      });
    if (res.status !== 201)
      throw new Error(`state 'the eBay order was imported': ${JSON.stringify(res.body)}`);
  }

  it(
    'verifies every interaction of svc-channels',
    () =>
      new Verifier({
        provider: 'svc-orders',
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        pactUrls: [PACT],
        // svc-channels signs a fresh internal token per call; the pact holds a placeholder.
        requestFilter: (req, _res, next) => {
          if (!req.url?.startsWith('/internal/')) return next();
          void shop.internalToken('svc-channels', 'svc-orders').then((token) => {
            req.headers.authorization = `Bearer ${token}`;
            next();
          });
        },
        stateHandlers: {
          'an active article with stock': async (params) => {
            await activeArticle((params ?? {}) as Params);
            return undefined;
          },
          /** {external_id, article_id, stock, ...}: the order is new here, its article on sale. */
          [`no eBay order ${EXTERNAL_ID} was imported`]: async (params) => {
            const p = (params ?? {}) as Params;
            await noEbayOrder(text(p, 'external_id', EXTERNAL_ID));
            await activeArticle(p);
            return undefined;
          },
          /** {external_id, article_id, quantity, unit_gross_cents, shipping_cents}: imported once already. */
          [`the eBay order ${EXTERNAL_ID} was imported`]: async (params) => {
            await importEbayOrder((params ?? {}) as Params);
            return undefined;
          },
          'an eBay order is shipped': async () => undefined,
        },
        messageProviders: {
          'an order.status_changed event for a shipped eBay order': providerWithMetadata(
            () =>
              createEvent(
                'svc-orders',
                'order.status_changed',
                orderStatusChanged({
                  orderId: '3b9a6f0e-8c1d-4e27-a5f4-2d6c0b1e9a73',
                  orderVersion: 4,
                  from: 'confirmed',
                  to: 'shipped',
                  items: [{ article_id: DEFAULT_ARTICLE, quantity: 1 }],
                  customerEmail: 'mrossi@members.ebay.it',
                  trackingNumber: 'DEMO-BRT-123456',
                  carrier: 'BRT',
                }),
              ),
            { routingKey: 'order.status_changed', contentType: 'application/json' },
          ),
        },
        logLevel: 'warn',
      }).verifyProvider(),
    120_000,
  );
});
