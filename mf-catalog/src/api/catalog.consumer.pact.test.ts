/**
 * @jest-environment node
 */
// Consumer contract of mf-catalog with svc-catalog: the REAL api client against the Pact mock server.
// Writes contracts/pacts/mf-catalog-svc-catalog.json (this file is the only writer of that pact).
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createCatalogApi } from './index';

const { arrayContaining, boolean, eachLike, integer, like, nullValue, number, regex, string, uuid } =
  MatchersV3;

const ISO_DATETIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const SLUG = '^[a-z0-9]+(-[a-z0-9]+)*$';
const MEDIA = '^/media/articles/.+';

/**
 * Every field of the Article schema, each with a matcher. Nullable fields (availability_date, weight,
 * dimensions, photo_url, ean, a photo's zoom_url) are matched in the shape the demo catalogue gives the article
 * we look for: its photos stored with their zoomed size, an EAN on the articles on sale (the pre-sale and
 * reservation ones have none yet); `attributes` any object (a model's may be empty).
 */
function article(example: {
  type: 'normale' | 'prevendita' | 'prenotazione';
  availability?: string;
  ean?: string;
}) {
  return {
    id: uuid('3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60'),
    slug: regex(SLUG, 'ferrari-sf-23-1-18'),
    sku: string('F1-FER-SF23-18'),
    ean: example.ean ? regex('^\\d{8}(\\d{5})?$', example.ean) : nullValue(),
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
    photo_url: regex(MEDIA, '/media/articles/ferrari-sf23.webp'),
    photos: eachLike({
      id: string('p1'),
      url: regex(MEDIA, '/media/articles/ferrari-sf23.webp'),
      zoom_url: regex(MEDIA, '/media/articles/ferrari-sf23-1600.webp'),
      alt: string('Ferrari SF-23 1:18'),
    }),
    attributes: like({}),
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
  };
}

const pact = new PactV4({
  consumer: 'mf-catalog',
  provider: 'svc-catalog',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

const lists = [
  {
    description: 'a request for the public catalogue',
    path: '/public/articles',
    call: 'listArticles',
    body: article({ type: 'normale', ean: '2000000000015' }),
    expected: { product_type: 'normale', availability_date: null, ean: '2000000000015' },
  },
  {
    description: 'a request for the pre-sale articles',
    path: '/public/articles/prevendita',
    call: 'listPresale',
    body: article({ type: 'prevendita', availability: '2025-12-01' }),
    expected: { product_type: 'prevendita', availability_date: '2025-12-01', ean: null },
  },
  {
    description: 'a request for the reservation articles',
    path: '/public/articles/prenotazione',
    call: 'listReservation',
    body: article({ type: 'prenotazione' }),
    expected: { product_type: 'prenotazione', availability_date: null, ean: null },
  },
] as const;

/** Fixed ids the provider states create (svc-catalog's provider test has a handler per state). */
const ARTICLE_ID = '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60';
const REVIEW_ID = '8b2e4c1d-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const WITH_REVIEW = `article ${ARTICLE_ID} has an approved review ${REVIEW_ID}`;
const ARTICLE_EXISTS = `article ${ARTICLE_ID} exists`;

/** A public review: every field of contracts' PublicReview, each with a matcher. */
function review(example: { approved: boolean; id?: string }) {
  return {
    id: example.id ? regex(`^${example.id}$`, example.id) : uuid(REVIEW_ID),
    article_id: regex(`^${ARTICLE_ID}$`, ARTICLE_ID),
    order_id: nullValue(),
    article_title: string('Ferrari SF-23 1:18'),
    rating: integer(5),
    title: string('Bellissimo'),
    comment: string("Identico all'originale."),
    customer_name: string('Maria'),
    is_verified_purchase: boolean(false),
    helpful_count: integer(0),
    created_at: regex(ISO_DATETIME, '2025-09-15T10:00:00.000Z'),
    approved: boolean(example.approved),
    admin_reply: nullValue(),
  };
}

const json = (response: { headers(h: Record<string, unknown>): unknown }) =>
  response.headers({ 'Content-Type': regex('application/json.*', 'application/json; charset=utf-8') });

describe('mf-catalog → svc-catalog: reviews', () => {
  it('GET /articles/{id}/reviews lists the approved reviews', async () => {
    await pact
      .addInteraction()
      .given(WITH_REVIEW)
      .uponReceiving("a request for an article's reviews")
      .withRequest('GET', `/articles/${ARTICLE_ID}/reviews`, (request) =>
        request.headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) => {
        json(response);
        response.jsonBody(arrayContaining(review({ approved: true, id: REVIEW_ID })));
      })
      .executeTest(async (mockServer) => {
        const reviews = await createCatalogApi(mockServer.url).listReviews(ARTICLE_ID);
        expect(reviews[0]).toMatchObject({
          id: REVIEW_ID,
          article_id: ARTICLE_ID,
          rating: 5,
          approved: true,
        });
      });
  });

  it('GET /reviews/stats/{id} gives the average and the count', async () => {
    await pact
      .addInteraction()
      .given(WITH_REVIEW)
      .uponReceiving("a request for an article's review stats")
      .withRequest('GET', `/reviews/stats/${ARTICLE_ID}`, (request) =>
        request.headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) => {
        json(response);
        response.jsonBody({ average_rating: number(5), total_reviews: integer(1) });
      })
      .executeTest(async (mockServer) => {
        const stats = await createCatalogApi(mockServer.url).reviewStats(ARTICLE_ID);
        expect(stats).toEqual({ average_rating: 5, total_reviews: 1 });
      });
  });

  it('GET /reviews/recent?limit=6 lists the newest approved reviews with their article title', async () => {
    await pact
      .addInteraction()
      .given(WITH_REVIEW)
      .uponReceiving('a request for the six most recent reviews')
      .withRequest('GET', '/reviews/recent', (request) =>
        request.query({ limit: '6' }).headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) => {
        json(response);
        response.jsonBody(arrayContaining(review({ approved: true, id: REVIEW_ID })));
      })
      .executeTest(async (mockServer) => {
        const reviews = await createCatalogApi(mockServer.url).recentReviews();
        expect(reviews.length).toBeGreaterThanOrEqual(1);
        expect(reviews[0]!.article_title).toBe('Ferrari SF-23 1:18');
      });
  });

  it('POST /reviews stores a review awaiting approval', async () => {
    const body = {
      rating: 5,
      title: 'Ottimo',
      comment: 'Arrivato in 2 giorni, imballato bene.',
      customer_name: 'Luca',
      customer_email: 'luca@example.com',
      article_id: ARTICLE_ID,
      order_id: null,
      language: 'fr' as const,
    };
    await pact
      .addInteraction()
      .given(ARTICLE_EXISTS)
      .uponReceiving('a new review')
      .withRequest('POST', '/reviews', (request) =>
        request.headers({ Accept: 'application/json', 'Content-Type': 'application/json' }).jsonBody(body),
      )
      .willRespondWith(201, (response) => {
        json(response);
        response.jsonBody({
          ...review({ approved: false }),
          title: string('Ottimo'),
          customer_name: string('Luca'),
        });
      })
      .executeTest(async (mockServer) => {
        await expect(createCatalogApi(mockServer.url).createReview(body)).resolves.toBeUndefined();
      });
  });

  it('POST /reviews answers a 422 detail for a review without a title', async () => {
    await pact
      .addInteraction()
      .given(ARTICLE_EXISTS)
      .uponReceiving('a review without a title')
      .withRequest('POST', '/reviews', (request) =>
        request.headers({ 'Content-Type': 'application/json' }).jsonBody({
          rating: 4,
          title: '',
          comment: 'Bello',
          customer_name: 'Luca',
          customer_email: 'luca@example.com',
          article_id: ARTICLE_ID,
          order_id: null,
          language: 'it',
        }),
      )
      .willRespondWith(422, (response) => {
        json(response);
        response.jsonBody({ detail: string('Il titolo è obbligatorio') });
      })
      .executeTest(async (mockServer) => {
        const failure = createCatalogApi(mockServer.url).createReview({
          rating: 4,
          title: '',
          comment: 'Bello',
          customer_name: 'Luca',
          customer_email: 'luca@example.com',
          article_id: ARTICLE_ID,
          order_id: null,
        });
        await expect(failure).rejects.toMatchObject({ status: 422, detail: 'Il titolo è obbligatorio' });
      });
  });

  it('POST /reviews/{id}/helpful counts a vote', async () => {
    await pact
      .addInteraction()
      .given(WITH_REVIEW)
      .uponReceiving('a helpful vote for a review')
      .withRequest('POST', `/reviews/${REVIEW_ID}/helpful`, (request) =>
        request.headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) => {
        json(response);
        response.jsonBody({ helpful_count: integer(1), counted: boolean(true) });
      })
      .executeTest(async (mockServer) => {
        await expect(createCatalogApi(mockServer.url).markHelpful(REVIEW_ID)).resolves.toEqual({
          helpful_count: 1,
          counted: true,
        });
      });
  });
});

const SLUG_STATE = 'an active article with slug charizard-ex-151-italiano';

/** The card of the article page's and the search's interactions: a Pokemon card with its photos and attributes. */
function card() {
  return {
    ...article({ type: 'normale' }),
    slug: regex(SLUG, 'charizard-ex-151-italiano'),
    sku: string('PKM-151-199'),
    ean: nullValue(),
    title: string('Charizard ex 151 italiano'),
    description: string('Carta singola della serie 151.'),
    category: regex('^Pokemon$', 'Pokemon'),
    weight: nullValue(),
    dimensions: nullValue(),
    photo_url: regex(MEDIA, '/media/articles/charizard-front-400.webp'),
    photos: eachLike({
      id: string('f1'),
      url: regex(MEDIA, '/media/articles/charizard-front-400.webp'),
      zoom_url: regex(MEDIA, '/media/articles/charizard-front-1600.webp'),
      alt: string('Charizard ex 151 italiano, fronte'),
    }),
    attributes: like({ condition: 'near_mint', language: 'it' }),
  };
}

describe('mf-catalog → svc-catalog: article pages and search', () => {
  it('GET /public/articles/by-slug/{slug} answers the article of that address', async () => {
    await pact
      .addInteraction()
      .given(SLUG_STATE)
      .uponReceiving('a request for an article by its slug')
      .withRequest('GET', '/public/articles/by-slug/charizard-ex-151-italiano', (request) =>
        request.headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) => {
        json(response);
        response.jsonBody(card());
      })
      .executeTest(async (mockServer) => {
        const found = await createCatalogApi(mockServer.url).articleBySlug('charizard-ex-151-italiano');
        expect(found).toMatchObject({
          slug: 'charizard-ex-151-italiano',
          category: 'Pokemon',
          attributes: { condition: 'near_mint', language: 'it' },
        });
        expect(found.photos[0]!.zoom_url).toBe('/media/articles/charizard-front-1600.webp');
      });
  });

  it('GET /public/articles/by-slug/{slug} answers 404 with a detail for an address of no article', async () => {
    await pact
      .addInteraction()
      .given(SLUG_STATE)
      .uponReceiving('a request for an article by a slug no article has')
      .withRequest('GET', '/public/articles/by-slug/nessun-articolo-cosi', (request) =>
        request.headers({ Accept: 'application/json' }),
      )
      .willRespondWith(404, (response) => {
        json(response);
        response.jsonBody({ detail: string('Articolo non trovato') });
      })
      .executeTest(async (mockServer) => {
        await expect(
          createCatalogApi(mockServer.url).articleBySlug('nessun-articolo-cosi'),
        ).rejects.toMatchObject({ status: 404 });
      });
  });

  it('GET /public/search?q=charizzard answers the results with the corrected words and the facets', async () => {
    const facet = (value: string) => eachLike({ value: string(value), count: integer(1) });
    await pact
      .addInteraction()
      .given('active articles to search')
      .uponReceiving('a search with a typo')
      .withRequest('GET', '/public/search', (request) =>
        request.query({ q: 'charizzard' }).headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) => {
        json(response);
        response.jsonBody({
          items: eachLike(card()),
          total: integer(1),
          page: integer(1),
          page_size: integer(24),
          corrected: string('charizard'),
          facets: {
            category: facet('pokemon'),
            condition: facet('near_mint'),
            language: facet('it'),
            availability: facet('in_stock'),
          },
        });
      })
      .executeTest(async (mockServer) => {
        const results = await createCatalogApi(mockServer.url).search({ q: 'charizzard' });
        expect(results.corrected).toBe('charizard');
        expect(results.items[0]).toMatchObject({ slug: 'charizard-ex-151-italiano' });
        expect(results.facets.category[0]).toEqual({ value: 'pokemon', count: 1 });
      });
  });
});

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
