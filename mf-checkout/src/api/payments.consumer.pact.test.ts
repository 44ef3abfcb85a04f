/**
 * @jest-environment node
 */
// Consumer contract of mf-checkout with svc-payments: the REAL checkout api client against the Pact mock
// server, for every call the checkout and the payment pages make to svc-payments. Writes
// contracts/pacts/mf-checkout-svc-payments.json (this file is the only writer of that pact). The provider
// states are listed in docs (see /work/coord/pact-states.txt at the time of writing): amounts are euros.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createCheckoutApi, type KlarnaIntent, type OnlineCheckout } from './index';

const { boolean, eachLike, integer, nullValue, number, regex, string, uuid } = MatchersV3;

const JSON_TYPE = regex('application/json.*', 'application/json; charset=utf-8');
const IDEMPOTENCY_KEY = '0f8fad5b-d9cb-469f-a165-70867728950e';
const KEY = regex('^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', IDEMPOTENCY_KEY);
const REFERENCE = regex('^ORD-[0-9A-F]{8}$', 'ORD-4D5E6F00');
const MARIO = 'mario.rossi@example.it';

/** The article the state puts in the catalogue: 189,00 € + 22% VAT = 230,58 €, 3 in stock; national shipping 9,00 €. */
const ARTICLE_ID = '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60';
const ARTICLE_STATE = 'the catalogue has an article in stock';
const ARTICLE_PARAMS = { article_id: ARTICLE_ID, price: 189, iva_percentage: 22, quantity_stock: 3 };
const DEMO = 'demo mode';
const KLARNA_ORDER = '6f1c1c3e-6c2b-4a57-9d0a-1b2c3d4e5f60';
const KLARNA_SECRET = 'pi_pact_klarna_secret_pact';

/** The shop order's cancel token svc-orders answered and svc-payments passes through (43 base64url characters). */
const CANCEL_TOKEN = 'q0Zk3Jc9mV1bX2nW5rT8yU4iO7pL6aS0dF3gH1jK2lM';

const pact = new PactV4({
  consumer: 'mf-checkout',
  provider: 'svc-payments',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };

/** A guest's cart of one article, national shipping: 230,58 € + 9,00 € = 239,58 €. */
const cardCheckout: OnlineCheckout = {
  items: [{ article_id: ARTICLE_ID, quantity: 1 }],
  customer_email: MARIO,
  customer_name: 'Mario Rossi',
  shipping_address: {
    name: null,
    phone: '+39 081 123 4567',
    address: 'Via Toledo 1',
    city: 'Napoli',
    zipCode: '80134',
    notes: '',
    country: 'IT',
  },
  invoice_data: null,
  shipping_zone: 'national',
  total_amount: 239.58,
  language: 'en',
};
const paypalCheckout: OnlineCheckout = {
  ...cardCheckout,
  shipping_address: { ...cardCheckout.shipping_address, name: 'Mario Rossi' },
};

/** CheckoutSessionStatus of a session, with its status matched exactly. */
const sessionStatus = (sessionId: string, status: RegExp | string, example: string) => ({
  session_id: regex(`^${sessionId}$`, sessionId),
  order_id: uuid('7d1f2a9c-5b3e-4c8d-9e0f-1a2b3c4d5e6f'),
  order_reference: REFERENCE,
  total_amount: number(239.58),
  status: regex(typeof status === 'string' ? `^${status}$` : status.source, example),
});

describe('mf-checkout → svc-payments', () => {
  it('GET /payments/config says the mode and which methods are live, demo or off', async () => {
    await pact
      .addInteraction()
      .given(DEMO)
      .uponReceiving('the payments configuration in demo mode')
      .withRequest('GET', '/payments/config', (request) => request.headers({ Accept: 'application/json' }))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          mode: regex('^(demo|live)$', 'demo'),
          methods: {
            card: regex('^(live|demo|off)$', 'demo'),
            klarna: regex('^(live|demo|off)$', 'demo'),
            paypal: regex('^(live|demo|off)$', 'demo'),
            transfer: 'live',
          },
          stripe: { demo: boolean(true), publishable_key: nullValue() },
          paypal: { demo: boolean(true), client_id: nullValue() },
          timeout_minutes: integer(30),
        }),
      )
      .executeTest(async (mockServer) => {
        const config = await createCheckoutApi(mockServer.url).paymentsConfig();
        expect(config.mode).toBe('demo');
        expect(config.methods).toEqual({ card: 'demo', klarna: 'demo', paypal: 'demo', transfer: 'live' });
      });
  });

  it('POST /checkout/session creates the pending order and the card session, answering its url', async () => {
    await pact
      .addInteraction()
      .given(ARTICLE_STATE, ARTICLE_PARAMS)
      .uponReceiving("a guest's card checkout of one article")
      .withRequest('POST', '/checkout/session', (request) =>
        request.headers({ ...jsonHeaders, 'Idempotency-Key': KEY }).jsonBody(cardCheckout),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          url: regex('^https?://.+', 'http://localhost:3000/pagamento-demo?kind=card&id=cs_test_a1'),
          session_id: string('cs_test_a1'),
          order_id: uuid('7d1f2a9c-5b3e-4c8d-9e0f-1a2b3c4d5e6f'),
          order_reference: REFERENCE,
          total_amount: number(239.58),
          demo: boolean(true),
          cancel_token: regex('^[A-Za-z0-9_-]{43}$', CANCEL_TOKEN),
        }),
      )
      .executeTest(async (mockServer) => {
        const session = await createCheckoutApi(mockServer.url).createCheckoutSession(
          cardCheckout,
          IDEMPOTENCY_KEY,
          null,
        );
        expect(session.url).toMatch(/^http/);
        expect(session.total_amount).toBe(239.58);
      });
  });

  it('GET /checkout/session/{id} answers pending while the payment is not confirmed', async () => {
    await pact
      .addInteraction()
      .given('an open card checkout session cs_pact_open exists')
      .uponReceiving('the status of an open card checkout session')
      .withRequest('GET', '/checkout/session/cs_pact_open', (request) =>
        request.headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody(sessionStatus('cs_pact_open', 'pending', 'pending')),
      )
      .executeTest(async (mockServer) => {
        const status = await createCheckoutApi(mockServer.url).checkoutSessionStatus('cs_pact_open');
        expect(status.status).toBe('pending');
      });
  });

  it('GET /checkout/session/{id} answers paid once the payment is confirmed', async () => {
    await pact
      .addInteraction()
      .given('a paid card checkout session cs_pact_paid exists')
      .uponReceiving('the status of a paid card checkout session')
      .withRequest('GET', '/checkout/session/cs_pact_paid', (request) =>
        request.headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody(sessionStatus('cs_pact_paid', 'paid', 'paid')),
      )
      .executeTest(async (mockServer) => {
        const status = await createCheckoutApi(mockServer.url).checkoutSessionStatus('cs_pact_paid');
        expect(status).toMatchObject({ session_id: 'cs_pact_paid', status: 'paid' });
      });
  });

  it('POST /checkout/session/{id}/cancel ends an open session (the order is cancelled, the stock released)', async () => {
    await pact
      .addInteraction()
      .given('an open card checkout session cs_pact_open exists')
      .uponReceiving('the cancellation of an open card checkout session')
      .withRequest('POST', '/checkout/session/cs_pact_open/cancel', (request) =>
        request.headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody(sessionStatus('cs_pact_open', /^(failed|expired)$/, 'expired')),
      )
      .executeTest(async (mockServer) => {
        const status = await createCheckoutApi(mockServer.url).cancelCheckoutSession('cs_pact_open');
        expect(['failed', 'expired']).toContain(status.status);
      });
  });

  it("POST /payments/klarna/create-intent answers the intent for the pending order's own total", async () => {
    const body: KlarnaIntent = {
      order_id: KLARNA_ORDER,
      amount: 239.58,
      currency: 'EUR',
      customer_email: MARIO,
      customer_name: 'Mario Rossi',
      billing_address: { line1: 'Via Toledo 1', city: 'Napoli', postal_code: '80134', country: 'IT' },
      line_items: [{ name: 'Ferrari SF-23 1:18', quantity: 1, unit_amount: 23058 }],
    };
    await pact
      .addInteraction()
      .given(DEMO)
      .given(`a pending Klarna order ${KLARNA_ORDER} exists`)
      .uponReceiving('a Klarna payment intent for a pending Klarna order')
      .withRequest('POST', '/payments/klarna/create-intent', (request) =>
        request.headers({ ...jsonHeaders, 'Idempotency-Key': KEY }).jsonBody(body),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          client_secret: regex('^pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9_]+$', 'pi_test_k1_secret_s1'),
          payment_intent_id: regex('^pi_[A-Za-z0-9_]+$', 'pi_test_k1'),
          order_id: regex(`^${KLARNA_ORDER}$`, KLARNA_ORDER),
          order_reference: REFERENCE,
          amount: number(239.58),
          demo: boolean(true),
          demo_url: regex(
            '^https?://[^/]+/pagamento-demo\\?kind=klarna&id=pi_[A-Za-z0-9_]+$',
            'http://localhost:3000/pagamento-demo?kind=klarna&id=pi_test_k1',
          ),
        }),
      )
      .executeTest(async (mockServer) => {
        const intent = await createCheckoutApi(mockServer.url).createKlarnaIntent(body, IDEMPOTENCY_KEY);
        expect(intent.order_id).toBe(KLARNA_ORDER);
        expect(intent.demo_url).toContain('kind=klarna');
      });
  });

  it('POST /payments/klarna/verify checks the intent Klarna returned with and answers paid', async () => {
    await pact
      .addInteraction()
      .given('a Klarna payment intent pi_pact_klarna succeeded', { client_secret: KLARNA_SECRET })
      .uponReceiving('the verification of a succeeded Klarna payment intent')
      .withRequest('POST', '/payments/klarna/verify', (request) =>
        request
          .headers(jsonHeaders)
          .jsonBody({ payment_intent_id: 'pi_pact_klarna', client_secret: KLARNA_SECRET }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          payment_intent_id: regex('^pi_pact_klarna$', 'pi_pact_klarna'),
          intent_status: regex('^succeeded$', 'succeeded'),
          status: regex('^paid$', 'paid'),
          order_id: uuid(KLARNA_ORDER),
          order_reference: REFERENCE,
          total_amount: number(239.58),
        }),
      )
      .executeTest(async (mockServer) => {
        const verified = await createCheckoutApi(mockServer.url).verifyKlarna({
          payment_intent_id: 'pi_pact_klarna',
          client_secret: KLARNA_SECRET,
        });
        expect(verified.status).toBe('paid');
      });
  });

  it("POST /paypal/create-order creates the pending order and PayPal's order, answering where to approve it", async () => {
    await pact
      .addInteraction()
      .given(ARTICLE_STATE, ARTICLE_PARAMS)
      .uponReceiving("a guest's PayPal checkout of one article")
      .withRequest('POST', '/paypal/create-order', (request) =>
        request.headers({ ...jsonHeaders, 'Idempotency-Key': KEY }).jsonBody(paypalCheckout),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          order_id: string('5O190127TN364715T'),
          shop_order_id: uuid('7d1f2a9c-5b3e-4c8d-9e0f-1a2b3c4d5e6f'),
          order_reference: REFERENCE,
          total_amount: number(239.58),
          approve_url: regex(
            '^https?://.+',
            'http://localhost:3000/pagamento-demo?kind=paypal&id=5O190127TN364715T',
          ),
          demo: boolean(true),
          cancel_token: regex('^[A-Za-z0-9_-]{43}$', CANCEL_TOKEN),
        }),
      )
      .executeTest(async (mockServer) => {
        const created = await createCheckoutApi(mockServer.url).createPaypalOrder(
          paypalCheckout,
          IDEMPOTENCY_KEY,
          null,
        );
        expect(created.approve_url).toMatch(/^http/);
      });
  });

  it('POST /paypal/capture-order captures an approved order and answers paid', async () => {
    await pact
      .addInteraction()
      .given('an approved PayPal order PAYPAL-PACT-1 exists')
      .uponReceiving('the capture of an approved PayPal order')
      .withRequest('POST', '/paypal/capture-order', (request) =>
        request.headers(jsonHeaders).jsonBody({ order_id: 'PAYPAL-PACT-1' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          payment_status: regex('^paid$', 'paid'),
          order_id: regex('^PAYPAL-PACT-1$', 'PAYPAL-PACT-1'),
          shop_order_id: uuid('7d1f2a9c-5b3e-4c8d-9e0f-1a2b3c4d5e6f'),
          order_reference: REFERENCE,
          total_amount: number(239.58),
        }),
      )
      .executeTest(async (mockServer) => {
        const captured = await createCheckoutApi(mockServer.url).capturePaypalOrder('PAYPAL-PACT-1');
        expect(captured.payment_status).toBe('paid');
      });
  });

  it('GET /payments/demo/{kind}/{id} gives the demo page what to show', async () => {
    await pact
      .addInteraction()
      .given(DEMO)
      .given('a demo card session cs_pact_demo is open')
      .uponReceiving('the demo payment page of an open card session')
      .withRequest('GET', '/payments/demo/card/cs_pact_demo', (request) =>
        request.headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          kind: regex('^card$', 'card'),
          id: regex('^cs_pact_demo$', 'cs_pact_demo'),
          order_reference: REFERENCE,
          customer_email: string(MARIO),
          amount: number(239.58),
          currency: regex('^EUR$', 'EUR'),
          status: regex('^open$', 'open'),
          lines: eachLike({
            name: string('Ferrari SF-23 1:18'),
            quantity: integer(1),
            amount: number(230.58),
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const view = await createCheckoutApi(mockServer.url).demoPayment('card', 'cs_pact_demo');
        expect(view.status).toBe('open');
        expect(view.lines.length).toBeGreaterThan(0);
      });
  });

  it.each([
    [
      'approve',
      '^https?://[^/]+/checkout/success\\?session_id=cs_pact_demo$',
      'http://localhost:3000/checkout/success?session_id=cs_pact_demo',
    ],
    [
      'decline',
      '^https?://[^/]+/checkout/cancelled\\?session_id=cs_pact_demo$',
      'http://localhost:3000/checkout/cancelled?session_id=cs_pact_demo',
    ],
  ] as const)(
    'POST /payments/demo/card/{id}/%s answers where the provider would send the buyer',
    async (decision, pattern, example) => {
      await pact
        .addInteraction()
        .given(DEMO)
        .given('a demo card session cs_pact_demo is open')
        .uponReceiving(`the buyer's ${decision} on the demo card page`)
        .withRequest('POST', `/payments/demo/card/cs_pact_demo/${decision}`, (request) =>
          request.headers({ Accept: 'application/json' }),
        )
        .willRespondWith(200, (response) =>
          response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({ redirect_url: regex(pattern, example) }),
        )
        .executeTest(async (mockServer) => {
          const { redirect_url } = await createCheckoutApi(mockServer.url).decideDemoPayment(
            'card',
            'cs_pact_demo',
            decision,
          );
          expect(redirect_url).toContain('session_id=cs_pact_demo');
        });
    },
  );
});
