import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { parseEvent } from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { outbox } from '../src/db/schema';
import { startHarness, textOf, type Harness } from './notify-harness';

const { uuid, regex, datetime, integer, string } = MatchersV3;
const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";

const pact = new PactV4({
  consumer: 'svc-notify',
  provider: 'svc-catalog',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

const envelope = (id: string, type: string, data: Record<string, unknown>) => ({
  id: uuid(id),
  type,
  version: 1,
  occurred_at: datetime(ISO, '2026-11-22T11:00:00.000Z'),
  source: 'svc-catalog',
  correlation_id: string('req-789'),
  data,
});

jest.setTimeout(30_000);

describe('svc-notify consumes the catalogue events', () => {
  let h: Harness;
  const deliver = async (raw: unknown) => {
    const event = parseEvent(raw);
    await h.notify.testDatabase.database.db
      .insert(outbox)
      .values({ id: randomUUID(), type: event.type, envelope: event, target: 'svc-notify' });
    h.notify.service.context.bus.wake();
  };

  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  it("e-mails staff's reply to the review's author, in the review's language", () =>
    pact
      .addAsynchronousInteraction()
      .given('staff reply to a review')
      .expectsToReceive('a review.replied event', (builder) => {
        builder
          .withJSONContent(
            envelope('5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e', 'review.replied', {
              review_id: uuid('8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d'),
              article_id: uuid('6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11'),
              article_title: string('Ferrari 312T Niki Lauda 1:43'),
              customer_name: string('Hans Müller'),
              customer_email: regex('^[^@\\s]+@[^@\\s]+$', 'hans.muller@example.de'),
              reply_text: string('Danke, Hans!'),
              language: regex('^(it|en|fr|es|pt|de|ru|nl)$', 'de'),
              replied_at: datetime(ISO, '2026-11-22T11:00:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'review.replied', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await waitFor(() => h.mailsTo('hans.muller@example.de')[0]);
        expect(mail.subject).toBe(
          'Wir haben auf Ihre Bewertung von „Ferrari 312T Niki Lauda 1:43“ geantwortet - Edicola Napoli',
        );
        expect(textOf(mail)).toContain('Danke, Hans!');
      }));

  it('e-mails the shop an article that reached its low-stock threshold', () =>
    pact
      .addAsynchronousInteraction()
      .given('an order takes an article to its low-stock threshold')
      .expectsToReceive('an article.stock_low event', (builder) => {
        builder
          .withJSONContent(
            envelope('6c7d8e9f-0a1b-4c2d-9e3f-4a5b6c7d8e9f', 'article.stock_low', {
              article_id: uuid('6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11'),
              sku: string('MOD-001'),
              title: string('Ferrari 312T Niki Lauda 1:43'),
              quantity_stock: integer(1),
              threshold: integer(2),
              occurred_at: datetime(ISO, '2026-11-22T12:00:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'article.stock_low', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await waitFor(() => h.mailsTo('negozio@edicola.example')[0]);
        expect(mail.subject).toBe('Scorta bassa: Ferrari 312T Niki Lauda 1:43 (MOD-001), disponibili 1');
        expect(textOf(mail)).toContain('la soglia di avviso è 2');
      }));
});
