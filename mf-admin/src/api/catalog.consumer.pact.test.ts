/**
 * @jest-environment node
 */
// Consumer contract of mf-admin with svc-catalog (the back office's article and review screens): the REAL
// api modules against the Pact mock server. Writes contracts/pacts/mf-admin-svc-catalog.json (this file is
// its only writer). The bearer token is matched by shape; the provider's verification puts in a staff
// token it trusts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { JSDOM } from 'jsdom';
import { ADMIN_ONLY_DETAIL } from '@edicola/contracts';
import { createAdminApi } from '.';
import { storeStaffToken } from '../staffToken';
import { emptyDraft, formDataOf } from '../pages/articles/articleForm';

const { eachLike, integer, number, regex, string, boolean, like } = MatchersV3;

const ARTICLE_ID = '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60';
const BEARER = regex('^Bearer [A-Za-z0-9._~+/=-]+$', 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
const JSON_TYPE = regex('application/json.*', 'application/json; charset=utf-8');

const pact = new PactV4({
  consumer: 'mf-admin',
  provider: 'svc-catalog',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

const adminArticle = {
  id: string(ARTICLE_ID),
  slug: string('ferrari-sf-23-1-18'),
  sku: string('PACT-SF23-18'),
  title: string('Ferrari SF-23 1:18'),
  description: string('Articolo dei contratti Pact'),
  category: string('Modellismo'),
  product_type: regex('^(normale|prevendita|prenotazione)$', 'normale'),
  availability_date: null,
  price: number(189),
  iva_percentage: integer(22),
  quantity_stock: integer(3),
  weight: null,
  dimensions: null,
  photo_url: null,
  photos: [],
  // Any attributes (a model's scale and maker, or none): the article of the states sets none.
  attributes: {},
  is_active: boolean(true),
  shipping_cost_national: integer(0),
  shipping_cost_international: integer(0),
  share_facebook: boolean(false),
  share_instagram: boolean(false),
  share_whatsapp: boolean(false),
  created_at: string('2026-11-24T10:00:00.000Z'),
  updated_at: string('2026-11-24T10:00:00.000Z'),
  ean: null,
  low_stock_threshold: integer(2),
  sale_starts_at: null,
  max_per_buyer: null,
  version: integer(1),
};

// Any stored token: the client reads it for every call.
const withToken = () => {
  const storage = new Map<string, string>();
  Object.assign(globalThis, {
    window: {
      localStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => storage.set(k, v),
        removeItem: (k: string) => storage.delete(k),
      },
    },
  });
  storeStaffToken('eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
};

describe('mf-admin → svc-catalog', () => {
  beforeEach(withToken);

  it('GET /api/articles answers a page of articles, searched on the server', async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} exists`)
      .uponReceiving('a staff search of the articles')
      .withRequest('GET', '/api/articles', (request) =>
        request
          .query({ q: 'SF-23', sort: 'title', page: '1', page_size: '20' })
          .headers({ Authorization: BEARER, Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          items: eachLike(adminArticle),
          total: integer(1),
          page: integer(1),
          page_size: integer(20),
        }),
      )
      .executeTest(async (mockServer) => {
        const page = await createAdminApi(mockServer.url).articles.list('all', {
          q: 'SF-23',
          sort: 'title',
          page: 1,
          page_size: 20,
        });
        expect(page.items[0]).toMatchObject({ id: ARTICLE_ID, low_stock_threshold: 2, version: 1 });
      });
  });

  it('GET /api/admin/articles/counts answers the tab counts', async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} exists`)
      .uponReceiving('a staff request for the article counts')
      .withRequest('GET', '/api/admin/articles/counts', (request) =>
        request.headers({ Authorization: BEARER, Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          articles: integer(1),
          prevendita: integer(0),
          prenotazione: integer(0),
          low_stock: integer(0),
        }),
      )
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).articles.counts()).resolves.toMatchObject({
          articles: 1,
        });
      });
  });

  it('POST /api/articles/{id}/stock moves the stock by a delta and records it', async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} exists`)
      .uponReceiving('a stock delta for goods received')
      .withRequest('POST', `/api/articles/${ARTICLE_ID}/stock`, (request) =>
        request
          .headers({ Authorization: BEARER, 'Content-Type': 'application/json', Accept: 'application/json' })
          .jsonBody({ delta: 2, reason: 'received', note: 'DDT 12' }),
      )
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          article: like({ ...adminArticle, quantity_stock: integer(5) }),
          movement: {
            id: string('0b6f0a3e-7c1d-4f8a-9e2b-3c4d5e6f7a8b'),
            article_id: string(ARTICLE_ID),
            delta: integer(2),
            reason: string('received'),
            channel: null,
            reference: null,
            note: string('DDT 12'),
            stock_after: integer(5),
            username: string('gennaro'),
            created_at: string('2026-11-24T10:00:00.000Z'),
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const answer = await createAdminApi(mockServer.url).articles.adjustStock(ARTICLE_ID, {
          delta: 2,
          reason: 'received',
          note: 'DDT 12',
        });
        expect(answer.movement).toMatchObject({ delta: 2, stock_after: 5 });
      });
  });

  it('GET /api/admin/reviews/stats answers the review statistics', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a staff request for the review statistics')
      .withRequest('GET', '/api/admin/reviews/stats', (request) =>
        request.headers({ Authorization: BEARER, Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          total_reviews: integer(0),
          approved_reviews: integer(0),
          pending_reviews: integer(0),
          average_rating: number(0),
        }),
      )
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).reviews.stats()).resolves.toHaveProperty('total_reviews');
      });
  });
});

// --- The rest of the back office's calls to svc-catalog: statistics, IVA options, stock history, the quick
// active toggle, deletion, the reviews panel.

const REVIEW_ID = '8b2e4c1d-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const PRESALE_ID = '4a8d2b63-0b5f-4c64-9b1a-2d3c4e5f6a71';
const RESERVATION_ID = '5b9e3c74-1c6a-4d75-8c2b-3e4d5f6a7b82';
const ISO_DATETIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
/** Pact's request builder keeps its interaction, whose text body is what a multipart form needs. */
type TextBody = { interaction: { withRequestBody(body: string, contentType: string): void } };

const AUTH_ONLY = { Authorization: BEARER, Accept: 'application/json' };

/** The review of the review states: Maria's five stars, no reply (the states clear it). */
const review = (changes: Record<string, unknown> = {}) => ({
  id: REVIEW_ID,
  article_id: ARTICLE_ID,
  order_id: null,
  article_title: string('Ferrari SF-23 1:18'),
  rating: integer(5),
  title: string('Bellissimo'),
  comment: string("Identico all'originale."),
  customer_name: string('Maria'),
  customer_email: string('maria@example.com'),
  is_verified_purchase: boolean(false),
  helpful_count: integer(0),
  created_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
  approved: boolean(true),
  admin_reply: null,
  ...changes,
});

describe('mf-admin → svc-catalog (statistiche, articoli, recensioni)', () => {
  beforeEach(withToken);

  it.each(['prevendita', 'prenotazione'] as const)(
    'GET /api/admin/articles/%s answers a page of that kind of article',
    async (kind) => {
      const id = kind === 'prevendita' ? PRESALE_ID : RESERVATION_ID;
      const sku = `PACT-${kind.toUpperCase()}`;
      await pact
        .addInteraction()
        .given(`a ${kind} article ${id} exists`, { sku })
        .uponReceiving(`a staff search of the ${kind} articles`)
        .withRequest('GET', `/api/admin/articles/${kind}`, (request) =>
          request.query({ q: sku, sort: 'date', page: '1', page_size: '20' }).headers(AUTH_ONLY),
        )
        .willRespondWith(200, (response) =>
          response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
            items: eachLike({
              ...adminArticle,
              id: string(id),
              sku: string(sku),
              product_type: kind,
              availability_date: regex('^\\d{4}-\\d{2}-\\d{2}$', '2027-03-01'),
            }),
            total: integer(1),
            page: integer(1),
            page_size: integer(20),
          }),
        )
        .executeTest(async (mockServer) => {
          const page = await createAdminApi(mockServer.url).articles.list(kind, {
            q: sku,
            sort: 'date',
            page: 1,
            page_size: 20,
          });
          expect(page.items[0]).toMatchObject({ id, product_type: kind, availability_date: '2027-03-01' });
        });
    },
  );

  it('GET /analytics/stats answers the visit statistics', async () => {
    await pact
      .addInteraction()
      .given('a visit was recorded')
      .uponReceiving('a staff request for the visit statistics')
      .withRequest('GET', '/analytics/stats', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          total_visits: integer(1),
          unique_visitors: integer(1),
          today_visits: integer(1),
          this_week_visits: integer(1),
          popular_pages: eachLike({ page: string('/catalogo'), visits: integer(1) }),
          visits_by_day: eachLike(
            { date: regex('^\\d{4}-\\d{2}-\\d{2}$', '2026-11-24'), visits: integer(1) },
            7,
          ),
          visits_by_country: eachLike({
            country: string('Italia'),
            country_code: regex('^[A-Z]{2}$', 'IT'),
            visits: integer(1),
          }),
          last_7_days_visits: integer(1),
          previous_7_days_visits: integer(0),
        }),
      )
      .executeTest(async (mockServer) => {
        const stats = await createAdminApi(mockServer.url).analytics.visits();
        expect(stats.visits_by_day).toHaveLength(7);
        expect(stats.visits_by_country[0]).toMatchObject({ country: 'Italia', country_code: 'IT' });
      });
  });

  it('GET /api/config/iva-options answers the four VAT rates of docs/product/constants.md#vat-rates', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a staff request for the IVA options')
      .withRequest('GET', '/api/config/iva-options', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody([
          { value: 22, label: string('22% - Beni e servizi standard') },
          { value: 10, label: string('10% - Alimenti e libri') },
          { value: 4, label: string('4% - Alimenti di prima necessità') },
          { value: 0, label: string('0% - Esente IVA') },
        ]),
      )
      .executeTest(async (mockServer) => {
        const options = await createAdminApi(mockServer.url).articles.ivaOptions();
        expect(options.map((o) => o.value)).toEqual([22, 10, 4, 0]);
      });
  });

  it("GET /api/articles/{id}/stock-movements answers the article's stock ledger, newest first", async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} had goods received`)
      .uponReceiving("a staff request for an article's stock ledger")
      .withRequest('GET', `/api/articles/${ARTICLE_ID}/stock-movements`, (request) =>
        request.headers(AUTH_ONLY),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(
          eachLike({
            id: string('0b6f0a3e-7c1d-4f8a-9e2b-3c4d5e6f7a8b'),
            article_id: ARTICLE_ID,
            delta: integer(2),
            reason: regex('^(received|correction|damaged|sale|release|return)$', 'received'),
            channel: null,
            reference: null,
            note: string('DDT 12'),
            stock_after: integer(5),
            username: string('gennaro'),
            created_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
          }),
        ),
      )
      .executeTest(async (mockServer) => {
        const history = await createAdminApi(mockServer.url).articles.stockHistory(ARTICLE_ID);
        expect(history[0]).toMatchObject({ article_id: ARTICLE_ID, reason: 'received' });
      });
  });

  it('POST /api/articles saves a new article sent as a multipart form (XMLHttpRequest, for the progress)', async () => {
    // The form exactly as the article dialog builds it (articleForm.ts), for a new article without a photo.
    const draft = {
      ...emptyDraft(),
      sku: 'PACT-NEW-1',
      title: 'Casco Leclerc 1:2',
      description: 'Nuovo articolo dai contratti',
      category: 'Caschi',
      price: '129.90',
      quantity_stock: '4',
    };
    const boundary = '----edicolaPactBoundary';
    const fields: [string, string][] = [
      ['sku', 'PACT-NEW-1'],
      ['title', 'Casco Leclerc 1:2'],
      ['description', 'Nuovo articolo dai contratti'],
      ['category', 'Caschi'],
      ['product_type', 'normale'],
      ['price', '129.90'],
      ['iva_percentage', '22'],
      ['quantity_stock', '4'],
      ['low_stock_threshold', '2'],
      ['is_active', 'true'],
      ['share_facebook', 'false'],
      ['share_instagram', 'false'],
      ['share_whatsapp', 'false'],
      ['shipping_cost_national', '0.00'],
      ['shipping_cost_international', '0.00'],
      // A helmet without size or replica scale: no attributes set.
      ['attributes', '{}'],
    ];
    const body =
      fields
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('') + `--${boundary}--\r\n`;
    await pact
      .addInteraction()
      .given('no article has the SKU PACT-NEW-1')
      .uponReceiving('a new article sent as a multipart form')
      .withRequest('POST', '/api/articles', (request) => {
        request.headers({
          ...AUTH_ONLY,
          'Content-Type': regex(
            '^multipart/form-data; ?boundary=.+$',
            `multipart/form-data; boundary=${boundary}`,
          ),
        });
        // As text: Pact then matches the parts by name and value (its binary body would also demand a content
        // type of each part).
        (request as unknown as TextBody).interaction.withRequestBody(
          body,
          `multipart/form-data; boundary=${boundary}`,
        );
        return request;
      })
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          ...adminArticle,
          sku: string('PACT-NEW-1'),
          title: string('Casco Leclerc 1:2'),
          category: string('Caschi'),
          price: number(129.9),
          quantity_stock: integer(4),
        }),
      )
      .executeTest(async (mockServer) => {
        // A browser's XMLHttpRequest and FormData (jsdom's, on the mock server's own origin): the client uploads
        // with XMLHttpRequest to report the progress, which fetch cannot.
        const dom = new JSDOM('', { url: `${mockServer.url}/gestione` });
        const globals = globalThis as unknown as Record<string, unknown>;
        const saved = { XMLHttpRequest: globals.XMLHttpRequest, FormData: globals.FormData };
        Object.assign(globals, { XMLHttpRequest: dom.window.XMLHttpRequest, FormData: dom.window.FormData });
        try {
          const article = await createAdminApi(mockServer.url).articles.save(null, formDataOf(draft, {}));
          expect(article).toMatchObject({ sku: 'PACT-NEW-1', quantity_stock: 4 });
        } finally {
          Object.assign(globals, saved);
          dom.window.close();
        }
      });
  });

  it('PATCH /api/articles/{id}/active takes an article off the shop', async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} exists`)
      .uponReceiving('a staff switching an article off')
      .withRequest('PATCH', `/api/articles/${ARTICLE_ID}/active`, (request) =>
        request.headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' }).jsonBody({ is_active: false }),
      )
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ ...adminArticle, id: ARTICLE_ID, is_active: false }),
      )
      .executeTest(async (mockServer) => {
        const article = await createAdminApi(mockServer.url).articles.setActive(ARTICLE_ID, false);
        expect(article).toMatchObject({ id: ARTICLE_ID, is_active: false });
      });
  });

  it("DELETE /api/articles/{id} deletes an article (admin): 'Articolo eliminato con successo!'", async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} exists`)
      .given('the staff user is an admin')
      .uponReceiving('an admin deleting an article')
      .withRequest('DELETE', `/api/articles/${ARTICLE_ID}`, (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ message: 'Articolo eliminato con successo!', id: ARTICLE_ID }),
      )
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).articles.remove(ARTICLE_ID)).resolves.toEqual({
          id: ARTICLE_ID,
        });
      });
  });

  it('DELETE /api/articles/{id} is for admins only (403 for a staff user)', async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} exists`)
      .uponReceiving('a staff user (not admin) deleting an article')
      .withRequest('DELETE', `/api/articles/${ARTICLE_ID}`, (request) => request.headers(AUTH_ONLY))
      .willRespondWith(403, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({ detail: ADMIN_ONLY_DETAIL }),
      )
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).articles.remove(ARTICLE_ID)).rejects.toMatchObject({
          status: 403,
          detail: ADMIN_ONLY_DETAIL,
        });
      });
  });

  it.each(['all', 'pending'] as const)('GET /api/admin/reviews/%s lists the reviews', async (which) => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} has ${which === 'all' ? 'an approved' : 'a pending'} review ${REVIEW_ID}`)
      // The lists hold every review of the shop (the demo catalogue's too): none with a reply here.
      .given('no review has a reply')
      .uponReceiving(`a staff request for the ${which === 'all' ? '' : 'pending '}reviews`)
      .withRequest('GET', `/api/admin/reviews/${which}`, (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(
          eachLike(
            review({
              id: string(REVIEW_ID),
              article_id: string(ARTICLE_ID),
              approved: which === 'pending' ? false : boolean(true),
            }),
          ),
        ),
      )
      .executeTest(async (mockServer) => {
        const reviews = await createAdminApi(mockServer.url).reviews.list(which);
        expect(reviews[0]).toMatchObject({ id: REVIEW_ID, article_id: ARTICLE_ID });
      });
  });

  it('PATCH /api/admin/reviews/{id}/approve publishes a pending review', async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} has a pending review ${REVIEW_ID}`)
      .uponReceiving('a staff approving a review')
      .withRequest('PATCH', `/api/admin/reviews/${REVIEW_ID}/approve`, (request) =>
        request.headers(AUTH_ONLY),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(review({ approved: true })),
      )
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).reviews.approve(REVIEW_ID)).resolves.toMatchObject({
          id: REVIEW_ID,
          approved: true,
        });
      });
  });

  it('PATCH /api/admin/reviews/{id}/approve answers 404 for a review that is not there', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a staff approving a review that does not exist')
      .withRequest('PATCH', '/api/admin/reviews/00000000-0000-4000-8000-000000000000/approve', (request) =>
        request.headers(AUTH_ONLY),
      )
      .willRespondWith(404, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string('Recensione non trovata') }),
      )
      .executeTest(async (mockServer) => {
        await expect(
          createAdminApi(mockServer.url).reviews.approve('00000000-0000-4000-8000-000000000000'),
        ).rejects.toMatchObject({ status: 404 });
      });
  });

  it('PATCH /api/admin/reviews/{id}/hide takes a review off the shop (back to pending)', async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} has an approved review ${REVIEW_ID}`)
      .uponReceiving('a staff hiding a review')
      .withRequest('PATCH', `/api/admin/reviews/${REVIEW_ID}/hide`, (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(review({ approved: false })),
      )
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).reviews.hide(REVIEW_ID)).resolves.toMatchObject({
          approved: false,
        });
      });
  });

  it('POST /admin/reviews/{id}/respond sets the shop’s reply under a review', async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} has an approved review ${REVIEW_ID}`)
      .uponReceiving('a staff reply to a review')
      .withRequest('POST', `/admin/reviews/${REVIEW_ID}/respond`, (request) =>
        request
          .headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' })
          .jsonBody({ response_text: 'Grazie Maria, a presto!' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(
          review({
            admin_reply: {
              reply_text: 'Grazie Maria, a presto!',
              created_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
            },
          }),
        ),
      )
      .executeTest(async (mockServer) => {
        const replied = await createAdminApi(mockServer.url).reviews.respond(
          REVIEW_ID,
          'Grazie Maria, a presto!',
        );
        expect(replied.admin_reply?.reply_text).toBe('Grazie Maria, a presto!');
      });
  });

  it('DELETE /api/admin/reviews/{id} deletes a review (204)', async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} has a pending review ${REVIEW_ID}`)
      .uponReceiving('a staff deleting a review')
      .withRequest('DELETE', `/api/admin/reviews/${REVIEW_ID}`, (request) => request.headers(AUTH_ONLY))
      .willRespondWith(204)
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).reviews.remove(REVIEW_ID)).resolves.toBeUndefined();
      });
  });
});

// --- The counter's calls to svc-catalog (docs/product/counter.md#counter-screen, #stock-ledger): the lookup by
// barcode and a unit sold elsewhere (Subito).

const EAN = '8001234567897';
const COUNTER_ARTICLE_ID = '7d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e';
const EXTERNAL_SALE_KEY = '6e0c9b1a-2d3f-4a5b-8c7d-9e0f1a2b3c4d';

describe('mf-admin → svc-catalog (cassa)', () => {
  beforeEach(withToken);

  it('GET /api/stock/lookup?q=<ean> finds the article with that barcode, its gross price and stock', async () => {
    await pact
      .addInteraction()
      .given(`article ${COUNTER_ARTICLE_ID} has the EAN ${EAN}`)
      .uponReceiving('a counter lookup by barcode')
      .withRequest('GET', '/api/stock/lookup', (request) => request.headers(AUTH_ONLY).query({ q: EAN }))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          articles: eachLike({
            id: COUNTER_ARTICLE_ID,
            sku: string('PACT-POKE-151'),
            ean: EAN,
            title: string('Pokémon 151 Bustina'),
            photo_url: null,
            is_active: boolean(true),
            price: number(4.5),
            iva_percentage: integer(22),
            gross_price: number(5.49),
            quantity_stock: integer(3),
            held_by_unpaid_orders: integer(0),
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const found = await createAdminApi(mockServer.url).articles.lookup(EAN);
        expect(found.articles[0]).toMatchObject({ id: COUNTER_ARTICLE_ID, ean: EAN, gross_price: 5.49 });
      });
  });

  it('POST /api/stock/external-sales takes a unit sold on Subito from the same stock and records it', async () => {
    await pact
      .addInteraction()
      .given(`article ${ARTICLE_ID} exists`)
      .uponReceiving('a unit sold on Subito')
      .withRequest('POST', '/api/stock/external-sales', (request) =>
        request
          .headers({
            Authorization: BEARER,
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'Idempotency-Key': EXTERNAL_SALE_KEY,
          })
          .jsonBody({
            article_id: ARTICLE_ID,
            quantity: 1,
            channel: 'subito',
            amount: 200,
            note: 'Ritiro a mano',
          }),
      )
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          article: like({ ...adminArticle, quantity_stock: integer(2) }),
          movement: {
            id: string('0b6f0a3e-7c1d-4f8a-9e2b-3c4d5e6f7a8b'),
            article_id: ARTICLE_ID,
            delta: -1,
            reason: 'sale',
            channel: 'subito',
            reference: null,
            note: 'Ritiro a mano',
            amount: 200,
            stock_after: integer(2),
            username: string('gennaro'),
            created_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const sold = await createAdminApi(mockServer.url).articles.externalSale(
          { article_id: ARTICLE_ID, quantity: 1, channel: 'subito', amount: 200, note: 'Ritiro a mano' },
          EXTERNAL_SALE_KEY,
        );
        expect(sold.movement).toMatchObject({ delta: -1, reason: 'sale', channel: 'subito', amount: 200 });
      });
  });
});

// --- "Vendi su eBay" in the article form (issue 26): the article's eBay settings and its listing's state, as
// svc-catalog keeps them (the state is svc-channels' last listing.changed).

const EBAY_ARTICLE_ID = '4f1f5f43-2f0e-4b7a-9c39-1f4f9a1e1a01';
const JSON_BODY = { Authorization: BEARER, 'Content-Type': 'application/json', Accept: 'application/json' };

describe('mf-admin → svc-catalog (eBay)', () => {
  beforeEach(withToken);

  it("GET /api/articles/{id}/ebay answers a listed article's eBay settings, state, quantity and link", async () => {
    await pact
      .addInteraction()
      .given(`the article ${EBAY_ARTICLE_ID} exists and is listed on eBay`)
      .uponReceiving("a staff request for an article's eBay listing")
      .withRequest('GET', `/api/articles/${EBAY_ARTICLE_ID}/ebay`, (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          article_id: EBAY_ARTICLE_ID,
          enabled: true,
          price: number(59.9),
          buffer: integer(1),
          state: 'listed',
          listing_id: string('110551234567'),
          listing_url: string('http://localhost:8080/demo/ebay/itm/110551234567'),
          quantity_on_ebay: integer(2),
          error: null,
          updated_at: regex(ISO_DATETIME, '2026-11-29T10:00:00.000Z'),
        }),
      )
      .executeTest(async (mockServer) => {
        const listing = await createAdminApi(mockServer.url).articles.ebay(EBAY_ARTICLE_ID);
        expect(listing).toMatchObject({ article_id: EBAY_ARTICLE_ID, state: 'listed', quantity_on_ebay: 2 });
      });
  });

  it('PUT /api/articles/{id}/ebay lists an article not on eBay: its settings, the listing still to come', async () => {
    await pact
      .addInteraction()
      .given(`the article ${EBAY_ARTICLE_ID} exists and is not on eBay`)
      .uponReceiving('a staff request to sell an article on eBay')
      .withRequest('PUT', `/api/articles/${EBAY_ARTICLE_ID}/ebay`, (request) =>
        request.headers(JSON_BODY).jsonBody({ enabled: true, price: 59.9, buffer: 1 }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          article_id: EBAY_ARTICLE_ID,
          enabled: true,
          price: 59.9,
          buffer: 1,
          // svc-channels has not answered yet: not listed until it does, or already asked of eBay.
          state: regex('^(not_listed|pending)$', 'pending'),
          listing_id: null,
          listing_url: null,
          quantity_on_ebay: null,
          error: null,
          updated_at: null,
        }),
      )
      .executeTest(async (mockServer) => {
        const listing = await createAdminApi(mockServer.url).articles.saveEbay(EBAY_ARTICLE_ID, {
          enabled: true,
          price: 59.9,
          buffer: 1,
        });
        expect(listing).toMatchObject({ enabled: true, price: 59.9, buffer: 1, listing_id: null });
      });
  });
});

// --- An article's photos (issue 27): one more, their order and alt texts, one less; each answers the article
// with its photos, the cover first. The state names the article and its two photos' ids.

const FIRST_PHOTO = 'a1b2c3d4-0001-4a00-8a00-000000000001';
const SECOND_PHOTO = 'a1b2c3d4-0002-4a00-8a00-000000000002';
const TWO_PHOTOS = { id: ARTICLE_ID, first_photo_id: FIRST_PHOTO, second_photo_id: SECOND_PHOTO };
const PHOTO_URL = '^/media/articles/[\\w.-]+$';
const photo = (id: string | ReturnType<typeof string>, alt: unknown) => ({
  id,
  url: regex(PHOTO_URL, '/media/articles/0123456789abcdef01234567-400.webp'),
  zoom_url: regex(PHOTO_URL, '/media/articles/0123456789abcdef01234567-1600.webp'),
  alt,
});
const withPhotos = (photos: unknown) => ({
  ...adminArticle,
  photo_url: regex(PHOTO_URL, '/media/articles/0123456789abcdef01234567-400.webp'),
  photos,
  version: integer(2),
});

describe('mf-admin → svc-catalog (foto degli articoli)', () => {
  beforeEach(withToken);

  it('POST /api/articles/{id}/photos adds a photo at the end, with its alt text', async () => {
    const png = path.resolve(__dirname, '../../public/pwa/icon-192.png');
    await pact
      .addInteraction()
      .given('an article with two photos', TWO_PHOTOS)
      .uponReceiving('a staff upload of one more photo')
      .withRequest('POST', `/api/articles/${ARTICLE_ID}/photos`, (request) =>
        request.headers(AUTH_ONLY).multipartBody('image/png', png, 'photo', 'edicolaPactPhotoBoundary'),
      )
      // A photo more is created: 201, with the article (as the service's own tests hold it).
      .willRespondWith(201, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody(
            withPhotos([
              photo(FIRST_PHOTO, string('Ferrari SF-23 1:18')),
              photo(SECOND_PHOTO, string('Ferrari SF-23 1:18')),
              photo(string('c3d4e5f6-0003-4a00-8a00-000000000003'), string('Ferrari SF-23 1:18')),
            ]),
          ),
      )
      .executeTest(async (mockServer) => {
        const dom = new JSDOM('', { url: `${mockServer.url}/gestione` });
        const globals = globalThis as unknown as Record<string, unknown>;
        const saved = { XMLHttpRequest: globals.XMLHttpRequest, FormData: globals.FormData };
        Object.assign(globals, { XMLHttpRequest: dom.window.XMLHttpRequest, FormData: dom.window.FormData });
        try {
          const file = new dom.window.File([readFileSync(png)], 'icon-192.png', { type: 'image/png' });
          const article = await createAdminApi(mockServer.url).articles.addPhoto(
            ARTICLE_ID,
            file as unknown as File,
            '',
          );
          expect(article.photos.map((p) => p.id).slice(0, 2)).toEqual([FIRST_PHOTO, SECOND_PHOTO]);
          expect(article.photos).toHaveLength(3);
        } finally {
          Object.assign(globals, saved);
          dom.window.close();
        }
      });
  });

  it('PUT /api/articles/{id}/photos takes the complete list in its new order: the second becomes the cover', async () => {
    const order = {
      photos: [
        { id: SECOND_PHOTO, alt: 'Retro della scatola' },
        { id: FIRST_PHOTO, alt: 'Ferrari SF-23 1:18' },
      ],
    };
    await pact
      .addInteraction()
      .given('an article with two photos', TWO_PHOTOS)
      .uponReceiving('a staff reordering the photos with their alt texts')
      .withRequest('PUT', `/api/articles/${ARTICLE_ID}/photos`, (request) =>
        request.headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' }).jsonBody(order),
      )
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody(
            withPhotos([
              photo(SECOND_PHOTO, 'Retro della scatola'),
              photo(FIRST_PHOTO, 'Ferrari SF-23 1:18'),
            ]),
          ),
      )
      .executeTest(async (mockServer) => {
        const article = await createAdminApi(mockServer.url).articles.orderPhotos(ARTICLE_ID, order);
        expect(article.photos.map((p) => [p.id, p.alt])).toEqual([
          [SECOND_PHOTO, 'Retro della scatola'],
          [FIRST_PHOTO, 'Ferrari SF-23 1:18'],
        ]);
        expect(article.photo_url).toBe(article.photos[0]!.url);
      });
  });

  it('DELETE /api/articles/{id}/photos/{photo_id} takes the cover away: the next photo becomes the cover', async () => {
    await pact
      .addInteraction()
      .given('an article with two photos', TWO_PHOTOS)
      .uponReceiving('a staff deleting the cover photo')
      .withRequest('DELETE', `/api/articles/${ARTICLE_ID}/photos/${FIRST_PHOTO}`, (request) =>
        request.headers(AUTH_ONLY),
      )
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody(withPhotos([photo(SECOND_PHOTO, string('Ferrari SF-23 1:18'))])),
      )
      .executeTest(async (mockServer) => {
        const article = await createAdminApi(mockServer.url).articles.removePhoto(ARTICLE_ID, FIRST_PHOTO);
        expect(article.photos.map((p) => p.id)).toEqual([SECOND_PHOTO]);
      });
  });
});
