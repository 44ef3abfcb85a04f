import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import {
  ERASED_REVIEW_AUTHOR,
  erasedCustomerEmail,
  parseEvent,
  type Event,
  type EventType,
} from '@edicola/contracts';
import type { EventHandler } from '@edicola/platform';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { createResponseCache } from '../src/cache/response-cache';
import { articles, reservations, reviews } from '../src/db/schema';
import { onCustomerErased } from '../src/events/customer-erased';
import { onOrderStatusChanged } from '../src/events/order-status-changed';
import { onOrderItemsRestocked } from '../src/events/order-items-restocked';
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

  /** Hands the event to its handler in a transaction: true when the handler drops the cache after the commit. */
  async function deliver<T extends EventType>(handler: EventHandler<T>, event: Event<T>): Promise<boolean> {
    let invalidates = false;
    await catalog.testDatabase.database.db.transaction((tx) =>
      handler(event, tx, {
        afterCommit: () => {
          invalidates = true;
        },
      }),
    );
    return invalidates;
  }
  const cache = createResponseCache(0);

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
        expect(await deliver(onOrderStatusChanged(cache, catalog.service.context.bus), event)).toBe(true);
        const [row] = await db.select().from(articles).where(eq(articles.id, ARTICLE_ID));
        expect(row!.quantityStock).toBe(1 + 2);
        // Delivered again: nothing more goes back.
        expect(await deliver(onOrderStatusChanged(cache, catalog.service.context.bus), event)).toBe(false);
        const [again] = await db.select().from(articles).where(eq(articles.id, ARTICLE_ID));
        expect(again!.quantityStock).toBe(1 + 2);
      }));

  it('puts the units of a partial refund back on sale once, out of the order’s reservation', async () => {
    const db = catalog.testDatabase.database.db;
    const article = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
    const orderId = '5d2e8f1a-3b4c-4d5e-8f6a-7b8c9d0e1f2a';
    await db.insert(articles).values({
      id: article,
      sku: 'PACT-2',
      title: 'Articolo reso',
      description: 'Usato dal test Pact',
      category: 'Modellismo',
      priceCents: 1000,
      quantityStock: 4,
    });
    const line = {
      article_id: article,
      sku: 'PACT-2',
      title: 'Articolo',
      price_cents: 1000,
      iva_percentage: 22,
    };
    await db.insert(reservations).values({ orderId, lines: [{ ...line, quantity: 3 }] });
    await pact
      .addAsynchronousInteraction()
      .given('staff refund units of a delivered order and put them back on sale')
      .expectsToReceive('an order.items_restocked event for the units of a partial refund', (builder) => {
        builder
          .withJSONContent({
            id: uuid('9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b'),
            type: 'order.items_restocked',
            version: 1,
            occurred_at: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-22T11:00:00.000Z'),
            source: 'svc-orders',
            correlation_id: string('req-456'),
            data: {
              order_id: uuid(orderId),
              restock_id: uuid('8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d'),
              items: eachLike({ article_id: like(article), quantity: integer(2) }),
              restocked_at: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-22T11:00:00.000Z'),
            },
          })
          .withMetadata({ routingKey: 'order.items_restocked', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const event = parseEvent(message.contents.content) as Event<'order.items_restocked'>;
        const quantity = event.data.items[0]!.quantity;
        expect(await deliver(onOrderItemsRestocked(cache, catalog.service.context.bus), event)).toBe(true);
        const stock = async () =>
          (await db.select().from(articles).where(eq(articles.id, article)))[0]!.quantityStock;
        const held = async () =>
          (await db.select().from(reservations).where(eq(reservations.orderId, orderId)))[0]!.lines.reduce(
            (sum, l) => sum + l.quantity,
            0,
          );
        // Stock plus what the order holds stays what it was: the units moved from the reservation to the shelf.
        expect(await stock()).toBe(4 + quantity);
        expect(await held()).toBe(3 - quantity);
        // Delivered again: nothing more.
        expect(await deliver(onOrderItemsRestocked(cache, catalog.service.context.bus), event)).toBe(false);
        expect(await stock()).toBe(4 + quantity);
      });
  });

  // docs/product/account.md#erasure
  it("keeps an erased customer's review under the name 'Cliente', without the address", async () => {
    const db = catalog.testDatabase.database.db;
    await db.insert(reviews).values({
      articleId: ARTICLE_ID,
      rating: 4,
      title: 'Ottimo',
      comment: 'Come nelle foto',
      customerName: 'Giulia Russo',
      customerEmail: 'Giulia.Russo@example.it',
      approved: true,
    });
    await pact
      .addAsynchronousInteraction()
      .given('a customer erases their account')
      .expectsToReceive('a customer.erased event', (builder) => {
        builder
          .withJSONContent({
            id: uuid('9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f'),
            type: 'customer.erased',
            version: 1,
            occurred_at: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-22T11:00:00.000Z'),
            source: 'svc-orders',
            correlation_id: string('req-789'),
            data: {
              customer_id: uuid('1f2e3d4c-5b6a-4789-8a7b-6c5d4e3f2a1b'),
              email: regex('^[^@\\s]+@[^@\\s]+$', 'giulia.russo@example.it'),
            },
          })
          .withMetadata({ routingKey: 'customer.erased', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const event = parseEvent(message.contents.content) as Event<'customer.erased'>;
        expect(await deliver(onCustomerErased(cache), event)).toBe(true);
        const [review] = await db.select().from(reviews);
        expect(review).toMatchObject({
          customerName: ERASED_REVIEW_AUTHOR,
          customerEmail: erasedCustomerEmail(event.data.customer_id),
        });
        // Delivered again: nothing left to change, the cache stays.
        expect(await deliver(onCustomerErased(cache), event)).toBe(false);
      });
  });
});
