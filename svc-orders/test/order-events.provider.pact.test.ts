import path from 'node:path';
import { providerWithMetadata, Verifier } from '@pact-foundation/pact';
import { createEvent } from '@edicola/platform';
import { orderStatusChanged } from '../src/orders/events';

// The event svc-orders publishes when a paid order is cancelled, built by the same code the bus uses.
describe('svc-orders honours its message pact with svc-catalog', () => {
  it(
    'publishes order.status_changed as svc-catalog expects',
    () =>
      new Verifier({
        provider: 'svc-orders',
        pactUrls: [path.resolve(__dirname, '../../contracts/pacts/svc-catalog-svc-orders.json')],
        messageProviders: {
          'an order.status_changed event for a cancelled order': providerWithMetadata(
            () =>
              createEvent(
                'svc-orders',
                'order.status_changed',
                orderStatusChanged({
                  orderId: 'ord-42',
                  from: 'paid',
                  to: 'cancelled',
                  items: [{ article_id: '3b0f0c8e-8a1d-4c6f-bb0e-1f2a3c4d5e6f', quantity: 1 }],
                  customerEmail: 'anna@example.it',
                  trackingNumber: null,
                }),
              ),
            { routingKey: 'order.status_changed', contentType: 'application/json' },
          ),
        },
        stateHandlers: { 'a paid order holding stock is cancelled': async () => undefined },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
