/**
 * @jest-environment node
 */
// Consumer contract of mf-checkout with svc-orders: the REAL checkout api client against the Pact mock
// server. Writes contracts/pacts/mf-checkout-svc-orders.json (this file is the only writer of that pact).
// Requests that need a customer carry "Authorization: Bearer <token>" matched by shape: the provider's
// verification replaces it with a token it issued for the customer of the state.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { ERROR_CODES, TOTAL_MISMATCH_DETAIL } from '@edicola/contracts';
import { ApiError } from '@edicola/web-kit';
import { createCheckoutApi, type NewOrder } from './index';

const { boolean, eachLike, fromProviderState, integer, nullValue, number, regex, string, uuid } = MatchersV3;

const JSON_TYPE = regex('application/json.*', 'application/json; charset=utf-8');
const PLACEHOLDER_TOKEN = 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln';
const BEARER = regex('^Bearer [A-Za-z0-9._~+/=-]+$', `Bearer ${PLACEHOLDER_TOKEN}`);
const MARIO = 'mario.rossi@example.it';

/** The article the provider state puts in the catalogue: 189,00 € + 22% VAT = 230,58 €, 3 in stock. */
const ARTICLE_ID = '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60';
const ARTICLE_STATE = `article ${ARTICLE_ID} is in the catalogue at 189.00 + 22% VAT with 3 in stock`;
const RULES_STATE = 'the default shipping rules are active';
const DISCOUNT_STATE = 'the discount code ESTATE10 takes 10 % off every article';

const pact = new PactV4({
  consumer: 'mf-checkout',
  provider: 'svc-orders',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };

/** A guest's transfer order for one article, national shipping: 230,58 € + 9,00 € = 239,58 €. */
const guestOrder: NewOrder = {
  items: [{ article_id: ARTICLE_ID, quantity: 1 }],
  customer_info: {
    name: 'Mario Rossi',
    email: MARIO,
    phone: '+39 081 123 4567',
    address: 'Via Toledo 1',
    city: 'Napoli',
    zipCode: '80134',
    notes: '',
    country: 'IT',
  },
  payment_method: 'transfer',
  total_amount: 239.58,
  order_date: '2025-09-20T10:00:00.000Z',
  status: 'pending',
  shipping_zone: 'national',
  // The visitor's language: the order's e-mails are written in it.
  language: 'en',
};

const companyOrder: NewOrder = {
  ...guestOrder,
  invoice_data: {
    requires_invoice: true,
    invoice_type: 'azienda',
    codice_fiscale: null,
    ragione_sociale: 'Modellismo Partenopeo S.r.l.',
    piva: '01114601006',
    codice_fiscale_azienda: '01114601006',
    pec: 'amministrazione@pec.example.it',
    sdi: 'ABC1234',
  },
};

/** POST /orders' answer for the order above (contracts' CreateOrderResponse). */
const placedOrder = {
  order_id: uuid('7d1f2a9c-5b3e-4c8d-9e0f-1a2b3c4d5e6f'),
  order_reference: regex('^ORD-[0-9A-F]{8}$', 'ORD-4D5E6F00'),
  status: regex('^pending$', 'pending'),
  payment_status: regex('^pending$', 'pending'),
  items: eachLike({
    article_id: regex(`^${ARTICLE_ID}$`, ARTICLE_ID),
    sku: string('PACT-SF23-18'),
    title: string('Ferrari SF-23 1:18'),
    quantity: integer(1),
    price: number(189),
    iva_percentage: integer(22),
    unit_gross: number(230.58),
    line_total: number(230.58),
  }),
  subtotal_amount: number(230.58),
  shipping_cost: number(9),
  total_amount: number(239.58),
  bank_transfer: {
    iban: string('IE29 AIBK 9311 5212 3456 78'),
    holder: string('Edicola Napoli'),
    bank_name: nullValue(),
    payment_reason: regex('^ORD-[0-9A-F]{8}$', 'ORD-4D5E6F00'),
    amount: number(239.58),
    demo: boolean(true),
  },
  payment_due_at: regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$', '2025-09-27T10:00:00.000Z'),
  cancel_token: regex('^[A-Za-z0-9_-]{43}$', 'q0Zk3Jc9mV1bX2nW5rT8yU4iO7pL6aS0dF3gH1jK2lM'),
};

/** The unpaid order the provider state places for this checkout: its id and cancel token are the provider's. */
const OPEN_ORDER_STATE = 'an unpaid order was placed by this checkout';
const OPEN_ORDER_ID = '7d1f2a9c-5b3e-4c8d-9e0f-1a2b3c4d5e6f';
const OPEN_ORDER_TOKEN = 'q0Zk3Jc9mV1bX2nW5rT8yU4iO7pL6aS0dF3gH1jK2lM';

describe('mf-checkout → svc-orders', () => {
  it('GET /shipping/calculate quotes the national shipping of one item', async () => {
    await pact
      .addInteraction()
      .given(RULES_STATE)
      .uponReceiving('a shipping quote for one item to Italy')
      .withRequest('GET', '/shipping/calculate', (request) =>
        request
          .query({ total_amount: '230.58', quantity: '1', country: 'IT' })
          .headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          shipping_cost: number(9),
          zone: regex('^national$', 'national'),
          country: regex('^IT$', 'IT'),
        }),
      )
      .executeTest(async (mockServer) => {
        await expect(
          createCheckoutApi(mockServer.url).shippingCost({
            total_amount: 230.58,
            quantity: 1,
            country: 'IT',
          }),
        ).resolves.toBe(9);
      });
  });

  it('POST /public/discounts/check says what a 10 % code takes off the cart (docs/product/cart-and-checkout.md#discount-codes)', async () => {
    await pact
      .addInteraction()
      .given(ARTICLE_STATE)
      .given(DISCOUNT_STATE)
      .uponReceiving("a discount code's preview on one article")
      .withRequest('POST', '/public/discounts/check', (request) =>
        request.headers(jsonHeaders).jsonBody({
          code: 'estate10',
          lines: [{ article_id: ARTICLE_ID, quantity: 1 }],
        }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          code: string('ESTATE10'),
          kind: regex('^(percent|amount|free_shipping)$', 'percent'),
          discount_amount: number(23.06),
          free_shipping: boolean(false),
          subtotal_amount: number(230.58),
          discounted_subtotal: number(207.52),
          lines: eachLike({ article_id: string(ARTICLE_ID), discount: number(23.06) }),
        }),
      )
      .executeTest(async (mockServer) => {
        const check = await createCheckoutApi(mockServer.url).checkDiscount({
          code: 'estate10',
          lines: [{ article_id: ARTICLE_ID, quantity: 1 }],
        });
        expect(check).toMatchObject({ code: 'ESTATE10', discount_amount: 23.06 });
      });
  });

  it('POST /public/discounts/check refuses an unknown code with its Italian detail', async () => {
    await pact
      .addInteraction()
      .given(ARTICLE_STATE)
      .uponReceiving('the preview of an unknown discount code')
      .withRequest('POST', '/public/discounts/check', (request) =>
        request.headers(jsonHeaders).jsonBody({
          code: 'NON-ESISTE',
          lines: [{ article_id: ARTICLE_ID, quantity: 1 }],
        }),
      )
      .willRespondWith(422, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: regex('^Codice sconto non valido$', 'Codice sconto non valido') }),
      )
      .executeTest(async (mockServer) => {
        const refused = await createCheckoutApi(mockServer.url)
          .checkDiscount({ code: 'NON-ESISTE', lines: [{ article_id: ARTICLE_ID, quantity: 1 }] })
          .catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(ApiError);
        expect((refused as ApiError).detail).toBe('Codice sconto non valido');
      });
  });

  it('POST /orders places a guest transfer order and answers the transfer details', async () => {
    await pact
      .addInteraction()
      .given(ARTICLE_STATE)
      .given(RULES_STATE)
      .uponReceiving("a guest's bank-transfer order")
      .withRequest('POST', '/orders', (request) => request.headers(jsonHeaders).jsonBody(guestOrder))
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(placedOrder),
      )
      .executeTest(async (mockServer) => {
        const placed = await createCheckoutApi(mockServer.url).createOrder(guestOrder, null);
        expect(placed.total_amount).toBe(239.58);
        expect(placed.bank_transfer?.payment_reason).toBe('ORD-4D5E6F00');
      });
  });

  it("POST /orders places a pending Klarna order under the attempt's Idempotency-Key (no transfer details)", async () => {
    const klarnaOrder: NewOrder = { ...guestOrder, payment_method: 'klarna' };
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
    await pact
      .addInteraction()
      .given(ARTICLE_STATE)
      .given(RULES_STATE)
      .uponReceiving("a guest's Klarna pay-in-3 order with an Idempotency-Key")
      .withRequest('POST', '/orders', (request) =>
        request
          .headers({
            ...jsonHeaders,
            'Idempotency-Key': regex('^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', key),
          })
          .jsonBody(klarnaOrder),
      )
      .willRespondWith(201, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ ...placedOrder, bank_transfer: nullValue() }),
      )
      .executeTest(async (mockServer) => {
        const placed = await createCheckoutApi(mockServer.url).createOrder(klarnaOrder, null, key);
        expect(placed.status).toBe('pending');
        expect(placed.bank_transfer).toBeNull();
      });
  });

  it("POST /orders with a customer's token and a company invoice", async () => {
    await pact
      .addInteraction()
      .given(ARTICLE_STATE)
      .given(RULES_STATE)
      .given('a customer is logged in', { email: MARIO, password: 'segreta1' })
      .uponReceiving("a logged-in customer's transfer order with a company invoice")
      .withRequest('POST', '/orders', (request) =>
        request.headers({ ...jsonHeaders, Authorization: BEARER }).jsonBody(companyOrder),
      )
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(placedOrder),
      )
      .executeTest(async (mockServer) => {
        const placed = await createCheckoutApi(mockServer.url).createOrder(companyOrder, PLACEHOLDER_TOKEN);
        expect(placed.status).toBe('pending');
      });
  });

  it("POST /orders refuses a total that is not the server's with 422", async () => {
    const tampered = { ...guestOrder, total_amount: 1 };
    await pact
      .addInteraction()
      .given(ARTICLE_STATE)
      .given(RULES_STATE)
      .uponReceiving('an order whose total is not the server total')
      .withRequest('POST', '/orders', (request) => request.headers(jsonHeaders).jsonBody(tampered))
      .willRespondWith(422, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          detail: regex(`^${TOTAL_MISMATCH_DETAIL.replace('.', '\\.')}$`, TOTAL_MISMATCH_DETAIL),
          code: ERROR_CODES.totalMismatch,
        }),
      )
      .executeTest(async (mockServer) => {
        const failure = createCheckoutApi(mockServer.url).createOrder(tampered, null);
        await expect(failure).rejects.toBeInstanceOf(ApiError);
        await expect(failure).rejects.toMatchObject({
          status: 422,
          detail: TOTAL_MISMATCH_DETAIL,
          code: ERROR_CODES.totalMismatch,
        });
      });
  });

  it('POST /orders/{id}/cancel gives up the unpaid order of this checkout with its token', async () => {
    await pact
      .addInteraction()
      .given(OPEN_ORDER_STATE)
      .uponReceiving('the checkout cancelling its own unpaid order with its token')
      .withRequest(
        'POST',
        fromProviderState('/orders/${orderId}/cancel', `/orders/${OPEN_ORDER_ID}/cancel`),
        (request) =>
          request
            .headers(jsonHeaders)
            .jsonBody({ cancel_token: fromProviderState('${cancelToken}', OPEN_ORDER_TOKEN) }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          order_id: uuid(OPEN_ORDER_ID),
          status: regex('^cancelled$', 'cancelled'),
        }),
      )
      .executeTest(async (mockServer) => {
        const answer = await createCheckoutApi(mockServer.url).cancelOrder(OPEN_ORDER_ID, OPEN_ORDER_TOKEN);
        expect(answer).toEqual({ order_id: OPEN_ORDER_ID, status: 'cancelled' });
      });
  });

  it('POST /orders/{id}/cancel answers a token that is not the order’s as an unknown order (404)', async () => {
    const wrong = 'x'.repeat(43);
    await pact
      .addInteraction()
      .given(OPEN_ORDER_STATE)
      .uponReceiving('a cancellation with a token that is not the order’s')
      .withRequest(
        'POST',
        fromProviderState('/orders/${orderId}/cancel', `/orders/${OPEN_ORDER_ID}/cancel`),
        (request) => request.headers(jsonHeaders).jsonBody({ cancel_token: wrong }),
      )
      .willRespondWith(404, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({ detail: string('Ordine non trovato') }),
      )
      .executeTest(async (mockServer) => {
        const failure = createCheckoutApi(mockServer.url).cancelOrder(OPEN_ORDER_ID, wrong);
        await expect(failure).rejects.toMatchObject({ status: 404 });
      });
  });

  it('GET /api/customers/profile gives the logged-in customer for the prefill', async () => {
    await pact
      .addInteraction()
      .given('a customer is logged in', { email: MARIO, password: 'segreta1' })
      .uponReceiving("a logged-in customer's profile for the checkout")
      .withRequest('GET', '/api/customers/profile', (request) =>
        request.headers({ Accept: 'application/json', Authorization: BEARER }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          customer_id: uuid('7b0c5a1e-2f1d-4c59-9a0b-3d2e1f4a5b6c'),
          email: string(MARIO),
          telefono: string('+39 081 123 4567'),
          tipo_cliente: regex('^privato$', 'privato'),
          dati_privato: {
            nome: string('Mario'),
            cognome: string('Rossi'),
            codice_fiscale: string('RSSMRA85T10A562S'),
          },
          dati_azienda: nullValue(),
          indirizzo: {
            street: string('Via Toledo 1'),
            city: string('Napoli'),
            province: string('NA'),
            cap: string('80134'),
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const customer = await createCheckoutApi(mockServer.url).profile(PLACEHOLDER_TOKEN);
        expect(customer).toMatchObject({ email: MARIO, tipo_cliente: 'privato' });
      });
  });
});
