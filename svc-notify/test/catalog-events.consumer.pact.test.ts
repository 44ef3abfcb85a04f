import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { parseEvent } from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { STOCK_ALERT_CONSENT_VERSION } from '@edicola/contracts';
import { outbox, stockAlerts } from '../src/db/schema';
import { startHarness, textOf, type Harness } from './notify-harness';

const { boolean, eachLike, uuid, regex, datetime, integer, string } = MatchersV3;
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

  // docs/product/stock-alerts.md: the address goes from svc-catalog's 'Avvisami' to svc-notify, which confirms it.
  it("sends the alert's confirmation, in the visitor's language", () =>
    pact
      .addAsynchronousInteraction()
      .given('a visitor asks to be told when a sold-out article is back')
      .expectsToReceive('an article.alert_requested event', (builder) => {
        builder
          .withJSONContent(
            envelope('7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b', 'article.alert_requested', {
              article_id: uuid('4f1f5f43-2f0e-4b7a-9c39-1f4f9a1e1a01'),
              slug: string('casco-agostini-replica-1-2'),
              title: string('Casco Agostini replica 1:2'),
              email: regex('^[^@\\sA-Z]+@[^@\\sA-Z]+$', 'collezionista@example.it'),
              language: regex('^(it|en|fr|es|pt|de|ru|nl)$', 'fr'),
              consent_source: string('stock_alert_form'),
              consent_version: string(STOCK_ALERT_CONSENT_VERSION),
              requested_at: datetime(ISO, '2026-11-28T08:00:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'article.alert_requested', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await waitFor(() => h.mailsTo('collezionista@example.it')[0]);
        expect(mail.subject).toBe(
          'Confirmez votre alerte pour « Casco Agostini replica 1:2 » - Edicola Napoli',
        );
        expect(textOf(mail)).toContain('https://shop.example.it/avvisi/conferma?token=');
      }));

  it('tells a confirmed alert when the stock of its article rises', async () => {
    const articleId = '0c5d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
    await h.notify.testDatabase.database.db.insert(stockAlerts).values({
      articleId,
      articleSlug: 'casco-agostini-replica-1-2',
      articleTitle: 'Casco Agostini replica 1:2',
      email: 'attesa@example.it',
      language: 'it',
      confirmedAt: new Date(),
      consentSource: 'stock_alert_form',
      consentVersion: STOCK_ALERT_CONSENT_VERSION,
    });
    await pact
      .addAsynchronousInteraction()
      .given('units of a sold-out article come back')
      .expectsToReceive('an article changed', (builder) => {
        builder
          .withJSONContent(
            envelope('8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c', 'article.changed', {
              article_id: uuid(articleId),
              revision: integer(7),
              sku: string('CAS-AGO-12'),
              title: string('Casco Agostini replica 1:2'),
              description: string('Replica in scala del casco di Giacomo Agostini'),
              category: string('Modellismo'),
              ean: string('8001234567897'),
              unit_gross_cents: integer(14640),
              quantity_stock: integer(3),
              active: boolean(true),
              photo_urls: eachLike(string('/media/articles/cas-ago-12.webp')),
              ebay: { enabled: boolean(true), price_cents: integer(15990), buffer: integer(1) },
              deleted: false,
              changed_at: datetime(ISO, '2026-11-28T09:00:00.000Z'),
            }),
          )
          .withMetadata({ routingKey: 'article.changed', contentType: 'application/json' });
      })
      .executeTest(async (message) => {
        await deliver(message.contents.content);
        const mail = await waitFor(() => h.mailsTo('attesa@example.it')[0]);
        expect(mail.subject).toBe('«Casco Agostini replica 1:2» è di nuovo disponibile - Edicola Napoli');
      });
  });
});
