// Consumer contract of svc-channels with svc-catalog's article.changed: the event as svc-channels' handler reads it
// (the listing's mirror, its quantity and price for eBay). Writes contracts/pacts/svc-channels-svc-catalog.json
// (this file is its only writer).
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { parseEvent } from '@edicola/contracts';
import { listings } from '../src/db/schema';
import { expectedPriceCents, expectedQuantity } from '../src/listings/listings';
import { startHarness, type Harness } from './channels-harness';

const { boolean, datetime, eachLike, integer, string, uuid } = MatchersV3;
const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";
const ARTICLE_ID = '4f1f5f43-2f0e-4b7a-9c39-1f4f9a1e1a01';

const pact = new PactV4({
  consumer: 'svc-channels',
  provider: 'svc-catalog',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

describe('svc-channels consumes article.changed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  it('mirrors an article on eBay: its quantity less the buffer, its eBay price', () =>
    pact
      .addAsynchronousInteraction()
      .expectsToReceive('an article changed', (builder) => {
        builder
          .withJSONContent({
            id: uuid('7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a'),
            type: 'article.changed',
            version: 1,
            occurred_at: datetime(ISO, '2026-11-28T09:00:00.000Z'),
            source: 'svc-catalog',
            correlation_id: string('req-321'),
            data: {
              article_id: uuid(ARTICLE_ID),
              revision: integer(7),
              sku: string('CAS-AGO-12'),
              title: string('Casco Agostini replica 1:2'),
              description: string('Replica in scala del casco di Giacomo Agostini'),
              category: string('Modellismo'),
              ean: string('8001234567897'),
              unit_gross_cents: integer(14640),
              quantity_stock: integer(3),
              active: boolean(true),
              photo_urls: eachLike(string('/media/articles/cas-ago-12.webp')),
              ebay: { enabled: true, price_cents: integer(15990), buffer: integer(1) },
              deleted: false,
              changed_at: datetime(ISO, '2026-11-28T09:00:00.000Z'),
            },
          })
          .withMetadata({ routingKey: 'article.changed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const event = parseEvent(message.contents.content);
        if (event.type !== 'article.changed') throw new Error(event.type);
        await h.emit('article.changed', event.data);
        const [row] = await h.channels.testDatabase.database.db
          .select()
          .from(listings)
          .where(eq(listings.articleId, ARTICLE_ID));
        expect(row).toMatchObject({ sku: 'CAS-AGO-12', revision: 7, enabled: true });
        expect(expectedQuantity(row!)).toBe(2);
        expect(expectedPriceCents(row!)).toBe(15990);
        // Not connected to eBay here: the listing waits for the account.
        expect(row!.state).toBe('pending');
      }));
});
