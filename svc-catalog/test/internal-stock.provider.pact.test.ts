import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { createInternalTokens } from '@edicola/platform';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { articles, reservations, reviews, stockMovements } from '../src/db/schema';
import { catalogService } from '../src/service';

const SECRET = 'pact-provider-internal-secret-of-40-char';
const tokens = createInternalTokens(SECRET);
const pact = path.resolve(__dirname, '../../contracts/pacts/svc-orders-svc-catalog.json');

type Params = Record<string, string | number>;

// The real svc-catalog app, on a real database, answers svc-orders' internal stock calls as its pact expects.
describe('svc-catalog honours its pact with svc-orders (internal stock calls)', () => {
  let catalog: TestService<unknown>;
  let server: Server;
  const db = () => catalog.testDatabase.database.db;

  beforeAll(async () => {
    catalog = await startTestService(catalogService, {
      env: { DEMO_DATA: 'false', INTERNAL_TOKEN_SECRET: SECRET },
    });
    server = await catalog.service.listen(0, '127.0.0.1');
  }, 60_000);
  afterAll(() => catalog?.stop());

  /** Every state starts from an empty stock: the interactions share one order id. */
  async function article(fields: {
    id: string;
    title: string;
    stock: number;
    sku?: string;
    ean?: string;
    price?: number;
    iva?: number;
  }) {
    await db().delete(reservations);
    await db().delete(stockMovements);
    await db().delete(reviews);
    await db().delete(articles);
    await db()
      .insert(articles)
      .values({
        id: fields.id,
        sku: fields.sku ?? 'PACT-STOCK',
        ean: fields.ean ?? null,
        title: fields.title,
        description: 'Articolo del contratto Pact',
        category: 'Modellismo',
        priceCents: Math.round((fields.price ?? 10) * 100),
        ivaPercentage: fields.iva ?? 22,
        quantityStock: fields.stock,
      });
  }

  it(
    'verifies every interaction',
    () =>
      new Verifier({
        provider: 'svc-catalog',
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        pactUrls: [pact],
        // svc-orders signs a fresh internal token per call; the pact holds a placeholder.
        requestFilter: (req, _res, next) => {
          void tokens.sign('svc-orders', 'svc-catalog').then((token) => {
            req.headers.authorization = `Bearer ${token}`;
            next();
          });
        },
        stateHandlers: {
          'an active article with stock': async (params) => {
            const p = params as Params;
            await article({
              id: String(p.article_id),
              title: String(p.title),
              sku: String(p.sku),
              price: Number(p.price),
              iva: Number(p.iva_percentage),
              stock: Number(p.stock),
              // A counter sale's line given by barcode (GET /internal/articles/by-ean) names the article's EAN.
              ...(p.ean === undefined ? {} : { ean: String(p.ean) }),
            });
          },
          'a sold-out article': async (params) => {
            const p = params as Params;
            await article({ id: String(p.article_id), title: String(p.title), stock: 0 });
          },
          'a review written by a customer': async (params) => {
            const p = params as Params;
            await article({ id: String(p.article_id), title: 'Gundam RX-78-2 1:144', stock: 3 });
            await db()
              .insert(reviews)
              .values({
                articleId: String(p.article_id),
                rating: 5,
                title: 'Bellissimo',
                comment: 'Arrivato in due giorni',
                customerName: 'Giulia Russo',
                customerEmail: String(p.email),
                approved: true,
              });
          },
          'no article with this id': async () => {
            await db().delete(reservations);
            await db().delete(stockMovements);
            await db().delete(reviews);
            await db().delete(articles);
          },
          'a reservation held for the order': async (params) => {
            const p = params as Params;
            await article({ id: String(p.article_id), title: 'Articolo prenotato', stock: 3 });
            await db()
              .insert(reservations)
              .values({
                orderId: String(p.order_id),
                lines: [
                  {
                    article_id: String(p.article_id),
                    sku: 'PACT-STOCK',
                    title: 'Articolo prenotato',
                    price_cents: 1000,
                    iva_percentage: 22,
                    quantity: Number(p.quantity),
                  },
                ],
              });
          },
        },
        logLevel: 'warn',
      }).verifyProvider(),
    120_000,
  );
});
