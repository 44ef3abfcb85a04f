/**
 * @jest-environment node
 */
// Consumer contract of mf-checkout with svc-catalog: the catalogue the cart is repaired against.
// Writes contracts/pacts/mf-checkout-svc-catalog.json (this file is the only writer of that pact). The list
// holds at least an article like this one (nullable fields differ between articles).
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createCheckoutApi } from './index';

const { arrayContaining, boolean, eachLike, integer, nullValue, number, regex, string, uuid } = MatchersV3;

const ISO_DATETIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

const pact = new PactV4({
  consumer: 'mf-checkout',
  provider: 'svc-catalog',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

describe('mf-checkout → svc-catalog', () => {
  it('GET /public/articles gives every field the cart keeps: price, VAT and stock', async () => {
    await pact
      .addInteraction()
      .given('the demo catalogue is loaded')
      .uponReceiving('a request for the public catalogue from the cart')
      .withRequest('GET', '/public/articles', (request) => request.headers({ Accept: 'application/json' }))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': regex('application/json.*', 'application/json') }).jsonBody(
          arrayContaining({
            id: uuid('3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60'),
            slug: string('ferrari-sf-23-1-18'),
            sku: string('F1-FER-SF23-18'),
            ean: nullValue(),
            title: string('Ferrari SF-23 1:18'),
            description: string('Modellino in scala 1:18 della Ferrari SF-23.'),
            category: string('Modellismo'),
            product_type: regex('^(normale|prevendita|prenotazione)$', 'normale'),
            availability_date: nullValue(),
            price: number(189),
            iva_percentage: integer(22),
            quantity_stock: integer(3),
            weight: number(0.8),
            dimensions: string('30x15x12 cm'),
            photo_url: regex('^/media/articles/.+', '/media/articles/ferrari-sf23.webp'),
            photos: eachLike({
              id: string('ph-1'),
              url: regex('^/media/articles/.+', '/media/articles/ferrari-sf23.webp'),
              zoom_url: regex('^/media/articles/.+', '/media/articles/ferrari-sf23-1600.webp'),
              alt: string('Ferrari SF-23 1:18, fronte'),
            }),
            attributes: {},
            is_active: boolean(true),
            shipping_cost_national: number(0),
            shipping_cost_international: number(0),
            share_facebook: boolean(true),
            share_instagram: boolean(true),
            share_whatsapp: boolean(false),
            created_at: regex(ISO_DATETIME, '2025-09-01T10:00:00.000Z'),
            updated_at: regex(ISO_DATETIME, '2025-09-02T08:30:00.000Z'),
            sale_starts_at: null,
            max_per_buyer: null,
          }),
        ),
      )
      .executeTest(async (mockServer) => {
        const [first] = await createCheckoutApi(mockServer.url).listArticles();
        expect(first).toMatchObject({ price: 189, iva_percentage: 22, quantity_stock: 3 });
      });
  });
});
