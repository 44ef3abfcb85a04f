import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { ArticleList, ReviewList, type OrderStatus } from '@edicola/contracts';
import {
  startTestService,
  waitFor,
  type TestService,
  makeTokens,
  type TestTokens,
} from '@edicola/platform/testing';
import { processedEvents } from '../src/db/schema';
import { catalogService } from '../src/service';

describe('svc-catalog verified purchases, from the orders’ status events', () => {
  let catalog: TestService<unknown>;
  let tokens: TestTokens;
  let articleId: string;
  let otherArticleId: string;
  const api = () => request(catalog.service.app);
  const db = () => catalog.testDatabase.database.db;

  beforeAll(async () => {
    tokens = await makeTokens();
    catalog = await startTestService(catalogService, {
      verifier: tokens.verifier,
      env: { DEMO_DATA: 'true', REVIEWS_PER_HOUR: '100' },
    });
    const articles = ArticleList.parse((await api().get('/public/articles')).body);
    articleId = articles[0]!.id;
    otherArticleId = articles[1]!.id;
  }, 60_000);
  afterAll(() => catalog?.stop());

  async function statusChanged(orderId: string, version: number, from: OrderStatus | null, to: OrderStatus) {
    const event = await db().transaction((tx) =>
      catalog.service.context.bus.emit(tx, 'order.status_changed', {
        order_id: orderId,
        order_version: version,
        from,
        to,
        items: [{ article_id: articleId, quantity: 1 }],
        customer_email: 'Lucia.Esposito@Example.it',
        tracking_number: null,
      }),
    );
    catalog.service.context.bus.wake();
    await waitFor(async () => {
      const rows = await db().select().from(processedEvents).where(eq(processedEvents.eventId, event.id));
      return rows.length > 0;
    });
  }

  async function write(orderId: string, change: Record<string, unknown> = {}) {
    const res = await api()
      .post('/reviews')
      .send({
        rating: 5,
        title: 'Perfetto',
        comment: 'Come descritto',
        customer_name: 'Lucia Esposito',
        customer_email: 'lucia.esposito@example.it',
        article_id: articleId,
        order_id: orderId,
        ...change,
      });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  async function verified(reviewId: string) {
    const res = await api().get('/api/admin/reviews/all').set('Authorization', `Bearer ${tokens.staff}`);
    return ReviewList.parse(res.body).find((r) => r.id === reviewId)!.is_verified_purchase;
  }

  it('marks a review of a paid order’s article with the order’s e-mail, and nothing else', async () => {
    const orderId = randomUUID();
    await statusChanged(orderId, 2, 'pending', 'paid');
    expect(await verified(await write(orderId))).toBe(true);
    expect(await verified(await write(orderId, { customer_email: 'altro@example.it' }))).toBe(false);
    expect(await verified(await write(orderId, { article_id: otherArticleId }))).toBe(false);
    expect(await verified(await write(randomUUID()))).toBe(false);
    expect(await verified(await write('ORD-1234ABCD'))).toBe(false);
  });

  it('marks an earlier review when the order is confirmed, and unmarks it when the order is cancelled', async () => {
    const orderId = randomUUID();
    await statusChanged(orderId, 1, null, 'pending');
    const review = await write(orderId);
    expect(await verified(review)).toBe(false);
    await statusChanged(orderId, 2, 'pending', 'confirmed');
    expect(await verified(review)).toBe(true);
    await statusChanged(orderId, 4, 'confirmed', 'cancelled');
    expect(await verified(review)).toBe(false);
    // A late, older event (version 3) does not undo the cancellation.
    await statusChanged(orderId, 3, 'confirmed', 'shipped');
    expect(await verified(review)).toBe(false);
  });
});
