import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import {
  createInternalTokens,
  createTokenSigner,
  generateSigningKey,
  localKeySetVerifier,
} from '@edicola/platform';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { articles, stockMovements } from '../src/db/schema';
import { catalogService } from '../src/service';

const SECRET = 'ledger-invariant-internal-secret-40-chars';
const START = 30;

// On PGlite by default, on PostgreSQL with TEST_DATABASE_URL (a pool of connections: real concurrency).
describe('the stock ledger stays exact under concurrent reservations, releases, adjustments and external sales', () => {
  let catalog: TestService<unknown>;
  let server: Server;
  let ordersToken: string;
  let staffToken: string;

  beforeAll(async () => {
    const signer = await generateSigningKey().then(createTokenSigner);
    staffToken = await signer.sign({ sub: 'u-staff', kind: 'staff', role: 'staff', name: 'commesso' }, 600);
    catalog = await startTestService(catalogService, {
      verifier: localKeySetVerifier(signer.publicKeySet),
      env: { DEMO_DATA: 'false', INTERNAL_TOKEN_SECRET: SECRET },
    });
    ordersToken = await createInternalTokens(SECRET).sign('svc-orders', 'svc-catalog');
    server = catalog.service.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await catalog?.stop();
  });

  it('stock before + every delta = stock now, each row follows the one before, the last is the stock', async () => {
    const db = catalog.testDatabase.database.db;
    const ids = [randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      await db.insert(articles).values({
        id,
        sku: `INV-${i}`,
        title: `Modellino ${i}`,
        description: 'Invariante del registro',
        category: 'Modellismo',
        priceCents: 1500,
        quantityStock: START,
      });
    }
    const internal = { Authorization: `Bearer ${ordersToken}` };
    const staff = { Authorization: `Bearer ${staffToken}` };
    const pick = (n: number) => ids[n % ids.length]!;

    /** A web or counter order of both articles (or one), released afterwards when `release`. */
    const order = async (n: number, release: boolean) => {
      const orderId = randomUUID();
      const lines =
        n % 3 === 0
          ? ids.map((id) => ({ article_id: id, quantity: 1 + (n % 2) }))
          : [{ article_id: pick(n), quantity: 1 + (n % 3) }];
      const res = await request(server)
        .post('/internal/stock/reservations')
        .set({ ...internal, 'Idempotency-Key': orderId })
        .send({
          order_id: orderId,
          lines,
          ...(n % 4 === 0 ? { channel: 'counter', username: 'cassiera' } : {}),
        });
      if (release && res.status === 200) {
        await request(server).delete(`/internal/stock/reservations/${orderId}`).set(internal);
      }
      return res.status;
    };
    const adjust = (n: number) =>
      request(server)
        .post(`/api/articles/${pick(Math.floor(n / 2))}/stock`)
        .set(staff)
        .send(n % 2 === 0 ? { delta: 3, reason: 'received' } : { delta: -2, reason: 'correction' })
        .then((res) => res.status);
    const sellElsewhere = (n: number) =>
      request(server)
        .post('/api/stock/external-sales')
        .set(staff)
        .send({ article_id: pick(n), quantity: 1, channel: 'subito' })
        .then((res) => res.status);

    const calls = [
      ...Array.from({ length: 40 }, (_, n) => order(n, n % 2 === 0)),
      ...Array.from({ length: 16 }, (_, n) => adjust(n)),
      ...Array.from({ length: 12 }, (_, n) => sellElsewhere(n)),
    ];
    const statuses = await Promise.all(calls);
    // Every call was answered: done, or refused for want of stock (never a 500).
    expect(statuses.every((s) => [200, 201, 409].includes(s))).toBe(true);
    expect(statuses.filter((s) => s !== 409).length).toBeGreaterThan(20);

    for (const id of ids) {
      const [article] = await db.select().from(articles).where(eq(articles.id, id));
      const rows = await db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.articleId, id))
        .orderBy(asc(stockMovements.seq));
      expect(rows.length).toBeGreaterThan(10);
      expect(START + rows.reduce((sum, row) => sum + row.delta, 0)).toBe(article!.quantityStock);
      expect(rows.at(-1)!.stockAfter).toBe(article!.quantityStock);
      let stock = START;
      for (const row of rows) {
        stock += row.delta;
        expect({ seq: row.seq, stock_after: row.stockAfter }).toEqual({ seq: row.seq, stock_after: stock });
      }
      expect(new Set(rows.map((row) => row.reason))).toEqual(
        new Set(['sale', 'release', 'received', 'correction']),
      );
    }
  }, 120_000);
});
