import path from 'node:path';
import { providerWithMetadata, Verifier } from '@pact-foundation/pact';
import { createEvent } from '@edicola/platform';
import type { ListingRow } from '../src/db/schema';
import { listingChangedOf } from '../src/listings/listings';

// The listing.changed svc-channels publishes for svc-catalog (contracts/pacts/svc-catalog-svc-channels.json, written
// by svc-catalog/test/listing-events.consumer.pact.test.ts), built by the function its code emits it with
// (listings/listings.ts), from listing rows as the database holds them.
const meta = { routingKey: 'listing.changed', contentType: 'application/json' };
/** The live shop's links to eBay's listings (demo mode links to its fake instead). */
const listingUrl = (listingId: string) => `https://www.ebay.it/itm/${encodeURIComponent(listingId)}`;

const listed: ListingRow = {
  articleId: '4f1f5f43-2f0e-4b7a-9c39-1f4f9a1e1a01',
  revision: 7,
  sku: 'CAS-AGO-12',
  title: 'Casco Agostini replica 1:2',
  description: 'Replica in scala del casco di Giacomo Agostini',
  category: 'Modellismo',
  ean: '8001234567897',
  unitGrossCents: 14640,
  quantityStock: 3,
  active: true,
  photoUrls: ['/media/articles/cas-ago-12.webp'],
  deleted: false,
  enabled: true,
  priceCents: 15990,
  buffer: 1,
  offerId: '5005317010',
  listingId: '110554321234',
  state: 'listed',
  quantitySent: 2,
  priceSentCents: 15990,
  quantityDirty: false,
  contentDirty: false,
  changeSeq: 4,
  error: null,
  reportRevision: 3,
  updatedAt: new Date('2026-11-28T09:00:30.000Z'),
};

/** An article eBay refused to list: never published, eBay's reason kept. */
const refused: ListingRow = {
  ...listed,
  articleId: '5a2e6b71-3c8d-4e9f-8a1b-2c3d4e5f6a7b',
  sku: 'CAS-AGV-46',
  offerId: null,
  listingId: null,
  state: 'error',
  quantitySent: null,
  priceSentCents: null,
  error: 'eBay ha rifiutato l’annuncio: la categoria richiede la marca',
  reportRevision: 1,
};

describe('svc-channels honours its message pact with svc-catalog', () => {
  it(
    'publishes listing.changed as svc-catalog expects',
    () =>
      new Verifier({
        provider: 'svc-channels',
        pactUrls: [path.resolve(__dirname, '../../contracts/pacts/svc-catalog-svc-channels.json')],
        messageProviders: {
          'a listing.changed event for a listing published on eBay': providerWithMetadata(
            () =>
              createEvent(
                'svc-channels',
                'listing.changed',
                listingChangedOf(listed, listingUrl, new Date('2026-11-28T09:00:30.000Z')),
              ),
            meta,
          ),
          'a listing.changed event for a listing eBay refused': providerWithMetadata(
            () =>
              createEvent(
                'svc-channels',
                'listing.changed',
                listingChangedOf(refused, listingUrl, new Date('2026-11-28T09:05:00.000Z')),
              ),
            meta,
          ),
        },
        stateHandlers: {
          'eBay published the listing of an article': async () => undefined,
          'eBay refused the listing of an article': async () => undefined,
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
