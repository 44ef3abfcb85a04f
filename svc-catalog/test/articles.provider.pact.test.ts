import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import pino from 'pino';
import { startTestService, type TestService, makeTokens, type TestTokens } from '@edicola/platform/testing';
import {
  articlePhotos,
  articles,
  articleSlugs,
  ebayListings,
  purchases,
  rateLimitCounters,
  reservations,
  restocks,
  reviews,
  reviewVotes,
  stockMovements,
  visits,
} from '../src/db/schema';
import { loadDemoCatalogue } from '../src/demo/seed';
import { catalogService } from '../src/service';
import { adjustStock } from '../src/stock/adjustments';
import { recordVisit } from '../src/visits/recording';

const ARTICLE_ID = '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60';
const REVIEW_ID = '8b2e4c1d-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const PRESALE_ID = '4a8d2b63-0b5f-4c64-9b1a-2d3c4e5f6a71';
const RESERVATION_ID = '5b9e3c74-1c6a-4d75-8c2b-3e4d5f6a7b82';
/** The counter's article found by its barcode. */
const COUNTER_ARTICLE_ID = '7d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e';
const EAN = '8001234567897';
/** The back office's article whose eBay listing it shows. */
const EBAY_ARTICLE_ID = '4f1f5f43-2f0e-4b7a-9c39-1f4f9a1e1a01';
/** The article page's article (mf-catalog, the shell): a single card with two photos. */
const CARD_ID = '6c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
/** The back office's article whose photos are reordered and deleted. */
const PHOTOS_ARTICLE_ID = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
const PHOTO_IDS = ['1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e'];
const pacts = [
  'mf-catalog-svc-catalog.json',
  'shell-svc-catalog.json',
  'mf-checkout-svc-catalog.json',
  'mf-admin-svc-catalog.json',
].map((file) => path.resolve(__dirname, '../../contracts/pacts', file));

// The real svc-catalog app, on a real database, answers what the slices' API clients expect.
describe('svc-catalog honours its pacts with mf-catalog, mf-checkout, mf-admin and the shell', () => {
  let catalog: TestService<unknown>;
  let server: Server;
  let tokens: TestTokens;
  /** The token the back office's calls carry: a staff user's, an admin's when the state says so. */
  let bearer: string;
  const db = () => catalog.testDatabase.database.db;

  async function articleExists() {
    await db().insert(articles).values({
      id: ARTICLE_ID,
      sku: 'PACT-SF23-18',
      title: 'Ferrari SF-23 1:18',
      description: 'Articolo dei contratti Pact',
      category: 'Modellismo',
      priceCents: 18900,
      quantityStock: 3,
    });
  }

  /**
   * Every article and what hangs on it (photos, former slugs, ledger, reviews, eBay settings, reservations),
   * the visits and the rate limits' counters go; the stored photo files stay (content-named, written once).
   */
  async function emptyCatalogue() {
    // Rows, not TRUNCATE: it would wait for the lock of the service's own connections. Referencing tables first.
    for (const table of [
      reviewVotes,
      reviews,
      articlePhotos,
      articleSlugs,
      stockMovements,
      ebayListings,
      reservations,
      purchases,
      restocks,
      visits,
      rateLimitCounters,
      articles,
    ])
      await db().delete(table);
  }

  /** An article on the shop with two photos (front and back), the first its cover; `attributes` its card's. */
  async function articleWithPhotos(
    id: string,
    values: { sku: string; title: string; category: string; attributes?: Record<string, unknown> },
    photoIds: string[],
  ) {
    await db()
      .insert(articles)
      .values({
        id,
        ...values,
        description: 'Articolo dei contratti Pact',
        priceCents: 12900,
        ivaPercentage: 22,
        quantityStock: 1,
        photoUrl: `/media/articles/${'a'.repeat(24)}-400.webp`,
      });
    await db()
      .insert(articlePhotos)
      .values(
        photoIds.map((photoId, position) => ({
          id: photoId,
          articleId: id,
          position,
          url: `/media/articles/${(position ? 'b' : 'a').repeat(24)}-400.webp`,
          zoomUrl: `/media/articles/${(position ? 'b' : 'a').repeat(24)}-1600.webp`,
          alt: position ? `${values.title}, retro` : `${values.title}, fronte`,
        })),
      );
  }

  /** The single card whose page is /prodotti/charizard-ex-151-italiano. */
  const charizard = () =>
    articleWithPhotos(
      CARD_ID,
      {
        sku: 'PACT-CHAR-151-IT',
        title: 'Charizard ex 151 italiano',
        category: 'Pokemon',
        attributes: {
          condition: 'near_mint',
          language: 'it',
          grader: 'PSA',
          grade: 10,
          // Not the demo's PSA 84512377: a certificate number is unique per grader.
          certificate_number: '84512390',
        },
      },
      ['3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f', '4d5e6f7a-8b9c-4d0e-9f2a-3b4c5d6e7f80'],
    );

  /** The eBay article, on the shop with 3 units; its eBay settings and listing as `ebay` gives them (none: removed). */
  async function ebayArticle(ebay: Omit<typeof ebayListings.$inferInsert, 'articleId'> | null) {
    await db().insert(articles).values({
      id: EBAY_ARTICLE_ID,
      sku: 'PACT-EBAY-1',
      title: 'Casco Agostini replica 1:2',
      description: 'Articolo eBay dei contratti Pact',
      category: 'Modellismo',
      priceCents: 12000,
      ivaPercentage: 22,
      quantityStock: 3,
    });
    if (ebay)
      await db()
        .insert(ebayListings)
        .values({ articleId: EBAY_ARTICLE_ID, ...ebay });
  }

  /** A pre-sale or reservation article, on the shop, available from March 2027. */
  async function articleOfKind(id: string, productType: 'prevendita' | 'prenotazione', params: unknown) {
    const { sku } = params as { sku: string };
    await db()
      .insert(articles)
      .values({
        id,
        sku,
        title: `Modellino in ${productType}`,
        description: 'Articolo dei contratti Pact',
        category: 'Modellismo',
        productType,
        availabilityDate: '2027-03-01',
        priceCents: 4990,
        quantityStock: 10,
      });
  }

  /** The state's review of the article, approved or pending, without a reply; the newest of the shop. */
  async function reviewOfArticle(approved: boolean) {
    await articleExists();
    await db()
      .insert(reviews)
      .values({
        id: REVIEW_ID,
        articleId: ARTICLE_ID,
        rating: 5,
        title: 'Bellissimo',
        comment: "Identico all'originale.",
        customerName: 'Maria',
        customerEmail: 'maria@example.com',
        approved,
        approvedAt: approved ? new Date() : null,
      });
  }

  beforeAll(async () => {
    tokens = await makeTokens();
    catalog = await startTestService(catalogService, {
      verifier: tokens.verifier,
      // No cached public list: each interaction reads what its state has just written.
      env: { DEMO_DATA: 'false', CATALOG_CACHE_TTL_MS: '0' },
    });
    server = await catalog.service.listen(0, '127.0.0.1');
  }, 60_000);
  afterAll(() => catalog?.stop());

  it(
    'verifies every interaction',
    () =>
      new Verifier({
        provider: 'svc-catalog',
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        pactUrls: pacts,
        // The back office's calls carry a token of the consumer's making: a staff token this service trusts
        // takes its place.
        requestFilter: (req, _res, next) => {
          if (req.headers.authorization) req.headers.authorization = `Bearer ${bearer}`;
          next();
        },
        // Once per interaction, before its states: an empty catalogue, so that every state sets up all its
        // interaction reads whatever ran before (pact picks the order).
        beforeEach: async () => {
          bearer = tokens.staff;
          await emptyCatalogue();
        },
        stateHandlers: {
          'the demo catalogue is loaded': async () => {
            await loadDemoCatalogue(db(), catalog.service.context.bus, pino({ level: 'silent' }));
          },
          [`article ${ARTICLE_ID} exists`]: articleExists,
          // The article page and the search (docs/product/article-pages.md).
          'an active article with slug charizard-ex-151-italiano': charizard,
          'active articles to search': charizard,
          // The back office's photo editor: the state's params may name the article and its photos.
          'an article with two photos': async (params) => {
            // The back office names the article and each of its two photos.
            const {
              id = PHOTOS_ARTICLE_ID,
              first_photo_id = PHOTO_IDS[0]!,
              second_photo_id = PHOTO_IDS[1]!,
            } = (params ?? {}) as { id?: string; first_photo_id?: string; second_photo_id?: string };
            await articleWithPhotos(
              id,
              { sku: 'PACT-PHOTOS-1', title: 'Ferrari SF-24 1:18 con due foto', category: 'Modellismo' },
              [first_photo_id, second_photo_id],
            );
          },
          [`a prevendita article ${PRESALE_ID} exists`]: (params) =>
            articleOfKind(PRESALE_ID, 'prevendita', params),
          [`a prenotazione article ${RESERVATION_ID} exists`]: (params) =>
            articleOfKind(RESERVATION_ID, 'prenotazione', params),
          [`article ${ARTICLE_ID} has an approved review ${REVIEW_ID}`]: () => reviewOfArticle(true),
          [`article ${ARTICLE_ID} has a pending review ${REVIEW_ID}`]: () => reviewOfArticle(false),
          [`article ${COUNTER_ARTICLE_ID} has the EAN ${EAN}`]: async () => {
            const counterArticle = {
              sku: 'PACT-POKE-151',
              ean: EAN,
              title: 'Pokémon 151 Bustina',
              description: 'Articolo della cassa nei contratti Pact',
              category: 'Carte collezionabili',
              priceCents: 450,
              ivaPercentage: 22,
              quantityStock: 3,
            };
            await db()
              .insert(articles)
              .values({ id: COUNTER_ARTICLE_ID, ...counterArticle });
          },
          [`article ${ARTICLE_ID} had goods received`]: async () => {
            await articleExists();
            await adjustStock(
              db(),
              catalog.service.context.bus,
              ARTICLE_ID,
              { delta: 2, reason: 'received', note: 'DDT 12' },
              'gennaro',
            );
          },
          [`the article ${EBAY_ARTICLE_ID} exists and is listed on eBay`]: () =>
            ebayArticle({
              enabled: true,
              priceCents: 15990,
              buffer: 1,
              settingsUpdatedAt: new Date('2026-11-28T09:00:00.000Z'),
              settingsUpdatedBy: 'commesso',
              state: 'listed',
              listingRevision: 2,
              listingId: '110554321234',
              listingUrl: 'https://www.ebay.it/itm/110554321234',
              quantity: 2,
              error: null,
              reportedAt: new Date('2026-11-28T09:00:30.000Z'),
            }),
          [`the article ${EBAY_ARTICLE_ID} exists and is not on eBay`]: () => ebayArticle(null),
          // The reviews stay, without a reply (the lists' reviews have none).
          'no review has a reply': async () => {
            await db().update(reviews).set({ replyText: null, repliedAt: null });
          },
          'a visit was recorded': async () => {
            await recordVisit(
              db(),
              { page_url: '/catalogo', page_title: 'Catalogo', session_id: 'pact-1' },
              'IT',
            );
          },
          // The back office's new article (a multipart form): its SKU is free in the empty catalogue.
          'no article has the SKU PACT-NEW-1': async () => {},
          // Deleting an article is for admins: the interaction's token becomes an admin's.
          'the staff user is an admin': async () => {
            bearer = tokens.admin;
          },
        },
        logLevel: 'warn',
      }).verifyProvider(),
    // The demo catalogue is drawn and loaded for each of its four interactions.
    240_000,
  );
});
