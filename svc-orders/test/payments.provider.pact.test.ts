import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { providerWithMetadata, Verifier } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { createEvent } from '@edicola/platform';
import { articles, reservations } from '../../svc-catalog/src/db/schema';
import { customers, orderRecords } from '../src/db/schema';
import { orderRefundRequested, orderStatusChanged } from '../src/orders/events';
import { orderBody, startShop, type Shop } from './shop';

// svc-payments' pact with svc-orders (contracts/pacts/svc-payments-svc-orders.json, written by svc-payments'
// consumer tests): its internal calls (POST /internal/orders, GET /internal/orders/{id}) answered by the real
// svc-orders app calling the real svc-catalog, and the order.refund_requested event built by the code the
// staff's 'cancel and refund' and a late payment use, and order.status_changed for a cancelled order waiting
// for its payment. The consumer tests run first and write the pact.
const PACT = path.resolve(__dirname, '../../contracts/pacts/svc-payments-svc-orders.json');
const DEFAULT_ARTICLE = '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11';

type Params = Record<string, unknown>;
const text = (params: Params, key: string, fallback: string) =>
  typeof params[key] === 'string' ? (params[key] as string) : fallback;
const number = (params: Params, key: string, fallback: number) =>
  params[key] === undefined ? fallback : Number(params[key]);

describe('svc-orders honours its pact with svc-payments', () => {
  let shop: Shop;
  let server: Server;

  beforeAll(async () => {
    shop = await startShop();
    server = await shop.orders.listen(0, '127.0.0.1');
  }, 90_000);
  afterAll(() => shop?.stop());

  /** 'an active article with stock' {article_id, sku, title, price (net euros), iva_percentage, stock} */
  async function activeArticle(params: Params) {
    const id = text(params, 'article_id', DEFAULT_ARTICLE);
    const values = {
      id,
      sku: text(params, 'sku', 'PACT-PAY-1'),
      title: text(params, 'title', 'Ferrari SF-23 1:18'),
      description: 'Articolo del contratto Pact con svc-payments',
      category: 'Modellismo',
      priceCents: Math.round(number(params, 'price', 49.9) * 100),
      ivaPercentage: number(params, 'iva_percentage', 22),
      quantityStock: number(params, 'stock', 5),
      isActive: true,
    };
    await shop.catalogDb
      .insert(articles)
      .values(values)
      .onConflictDoUpdate({ target: articles.id, set: values });
    return id;
  }

  /** Nothing stored under the order id: no order, no reservation (a first POST /internal/orders). */
  async function noOrder(orderId: string) {
    await shop.db.delete(orderRecords).where(eq(orderRecords.id, orderId));
    await shop.catalogDb.delete(reservations).where(eq(reservations.orderId, orderId));
  }

  it(
    'verifies every interaction of svc-payments',
    () =>
      new Verifier({
        provider: 'svc-orders',
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        pactUrls: [PACT],
        // svc-payments signs a fresh internal token per call; the pact holds a placeholder.
        requestFilter: (req, _res, next) => {
          if (!req.url?.startsWith('/internal/')) return next();
          void shop.internalToken('svc-payments', 'svc-orders').then((token) => {
            req.headers.authorization = `Bearer ${token}`;
            next();
          });
        },
        stateHandlers: {
          'an active article with stock': async (params) => {
            await activeArticle((params ?? {}) as Params);
            return undefined;
          },
          /** {order_id}: the id svc-payments chose is new here. */
          'no order with this id': async (params) => {
            await noOrder(text((params ?? {}) as Params, 'order_id', randomUUID()));
            return undefined;
          },
          /** {order_id, payment_method (klarna), article_id, quantity (1), customer_email}: created as svc-payments does. */
          'a pending order': async (params) => {
            const p = (params ?? {}) as Params;
            const orderId = text(p, 'order_id', randomUUID());
            await noOrder(orderId);
            const article = await activeArticle({ ...p, stock: number(p, 'stock', 10) });
            const base = orderBody([{ article_id: article, quantity: number(p, 'quantity', 1) }], 0);
            const res = await request(shop.orders.app)
              .post('/internal/orders')
              .set('Authorization', `Bearer ${await shop.internalToken()}`)
              .send({
                ...base,
                customer_info: { ...base.customer_info, email: text(p, 'customer_email', 'anna@example.it') },
                total_amount: undefined,
                payment_method: text(p, 'payment_method', 'klarna'),
                order_id: orderId,
                client_address: '203.0.113.1',
              });
            if (res.status !== 201) throw new Error(`state 'a pending order': ${JSON.stringify(res.body)}`);
            return undefined;
          },
          /** {customer_id, email}: a private customer account svc-payments found in the buyer's token. */
          'a customer account exists': async (params) => {
            const p = (params ?? {}) as Params;
            const id = text(p, 'customer_id', randomUUID());
            await shop.db.delete(customers).where(eq(customers.id, id));
            await shop.db.insert(customers).values({
              id,
              email: text(p, 'email', `cliente-${id.slice(0, 8)}@example.it`),
              passwordHash: 'not-used-by-this-contract',
              telefono: '+39 081 123 4567',
              tipoCliente: 'privato',
              datiPrivato: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: null },
              street: 'Via Toledo 1',
              city: 'Napoli',
              province: 'NA',
              cap: '80134',
            });
            return undefined;
          },
          'a paid order is cancelled by the staff': async () => undefined,
          'a staff partial refund of a paid order is asked': async () => undefined,
          'a payment arrives for an order already cancelled': async () => undefined,
          'an order waiting for its online payment is cancelled': async () => undefined,
        },
        messageProviders: {
          'an order.refund_requested event': providerWithMetadata(
            () =>
              createEvent(
                'svc-orders',
                'order.refund_requested',
                orderRefundRequested({
                  orderId: '3b9a6f0e-8c1d-4e27-a5f4-2d6c0b1e9a73',
                  orderVersion: 3,
                  reason: 'cancelled_by_staff',
                  requestedAt: new Date('2026-11-22T10:30:00.000Z'),
                  refundRequestId: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
                }),
              ),
            { routingKey: 'order.refund_requested', contentType: 'application/json' },
          ),
          'an order.refund_requested event for part of the payment': providerWithMetadata(
            () =>
              createEvent(
                'svc-orders',
                'order.refund_requested',
                orderRefundRequested({
                  orderId: '3b9a6f0e-8c1d-4e27-a5f4-2d6c0b1e9a73',
                  orderVersion: 4,
                  reason: 'partial_refund',
                  requestedAt: new Date('2026-11-22T11:00:00.000Z'),
                  refundRequestId: '2f9e4c5a-7b83-4d0f-9c4e-9a5b3d8e1c63',
                  amountCents: 2440,
                }),
              ),
            { routingKey: 'order.refund_requested', contentType: 'application/json' },
          ),
          'an order.status_changed event for a cancelled order': providerWithMetadata(
            () =>
              createEvent(
                'svc-orders',
                'order.status_changed',
                orderStatusChanged({
                  orderId: '3b9a6f0e-8c1d-4e27-a5f4-2d6c0b1e9a73',
                  orderVersion: 2,
                  from: 'pending',
                  to: 'cancelled',
                  items: [{ article_id: DEFAULT_ARTICLE, quantity: 1 }],
                  customerEmail: 'anna@example.it',
                  trackingNumber: null,
                }),
              ),
            { routingKey: 'order.status_changed', contentType: 'application/json' },
          ),
        },
        logLevel: 'warn',
      }).verifyProvider(),
    120_000,
  );
});
