// Consumer contract of svc-orders with svc-payments' payment events: each message is read by the contracts'
// parseEvent and handled by svc-orders' REAL handler (the one service.ts registers) on a real database. Writes
// contracts/pacts/svc-orders-svc-payments.json (this file is its only writer, with the one HTTP call below);
// svc-payments verifies it.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import { parseEvent, type Event, type OrderStatus, type PaymentStatus } from '@edicola/contracts';
import { createInternalClient, createInternalTokens, type Db } from '@edicola/platform';
import { orderRecords, refundRequests } from '../src/db/schema';
import { onPaymentRefundFailed } from '../src/events/payment-refund-failed';
import { onPaymentFailed } from '../src/events/payment-failed';
import { onPaymentRefunded } from '../src/events/payment-refunded';
import { onPaymentSucceeded } from '../src/events/payment-succeeded';
import { cancelUnpaidOrder } from '../src/orders/unpaid-cancel';
import { startOrders } from './support';

const { boolean, datetime, integer, regex, string, uuid } = MatchersV3;

const ORDER_ID = '7c4e2a91-3d5b-4f86-a0c2-9e1b7d3f5a28';
const ARTICLE_ID = '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11';
const TOTAL_CENTS = 10880;
const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";

const pact = new PactV4({
  consumer: 'svc-orders',
  provider: 'svc-payments',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

/** The envelope every event travels in, from svc-payments, with `type` and `data`. */
const envelope = (type: string, data: Record<string, unknown>) => ({
  id: uuid('0d7c2a3e-5f61-4b8e-9d2a-7e3f1b6c9a40'),
  type,
  version: 1,
  occurred_at: datetime(ISO, '2026-11-22T10:00:00.000Z'),
  source: 'svc-payments',
  correlation_id: string('req-7f3a'),
  data: {
    payment_id: string('3f2b8c1d-6e4a-4b9f-8d2c-1a5e7b9c0d34'),
    order_id: uuid(ORDER_ID),
    method: regex('^(card|klarna|klarna-now|paypal)$', 'card'),
    provider: regex('^(stripe|paypal)$', 'stripe'),
    demo: boolean(false),
    amount_cents: integer(TOTAL_CENTS),
    currency: 'EUR',
    ...data,
  },
});

/** The order of the pact, as svc-payments' internal call created it: 108.80 by card, in the state given. */
async function storeOrder(db: Db, status: OrderStatus, paymentStatus: PaymentStatus) {
  await db.delete(orderRecords).where(eq(orderRecords.id, ORDER_ID));
  await db.insert(orderRecords).values({
    id: ORDER_ID,
    status,
    paymentStatus,
    paymentMethod: 'card',
    subtotalCents: TOTAL_CENTS - 900,
    shippingCents: 900,
    totalCents: TOTAL_CENTS,
    items: [{ article_id: ARTICLE_ID, quantity: 2 }],
    customerInfo: { name: 'Giulia Russo', email: 'giulia.russo@example.it' },
  });
}

const storedOrder = async (db: Db) =>
  (await db.select().from(orderRecords).where(eq(orderRecords.id, ORDER_ID)))[0]!;

describe('svc-orders consumes payment.succeeded, payment.failed and payment.refunded from svc-payments', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const db = () => orders.testDatabase.database.db;
  const bus = () => orders.service.context.bus;

  beforeAll(async () => {
    orders = await startOrders();
  }, 60_000);
  afterAll(() => orders?.stop());

  const order = (status: OrderStatus, paymentStatus: PaymentStatus) =>
    storeOrder(db(), status, paymentStatus);
  const stored = () => storedOrder(db());
  const noTools = { afterCommit: () => undefined };
  const handle = <T extends Event>(
    message: unknown,
    handler: (e: T, tx: Db, t: typeof noTools) => Promise<void>,
  ) => db().transaction((tx) => handler(parseEvent(message) as T, tx, noTools));

  it('marks the order paid', () =>
    pact
      .addAsynchronousInteraction()
      .given('a card payment of a pending order succeeds')
      .expectsToReceive('a payment.succeeded event', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.succeeded', {
              provider_payment_id: string('pi_3QbXyZ2eZvKYlo2C1aB2cD3e'),
              captured_cents: integer(TOTAL_CENTS),
              captured_currency: regex('^[A-Z]{3}$', 'EUR'),
              succeeded_at: datetime(ISO, '2026-11-22T10:00:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'payment.succeeded', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await order('pending', 'pending');
        await handle(message.contents.content, onPaymentSucceeded(bus()));
        expect(await stored()).toMatchObject({
          status: 'paid',
          paymentStatus: 'paid',
          paymentIntentId: 'pi_3QbXyZ2eZvKYlo2C1aB2cD3e',
          orderVersion: 2,
        });
      }));

  it('leaves the order unpaid, flags it and asks the refund when the provider captured less', () =>
    pact
      .addAsynchronousInteraction()
      .given('a card payment of a pending order succeeds for 1 cent')
      .expectsToReceive('a payment.succeeded event with another captured amount', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.succeeded', {
              provider_payment_id: string('pi_3QbXyZ2eZvKYlo2C1aB2cD3e'),
              captured_cents: 1,
              captured_currency: 'EUR',
              succeeded_at: datetime(ISO, '2026-11-22T10:00:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'payment.succeeded', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await order('pending', 'pending');
        await handle(message.contents.content, onPaymentSucceeded(bus()));
        expect(await stored()).toMatchObject({
          status: 'cancelled',
          paymentStatus: 'refunding',
          refundReason: 'amount_mismatch',
          paymentIssue: { code: 'amount_mismatch', captured_amount: 0.01, captured_currency: 'EUR' },
        });
      }));

  it('cancels the order whose payment was declined on the provider’s page', () =>
    pact
      .addAsynchronousInteraction()
      .given('the card payment of a pending order is declined')
      .expectsToReceive('a payment.failed event for a decline', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.failed', {
              reason: 'declined',
              detail: string('Pagamento rifiutato'),
              failed_at: datetime(ISO, '2026-11-22T10:05:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'payment.failed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await order('pending', 'pending');
        await handle(message.contents.content, onPaymentFailed(bus()));
        expect(await stored()).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
      }));

  it('records a partial refund of a paid order', () =>
    pact
      .addAsynchronousInteraction()
      .given('part of the card payment of a paid order was refunded')
      .expectsToReceive('a payment.refunded event for part of the payment', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.refunded', {
              captured_cents: integer(TOTAL_CENTS),
              refund_id: string('re_3QbXyZ2eZvKYlo2C0pQ9rS8u'),
              refund_cents: integer(2000),
              refunded_total_cents: integer(2000),
              reason: regex(
                '^(cancelled_by_staff|paid_after_cancellation|amount_mismatch)$',
                'cancelled_by_staff',
              ),
              refunded_at: datetime(ISO, '2026-11-22T11:00:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'payment.refunded', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await order('paid', 'paid');
        await handle(message.contents.content, onPaymentRefunded(bus()));
        expect(await stored()).toMatchObject({
          status: 'paid',
          paymentStatus: 'partially_refunded',
          refundedCents: 2000,
        });
      }));

  const REQUEST_ID = '4b2c8d1e-9f3a-4e6b-8c5d-2a7f1e3b9c64';
  /** The staff partial refund svc-orders asked (POST /api/orders/{id}/refunds), in progress. */
  async function partialRefundAsked() {
    await order('confirmed', 'paid');
    await db().insert(refundRequests).values({
      id: REQUEST_ID,
      orderId: ORDER_ID,
      idempotencyKey: 'pact-key',
      kind: 'amount',
      amountCents: 2440,
      reason: 'Sconto per il ritardo',
      refundReason: 'partial_refund',
    });
  }
  const requestRow = async () =>
    (await db().select().from(refundRequests).where(eq(refundRequests.id, REQUEST_ID)))[0]!;

  it('marks the staff partial refund done when its money went back', () =>
    pact
      .addAsynchronousInteraction()
      .given('the staff partial refund of a paid order was refunded')
      .expectsToReceive('a payment.refunded event answering a refund request', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.refunded', {
              captured_cents: integer(TOTAL_CENTS),
              refund_id: string('re_3QbXyZ2eZvKYlo2C0pQ9rS9v'),
              refund_cents: integer(2440),
              refunded_total_cents: integer(2440),
              reason: 'partial_refund',
              refunded_at: datetime(ISO, '2026-11-22T11:00:00.000Z'),
              refund_request_id: uuid(REQUEST_ID),
            }),
          )
          .withMetadata({ routingKey: 'payment.refunded', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await partialRefundAsked();
        await handle(message.contents.content, onPaymentRefunded(bus()));
        expect(await stored()).toMatchObject({
          status: 'confirmed',
          paymentStatus: 'partially_refunded',
          refundedCents: 2440,
        });
        expect(await requestRow()).toMatchObject({ state: 'done', amountCents: 2440 });
      }));

  it('marks the staff partial refund failed, with the reason, when svc-payments gave up on it', () =>
    pact
      .addAsynchronousInteraction()
      .given('the provider refuses the staff partial refund of a paid order for good')
      .expectsToReceive('a final payment.refund_failed event answering a refund request', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.refund_failed', {
              error: string(
                'Stripe: Refund amount is greater than unrefunded amount on charge (amount_too_large)',
              ),
              failed_at: datetime(ISO, '2026-11-22T11:00:00.000Z'),
              refund_request_id: uuid(REQUEST_ID),
              final: boolean(true),
            }),
          )
          .withMetadata({ routingKey: 'payment.refund_failed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await partialRefundAsked();
        await handle(message.contents.content, onPaymentRefundFailed(bus()));
        expect(await stored()).toMatchObject({ paymentStatus: 'paid', refundedCents: null });
        expect(await requestRow()).toMatchObject({
          state: 'failed',
          failureReason: expect.stringContaining('Stripe'),
        });
      }));

  it('cancels the order whose payment expired', () =>
    pact
      .addAsynchronousInteraction()
      .given('the card payment of a pending order expires')
      .expectsToReceive('a payment.failed event', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.failed', {
              reason: regex('^(expired|abandoned)$', 'expired'),
              detail: null,
              failed_at: datetime(ISO, '2026-11-22T10:30:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'payment.failed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await order('pending', 'pending');
        await handle(message.contents.content, onPaymentFailed(bus()));
        expect(await stored()).toMatchObject({
          status: 'cancelled',
          paymentStatus: 'failed',
          orderVersion: 2,
        });
      }));

  it('records the refund of the order', () =>
    pact
      .addAsynchronousInteraction()
      .given('the card payment of a cancelled order was refunded')
      .expectsToReceive('a payment.refunded event', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.refunded', {
              captured_cents: integer(TOTAL_CENTS),
              refund_id: string('re_3QbXyZ2eZvKYlo2C0pQ9rS8t'),
              refund_cents: integer(TOTAL_CENTS),
              refunded_total_cents: integer(TOTAL_CENTS),
              reason: regex(
                '^(cancelled_by_staff|paid_after_cancellation|amount_mismatch)$',
                'cancelled_by_staff',
              ),
              refunded_at: datetime(ISO, '2026-11-22T11:00:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'payment.refunded', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await order('cancelled', 'refunding');
        await handle(message.contents.content, onPaymentRefunded(bus()));
        expect(await stored()).toMatchObject({
          paymentStatus: 'refunded',
          refundReason: 'cancelled_by_staff',
          refundedAt: new Date('2026-11-22T11:00:00.000Z'),
          refundedCents: TOTAL_CENTS,
        });
      }));
});

// The one call svc-orders makes to svc-payments, through its REAL internal client and cancelUnpaidOrder: before it
// cancels an unpaid online order, the order's open attempts are expired at the provider, and an order whose money was
// taken meanwhile is left to payment.succeeded. The internal token is matched by shape (the verification signs one).
describe("svc-orders asks svc-payments to expire an unpaid order's payments", () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const db = () => orders.testDatabase.database.db;
  beforeAll(async () => {
    orders = await startOrders();
  }, 60_000);
  afterAll(() => orders?.stop());

  /** svc-orders' own cancellation of the unpaid order, its internal client pointed at the mock server. */
  const cancelThrough = (url: string) =>
    cancelUnpaidOrder(
      {
        database: orders.testDatabase.database,
        bus: orders.service.context.bus,
        internal: createInternalClient({
          service: 'svc-orders',
          baseUrls: { 'svc-payments': url },
          tokens: createInternalTokens('pact-consumer-internal-secret-of-40-chars'),
          retries: 0,
          timeoutMs: 30_000,
        }),
      },
      ORDER_ID,
    );
  const expireRequest = {
    Authorization: regex('^Bearer [A-Za-z0-9._~+/=-]+$', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln'),
    'Content-Type': 'application/json',
    'Idempotency-Key': `expire-order-${ORDER_ID}`,
  };

  it('cancels the order once its payments are expired and none took money', () =>
    pact
      .addInteraction()
      .given('the unpaid order has no payment that took money')
      .uponReceiving('a request to expire the payments of an unpaid order')
      .withRequest('POST', `/internal/orders/${ORDER_ID}/expire-payments`, (b) =>
        b.headers(expireRequest).jsonBody({}),
      )
      .willRespondWith(200, (b) => b.jsonBody({ paid: false }))
      .executeTest(async (server) => {
        await storeOrder(db(), 'pending', 'pending');
        expect(await cancelThrough(server.url)).toBe('cancelled');
        expect(await storedOrder(db())).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
      }));

  it('leaves the order to payment.succeeded when the provider took the money', () =>
    pact
      .addInteraction()
      .given('the card payment of the unpaid order took the money')
      .uponReceiving('a request to expire the payments of an order paid meanwhile')
      .withRequest('POST', `/internal/orders/${ORDER_ID}/expire-payments`, (b) =>
        b.headers(expireRequest).jsonBody({}),
      )
      .willRespondWith(200, (b) => b.jsonBody({ paid: true }))
      .executeTest(async (server) => {
        await storeOrder(db(), 'pending', 'pending');
        expect(await cancelThrough(server.url)).toBe('paid');
        expect(await storedOrder(db())).toMatchObject({ status: 'pending' });
      }));
});
