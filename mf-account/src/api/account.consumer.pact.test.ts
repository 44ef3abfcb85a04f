/**
 * @jest-environment node
 */
// Consumer contract of mf-account with svc-orders: the REAL api client against the Pact mock server.
// Writes contracts/pacts/mf-account-svc-orders.json (this file is the only writer of that pact).
// Requests that need a customer carry "Authorization: Bearer <token>" matched by shape: the provider's
// verification replaces it with a token it issued for the customer of the state.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { ApiError } from '@edicola/web-kit';
import { createAccountApi } from './index';

const { boolean, eachLike, integer, nullValue, number, regex, string } = MatchersV3;

const ISO_DATETIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const BEARER = regex('^Bearer [A-Za-z0-9._~+/=-]+$', 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
const JSON_TYPE = regex('application/json.*', 'application/json; charset=utf-8');
const MARIO = 'mario.rossi@example.it';

const pact = new PactV4({
  consumer: 'mf-account',
  provider: 'svc-orders',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };

const privateRegistration = {
  email: MARIO,
  password: 'segreta1',
  telefono: '+39 081 123 4567',
  street: 'Via Toledo 1',
  city: 'Napoli',
  province: 'NA',
  cap: '80134',
  tipo_cliente: 'privato' as const,
  nome: 'Mario',
  cognome: 'Rossi',
  codice_fiscale: 'RSSMRA85T10A562S',
};

const companyRegistration = {
  email: 'ordini@partenopeo.example.it',
  password: 'segreta1',
  telefono: '+39 081 765 4321',
  street: 'Via Chiaia 10',
  city: 'Napoli',
  province: 'NA',
  cap: '80121',
  tipo_cliente: 'azienda' as const,
  ragione_sociale: 'Modellismo Partenopeo S.r.l.',
  piva: '01114601006',
  codice_fiscale_azienda: '01114601006',
  pec: 'amministrazione@pec.example.it',
  sdi: 'ABC1234',
  referente: null,
};

/** Mario as GET /api/customers/profile gives him (docs/product/records.md#customer). */
const marioProfile = {
  customer_id: string('7b0c5a1e-2f1d-4c59-9a0b-3d2e1f4a5b6c'),
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
};

/** The company as the registration answers it. */
const companyProfile = {
  customer_id: string('8c1d6b2f-3a2e-4d6a-8b1c-4e3f2a5b6c7d'),
  email: string(companyRegistration.email),
  telefono: string(companyRegistration.telefono),
  tipo_cliente: regex('^azienda$', 'azienda'),
  dati_privato: nullValue(),
  dati_azienda: {
    ragione_sociale: string(companyRegistration.ragione_sociale),
    piva: string(companyRegistration.piva),
    codice_fiscale_azienda: string(companyRegistration.codice_fiscale_azienda),
    pec: string(companyRegistration.pec),
    sdi: string(companyRegistration.sdi),
    referente: nullValue(),
  },
  indirizzo: {
    street: string(companyRegistration.street),
    city: string(companyRegistration.city),
    province: string(companyRegistration.province),
    cap: string(companyRegistration.cap),
  },
};

describe('mf-account → svc-orders', () => {
  it('POST /api/customers/register registers a private customer', async () => {
    await pact
      .addInteraction()
      .given('no customer is registered with the e-mail', { email: MARIO })
      .uponReceiving('a private registration')
      .withRequest('POST', '/api/customers/register', (request) =>
        request.headers(jsonHeaders).jsonBody(privateRegistration),
      )
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(marioProfile),
      )
      .executeTest(async (mockServer) => {
        await expect(createAccountApi(mockServer.url).register(privateRegistration)).resolves.toMatchObject({
          email: MARIO,
          tipo_cliente: 'privato',
        });
      });
  });

  it('POST /api/customers/register registers a company', async () => {
    await pact
      .addInteraction()
      .given('no customer is registered with the e-mail', { email: companyRegistration.email })
      .uponReceiving('a company registration')
      .withRequest('POST', '/api/customers/register', (request) =>
        request.headers(jsonHeaders).jsonBody(companyRegistration),
      )
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(companyProfile),
      )
      .executeTest(async (mockServer) => {
        await expect(createAccountApi(mockServer.url).register(companyRegistration)).resolves.toMatchObject({
          tipo_cliente: 'azienda',
          dati_azienda: { piva: '01114601006', referente: null },
        });
      });
  });

  it('POST /api/customers/register refuses a taken e-mail with a detail', async () => {
    await pact
      .addInteraction()
      .given('a customer is registered', { email: MARIO, password: 'segreta1' })
      .uponReceiving('a registration with an e-mail already taken')
      .withRequest('POST', '/api/customers/register', (request) =>
        request.headers(jsonHeaders).jsonBody(privateRegistration),
      )
      .willRespondWith(409, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({ detail: string('Email già registrata') }),
      )
      .executeTest(async (mockServer) => {
        const failure = createAccountApi(mockServer.url).register(privateRegistration);
        await expect(failure).rejects.toBeInstanceOf(ApiError);
        await expect(failure).rejects.toMatchObject({ status: 409, detail: 'Email già registrata' });
      });
  });

  it('POST /api/customers/login returns the token and who logged in', async () => {
    await pact
      .addInteraction()
      .given('a customer is registered', { email: MARIO, password: 'segreta1' })
      .uponReceiving('a customer login with the right password')
      .withRequest('POST', '/api/customers/login', (request) =>
        request.headers(jsonHeaders).jsonBody({ email: MARIO, password: 'segreta1' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          access_token: string('eyJhbGciOiJFUzI1NiJ9.e30.c2ln'),
          token_type: regex('^bearer$', 'bearer'),
          customer_id: string('7b0c5a1e-2f1d-4c59-9a0b-3d2e1f4a5b6c'),
          email: string(MARIO),
          tipo_cliente: regex('^(privato|azienda)$', 'privato'),
        }),
      )
      .executeTest(async (mockServer) => {
        const session = await createAccountApi(mockServer.url).login({ email: MARIO, password: 'segreta1' });
        expect(session).toMatchObject({ email: MARIO, tipo_cliente: 'privato' });
        expect(session.access_token.length).toBeGreaterThan(0);
      });
  });

  it('POST /api/customers/login refuses a wrong password with a detail', async () => {
    await pact
      .addInteraction()
      .given('a customer is registered', { email: MARIO, password: 'segreta1' })
      .uponReceiving('a customer login with a wrong password')
      .withRequest('POST', '/api/customers/login', (request) =>
        request.headers(jsonHeaders).jsonBody({ email: MARIO, password: 'sbagliata' }),
      )
      .willRespondWith(401, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string('Email o password non corretti') }),
      )
      .executeTest(async (mockServer) => {
        const failure = createAccountApi(mockServer.url).login({ email: MARIO, password: 'sbagliata' });
        await expect(failure).rejects.toMatchObject({ status: 401, detail: 'Email o password non corretti' });
      });
  });

  it('GET /api/customers/profile returns the customer of the token', async () => {
    await pact
      .addInteraction()
      .given('a customer is logged in', { email: MARIO, password: 'segreta1' })
      .uponReceiving('a request for the own profile')
      .withRequest('GET', '/api/customers/profile', (request) =>
        request.headers({ Authorization: BEARER, Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(marioProfile),
      )
      .executeTest(async (mockServer) => {
        const customer = await createAccountApi(mockServer.url).profile('eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
        expect(customer).toMatchObject({
          email: MARIO,
          tipo_cliente: 'privato',
          dati_privato: { nome: 'Mario', cognome: 'Rossi' },
          indirizzo: { city: 'Napoli', province: 'NA', cap: '80134' },
        });
      });
  });

  it('GET /api/customers/profile refuses a token it did not issue', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a profile request with an invalid token')
      .withRequest('GET', '/api/customers/profile', (request) =>
        request.headers({ Authorization: 'Bearer not-a-token', Accept: 'application/json' }),
      )
      .willRespondWith(401, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({ detail: string('Token non valido') }),
      )
      .executeTest(async (mockServer) => {
        const failure = createAccountApi(mockServer.url).profile('not-a-token');
        await expect(failure).rejects.toMatchObject({ status: 401 });
      });
  });

  it('PUT /api/customers/profile updates the own data and returns the customer', async () => {
    const update = {
      telefono: '+39 081 999 0000',
      indirizzo: { street: 'Via Chiaia 20', city: 'Napoli', province: 'NA', cap: '80121' },
      dati_privato: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: 'RSSMRA85T10A562S' },
    };
    await pact
      .addInteraction()
      .given('a customer is logged in', { email: MARIO, password: 'segreta1' })
      .uponReceiving('an update of the own profile')
      .withRequest('PUT', '/api/customers/profile', (request) =>
        request.headers({ ...jsonHeaders, Authorization: BEARER }).jsonBody(update),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          ...marioProfile,
          telefono: string('+39 081 999 0000'),
          indirizzo: {
            street: string('Via Chiaia 20'),
            city: string('Napoli'),
            province: string('NA'),
            cap: string('80121'),
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const customer = await createAccountApi(mockServer.url).updateProfile(
          'eyJhbGciOiJFUzI1NiJ9.e30.c2ln',
          update,
        );
        expect(customer).toMatchObject({ telefono: '+39 081 999 0000', indirizzo: { cap: '80121' } });
      });
  });

  it('GET /api/customers/orders lists the own orders', async () => {
    await pact
      .addInteraction()
      .given('a logged-in customer has an order', { email: MARIO, password: 'segreta1' })
      .uponReceiving('a request for the own orders')
      .withRequest('GET', '/api/customers/orders', (request) =>
        request.headers({ Authorization: BEARER, Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(
          eachLike({
            id: string('9f1c2d3e-aaaa-4bbb-8ccc-0123456789ab'),
            created_at: regex(ISO_DATETIME, '2025-10-03T09:15:00.000Z'),
            order_date: regex(ISO_DATETIME, '2025-10-03T09:15:00.000Z'),
            status: regex('^(pending|paid|confirmed|shipped|delivered|cancelled)$', 'pending'),
            payment_method: string('transfer'),
            items: eachLike({
              article_id: string('3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60'),
              title: string('Ferrari SF-23 1:18'),
              quantity: integer(2),
            }),
            total_amount: number(58.99),
            tracking_number: nullValue(),
            packlink_data: nullValue(),
          }),
        ),
      )
      .executeTest(async (mockServer) => {
        const orders = await createAccountApi(mockServer.url).orders('eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
        expect(orders[0]).toMatchObject({ status: 'pending', total_amount: 58.99 });
        expect(orders[0]!.items[0]!.quantity).toBe(2);
      });
  });
  it('GET /api/customers/orders/{id}/invoice.pdf downloads the invoice of an own order', async () => {
    const orderId = '5b1e2f3a-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
    await pact
      .addInteraction()
      .given('a logged-in customer has an order with an issued invoice', {
        email: MARIO,
        password: 'segreta1',
        order_id: orderId,
      })
      .uponReceiving('a request for the invoice PDF of an own order')
      .withRequest('GET', `/api/customers/orders/${orderId}/invoice.pdf`, (request) =>
        request.headers({ Authorization: BEARER, Accept: 'application/pdf' }),
      )
      .willRespondWith(200, (response) =>
        response.binaryFile('application/pdf', path.join(__dirname, 'pact-fixtures/invoice.pdf')),
      )
      .executeTest(async (mockServer) => {
        const pdf = await createAccountApi(mockServer.url).invoicePdf(
          'eyJhbGciOiJFUzI1NiJ9.e30.c2ln',
          orderId,
        );
        expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      });
  });

  it('PUT /api/customers/password changes the password and answers a fresh token', async () => {
    await pact
      .addInteraction()
      .given('a customer is logged in', { email: MARIO, password: 'segreta1' })
      .uponReceiving('a password change with the right old password')
      .withRequest('PUT', '/api/customers/password', (request) =>
        request
          .headers({ ...jsonHeaders, Authorization: BEARER })
          .jsonBody({ old_password: 'segreta1', new_password: 'Vesuvio-1944' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          access_token: string('eyJhbGciOiJFUzI1NiJ9.e30.bnVvdm8'),
          token_type: regex('^bearer$', 'bearer'),
          customer_id: string('7b0c5a1e-2f1d-4c59-9a0b-3d2e1f4a5b6c'),
          email: string(MARIO),
          tipo_cliente: regex('^(privato|azienda)$', 'privato'),
        }),
      )
      .executeTest(async (mockServer) => {
        const answer = await createAccountApi(mockServer.url).changePassword(
          'eyJhbGciOiJFUzI1NiJ9.e30.c2ln',
          {
            old_password: 'segreta1',
            new_password: 'Vesuvio-1944',
          },
        );
        expect(answer).toMatchObject({ email: MARIO, token_type: 'bearer' });
        expect(answer.access_token.length).toBeGreaterThan(0);
      });
  });

  it('PUT /api/customers/password refuses a common password with a detail', async () => {
    await pact
      .addInteraction()
      .given('a customer is logged in', { email: MARIO, password: 'segreta1' })
      .uponReceiving('a password change to a common password')
      .withRequest('PUT', '/api/customers/password', (request) =>
        request
          .headers({ ...jsonHeaders, Authorization: BEARER })
          .jsonBody({ old_password: 'segreta1', new_password: 'password1' }),
      )
      .willRespondWith(422, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string("Password troppo comune: scegline un'altra") }),
      )
      .executeTest(async (mockServer) => {
        const failure = createAccountApi(mockServer.url).changePassword('eyJhbGciOiJFUzI1NiJ9.e30.c2ln', {
          old_password: 'segreta1',
          new_password: 'password1',
        });
        await expect(failure).rejects.toMatchObject({
          status: 422,
          detail: "Password troppo comune: scegline un'altra",
        });
      });
  });

  // The order page of a signed link (docs/product/account.md#order-page): the provider's verification puts the
  // real token of the state's order in place of LINK_TOKEN.
  const GUEST_ORDER = '2c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f';
  const LINK_TOKEN = 'PactLinkToken0000000000000000000000000000AA';

  it('GET /orders/{id}?t= shows the order of the link: lines, totals, the transfer awaited', async () => {
    await pact
      .addInteraction()
      .given('a guest order awaits a bank transfer', { order_id: GUEST_ORDER, link_token: LINK_TOKEN })
      .uponReceiving("the order page of an order's link")
      .withRequest('GET', `/orders/${GUEST_ORDER}`, (request) =>
        request.query({ t: LINK_TOKEN }).headers({ Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          id: string(GUEST_ORDER),
          order_reference: regex('^ORD-[0-9A-F]{8}$', 'ORD-9C8D7E6F'),
          status: string('pending'),
          created_at: regex(ISO_DATETIME, '2026-11-20T09:30:00.000Z'),
          payment_method: string('transfer'),
          payment_status: string('pending'),
          items: eachLike({
            article_id: string('3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60'),
            title: string('Ferrari SF-23 1:18'),
            quantity: integer(2),
            unit_gross: number(50.15),
            line_total: number(100.3),
          }),
          subtotal_amount: number(100.3),
          shipping_cost: number(9),
          total_amount: number(109.3),
          refunded_amount: number(0),
          shipping_address: {
            name: string('Maria Rossi'),
            address: string('Via Toledo 1'),
            zip_code: string('80134'),
            city: string('Napoli'),
            country: string('IT'),
          },
          bank_transfer: {
            iban: string('IE29AIBK93115212345678'),
            holder: string('Edicola'),
            bank_name: nullValue(),
            payment_reason: regex('^ORD-[0-9A-F]{8}$', 'ORD-9C8D7E6F'),
            amount: number(109.3),
            demo: boolean(true),
          },
          payment_due_at: regex(ISO_DATETIME, '2026-11-27T09:30:00.000Z'),
          tracking: nullValue(),
          invoice_number: nullValue(),
          credit_notes: [],
          cancellable: boolean(true),
          token: regex('^[\\w-]{43}$', LINK_TOKEN),
        }),
      )
      .executeTest(async (mockServer) => {
        const order = await createAccountApi(mockServer.url).orderPage(GUEST_ORDER, { link: LINK_TOKEN });
        expect(order).toMatchObject({ order_reference: 'ORD-9C8D7E6F', cancellable: true });
        expect(order.bank_transfer?.payment_reason).toBe(order.order_reference);
      });
  });

  it('GET /orders/{id}?t= answers a token that is not the order’s as an unknown order (404)', async () => {
    const wrong = 'x'.repeat(43);
    await pact
      .addInteraction()
      .given('a guest order awaits a bank transfer', { order_id: GUEST_ORDER, link_token: LINK_TOKEN })
      .uponReceiving('the order page with a token that is not the order’s')
      .withRequest('GET', `/orders/${GUEST_ORDER}`, (request) =>
        request.query({ t: wrong }).headers({ Accept: 'application/json' }),
      )
      .willRespondWith(404, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({ detail: string('Ordine non trovato') }),
      )
      .executeTest(async (mockServer) => {
        const failure = createAccountApi(mockServer.url).orderPage(GUEST_ORDER, { link: wrong });
        await expect(failure).rejects.toMatchObject({ status: 404 });
      });
  });

  // docs/product/account.md#data-export
  it("GET /api/customers/me/export answers the customer's data", async () => {
    await pact
      .addInteraction()
      .given('a customer is logged in', { email: MARIO, password: 'segreta1' })
      .uponReceiving('the export of the own data')
      .withRequest('GET', '/api/customers/me/export', (request) =>
        request.headers({ Authorization: BEARER, Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          exported_at: string('2026-11-29T10:00:00.000Z'),
          profile: { ...(marioProfile as object), created_at: string('2026-11-29T09:00:00.000Z') },
          orders: [],
          reviews: [],
          consents: { newsletter: null, stock_alerts: [] },
        }),
      )
      .executeTest(async (mockServer) => {
        const data = await createAccountApi(mockServer.url).exportData('eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
        expect(data.profile.email).toBe(MARIO);
        expect(data.consents.newsletter).toBeNull();
      });
  });

  // docs/product/account.md#erasure
  it('DELETE /api/customers/me erases the account with the password re-entered', async () => {
    await pact
      .addInteraction()
      .given('a customer is logged in', { email: MARIO, password: 'segreta1' })
      .uponReceiving('the erasure of the own account')
      .withRequest('DELETE', '/api/customers/me', (request) =>
        request
          .headers({ Authorization: BEARER, 'Content-Type': 'application/json', Accept: 'application/json' })
          .jsonBody({ password: 'segreta1' }),
      )
      .willRespondWith(204)
      .executeTest(async (mockServer) => {
        await expect(
          createAccountApi(mockServer.url).eraseAccount('eyJhbGciOiJFUzI1NiJ9.e30.c2ln', 'segreta1'),
        ).resolves.toBeUndefined();
      });
  });

  it('DELETE /api/customers/me refuses a wrong password and erases nothing', async () => {
    await pact
      .addInteraction()
      .given('a customer is logged in', { email: MARIO, password: 'segreta1' })
      .uponReceiving('the erasure of the own account with a wrong password')
      .withRequest('DELETE', '/api/customers/me', (request) =>
        request
          .headers({ Authorization: BEARER, 'Content-Type': 'application/json', Accept: 'application/json' })
          .jsonBody({ password: 'sbagliata' }),
      )
      .willRespondWith(422, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string('La password attuale non è corretta') }),
      )
      .executeTest(async (mockServer) => {
        const failure = createAccountApi(mockServer.url).eraseAccount(
          'eyJhbGciOiJFUzI1NiJ9.e30.c2ln',
          'sbagliata',
        );
        await expect(failure).rejects.toMatchObject({
          status: 422,
          detail: 'La password attuale non è corretta',
        });
      });
  });

  it('POST /api/customers/logout ends the session on the server', async () => {
    await pact
      .addInteraction()
      .given('a customer is logged in', { email: MARIO, password: 'segreta1' })
      .uponReceiving('a logout')
      .withRequest('POST', '/api/customers/logout', (request) =>
        request.headers({ Authorization: BEARER, Accept: 'application/json' }),
      )
      .willRespondWith(204)
      .executeTest(async (mockServer) => {
        await expect(
          createAccountApi(mockServer.url).logout('eyJhbGciOiJFUzI1NiJ9.e30.c2ln'),
        ).resolves.toBeUndefined();
      });
  });
});
