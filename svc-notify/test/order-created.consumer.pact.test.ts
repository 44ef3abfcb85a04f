import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { parseEvent } from '@edicola/contracts';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { outbox } from '../src/db/schema';
import { notifyService } from '../src/service';
import { startInbox, type Inbox } from './smtp-inbox';

const { like, uuid, regex, datetime, eachLike, integer, string, boolean, decimal } = MatchersV3;

const pact = new PactV4({
  consumer: 'svc-notify',
  provider: 'svc-orders',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

describe('svc-notify consumes order.created from svc-orders', () => {
  let notify: TestService<unknown>;
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await startInbox();
    notify = await startTestService(notifyService, {
      env: { SMTP_URL: inbox.url, JOBS_POLL_INTERVAL_MS: '50' },
    });
  }, 60_000);
  afterAll(async () => {
    await notify?.stop();
    await inbox?.close();
  });

  it('e-mails the customer the confirmation of a bank-transfer order', () =>
    pact
      .addAsynchronousInteraction()
      .given('a guest places a bank-transfer order')
      .expectsToReceive('an order.created event for a bank-transfer order', (builder) => {
        builder
          .withJSONContent({
            id: uuid('9e2f7c1a-3b4d-4e5f-8a6b-7c8d9e0f1a2b'),
            type: 'order.created',
            version: 1,
            occurred_at: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-22T09:30:00.000Z'),
            source: 'svc-orders',
            correlation_id: string('req-456'),
            data: {
              order_id: uuid('5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678'),
              order_reference: regex('^ORD-[0-9A-F]{8}$', 'ORD-ABCD5678'),
              order_version: 1,
              status: 'pending',
              payment_method: 'transfer',
              payment_status: 'pending',
              customer_id: null,
              customer_email: regex('^[^@\\s]+@[^@\\s]+$', 'giulia.russo@example.it'),
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
              bank_transfer: {
                iban: string('IE29 AIBK 9311 5212 3456 78'),
                holder: string('Edicola Napoli'),
                bank_name: like('Banca Dimostrativa'),
                payment_reason: regex('^ORD-[0-9A-F]{8}$', 'ORD-ABCD5678'),
                amount: decimal(130.76),
                demo: boolean(true),
              },
              created_at: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-22T09:30:00.000Z'),
            },
          })
          .withMetadata({ routingKey: 'order.created', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        const event = parseEvent(message.contents.content);
        // Delivered the way the relay delivers any event to this service: through its outbox.
        await notify.testDatabase.database.db
          .insert(outbox)
          .values({ id: randomUUID(), type: event.type, envelope: event, target: 'svc-notify' });
        notify.service.context.bus.wake();
        const mail = await waitFor(() => inbox.messages[0]);
        const text = mail.text!.replace(/\u00a0/g, ' ');
        expect(mail.subject).toBe('Conferma ordine ORD-ABCD5678 - Edicola Napoli');
        expect(JSON.stringify(mail.to)).toContain('giulia.russo@example.it');
        expect(text).toContain('- 2 × Ferrari 312T Niki Lauda 1:43 (SKU MOD-001)');
        expect(text).toContain('Totale: 130,76 €');
        expect(text).toContain('IBAN: IE29 AIBK 9311 5212 3456 78');
        expect(text).toContain('Causale: ORD-ABCD5678');
      }));
});
