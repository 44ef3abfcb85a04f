import path from 'node:path';
import { providerWithMetadata, Verifier } from '@pact-foundation/pact';
import { createEvent } from '@edicola/platform';
import { externalOrderCreated } from '../src/channels/external-orders';
import { orderCreated, orderItemsRestocked, orderStatusChanged } from '../src/orders/events';
import { transferDetails } from '../src/orders/bank-transfer';
import { priceLines } from '../src/orders/pricing';
import { passwordResetRequested } from '../src/passwords/reset';

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
                  orderId: '3b9a6f0e-8c1d-4e27-a5f4-2d6c0b1e9a73',
                  orderVersion: 4,
                  from: 'paid',
                  to: 'cancelled',
                  items: [{ article_id: '3b0f0c8e-8a1d-4c6f-bb0e-1f2a3c4d5e6f', quantity: 1 }],
                  customerEmail: 'anna@example.it',
                  trackingNumber: null,
                }),
              ),
            { routingKey: 'order.status_changed', contentType: 'application/json' },
          ),
          // As a partial refund with restock emits it (orders/refunds.ts).
          'an order.items_restocked event for the units of a partial refund': providerWithMetadata(
            () =>
              createEvent(
                'svc-orders',
                'order.items_restocked',
                orderItemsRestocked({
                  orderId: '5d2e8f1a-3b4c-4d5e-8f6a-7b8c9d0e1f2a',
                  restockId: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d',
                  items: [{ article_id: '3b0f0c8e-8a1d-4c6f-bb0e-1f2a3c4d5e6f', quantity: 2 }],
                  at: new Date('2026-11-22T11:00:00.000Z'),
                }),
              ),
            { routingKey: 'order.items_restocked', contentType: 'application/json' },
          ),
          // As DELETE /api/customers/me erases an account (customers/erasure.ts).
          'a customer.erased event': providerWithMetadata(
            () =>
              createEvent('svc-orders', 'customer.erased', {
                customer_id: '1f2e3d4c-5b6a-4789-8a7b-6c5d4e3f2a1b',
                email: 'giulia.russo@example.it',
              }),
            { routingKey: 'customer.erased', contentType: 'application/json' },
          ),
        },
        stateHandlers: {
          'a customer erases their account': async () => undefined,
          'a paid order holding stock is cancelled': async () => undefined,
          'staff refund units of a delivered order and put them back on sale': async () => undefined,
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});

// The event svc-orders publishes when a guest places a bank-transfer order, built by the same code POST /orders
// uses (pricing in cents, transfer details, event data) from the catalogue's reservation answer.
describe('svc-orders honours its message pact with svc-notify', () => {
  it(
    'publishes order.created as svc-notify expects',
    () =>
      new Verifier({
        provider: 'svc-orders',
        pactUrls: [path.resolve(__dirname, '../../contracts/pacts/svc-notify-svc-orders.json')],
        messageProviders: {
          'an order.created event for a bank-transfer order': providerWithMetadata(
            () => {
              const orderId = '5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678';
              const { lines, subtotalCents } = priceLines([
                {
                  article_id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11',
                  sku: 'MOD-001',
                  title: 'Ferrari 312T Niki Lauda 1:43',
                  price: 49.9,
                  iva_percentage: 22,
                  quantity: 2,
                },
              ]);
              const totalCents = subtotalCents + 900;
              return createEvent(
                'svc-orders',
                'order.created',
                orderCreated({
                  orderId,
                  orderToken: 'Vq3Xo0b9yC1mK7Zt2rL4sPp8Qw6Ee5Nn-A_hGjUuIi0',
                  customerId: null,
                  customerEmail: 'giulia.russo@example.it',
                  customerName: 'Giulia Russo',
                  paymentMethod: 'transfer',
                  lines,
                  subtotalCents,
                  shippingCents: 900,
                  totalCents,
                  shippingCountry: 'IT',
                  shippingAddress: {
                    name: 'Giulia Russo',
                    address: 'Via dei Mille 12',
                    zipCode: '80121',
                    city: 'Napoli',
                  },
                  bankTransfer: transferDetails(
                    {
                      iban: 'IE29AIBK93115212345678',
                      holder: 'Edicola Napoli',
                      bankName: 'Banca Dimostrativa',
                      demo: true,
                    },
                    orderId,
                    totalCents,
                  ),
                  createdAt: new Date('2026-11-22T09:30:00.000Z'),
                  paymentDueAt: new Date('2026-11-29T09:30:00.000Z'),
                  language: 'en',
                }),
              );
            },
            { routingKey: 'order.created', contentType: 'application/json' },
          ),
          'an order.created event for an eBay order': providerWithMetadata(
            () =>
              createEvent(
                'svc-orders',
                'order.created',
                externalOrderCreated(
                  {
                    id: '2a4c6e80-1b3d-4f57-9a0b-0000c2d4e6f8',
                    items: [
                      {
                        article_id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11',
                        sku: 'MOD-001',
                        title: 'Ferrari 312T Niki Lauda 1:43',
                        quantity: 1,
                        unit_net_cents: 10648,
                        iva_percentage: 22,
                        unit_gross_cents: 12990,
                        line_total_cents: 12990,
                      },
                    ],
                    subtotalCents: 12990,
                    shippingCents: 700,
                    totalCents: 13690,
                    shippingCountry: 'IT',
                    createdAt: new Date('2026-11-29T09:00:00.000Z'),
                    stockConflict: true,
                  },
                  {
                    channel: 'ebay',
                    external_id: '12-34567-89012',
                    buyer: {
                      name: 'Mario Rossi',
                      email: 'mrossi@members.ebay.it',
                      username: 'mario_collezioni',
                      phone: null,
                    },
                    shipping_address: {
                      name: 'Mario Rossi',
                      address: 'Via Chiaia 12',
                      zip_code: '80121',
                      city: 'Napoli',
                      province: 'NA',
                      country: 'IT',
                    },
                    lines: [],
                    shipping_cents: 700,
                    total_cents: 13690,
                    paid_at: '2026-11-29T09:00:00.000Z',
                    created_at: '2026-11-29T08:59:00.000Z',
                  },
                ),
              ),
            { routingKey: 'order.created', contentType: 'application/json' },
          ),
          'an order.status_changed event for a shipped order': providerWithMetadata(
            () =>
              createEvent(
                'svc-orders',
                'order.status_changed',
                orderStatusChanged({
                  orderId: '7c4e2a91-3d5b-4f86-a0c2-9e1b7d3f5a28',
                  orderVersion: 3,
                  from: 'paid',
                  to: 'shipped',
                  items: [{ article_id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11', quantity: 1 }],
                  customerEmail: 'marco.ferri@example.it',
                  trackingNumber: 'BRT123456789',
                  carrier: 'BRT',
                  language: 'it',
                }),
              ),
            { routingKey: 'order.status_changed', contentType: 'application/json' },
          ),
          // As PUT /api/orders/{id}/payment records a transfer on a pending order (orders/transfer-payment.ts).
          'an order.status_changed event for a bank transfer recorded': providerWithMetadata(
            () =>
              createEvent(
                'svc-orders',
                'order.status_changed',
                orderStatusChanged({
                  orderId: '8b1d3f5a-7c9e-4a2b-9d4f-6e8a0c2b4d61',
                  orderVersion: 2,
                  from: 'pending',
                  to: 'paid',
                  items: [{ article_id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11', quantity: 1 }],
                  customerEmail: 'elena.marino@example.it',
                  trackingNumber: null,
                  language: 'it',
                }),
              ),
            { routingKey: 'order.status_changed', contentType: 'application/json' },
          ),
          // As DELETE /api/customers/me erases an account (customers/erasure.ts).
          'a customer.erased event': providerWithMetadata(
            () =>
              createEvent('svc-orders', 'customer.erased', {
                customer_id: '1f2e3d4c-5b6a-4789-8a7b-6c5d4e3f2a1b',
                email: 'giulia.russo@example.it',
              }),
            { routingKey: 'customer.erased', contentType: 'application/json' },
          ),
          // As POST /api/customers/password-reset makes a link (passwords/reset.ts).
          'an account.password_reset_requested event': providerWithMetadata(
            () =>
              createEvent(
                'svc-orders',
                'account.password_reset_requested',
                passwordResetRequested({
                  resetId: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d',
                  holder: {
                    account: 'customer',
                    id: '1f2e3d4c-5b6a-4789-8a7b-6c5d4e3f2a1b',
                    email: 'giulia.russo@example.it',
                    name: 'Giulia',
                  },
                  token: 'c2VncmV0by1kaS1wcm92YQ',
                  language: 'fr',
                  expiresAt: new Date('2026-11-22T10:30:00.000Z'),
                }),
              ),
            { routingKey: 'account.password_reset_requested', contentType: 'application/json' },
          ),
        },
        stateHandlers: {
          'a customer asks to reset a forgotten password': async () => undefined,
          'a customer erases their account': async () => undefined,
          'a guest places a bank-transfer order': async () => undefined,
          'staff ship a paid order': async () => undefined,
          'staff record the bank transfer of a pending order': async () => undefined,
          'svc-channels imports an eBay order that found no stock': async () => undefined,
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
