import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import pino from 'pino';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { seedDemoCatalogue } from '../src/demo/seed';
import { articles, reviews } from '../src/db/schema';
import { catalogService } from '../src/service';

// The ids mf-catalog's pact names in its provider states.
const ARTICLE_ID = '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60';
const REVIEW_ID = '8b2e4c1d-5f6a-4b7c-9d8e-0f1a2b3c4d5e';

// The real svc-catalog app, on a real database, answers what mf-catalog's and the shell's API clients expect.
describe('svc-catalog honours its pacts with mf-catalog and the shell', () => {
  let catalog: TestService<unknown>;
  let server: Server;

  beforeAll(async () => {
    catalog = await startTestService(catalogService, { env: { DEMO_DATA: 'false' } });
    server = await catalog.service.listen(0, '127.0.0.1');
  }, 60_000);
  afterAll(() => catalog?.stop());

  /** The demo catalogue (it seeds only an empty catalogue, so first) plus the article the pact names. */
  async function anArticle() {
    await seedDemoCatalogue(catalog.testDatabase.database.db, pino({ level: 'silent' }));
    await catalog.testDatabase.database.db
      .insert(articles)
      .values({
        id: ARTICLE_ID,
        sku: 'F1-FER-SF23-18',
        title: 'Ferrari SF-23 1:18',
        description: 'Modellino in scala 1:18 della Ferrari SF-23.',
        category: 'Modellismo',
        priceCents: 2459,
        quantityStock: 3,
      })
      .onConflictDoNothing();
  }

  it(
    'verifies every interaction',
    () =>
      new Verifier({
        provider: 'svc-catalog',
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        pactUrls: ['mf-catalog-svc-catalog.json', 'shell-svc-catalog.json'].map((file) =>
          path.resolve(__dirname, '../../contracts/pacts', file),
        ),
        stateHandlers: {
          'the demo catalogue is loaded': async () => {
            await seedDemoCatalogue(catalog.testDatabase.database.db, pino({ level: 'silent' }));
          },
          [`article ${ARTICLE_ID} exists`]: () => anArticle(),
          [`article ${ARTICLE_ID} has an approved review ${REVIEW_ID}`]: async () => {
            await anArticle();
            await catalog.testDatabase.database.db
              .insert(reviews)
              .values({
                id: REVIEW_ID,
                articleId: ARTICLE_ID,
                rating: 5,
                title: 'Bellissimo',
                comment: "Identico all'originale.",
                customerName: 'Maria',
                customerEmail: 'maria@example.com',
                approved: true,
                approvedAt: new Date(),
              })
              .onConflictDoNothing();
          },
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
