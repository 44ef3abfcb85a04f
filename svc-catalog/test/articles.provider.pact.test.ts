import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { articles, reviews } from '../src/db/schema';
import { DEMO_ARTICLES } from '../src/demo/catalogue';
import { loadDemoCatalogue } from '../src/demo/seed';
import { catalogService } from '../src/service';

const ARTICLE_ID = '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60';
const REVIEW_ID = '8b2e4c1d-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const pacts = ['mf-catalog-svc-catalog.json', 'shell-svc-catalog.json'].map((file) =>
  path.resolve(__dirname, '../../contracts/pacts', file),
);

// The real svc-catalog app, on a real database, answers what mf-catalog's and the shell's API clients expect.
describe('svc-catalog honours its pacts with mf-catalog and the shell', () => {
  let catalog: TestService<unknown>;
  let server: Server;
  const db = () => catalog.testDatabase.database.db;

  async function articleExists() {
    await db()
      .insert(articles)
      .values({
        id: ARTICLE_ID,
        sku: 'PACT-SF23-18',
        title: 'Ferrari SF-23 1:18',
        description: 'Articolo dei contratti Pact',
        category: 'Modellismo',
        priceCents: 18900,
        quantityStock: 3,
      })
      .onConflictDoNothing();
  }

  beforeAll(async () => {
    catalog = await startTestService(catalogService, { env: { DEMO_DATA: 'false' } });
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
        stateHandlers: {
          'the demo catalogue is loaded': async () => {
            // Once, whatever other states added before.
            const [demo] = await db().select().from(articles).where(eq(articles.sku, DEMO_ARTICLES[0]!.sku));
            if (!demo) await loadDemoCatalogue(db(), pino({ level: 'silent' }));
          },
          [`article ${ARTICLE_ID} exists`]: articleExists,
          [`article ${ARTICLE_ID} has an approved review ${REVIEW_ID}`]: async () => {
            await articleExists();
            // The newest review of the shop, whatever else the database holds.
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
                approved: true,
                createdAt: new Date(),
              })
              .onConflictDoUpdate({ target: reviews.id, set: { approved: true, createdAt: new Date() } });
          },
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
