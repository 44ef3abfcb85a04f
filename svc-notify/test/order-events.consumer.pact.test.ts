import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { ParsedMail } from 'mailparser';
import { parseEvent } from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { eq } from 'drizzle-orm';
import { emails, outbox, subscribers } from '../src/db/schema';
import { startHarness, textOf, type Harness } from './notify-harness';

const { like, uuid, regex, datetime, eachLike, integer, string, boolean, decimal } = MatchersV3;
const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";

const ordersPact = new PactV4({
  consumer: 'svc-notify',
  provider: 'svc-orders',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});
const paymentsPact = new PactV4({
  consumer: 'svc-notify',
  provider: 'svc-payments',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

const ORDER_ID = '5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678';
const CARD_ORDER_ID = '7c4e2a91-3d5b-4f86-a0c2-9e1b7d3f5a28';
const RECORDED_ORDER_ID = '8b1d3f5a-7c9e-4a2b-9d4f-6e8a0c2b4d61';
const EBAY_ORDER_ID = '2a4c6e80-1b3d-4f57-9a0b-0000c2d4e6f8';

/** Each example its own event id: svc-notify processes an event id once. */
const EVENT_IDS: Record<string, string> = {
  'order.created': '9e2f7c1a-3b4d-4e5f-8a6b-7c8d9e0f1a2b',
  'order.status_changed': '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  'payment.succeeded': '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  'payment.failed': '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
  'payment.refunded': '4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c',
  'payment.refund_failed': '5a6b7c8d-9e0f-4a1b-8c3d-4e5f6a7b8c9d',
};

/** An order's token as svc-orders writes it (43 base64url characters). */
const ORDER_TOKEN = 'Vq3Xo0b9yC1mK7Zt2rL4sPp8Qw6Ee5Nn-A_hGjUuIi0';

const envelope = (
  type: string,
  source: string,
  data: Record<string, unknown>,
  id: string = EVENT_IDS[type]!,
) => ({
  id: uuid(id),
  type,
  version: 1,
  occurred_at: datetime(ISO, '2026-11-22T09:30:00.000Z'),
  source,
  correlation_id: string('req-456'),
  data,
});

const orderCreated = (orderId: string, method: 'transfer' | 'card', email: string) => ({
  order_id: uuid(orderId),
  order_reference: regex('^ORD-[0-9A-F]{8}$', `ORD-${orderId.replace(/-/g, '').slice(-8).toUpperCase()}`),
  order_token: regex('^[\\w-]{43}$', ORDER_TOKEN),
  order_version: 1,
  status: 'pending',
  payment_method: method,
  payment_status: 'pending',
  customer_id: null,
  customer_email: regex('^[^@\\s]+@[^@\\s]+$', email),
  customer_name: string('Giulia Russo'),
  items: eachLike({
    article_id: uuid('6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11'),
    sku: string('MOD-001'),
    title: string('Ferrari 312T Niki Lauda 1:43'),
    quantity: integer(2),
    unit_net_cents: integer(4990),
    iva_percentage: integer(22),
    unit_gross_cents: integer(6088),
    line_total_cents: integer(12176),
  }),
  subtotal_cents: integer(12176),
  shipping_cents: integer(900),
  total_cents: integer(13076),
  shipping_country: regex('^[A-Z]{2}$', 'IT'),
  shipping_address: {
    name: string('Giulia Russo'),
    address: string('Via dei Mille 12'),
    zip_code: like('80121'),
    city: string('Napoli'),
    country: regex('^[A-Z]{2}$', 'IT'),
  },
  bank_transfer:
    method === 'transfer'
      ? {
          iban: string('IE29 AIBK 9311 5212 3456 78'),
          holder: string('Edicola Napoli'),
          bank_name: like('Banca Dimostrativa'),
          payment_reason: regex('^ORD-[0-9A-F]{8}$', 'ORD-ABCD5678'),
          amount: decimal(130.76),
          demo: boolean(true),
        }
      : null,
  created_at: datetime(ISO, '2026-11-22T09:30:00.000Z'),
  language: regex('^(it|en|fr|es|pt|de|ru|nl)$', 'en'),
});

/** The order.created of the card order the payment events are about, as svc-orders' pact describes it. */
const cardOrderCreated = () =>
  parseEvent({
    id: randomUUID(),
    type: 'order.created',
    version: 1,
    occurred_at: '2026-11-22T09:30:00.000Z',
    source: 'svc-orders',
    correlation_id: 'req-1',
    data: {
      order_id: CARD_ORDER_ID,
      order_reference: 'ORD-9E1B7D3F',
      order_version: 1,
      status: 'pending',
      payment_method: 'card',
      payment_status: 'pending',
      customer_id: null,
      customer_email: 'marco.ferri@example.it',
      customer_name: 'Marco Ferri',
      items: [
        {
          article_id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11',
          sku: 'MOD-001',
          title: 'Ferrari 312T Niki Lauda 1:43',
          quantity: 1,
          unit_net_cents: 8918,
          iva_percentage: 22,
          unit_gross_cents: 10880,
          line_total_cents: 10880,
        },
      ],
      subtotal_cents: 10880,
      shipping_cents: 0,
      total_cents: 10880,
      shipping_country: 'IT',
      bank_transfer: null,
      created_at: '2026-11-22T09:30:00.000Z',
      language: 'it',
    },
  });

jest.setTimeout(30_000);

describe('svc-notify consumes the order and payment events', () => {
  let h: Harness;
  /** Delivered the way the relay delivers any event to this service: through its outbox. */
  const deliver = async (raw: unknown) => {
    const event = parseEvent(raw);
    await h.notify.testDatabase.database.db
      .insert(outbox)
      .values({ id: randomUUID(), type: event.type, envelope: event, target: 'svc-notify' });
    h.notify.service.context.bus.wake();
  };
  const mailAbout = (address: string, subject: string): Promise<ParsedMail> =>
    waitFor(() => h.mailsTo(address).find((m) => m.subject?.includes(subject)));

  beforeAll(async () => {
    h = await startHarness();
    await deliver(cardOrderCreated());
  }, 60_000);
  afterAll(() => h?.stop());

  // docs/product/account.md#password-reset
  it("e-mails the link of a password reset in the request's language", () =>
    ordersPact
      .addAsynchronousInteraction()
      .given('a customer asks to reset a forgotten password')
      .expectsToReceive('an account.password_reset_requested event', (builder) => {
        builder
          .withJSONContent(
            envelope(
              'account.password_reset_requested',
              'svc-orders',
              {
                reset_id: uuid('6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d'),
                account: regex('^(customer|staff)$', 'customer'),
                email: regex('^[^@\\s]+@[^@\\s]+$', 'giulia.russo@example.it'),
                name: string('Giulia'),
                token: string('c2VncmV0by1kaS1wcm92YQ'),
                language: regex('^(it|en|fr|es|pt|de|ru|nl)$', 'fr'),
                expires_at: datetime(ISO, '2026-11-22T10:30:00.000Z'),
              },
              '7b8c9d0e-1f2a-4b3c-9d4e-5f6a7b8c9d0e',
            ),
          )
          .withMetadata({ routingKey: 'account.password_reset_requested', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await mailAbout('giulia.russo@example.it', 'mot de passe');
        expect(mail.subject).toBe('Réinitialisez votre mot de passe sur Edicola Napoli');
        expect(String(mail.html)).toContain('/fr/reimposta-password?token=c2VncmV0by1kaS1wcm92YQ"');
      }));

  // docs/product/account.md#erasure
  it("forgets an erased customer: the subscription goes, the e-mails' log keeps a pseudonym", () =>
    ordersPact
      .addAsynchronousInteraction()
      .given('a customer erases their account')
      .expectsToReceive('a customer.erased event', (builder) => {
        builder
          .withJSONContent(
            envelope(
              'customer.erased',
              'svc-orders',
              {
                customer_id: uuid('1f2e3d4c-5b6a-4789-8a7b-6c5d4e3f2a1b'),
                email: regex('^[^@\\s]+@[^@\\s]+$', 'giulia.russo@example.it'),
              },
              '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
            ),
          )
          .withMetadata({ routingKey: 'customer.erased', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const db = h.notify.testDatabase.database.db;
        await db.insert(subscribers).values({ email: 'giulia.russo@example.it', confirmedAt: new Date() });
        await deliver(message.contents.content);
        await waitFor(
          async () =>
            (await db.select().from(subscribers).where(eq(subscribers.email, 'giulia.russo@example.it')))
              .length === 0,
        );
        const logged = await db.select().from(emails).where(eq(emails.recipient, 'giulia.russo@example.it'));
        expect(logged).toEqual([]);
      }));

  it('e-mails the customer the "order received" of a bank-transfer order, in their language', () =>
    ordersPact
      .addAsynchronousInteraction()
      .given('a guest places a bank-transfer order')
      .expectsToReceive('an order.created event for a bank-transfer order', (builder) => {
        builder
          .withJSONContent(
            envelope(
              'order.created',
              'svc-orders',
              orderCreated(ORDER_ID, 'transfer', 'giulia.russo@example.it'),
            ),
          )
          .withMetadata({ routingKey: 'order.created', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await mailAbout('giulia.russo@example.it', 'ORD-ABCD5678');
        expect(mail.subject).toBe('Order ORD-ABCD5678 received - Edicola Napoli');
        const text = textOf(mail);
        expect(text).toContain('2 × Ferrari 312T Niki Lauda 1:43 (MOD-001)');
        expect(text).toContain('€130.76');
        expect(text).toContain('IBAN: IE29 AIBK 9311 5212 3456 78');
        expect(text).toContain('Payment reference: ORD-ABCD5678');
        // The link to the order page, with the order's token (docs/product/account.md#order-page).
        expect(mail.html).toContain(`/ordini/${ORDER_ID}?t=${ORDER_TOKEN}`);
      }));

  it('e-mails the shop a new eBay order and the last unit sold twice, never the eBay buyer', () =>
    ordersPact
      .addAsynchronousInteraction()
      .given('svc-channels imports an eBay order that found no stock')
      .expectsToReceive('an order.created event for an eBay order', (builder) => {
        builder
          .withJSONContent(
            envelope(
              'order.created',
              'svc-orders',
              {
                ...orderCreated(EBAY_ORDER_ID, 'card', 'mrossi@members.ebay.it'),
                // An eBay buyer hears from eBay: no link to the order page, no token.
                order_token: undefined,
                payment_method: 'ebay',
                bank_transfer: null,
                language: 'it',
                channel: 'ebay',
                external_id: string('12-34567-89012'),
                stock_conflict: boolean(true),
              },
              '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e',
            ),
          )
          .withMetadata({ routingKey: 'order.created', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await mailAbout('negozio@edicola.example', 'ultimo pezzo venduto due volte');
        expect(mail.subject).toBe('Attenzione: ultimo pezzo venduto due volte (ordine eBay ORD-C2D4E6F8)');
        expect(textOf(mail)).toContain('Ordine eBay: 12-34567-89012');
        expect(h.mailsTo('mrossi@members.ebay.it')).toHaveLength(0);
      }));

  it('e-mails the customer the shipment of an order, with carrier and tracking', () =>
    ordersPact
      .addAsynchronousInteraction()
      .given('staff ship a paid order')
      .expectsToReceive('an order.status_changed event for a shipped order', (builder) => {
        builder
          .withJSONContent(
            envelope('order.status_changed', 'svc-orders', {
              order_id: uuid(CARD_ORDER_ID),
              order_version: integer(3),
              from: 'paid',
              to: 'shipped',
              items: eachLike({
                article_id: uuid('6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11'),
                quantity: integer(1),
              }),
              customer_email: regex('^[^@\\s]+@[^@\\s]+$', 'marco.ferri@example.it'),
              tracking_number: string('BRT123456789'),
              carrier: like('BRT'),
              language: regex('^(it|en|fr|es|pt|de|ru|nl)$', 'it'),
            }),
          )
          .withMetadata({ routingKey: 'order.status_changed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await mailAbout('marco.ferri@example.it', 'spedito');
        expect(mail.subject).toBe('Il tuo ordine ORD-9E1B7D3F è stato spedito - Edicola Napoli');
        expect(textOf(mail)).toContain('Numero di tracciamento: BRT123456789');
        expect(textOf(mail)).toContain('Corriere: BRT');
      }));

  it('e-mails the customer "payment received" when staff record the bank transfer of an order', () =>
    ordersPact
      .addAsynchronousInteraction()
      .given('staff record the bank transfer of a pending order')
      .expectsToReceive('an order.status_changed event for a bank transfer recorded', (builder) => {
        builder
          .withJSONContent(
            envelope(
              'order.status_changed',
              'svc-orders',
              {
                order_id: uuid(RECORDED_ORDER_ID),
                order_version: integer(2),
                from: 'pending',
                to: 'paid',
                items: eachLike({
                  article_id: uuid('6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11'),
                  quantity: integer(1),
                }),
                customer_email: regex('^[^@\\s]+@[^@\\s]+$', 'elena.marino@example.it'),
                tracking_number: null,
                language: regex('^(it|en|fr|es|pt|de|ru|nl)$', 'it'),
              },
              '6b7c8d9e-0f1a-4b2c-8d3e-5f6a7b8c9d0e',
            ),
          )
          .withMetadata({ routingKey: 'order.status_changed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const card = cardOrderCreated();
        await deliver({
          ...card,
          id: randomUUID(),
          data: {
            ...card.data,
            order_id: RECORDED_ORDER_ID,
            order_reference: 'ORD-0C2B4D61',
            payment_method: 'transfer',
            customer_email: 'elena.marino@example.it',
            bank_transfer: {
              iban: 'IE29 AIBK 9311 5212 3456 78',
              holder: 'Edicola Napoli',
              bank_name: null,
              payment_reason: 'ORD-0C2B4D61',
              amount: 108.8,
              demo: true,
            },
          },
        });
        await deliver(message.contents.content);
        const mail = await mailAbout('elena.marino@example.it', 'Pagamento ricevuto');
        expect(mail.subject).toBe('Pagamento ricevuto, ordine ORD-0C2B4D61 confermato - Edicola Napoli');
        expect(textOf(mail)).toContain('abbiamo ricevuto il tuo bonifico');
      }));

  const paymentFacts = {
    payment_id: uuid('3f2b8c1d-6e4a-4b9f-8d2c-1a5e7b9c0d34'),
    order_id: uuid(CARD_ORDER_ID),
    method: regex('^(card|klarna|klarna-now|paypal)$', 'card'),
    provider: regex('^(stripe|paypal)$', 'stripe'),
    demo: boolean(false),
    amount_cents: integer(10880),
    currency: 'EUR',
  };

  it('e-mails "payment received, order confirmed" when an online payment succeeds', () =>
    paymentsPact
      .addAsynchronousInteraction()
      .given('a card payment succeeds')
      .expectsToReceive('a payment.succeeded event', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.succeeded', 'svc-payments', {
              ...paymentFacts,
              provider_payment_id: string('pi_3QbXyZ2eZvKYlo2C1aB2cD3e'),
              captured_cents: integer(10880),
              captured_currency: 'EUR',
              succeeded_at: datetime(ISO, '2026-11-22T09:41:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'payment.succeeded', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await mailAbout('marco.ferri@example.it', 'Pagamento ricevuto');
        expect(mail.subject).toBe('Pagamento ricevuto, ordine ORD-9E1B7D3F confermato - Edicola Napoli');
        expect(textOf(mail)).toContain('pagamento di 108,80 €');
      }));

  it('e-mails the customer a payment that failed, with the way back to the shop', () =>
    paymentsPact
      .addAsynchronousInteraction()
      .given('a card payment is declined')
      .expectsToReceive('a payment.failed event for a declined payment', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.failed', 'svc-payments', {
              ...paymentFacts,
              order_id: uuid('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'),
              reason: 'declined',
              detail: like('Your card was declined.'),
              failed_at: datetime(ISO, '2026-11-22T09:41:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'payment.failed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const declined = cardOrderCreated();
        await deliver({
          ...declined,
          id: randomUUID(),
          data: {
            ...declined.data,
            order_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
            order_reference: 'ORD-1A2B3C4D',
            customer_email: 'rosa.conti@example.it',
          },
        });
        await deliver(message.contents.content);
        const mail = await mailAbout('rosa.conti@example.it', 'Pagamento non riuscito');
        expect(mail.subject).toBe("Pagamento non riuscito per l'ordine ORD-1A2B3C4D - Edicola Napoli");
        expect(String(mail.html)).toContain('/prodotti"');
      }));

  it('e-mails the customer the refund, with its amount', () =>
    paymentsPact
      .addAsynchronousInteraction()
      .given('a paid order is cancelled and refunded')
      .expectsToReceive('a payment.refunded event', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.refunded', 'svc-payments', {
              ...paymentFacts,
              captured_cents: integer(10880),
              refund_cents: integer(10880),
              refunded_total_cents: integer(10880),
              refund_id: string('re_3QbXyZ2eZvKYlo2C0pQ9rS8t'),
              reason: regex('^(cancelled_by_staff|paid_after_cancellation)$', 'cancelled_by_staff'),
              refunded_at: datetime(ISO, '2026-11-22T11:00:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'payment.refunded', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await mailAbout('marco.ferri@example.it', 'Rimborso');
        expect(mail.subject).toBe("Rimborso per l'ordine ORD-9E1B7D3F - Edicola Napoli");
        expect(textOf(mail)).toContain('ti abbiamo rimborsato 108,80 €');
      }));

  it('e-mails the shop a refund the provider refused', () =>
    paymentsPact
      .addAsynchronousInteraction()
      .given('the provider refuses a refund')
      .expectsToReceive('a payment.refund_failed event', (builder) => {
        builder
          .withJSONContent(
            envelope('payment.refund_failed', 'svc-payments', {
              ...paymentFacts,
              error: string('{"type":"StripeInvalidRequestError","status":400}'),
              failed_at: datetime(ISO, '2026-11-22T11:00:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'payment.refund_failed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await mailAbout('negozio@edicola.example', 'Rimborso non riuscito');
        expect(mail.subject).toBe("Rimborso non riuscito per l'ordine ORD-9E1B7D3F");
        expect(textOf(mail)).toContain('Il rimborso di 108,80 €');
        expect(textOf(mail)).toContain('StripeInvalidRequestError');
      }));
});
