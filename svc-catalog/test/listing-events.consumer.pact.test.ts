// Consumer contract of svc-catalog with svc-channels' listing.changed: the report svc-catalog keeps for the back
// office's GET /api/articles/{id}/ebay. Writes contracts/pacts/svc-catalog-svc-channels.json (this file is its only
// writer); svc-channels/test/listing-events.provider.pact.test.ts verifies it.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import request from 'supertest';
import { EbayListing, parseEvent, type Event } from '@edicola/contracts';
import { makeTokens, startTestService, type TestService, type TestTokens } from '@edicola/platform/testing';
import { articles, ebayListings } from '../src/db/schema';
import { onListingChanged } from '../src/events/listing-changed';
import { catalogService } from '../src/service';

const { datetime, integer, string, uuid } = MatchersV3;
const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";
const LISTED_ARTICLE = '4f1f5f43-2f0e-4b7a-9c39-1f4f9a1e1a01';
const REFUSED_ARTICLE = '5a2e6b71-3c8d-4e9f-8a1b-2c3d4e5f6a7b';

const pact = new PactV4({
  consumer: 'svc-catalog',
  provider: 'svc-channels',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

describe('svc-catalog consumes listing.changed from svc-channels', () => {
  let catalog: TestService<unknown>;
  let tokens: TestTokens;
  const db = () => catalog.testDatabase.database.db;

  beforeAll(async () => {
    tokens = await makeTokens();
    catalog = await startTestService(catalogService, {
      verifier: tokens.verifier,
      env: { DEMO_DATA: 'false' },
    });
    for (const [id, sku] of [
      [LISTED_ARTICLE, 'CAS-AGO-12'],
      [REFUSED_ARTICLE, 'CAS-AGV-46'],
    ] as const)
      await db().insert(articles).values({
        id,
        sku,
        title: 'Casco replica 1:2',
        description: 'Usato dal test Pact',
        category: 'Modellismo',
        priceCents: 12000,
        quantityStock: 3,
      });
  }, 60_000);
  afterAll(() => catalog?.stop());

  /** Hands the event to svc-catalog's handler in a transaction, as its bus does. */
  const deliver = (event: Event<'listing.changed'>) =>
    db().transaction((tx) => onListingChanged(event, tx, { afterCommit: () => undefined }));
  const listingOf = async (id: string) => {
    const answer = await request(catalog.service.app)
      .get(`/api/articles/${id}/ebay`)
      .set('Authorization', `Bearer ${tokens.staff}`);
    expect(answer.status).toBe(200);
    return EbayListing.parse(answer.body);
  };

  it('keeps the listing eBay published, and not an older report after it', () =>
    pact
      .addAsynchronousInteraction()
      .given('eBay published the listing of an article')
      .expectsToReceive('a listing.changed event for a listing published on eBay', (builder) => {
        builder
          .withJSONContent({
            id: uuid('2c4e6a8b-0d1f-4a3b-9c5d-7e9f1a3b5c7d'),
            type: 'listing.changed',
            version: 1,
            occurred_at: datetime(ISO, '2026-11-28T09:00:30.000Z'),
            source: 'svc-channels',
            correlation_id: string('job:ebay.listing:4f1f5f43'),
            data: {
              article_id: uuid(LISTED_ARTICLE),
              channel: 'ebay',
              revision: integer(3),
              state: 'listed',
              listing_id: string('110554321234'),
              listing_url: string('https://www.ebay.it/itm/110554321234'),
              quantity: integer(2),
              error: null,
              changed_at: datetime(ISO, '2026-11-28T09:00:30.000Z'),
            },
          })
          .withMetadata({ routingKey: 'listing.changed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const event = parseEvent(message.contents.content) as Event<'listing.changed'>;
        expect(event.type).toBe('listing.changed');
        const report = event.data;
        await deliver(event);
        expect(await listingOf(LISTED_ARTICLE)).toMatchObject({
          state: 'listed',
          listing_id: report.listing_id,
          listing_url: report.listing_url,
          quantity_on_ebay: report.quantity,
          error: null,
          updated_at: report.changed_at,
        });
        // An older report arriving late changes nothing.
        await deliver({
          ...event,
          data: {
            ...report,
            revision: report.revision - 1,
            state: 'pending',
            listing_id: null,
            quantity: null,
          },
        });
        const [kept] = await db()
          .select()
          .from(ebayListings)
          .where(eq(ebayListings.articleId, LISTED_ARTICLE));
        expect(kept).toMatchObject({
          state: 'listed',
          listingRevision: report.revision,
          quantity: report.quantity,
        });
      }));

  it('keeps the reason eBay refused a listing for the back office', () =>
    pact
      .addAsynchronousInteraction()
      .given('eBay refused the listing of an article')
      .expectsToReceive('a listing.changed event for a listing eBay refused', (builder) => {
        builder
          .withJSONContent({
            id: uuid('3d5f7b9c-1e2a-4b4c-8d6e-8f0a2b4c6d8e'),
            type: 'listing.changed',
            version: 1,
            occurred_at: datetime(ISO, '2026-11-28T09:05:00.000Z'),
            source: 'svc-channels',
            correlation_id: string('job:ebay.listing:5a2e6b71'),
            data: {
              article_id: uuid(REFUSED_ARTICLE),
              channel: 'ebay',
              revision: integer(1),
              state: 'error',
              listing_id: null,
              listing_url: null,
              quantity: null,
              error: string('eBay ha rifiutato l’annuncio: la categoria richiede la marca'),
              changed_at: datetime(ISO, '2026-11-28T09:05:00.000Z'),
            },
          })
          .withMetadata({ routingKey: 'listing.changed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const event = parseEvent(message.contents.content) as Event<'listing.changed'>;
        expect(event.type).toBe('listing.changed');
        await deliver(event);
        expect(await listingOf(REFUSED_ARTICLE)).toMatchObject({
          state: 'error',
          listing_id: null,
          listing_url: null,
          quantity_on_ebay: null,
          error: event.data.error,
        });
      }));
});
