import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import { createInternalTokens } from '@edicola/platform';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { articles, reservations } from '../src/db/schema';
import { catalogService } from '../src/service';

const SECRET = 'oversell-test-internal-secret-of-40-char';

// On PGlite by default, on PostgreSQL with TEST_DATABASE_URL (a pool of connections: real concurrency).
describe('svc-catalog never oversells: 100 concurrent reservations for the last 5 units', () => {
  let catalog: TestService<unknown>;
  beforeAll(async () => {
    catalog = await startTestService(catalogService, {
      env: { DEMO_DATA: 'false', INTERNAL_TOKEN_SECRET: SECRET },
    });
  }, 60_000);
  afterAll(() => catalog?.stop());

  it('exactly 5 succeed, the others get a 409 naming the article, stock ends at 0', async () => {
    const db = catalog.testDatabase.database.db;
    const id = randomUUID();
    await db.insert(articles).values({
      id,
      sku: 'LAST-5',
      title: 'Pikachu Illustrator',
      description: 'Ultimi pezzi',
      category: 'Pokemon',
      priceCents: 9900,
      quantityStock: 5,
    });
    const server = catalog.service.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const token = await createInternalTokens(SECRET).sign('svc-orders', 'svc-catalog');
    try {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => {
          const orderId = randomUUID();
          return request(server)
            .post('/internal/stock/reservations')
            .set({ Authorization: `Bearer ${token}`, 'Idempotency-Key': orderId })
            .send({ order_id: orderId, lines: [{ article_id: id, quantity: 1 }] });
        }),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(95);
      for (const refused of answers.filter((r) => r.status === 409)) {
        expect(refused.body.detail).toBe(
          'Articolo esaurito: "Pikachu Illustrator" (richiesti 1, disponibili 0)',
        );
      }
      const [row] = await db.select().from(articles).where(eq(articles.id, id));
      expect(row!.quantityStock).toBe(0);
      const held = await db.select().from(reservations).where(isNull(reservations.releasedAt));
      expect(held.flatMap((r) => r.lines).filter((l) => l.article_id === id)).toHaveLength(5);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});
