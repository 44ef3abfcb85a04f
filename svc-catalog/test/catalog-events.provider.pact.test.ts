import path from 'node:path';
import { providerWithMetadata, Verifier } from '@pact-foundation/pact';
import { createEvent } from '@edicola/platform';
import type { ReviewRow } from '../src/db/schema';
import { reviewReplied } from '../src/reviews/moderation';
import { articleStockLow } from '../src/stock/low-stock';

// The events svc-catalog publishes for svc-notify, built by the functions its code emits them with
// (reviews/moderation.ts, stock/low-stock.ts), from rows as the database holds them.
const meta = (type: string) => ({ routingKey: type, contentType: 'application/json' });
const review: ReviewRow = {
  id: '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
  articleId: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11',
  orderId: null,
  rating: 5,
  title: 'Bellissimo',
  comment: 'Arrivato in due giorni',
  customerName: 'Hans Müller',
  customerEmail: 'hans.muller@example.de',
  isVerifiedPurchase: false,
  helpfulCount: 0,
  approved: true,
  approvedAt: new Date('2026-11-22T10:00:00.000Z'),
  replyText: 'Danke, Hans!',
  repliedAt: new Date('2026-11-22T11:00:00.000Z'),
  language: 'de',
  createdAt: new Date('2026-11-22T09:00:00.000Z'),
};

describe('svc-catalog honours its message pact with svc-notify', () => {
  it(
    'publishes review.replied and article.stock_low as svc-notify expects',
    () =>
      new Verifier({
        provider: 'svc-catalog',
        pactUrls: [path.resolve(__dirname, '../../contracts/pacts/svc-notify-svc-catalog.json')],
        messageProviders: {
          'a review.replied event': providerWithMetadata(
            () =>
              createEvent(
                'svc-catalog',
                'review.replied',
                reviewReplied(review, 'Ferrari 312T Niki Lauda 1:43'),
              ),
            meta('review.replied'),
          ),
          'an article.stock_low event': providerWithMetadata(
            () =>
              createEvent(
                'svc-catalog',
                'article.stock_low',
                articleStockLow(
                  {
                    id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11',
                    sku: 'MOD-001',
                    title: 'Ferrari 312T Niki Lauda 1:43',
                  },
                  1,
                  2,
                  new Date('2026-11-22T12:00:00.000Z'),
                ),
              ),
            meta('article.stock_low'),
          ),
        },
        stateHandlers: {
          'staff reply to a review': async () => undefined,
          'an order takes an article to its low-stock threshold': async () => undefined,
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
