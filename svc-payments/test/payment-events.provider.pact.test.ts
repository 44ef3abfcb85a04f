import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { providerWithMetadata, Verifier } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import { createEvent, createInternalTokens } from '@edicola/platform';
import { paymentRecords, type PaymentRecord } from '../src/db/schema';
import { paymentFailed, paymentRefunded, paymentRefundFailed, paymentSucceeded } from '../src/payments/state';
import { INTERNAL_SECRET, startHarness, type Harness } from './harness';

// The payment events svc-payments publishes, built by the functions its state machine emits them with
// (payments/state.ts), from a payments row as the database holds it; verified against svc-orders' expectations
// (contracts/pacts/svc-orders-svc-payments.json, written by svc-orders' consumer test).
const PACT = path.resolve(__dirname, '../../contracts/pacts/svc-orders-svc-payments.json');

const created = new Date('2026-11-22T09:30:00.000Z');
const payment = (fields: Partial<PaymentRecord> = {}): PaymentRecord => ({
  id: '3f2b8c1d-6e4a-4b9f-8d2c-1a5e7b9c0d34',
  orderId: '7c4e2a91-3d5b-4f86-a0c2-9e1b7d3f5a28',
  method: 'card',
  provider: 'stripe',
  demo: false,
  status: 'open',
  amountCents: 10880,
  currency: 'EUR',
  requestKey: 'card:checkout-attempt-1',
  providerObjectId: 'cs_test_a1B2c3D4',
  providerPaymentId: null,
  capturedCents: null,
  capturedCurrency: null,
  failureReason: null,
  failureDetail: null,
  refundId: null,
  refundedCents: null,
  refundReason: null,
  createdAt: created,
  updatedAt: created,
  expiresAt: new Date(created.getTime() + 30 * 60_000),
  succeededAt: null,
  failedAt: null,
  refundedAt: null,
  ...fields,
});
const meta = (type: string) => ({ routingKey: type, contentType: 'application/json' });

/** The events both consumers read alike: a card payment succeeded, and a cancelled order refunded in full. */
const paidByCard = providerWithMetadata(
  () =>
    createEvent(
      'svc-payments',
      'payment.succeeded',
      paymentSucceeded(
        payment(),
        { providerPaymentId: 'pi_3QbXyZ2eZvKYlo2C1aB2cD3e', cents: 10880, currency: 'EUR' },
        new Date('2026-11-22T09:41:00.000Z'),
      ),
    ),
  meta('payment.succeeded'),
);
const refundedByStaff = providerWithMetadata(
  () =>
    createEvent(
      'svc-payments',
      'payment.refunded',
      paymentRefunded(
        payment({
          status: 'refunding',
          providerPaymentId: 'pi_3QbXyZ2eZvKYlo2C1aB2cD3e',
          capturedCents: 10880,
          capturedCurrency: 'EUR',
        }),
        { id: 're_3QbXyZ2eZvKYlo2C0pQ9rS8t', cents: 10880, totalCents: 10880 },
        'cancelled_by_staff',
        new Date('2026-11-22T11:00:00.000Z'),
      ),
    ),
  meta('payment.refunded'),
);

describe('svc-payments honours its pact with svc-orders', () => {
  // The one HTTP call of the pact (POST /internal/orders/{id}/expire-payments) goes to the real app, with the fake
  // Stripe on loopback; the consumer's internal token is replaced by one svc-orders would sign here.
  let h: Harness;
  let server: Server;
  let ordersToken: string;
  beforeAll(async () => {
    h = await startHarness('fake');
    server = await h.service.service.listen(0, '127.0.0.1');
    ordersToken = await createInternalTokens(INTERNAL_SECRET).sign('svc-orders', 'svc-payments');
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await h?.stop();
  });
  const paymentsOfTheOrder = () => eq(paymentRecords.orderId, payment().orderId);

  it(
    'publishes payment.succeeded, payment.failed and payment.refunded, and expires payments, as svc-orders expects',
    () =>
      new Verifier({
        provider: 'svc-payments',
        pactUrls: [PACT],
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requestFilter: (req, _res, next) => {
          if (req.headers.authorization) req.headers.authorization = `Bearer ${ordersToken}`;
          next();
        },
        messageProviders: {
          'a payment.succeeded event': paidByCard,
          // As Stripe reported it: a session whose amount_total is 1 cent.
          'a payment.succeeded event with another captured amount': providerWithMetadata(
            () =>
              createEvent(
                'svc-payments',
                'payment.succeeded',
                paymentSucceeded(
                  payment(),
                  { providerPaymentId: 'pi_3QbXyZ2eZvKYlo2C1aB2cD3e', cents: 1, currency: 'EUR' },
                  new Date('2026-11-22T09:41:00.000Z'),
                ),
              ),
            meta('payment.succeeded'),
          ),
          'a payment.failed event for a decline': providerWithMetadata(
            () =>
              createEvent(
                'svc-payments',
                'payment.failed',
                // As a Stripe decline is applied (payments/apply.ts).
                paymentFailed(
                  payment(),
                  'declined',
                  'Pagamento rifiutato',
                  new Date('2026-11-22T10:05:00.000Z'),
                ),
              ),
            meta('payment.failed'),
          ),
          'a payment.refunded event for part of the payment': providerWithMetadata(
            () =>
              createEvent(
                'svc-payments',
                'payment.refunded',
                paymentRefunded(
                  payment({ status: 'succeeded', capturedCents: 10880, capturedCurrency: 'EUR' }),
                  { id: 're_3QbXyZ2eZvKYlo2C0pQ9rS8u', cents: 2000, totalCents: 2000 },
                  'cancelled_by_staff',
                  new Date('2026-11-22T11:00:00.000Z'),
                ),
              ),
            meta('payment.refunded'),
          ),
          'a payment.refunded event answering a refund request': providerWithMetadata(
            () =>
              createEvent(
                'svc-payments',
                'payment.refunded',
                paymentRefunded(
                  payment({ status: 'succeeded', capturedCents: 10880, capturedCurrency: 'EUR' }),
                  {
                    id: 're_3QbXyZ2eZvKYlo2C0pQ9rS9v',
                    cents: 2440,
                    totalCents: 2440,
                    requestId: '4b2c8d1e-9f3a-4e6b-8c5d-2a7f1e3b9c64',
                  },
                  'partial_refund',
                  new Date('2026-11-22T11:00:00.000Z'),
                ),
              ),
            meta('payment.refunded'),
          ),
          'a final payment.refund_failed event answering a refund request': providerWithMetadata(
            () =>
              createEvent(
                'svc-payments',
                'payment.refund_failed',
                // As the refund job emits it when Stripe refuses the amount for good (payments/refunds.ts).
                paymentRefundFailed(
                  payment({ status: 'succeeded', providerPaymentId: 'pi_3QbXyZ2eZvKYlo2C1aB2cD3e' }),
                  'Stripe: Refund amount (2440) is greater than unrefunded amount on charge (0) (amount_too_large)',
                  new Date('2026-11-22T11:00:00.000Z'),
                  { id: '4b2c8d1e-9f3a-4e6b-8c5d-2a7f1e3b9c64', final: true },
                ),
              ),
            meta('payment.refund_failed'),
          ),
          'a payment.failed event': providerWithMetadata(
            () =>
              createEvent(
                'svc-payments',
                'payment.failed',
                // As the expiry job emits it: the reason, no detail.
                paymentFailed(payment(), 'expired', null, new Date('2026-11-22T10:00:00.000Z')),
              ),
            meta('payment.failed'),
          ),
          'a payment.refunded event': refundedByStaff,
        },
        stateHandlers: {
          'the unpaid order has no payment that took money': async () => {
            await h.db.delete(paymentRecords).where(paymentsOfTheOrder());
          },
          'the card payment of the unpaid order took the money': async () => {
            await h.db.delete(paymentRecords).where(paymentsOfTheOrder());
            await h.db.insert(paymentRecords).values(
              payment({
                status: 'succeeded',
                providerPaymentId: 'pi_3QbXyZ2eZvKYlo2C1aB2cD3e',
                capturedCents: 10880,
                capturedCurrency: 'EUR',
              }),
            );
          },
          'a card payment of a pending order succeeds': async () => undefined,
          'the card payment of a pending order expires': async () => undefined,
          'the card payment of a cancelled order was refunded': async () => undefined,
          'a card payment of a pending order succeeds for 1 cent': async () => undefined,
          'the card payment of a pending order is declined': async () => undefined,
          'part of the card payment of a paid order was refunded': async () => undefined,
          'the staff partial refund of a paid order was refunded': async () => undefined,
          'the provider refuses the staff partial refund of a paid order for good': async () => undefined,
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});

// The same events against svc-notify's expectations (contracts/pacts/svc-notify-svc-payments.json).
describe('svc-payments honours its message pact with svc-notify', () => {
  it(
    'publishes payment.succeeded, payment.failed and payment.refunded as svc-notify expects',
    () =>
      new Verifier({
        provider: 'svc-payments',
        pactUrls: [path.resolve(__dirname, '../../contracts/pacts/svc-notify-svc-payments.json')],
        messageProviders: {
          'a payment.succeeded event': paidByCard,
          'a payment.failed event for a declined payment': providerWithMetadata(
            () =>
              createEvent(
                'svc-payments',
                'payment.failed',
                // As a declined card emits it: the reason and the provider's message.
                paymentFailed(
                  payment({ orderId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }),
                  'declined',
                  'Your card was declined.',
                  new Date('2026-11-22T09:41:00.000Z'),
                ),
              ),
            meta('payment.failed'),
          ),
          'a payment.refunded event': refundedByStaff,
          'a payment.refund_failed event': providerWithMetadata(
            () =>
              createEvent(
                'svc-payments',
                'payment.refund_failed',
                paymentRefundFailed(
                  payment({ status: 'refunding', providerPaymentId: 'pi_3QbXyZ2eZvKYlo2C1aB2cD3e' }),
                  '{"type":"StripeInvalidRequestError","status":400}',
                  new Date('2026-11-22T11:00:00.000Z'),
                ),
              ),
            meta('payment.refund_failed'),
          ),
        },
        stateHandlers: {
          'a card payment succeeds': async () => undefined,
          'a card payment is declined': async () => undefined,
          'a paid order is cancelled and refunded': async () => undefined,
          'the provider refuses a refund': async () => undefined,
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
