// Consumer contract of svc-orders with svc-payments' payment events: each message is read by the contracts'
// parseEvent and handled by svc-orders' REAL handler (the one service.ts registers) on a real database. Writes
// contracts/pacts/svc-orders-svc-payments.json (this file is its only writer); svc-payments verifies it.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import { parseEvent, type Event, type OrderStatus, type PaymentStatus } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { orderRecords } from '../src/db/schema';
import { onPaymentFailed } from '../src/events/payment-failed';
import { onPaymentRefunded } from '../src/events/payment-refunded';
import { onPaymentSucceeded } from '../src/events/payment-succeeded';
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

describe('svc-orders consumes payment.succeeded, payment.failed and payment.refunded from svc-payments', () => {
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const db = () => orders.testDatabase.database.db;
  const bus = () => orders.service.context.bus;

  beforeAll(async () => {
    orders = await startOrders();
  }, 60_000);
  afterAll(() => orders?.stop());

  /** The order of the messages, as svc-payments' internal call created it: pending, unpaid, 108.80 by card. */
  async function order(status: OrderStatus, paymentStatus: PaymentStatus) {
    await db().delete(orderRecords).where(eq(orderRecords.id, ORDER_ID));
    await db()
      .insert(orderRecords)
      .values({
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
  const stored = async () =>
    (await db().select().from(orderRecords).where(eq(orderRecords.id, ORDER_ID)))[0]!;
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

  it('cancels the order whose payment expired', () =>
    pact
      .addAsynchronousInteraction()
      .given('the card payment of a pending order expires')
      .expectsToReceive('a payment.failed event', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.failed', {
              reason: regex('^(declined|expired|abandoned)$', 'expired'),
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
              refund_id: string('re_3QbXyZ2eZvKYlo2C0pQ9rS8t'),
              reason: regex('^(cancelled_by_staff|paid_after_cancellation)$', 'cancelled_by_staff'),
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
