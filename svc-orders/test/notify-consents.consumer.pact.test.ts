// Consumer contract of svc-orders with svc-notify's internal call for a customer's data export: svc-orders' REAL
// code and internal client against the Pact mock server. Writes contracts/pacts/svc-orders-svc-notify.json (this
// file is its only writer). The internal token is matched by shape: the provider's verification signs its own.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createInternalClient, createInternalTokens } from '@edicola/platform';
import { consentsGivenBy } from '../src/customers/data-export';

const { eachLike, regex, string, datetime } = MatchersV3;
const BEARER = regex('^Bearer [A-Za-z0-9._~+/=-]+$', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln');
const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";

const pact = new PactV4({
  consumer: 'svc-orders',
  provider: 'svc-notify',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
  logLevel: 'warn',
});

const clientFor = (url: string) =>
  createInternalClient({
    service: 'svc-orders',
    baseUrls: { 'svc-notify': url },
    tokens: createInternalTokens('pact-consumer-internal-secret-of-40-chars'),
    retries: 0,
    timeoutMs: 30_000,
  });

const question =
  (email: string) => (b: { headers: (h: object) => { jsonBody: (body: object) => unknown } }) =>
    b.headers({ Authorization: BEARER, 'Content-Type': 'application/json' }).jsonBody({ email });

// docs/product/account.md#data-export
describe("svc-orders asks svc-notify for a customer's consents", () => {
  it('gets the newsletter consent and the back-in-stock alerts given with the e-mail', () =>
    pact
      .addInteraction()
      .given('a confirmed newsletter subscription', { email: 'giulia.russo@example.it' })
      .given('a confirmed back-in-stock alert', { email: 'giulia.russo@example.it' })
      .uponReceiving('the question for the consents given with an e-mail')
      .withRequest('POST', '/internal/customers/consents', question('giulia.russo@example.it'))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          newsletter: {
            email: string('giulia.russo@example.it'),
            name: string('Giulia'),
            language: regex('^(it|en|fr|es|pt|de|ru|nl)$', 'it'),
            subscribed_at: datetime(ISO, '2026-02-01T10:00:00.000Z'),
            confirmed_at: datetime(ISO, '2026-02-01T10:05:00.000Z'),
            unsubscribed_at: null,
            source: string('newsletter_form'),
            text_version: string('2026-11-29'),
          },
          stock_alerts: eachLike({
            article_id: string('4f1f5f43-2f0e-4b7a-9c39-1f4f9a1e1a01'),
            article_title: string('Casco Agostini replica 1:2'),
            language: regex('^(it|en|fr|es|pt|de|ru|nl)$', 'it'),
            requested_at: datetime(ISO, '2026-11-28T08:00:00.000Z'),
            confirmed_at: datetime(ISO, '2026-11-28T08:05:00.000Z'),
            notified_at: null,
            unsubscribed_at: null,
            source: string('stock_alert_form'),
            text_version: string('2026-11-29'),
          }),
        }),
      )
      .executeTest(async (server) => {
        const consents = await consentsGivenBy(clientFor(server.url), 'giulia.russo@example.it');
        expect(consents.newsletter).toMatchObject({
          email: 'giulia.russo@example.it',
          unsubscribed_at: null,
        });
        expect(consents.stock_alerts[0]).toMatchObject({ source: 'stock_alert_form', notified_at: null });
      }));

  it('hears that no consent was given with an e-mail', () =>
    pact
      .addInteraction()
      .given('no newsletter subscription')
      .uponReceiving('the question for the consents of an e-mail that gave none')
      .withRequest('POST', '/internal/customers/consents', question('luca.bianchi@example.it'))
      .willRespondWith(200, (b) => b.jsonBody({ newsletter: null, stock_alerts: [] }))
      .executeTest(async (server) => {
        expect(await consentsGivenBy(clientFor(server.url), 'luca.bianchi@example.it')).toEqual({
          newsletter: null,
          stock_alerts: [],
        });
      }));
});
