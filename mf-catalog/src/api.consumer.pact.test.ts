/**
 * @jest-environment node
 */
// Consumer contract of mf-catalog with svc-catalog: the REAL api client against the Pact mock server.
// Writes contracts/pacts/mf-catalog-svc-catalog.json (this file is the only writer of that pact).
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createCatalogApi } from './api';

const { arrayContaining, boolean, integer, nullValue, number, regex, string, uuid } = MatchersV3;

const ISO_DATETIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}$';

/**
 * Every field of the Article schema, each with a matcher. Nullable fields (availability_date, weight,
 * dimensions, photo_url) are matched in the shape the demo catalogue gives the article we look for.
 */
function article(example: { type: 'normale' | 'prevendita' | 'prenotazione'; availability?: string }) {
  return {
    id: uuid('3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60'),
    sku: string('F1-FER-SF23-18'),
    title: string('Ferrari SF-23 1:18'),
    description: string('Modellino in scala 1:18 della Ferrari SF-23.'),
    category: string('Modellismo'),
    product_type: regex(`^${example.type}$`, example.type),
    availability_date: example.availability ? regex(ISO_DATE, example.availability) : nullValue(),
    price: number(24.59),
    iva_percentage: integer(22),
    quantity_stock: integer(3),
    weight: number(0.8),
    dimensions: string('30x15x12 cm'),
    photo_url: regex('^/media/articles/.+', '/media/articles/ferrari-sf23.webp'),
    is_active: boolean(true),
    shipping_cost_national: number(0),
    shipping_cost_international: number(0),
    share_facebook: boolean(true),
    share_instagram: boolean(true),
    share_whatsapp: boolean(false),
    created_at: regex(ISO_DATETIME, '2025-09-01T10:00:00.000Z'),
    updated_at: regex(ISO_DATETIME, '2025-09-02T08:30:00.000Z'),
  };
}

const pact = new PactV4({
  consumer: 'mf-catalog',
  provider: 'svc-catalog',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

const lists = [
  {
    description: 'a request for the public catalogue',
    path: '/public/articles',
    call: 'listArticles',
    body: article({ type: 'normale' }),
    expected: { product_type: 'normale', availability_date: null },
  },
  {
    description: 'a request for the pre-sale articles',
    path: '/public/articles/prevendita',
    call: 'listPresale',
    body: article({ type: 'prevendita', availability: '2025-12-01' }),
    expected: { product_type: 'prevendita', availability_date: '2025-12-01' },
  },
  {
    description: 'a request for the reservation articles',
    path: '/public/articles/prenotazione',
    call: 'listReservation',
    body: article({ type: 'prenotazione' }),
    expected: { product_type: 'prenotazione', availability_date: null },
  },
] as const;

describe('mf-catalog → svc-catalog', () => {
  it.each(lists)(
    'GET $path returns articles the client accepts',
    async ({ description, path: urlPath, call, body, expected }) => {
      await pact
        .addInteraction()
        .given('the demo catalogue is loaded')
        .uponReceiving(description)
        .withRequest('GET', urlPath, (request) => request.headers({ Accept: 'application/json' }))
        .willRespondWith(200, (response) =>
          response
            .headers({ 'Content-Type': regex('application/json.*', 'application/json; charset=utf-8') })
            .jsonBody(
              // The list contains (at least) an article of this shape; other articles may differ in nullable fields.
              arrayContaining(body),
            ),
        )
        .executeTest(async (mockServer) => {
          const api = createCatalogApi(mockServer.url);
          const articles = await api[call]();
          expect(articles.length).toBeGreaterThanOrEqual(1);
          expect(articles[0]).toMatchObject({
            ...expected,
            id: '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60',
            price: 24.59,
            iva_percentage: 22,
            quantity_stock: 3,
            weight: 0.8,
            dimensions: '30x15x12 cm',
            photo_url: '/media/articles/ferrari-sf23.webp',
            is_active: true,
          });
        });
    },
  );
});
