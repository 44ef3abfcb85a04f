import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import { parseEvent, type Event } from '@edicola/contracts';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { articles, reservations } from '../src/db/schema';
import { onOrderStatusChanged } from '../src/events/order-status-changed';
import { catalogService } from '../src/service';

const { like, uuid, regex, datetime, eachLike, integer, string } = MatchersV3;
const STATUS = '^(pending|paid|confirmed|shipped|delivered|cancelled)$';
const ARTICLE_ID = '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11';
const ORDER_ID = '3b9a6f0e-8c1d-4e27-a5f4-2d6c0b1e9a73';

const pact = new PactV4({
  consumer: 'svc-catalog',
  provider: 'svc-orders',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

describe('svc-catalog consumes order.status_changed from svc-orders', () => {
  let catalog: TestService<unknown>;
  beforeAll(async () => {
    catalog = await startTestService(catalogService, { env: { DEMO_DATA: 'false' } });
    await catalog.testDatabase.database.db.insert(articles).values({
      id: ARTICLE_ID,
      sku: 'PACT-1',
      title: 'Articolo del contratto',
      description: 'Usato dal test Pact',
      category: 'Modellismo',
      priceCents: 1000,
      quantityStock: 1,
    });
    // The order reserved 2 units when it was placed: what a cancellation gives back is that reservation.
    await catalog.testDatabase.database.db.insert(reservations).values({
      orderId: ORDER_ID,
      lines: [
        {
          article_id: ARTICLE_ID,
          sku: 'PACT-1',
          title: 'Articolo',
          price_cents: 1000,
          iva_percentage: 22,
          quantity: 2,
        },
      ],
    });
  }, 60_000);
  afterAll(() => catalog?.stop());

  it('puts back the stock of a cancelled order', () =>
    pact
      .addAsynchronousInteraction()
      .given('a paid order holding stock is cancelled')
      .expectsToReceive('an order.status_changed event for a cancelled order', (builder) => {
        builder
          .withJSONContent({
            id: uuid('0d7c2a3e-5f61-4b8e-9d2a-7e3f1b6c9a40'),
            type: 'order.status_changed',
            version: 1,
            occurred_at: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-21T10:00:00.000Z'),
            source: 'svc-orders',
            correlation_id: string('req-123'),
            data: {
              order_id: uuid(ORDER_ID),
              order_version: integer(3),
              from: regex(STATUS, 'paid'),
              to: 'cancelled',
              items: eachLike({ article_id: like(ARTICLE_ID), quantity: integer(2) }),
              customer_email: regex('^[^@\\s]+@[^@\\s]+$', 'mario.rossi@example.it'),
              tracking_number: null,
            },
          })
          .withMetadata({ routingKey: 'order.status_changed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const event = parseEvent(message.contents.content) as Event<'order.status_changed'>;
        const db = catalog.testDatabase.database.db;
        const released = await db.transaction((tx) => onOrderStatusChanged(tx, event));
        expect(released).toBe(true);
        const [row] = await db.select().from(articles).where(eq(articles.id, ARTICLE_ID));
        expect(row!.quantityStock).toBe(1 + 2);
        // Delivered again: nothing more goes back.
        expect(await db.transaction((tx) => onOrderStatusChanged(tx, event))).toBe(false);
        const [again] = await db.select().from(articles).where(eq(articles.id, ARTICLE_ID));
        expect(again!.quantityStock).toBe(1 + 2);
      }));
});
