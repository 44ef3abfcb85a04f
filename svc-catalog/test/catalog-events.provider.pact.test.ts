import path from 'node:path';
import { providerWithMetadata, Verifier } from '@pact-foundation/pact';
import { createEvent } from '@edicola/platform';
import type { ArticleRow, ReviewRow } from '../src/db/schema';
import { articleChanged } from '../src/ebay/article-changed';
import { reviewReplied } from '../src/reviews/moderation';
import { articleAlertRequested } from '../src/stock/alert-requested';
import { articleStockLow } from '../src/stock/low-stock';

// The events svc-catalog publishes for svc-notify (and article.changed for svc-channels), built by the functions its
// code emits them with (reviews/moderation.ts, stock/low-stock.ts, ebay/article-changed.ts), from rows as the
// database holds them.
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

const ebayArticle: ArticleRow = {
  id: '4f1f5f43-2f0e-4b7a-9c39-1f4f9a1e1a01',
  sku: 'CAS-AGO-12',
  ean: '8001234567897',
  title: 'Casco Agostini replica 1:2',
  description: 'Replica in scala del casco di Giacomo Agostini',
  category: 'Modellismo',
  productType: 'normale',
  availabilityDate: null,
  priceCents: 12000,
  ivaPercentage: 22,
  quantityStock: 3,
  lowStockThreshold: 2,
  version: 4,
  revision: 7,
  weightKg: 1.2,
  dimensions: '30x30x25 cm',
  photoUrl: '/media/articles/cas-ago-12.webp',
  isActive: true,
  deletedAt: null,
  shareFacebook: false,
  shareInstagram: false,
  shareWhatsapp: false,
  createdAt: new Date('2026-11-20T09:00:00.000Z'),
  updatedAt: new Date('2026-11-28T09:00:00.000Z'),
};

describe('svc-catalog honours its message pacts with svc-notify and svc-channels', () => {
  it(
    'publishes review.replied, article.stock_low, article.alert_requested and article.changed as svc-notify and svc-channels expect',
    () =>
      new Verifier({
        provider: 'svc-catalog',
        pactUrls: ['svc-notify-svc-catalog.json', 'svc-channels-svc-catalog.json'].map((file) =>
          path.resolve(__dirname, '../../contracts/pacts', file),
        ),
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
          'an article.alert_requested event': providerWithMetadata(
            () =>
              createEvent(
                'svc-catalog',
                'article.alert_requested',
                articleAlertRequested(
                  { id: ebayArticle.id, slug: 'casco-agostini-replica-1-2', title: ebayArticle.title },
                  'Collezionista@Example.it',
                  'fr',
                  new Date('2026-11-28T08:00:00.000Z'),
                ),
              ),
            meta('article.alert_requested'),
          ),
          // svc-channels' (svc-channels/test/catalog-events.consumer.pact.test.ts) and svc-notify's: an article on eBay.
          'an article changed': providerWithMetadata(
            () =>
              createEvent(
                'svc-catalog',
                'article.changed',
                articleChanged(
                  ebayArticle,
                  { enabled: true, priceCents: 15990, buffer: 1 },
                  new Date('2026-11-28T09:00:00.000Z'),
                ),
              ),
            meta('article.changed'),
          ),
        },
        stateHandlers: {
          'staff reply to a review': async () => undefined,
          'an order takes an article to its low-stock threshold': async () => undefined,
          'a visitor asks to be told when a sold-out article is back': async () => undefined,
          'units of a sold-out article come back': async () => undefined,
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
