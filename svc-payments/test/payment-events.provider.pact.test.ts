import path from 'node:path';
import { providerWithMetadata, Verifier } from '@pact-foundation/pact';
import { createEvent } from '@edicola/platform';
import type { PaymentRecord } from '../src/db/schema';
import { paymentFailed, paymentRefunded, paymentSucceeded } from '../src/payments/state';

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

describe('svc-payments honours its message pact with svc-orders', () => {
  it(
    'publishes payment.succeeded, payment.failed and payment.refunded as svc-orders expects',
    () =>
      new Verifier({
        provider: 'svc-payments',
        pactUrls: [PACT],
        messageProviders: {
          'a payment.succeeded event': providerWithMetadata(
            () =>
              createEvent(
                'svc-payments',
                'payment.succeeded',
                paymentSucceeded(
                  payment(),
                  'pi_3QbXyZ2eZvKYlo2C1aB2cD3e',
                  new Date('2026-11-22T09:41:00.000Z'),
                ),
              ),
            meta('payment.succeeded'),
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
          'a payment.refunded event': providerWithMetadata(
            () =>
              createEvent(
                'svc-payments',
                'payment.refunded',
                paymentRefunded(
                  payment({ status: 'refunding', providerPaymentId: 'pi_3QbXyZ2eZvKYlo2C1aB2cD3e' }),
                  're_3QbXyZ2eZvKYlo2C0pQ9rS8t',
                  'cancelled_by_staff',
                  new Date('2026-11-22T11:00:00.000Z'),
                ),
              ),
            meta('payment.refunded'),
          ),
        },
        stateHandlers: {
          'a card payment of a pending order succeeds': async () => undefined,
          'the card payment of a pending order expires': async () => undefined,
          'the card payment of a cancelled order was refunded': async () => undefined,
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
