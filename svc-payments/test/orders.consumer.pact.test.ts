// Consumer contract of svc-payments with svc-orders: the internal order calls (POST /internal/orders, GET
// /internal/orders/{id}) made by svc-payments' own client (payments/orders-client.ts) through the platform's
// internal client, and the order events it consumes, each handled by its REAL handler on a real database. Writes
// contracts/pacts/svc-payments-svc-orders.json (this file is its only writer); svc-orders verifies it.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { and, eq } from 'drizzle-orm';
import { parseEvent, type Event, type EventType } from '@edicola/contracts';
import { createInternalClient, createInternalTokens, type EventHandler } from '@edicola/platform';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { jobs, paymentRecords, refundRequests } from '../src/db/schema';
import { onOrderRefundRequested } from '../src/events/order-refund-requested';
import { onOrderStatusChanged } from '../src/events/order-status-changed';
import { internalOrderRequest, ordersApi } from '../src/payments/orders-client';
import { EXPIRE_JOB, REFUND_JOB } from '../src/payments/records';
import { paymentsService } from '../src/service';
import { checkoutBody } from './harness';

const { datetime, eachLike, integer, like, regex, string, uuid } = MatchersV3;
const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";
const ARTICLE_ID = '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11';
const CARD_ORDER = '9d1e4c2a-7b3f-4e5d-8a6c-2f0b1e3d4c5a';
const KLARNA_ORDER = '4a7c9e1b-2d3f-4b5a-9c8e-6d0f1a2b3c4d';
const PAID_ORDER = '3b9a6f0e-8c1d-4e27-a5f4-2d6c0b1e9a73';
const STATUS = '^(pending|paid|confirmed|shipped|delivered|cancelled)$';
const SECRET = 'payments-pact-internal-secret-of-40-chars!';

const pact = new PactV4({
  consumer: 'svc-payments',
  provider: 'svc-orders',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

const line = {
  article_id: like(ARTICLE_ID),
  sku: string('PACT-PAY-1'),
  title: string('Ferrari SF-23 1:18'),
  quantity: integer(2),
  unit_net_cents: integer(4990),
  iva_percentage: like(22),
  unit_gross_cents: integer(6088),
  line_total_cents: integer(12176),
};

const internalOrder = (orderId: string, method: string, quantity: number) => ({
  order_id: uuid(orderId),
  order_reference: regex('^ORD-[0-9A-Fa-f]{8}$', `ORD-${orderId.slice(-8).toUpperCase()}`),
  status: 'pending',
  payment_method: method,
  payment_status: 'pending',
  customer_email: string('anna@example.it'),
  customer_name: string('Anna Esposito'),
  items: eachLike({ ...line, quantity: integer(quantity) }),
  subtotal_cents: integer(6088 * quantity),
  shipping_cents: integer(900),
  total_cents: integer(6088 * quantity + 900),
  created_at: string('2026-11-22T09:30:00.000Z'),
  payment_due_at: string('2026-11-22T10:00:00.000Z'),
  cancel_token: regex('^[A-Za-z0-9_-]{43}$', 'q0Zk3Jc9mV1bX2nW5rT8yU4iO7pL6aS0dF3gH1jK2lM'),
});

/** The buyer's address svc-payments saw (svc-orders limits order creation per address). */
const BUYER_ADDRESS = '203.0.113.7';

const AUTH = { authorization: regex('^Bearer \\S+$', 'Bearer internal-token-of-svc-payments') };

describe('svc-payments calls svc-orders and consumes its order events', () => {
  let service: TestService<unknown>;
  const db = () => service.testDatabase.database.db;
  const ordersAt = (url: string) =>
    ordersApi(
      createInternalClient({
        service: 'svc-payments',
        baseUrls: { 'svc-orders': url },
        tokens: createInternalTokens(SECRET),
        retries: 0,
      }),
    );

  beforeAll(async () => {
    service = await startTestService(paymentsService, { env: { INTERNAL_TOKEN_SECRET: SECRET } });
  }, 60_000);
  afterAll(() => service?.stop());

  /**
   * Hands the event to its handler in a transaction: true when it enqueued a new job, which wakes the jobs after the
   * commit (docs/decisions/0038-unit-of-work.md).
   */
  async function deliver<T extends EventType>(handler: EventHandler<T>, event: Event<T>): Promise<boolean> {
    const jobCount = async () => (await db().select({ id: jobs.id }).from(jobs)).length;
    const before = await jobCount();
    await db().transaction((tx) => handler(event, tx, { afterCommit: () => undefined }));
    return (await jobCount()) > before;
  }
  const jobsApi = () => service.service.context.jobs;
  const logger = () => service.service.context.logger;

  it('creates the pending order of a card payment with the id it chose', () => {
    const body = checkoutBody(2);
    const request = internalOrderRequest(CARD_ORDER, 'card', body as never, null, BUYER_ADDRESS);
    return pact
      .addInteraction()
      .given('an active article with stock', {
        article_id: ARTICLE_ID,
        price: 49.9,
        iva_percentage: 22,
        stock: 5,
      })
      .given('no order with this id', { order_id: CARD_ORDER })
      .uponReceiving('a pending card order from svc-payments')
      .withRequest('POST', '/internal/orders', (builder) => {
        builder.headers(AUTH).jsonBody({
          ...request,
          order_id: uuid(CARD_ORDER),
          order_date: datetime(ISO, '2026-11-22T09:30:00.000Z'),
          items: [{ article_id: ARTICLE_ID, quantity: 2 }],
        });
      })
      .willRespondWith(201, (builder) => {
        builder.jsonBody(internalOrder(CARD_ORDER, 'card', 2));
      })
      .executeTest(async (mock) => {
        const order = await ordersAt(mock.url).create(
          internalOrderRequest(CARD_ORDER, 'card', body as never, null, BUYER_ADDRESS),
        );
        expect(order).toMatchObject({ order_id: CARD_ORDER, status: 'pending', payment_method: 'card' });
        expect(order.total_cents).toBe(order.subtotal_cents + order.shipping_cents);
      });
  });

  it('reads the pending Klarna order it is asked to take the money of', () =>
    pact
      .addInteraction()
      .given('a pending order', {
        order_id: KLARNA_ORDER,
        payment_method: 'klarna',
        article_id: ARTICLE_ID,
        quantity: 1,
        customer_email: 'anna@example.it',
      })
      .uponReceiving('a request for a pending Klarna order from svc-payments')
      .withRequest('GET', `/internal/orders/${KLARNA_ORDER}`, (builder) => {
        builder.headers(AUTH);
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody(internalOrder(KLARNA_ORDER, 'klarna', 1));
      })
      .executeTest(async (mock) => {
        const order = await ordersAt(mock.url).get(KLARNA_ORDER);
        expect(order).toMatchObject({ order_id: KLARNA_ORDER, payment_method: 'klarna', status: 'pending' });
      }));

  it('refunds the payment of an order svc-orders asks the money back for', () =>
    pact
      .addAsynchronousInteraction()
      .given('a paid order is cancelled by the staff')
      .expectsToReceive('an order.refund_requested event', (builder) => {
        builder
          .withJSONContent({
            id: uuid('0d7c2a3e-5f61-4b8e-9d2a-7e3f1b6c9a41'),
            type: 'order.refund_requested',
            version: 2,
            occurred_at: datetime(ISO, '2026-11-22T10:30:00.000Z'),
            source: 'svc-orders',
            correlation_id: string('req-9c1d'),
            data: {
              order_id: uuid(PAID_ORDER),
              order_version: integer(3),
              reason: regex('^(cancelled_by_staff|paid_after_cancellation)$', 'cancelled_by_staff'),
              requested_at: datetime(ISO, '2026-11-22T10:30:00.000Z'),
              refund_request_id: uuid('7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f'),
            },
          })
          .withMetadata({ routingKey: 'order.refund_requested', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const event = parseEvent(message.contents.content) as Event<'order.refund_requested'>;
        const paymentId = '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9';
        await db().delete(paymentRecords).where(eq(paymentRecords.orderId, event.data.order_id));
        await db()
          .insert(paymentRecords)
          .values({
            id: paymentId,
            orderId: event.data.order_id,
            method: 'card',
            provider: 'stripe',
            demo: true,
            status: 'succeeded',
            amountCents: 10880,
            requestKey: 'card:pact-refund',
            providerObjectId: 'cs_test_pact_refund',
            providerPaymentId: 'pi_test_pact_refund',
            expiresAt: new Date(Date.now() + 30 * 60_000),
          });
        expect(await deliver(onOrderRefundRequested(jobsApi(), logger()), event)).toBe(true);
        const [row] = await db().select().from(paymentRecords).where(eq(paymentRecords.id, paymentId));
        expect(row).toMatchObject({ status: 'refunding', refundReason: event.data.reason });
        const queued = await db()
          .select()
          .from(jobs)
          .where(and(eq(jobs.name, REFUND_JOB), eq(jobs.key, paymentId)));
        expect(queued).toHaveLength(1);
        // Delivered again: still one refund job.
        expect(await deliver(onOrderRefundRequested(jobsApi(), logger()), event)).toBe(false);
      }));

  it('refunds exactly the amount of a staff partial refund, once per refund request', () =>
    pact
      .addAsynchronousInteraction()
      .given('a staff partial refund of a paid order is asked')
      .expectsToReceive('an order.refund_requested event for part of the payment', (builder) => {
        builder
          .withJSONContent({
            id: uuid('1e8d3b4f-6a72-4c9e-8b3d-8f4a2c7d0b52'),
            type: 'order.refund_requested',
            version: 2,
            occurred_at: datetime(ISO, '2026-11-22T11:00:00.000Z'),
            source: 'svc-orders',
            correlation_id: string('req-7a2e'),
            data: {
              order_id: uuid(PAID_ORDER),
              order_version: integer(4),
              reason: 'partial_refund',
              requested_at: datetime(ISO, '2026-11-22T11:00:00.000Z'),
              refund_request_id: uuid('2f9e4c5a-7b83-4d0f-9c4e-9a5b3d8e1c63'),
              amount_cents: integer(2440),
            },
          })
          .withMetadata({ routingKey: 'order.refund_requested', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const event = parseEvent(message.contents.content) as Event<'order.refund_requested'>;
        const paymentId = '6f7a8b9c-0d1e-4f2a-b3c4-d5e6f7a8b9c0';
        await db().delete(paymentRecords).where(eq(paymentRecords.orderId, event.data.order_id));
        await db()
          .insert(paymentRecords)
          .values({
            id: paymentId,
            orderId: event.data.order_id,
            method: 'card',
            provider: 'stripe',
            demo: true,
            status: 'succeeded',
            amountCents: 10880,
            capturedCents: 10880,
            capturedCurrency: 'EUR',
            requestKey: 'card:pact-partial-refund',
            providerObjectId: 'cs_test_pact_partial',
            providerPaymentId: 'pi_test_pact_partial',
            expiresAt: new Date(Date.now() + 30 * 60_000),
          });
        expect(await deliver(onOrderRefundRequested(jobsApi(), logger()), event)).toBe(true);
        // The payment keeps its state (only part of it goes back); the job refunds that amount under the request.
        const [row] = await db().select().from(paymentRecords).where(eq(paymentRecords.id, paymentId));
        expect(row).toMatchObject({ status: 'succeeded' });
        const requestId = event.data.refund_request_id!;
        const [request] = await db().select().from(refundRequests).where(eq(refundRequests.id, requestId));
        expect(request).toMatchObject({
          paymentId,
          amountCents: event.data.amount_cents,
          state: 'requested',
        });
        const queued = await db()
          .select()
          .from(jobs)
          .where(and(eq(jobs.name, REFUND_JOB), eq(jobs.key, requestId)));
        expect(queued).toHaveLength(1);
        expect(queued[0]!.payload).toEqual({
          payment_id: paymentId,
          refund_request_id: requestId,
          amount_cents: event.data.amount_cents,
        });
        expect(await deliver(onOrderRefundRequested(jobsApi(), logger()), event)).toBe(false);
      }));

  it('stops waiting for the payment of an order that was cancelled', () =>
    pact
      .addAsynchronousInteraction()
      .given('an order waiting for its online payment is cancelled')
      .expectsToReceive('an order.status_changed event for a cancelled order', (builder) => {
        builder
          .withJSONContent({
            id: uuid('0d7c2a3e-5f61-4b8e-9d2a-7e3f1b6c9a42'),
            type: 'order.status_changed',
            version: 1,
            occurred_at: datetime(ISO, '2026-11-22T10:00:00.000Z'),
            source: 'svc-orders',
            correlation_id: string('req-123'),
            data: {
              order_id: uuid(PAID_ORDER),
              order_version: integer(2),
              from: regex(STATUS, 'pending'),
              to: 'cancelled',
              items: eachLike({ article_id: like(ARTICLE_ID), quantity: integer(1) }),
              customer_email: regex('^[^@\\s]+@[^@\\s]+$', 'mario.rossi@example.it'),
              tracking_number: null,
            },
          })
          .withMetadata({ routingKey: 'order.status_changed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const event = parseEvent(message.contents.content) as Event<'order.status_changed'>;
        const paymentId = '6f7a8b9c-0d1e-4f2a-b3c4-d5e6f7a8b9c0';
        await db().delete(paymentRecords).where(eq(paymentRecords.orderId, event.data.order_id));
        await db()
          .insert(paymentRecords)
          .values({
            id: paymentId,
            orderId: event.data.order_id,
            method: 'paypal',
            provider: 'paypal',
            demo: true,
            status: 'open',
            amountCents: 10880,
            requestKey: 'paypal:pact-cancelled',
            providerObjectId: 'PAYPALPACT0001',
            expiresAt: new Date(Date.now() + 30 * 60_000),
          });
        expect(await deliver(onOrderStatusChanged(jobsApi()), event)).toBe(true);
        const queued = await db()
          .select()
          .from(jobs)
          .where(and(eq(jobs.name, EXPIRE_JOB), eq(jobs.key, `${paymentId}:order-cancelled`)));
        expect(queued).toHaveLength(1);
      }));
});
