/**
 * @jest-environment node
 */
// Consumer contract of mf-admin with svc-orders (staff sign-in): the REAL api client against the Pact
// mock server. Writes contracts/pacts/mf-admin-svc-orders.json (this file is the only writer of that
// pact). The bearer token is matched by shape: the provider's verification puts in one it issued.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createAdminApi } from '.';
import { storeStaffToken } from '../staffToken';

const { regex, string } = MatchersV3;

const BEARER = regex('^Bearer [A-Za-z0-9._~+/=-]+$', 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
const JSON_TYPE = regex('application/json.*', 'application/json; charset=utf-8');
const ROLE = regex('^(admin|staff)$', 'admin');
const STAFF = { username: 'gennaro', password: 'pizza-margherita-1' };

const pact = new PactV4({
  consumer: 'mf-admin',
  provider: 'svc-orders',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };

describe('mf-admin → svc-orders', () => {
  it('POST /api/auth/login returns the staff token, user id, username and role', async () => {
    await pact
      .addInteraction()
      .given('a staff user exists', STAFF)
      .uponReceiving('a staff login with the right password')
      .withRequest('POST', '/api/auth/login', (request) => request.headers(jsonHeaders).jsonBody(STAFF))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          access_token: string('eyJhbGciOiJFUzI1NiJ9.e30.c2ln'),
          token_type: regex('^bearer$', 'bearer'),
          user_id: string('5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a'),
          username: string(STAFF.username),
          role: ROLE,
        }),
      )
      .executeTest(async (mockServer) => {
        const session = await createAdminApi(mockServer.url).auth.login(STAFF);
        expect(session).toMatchObject({ username: STAFF.username, role: 'admin', token_type: 'bearer' });
      });
  });

  it('POST /api/auth/login refuses a wrong password with a detail', async () => {
    await pact
      .addInteraction()
      .given('a staff user exists', STAFF)
      .uponReceiving('a staff login with a wrong password')
      .withRequest('POST', '/api/auth/login', (request) =>
        request.headers(jsonHeaders).jsonBody({ username: STAFF.username, password: 'sbagliata' }),
      )
      .willRespondWith(401, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string('Username o password non corretti') }),
      )
      .executeTest(async (mockServer) => {
        const failure = createAdminApi(mockServer.url).auth.login({
          username: STAFF.username,
          password: 'sbagliata',
        });
        await expect(failure).rejects.toMatchObject({
          status: 401,
          detail: 'Username o password non corretti',
        });
      });
  });

  it('GET /api/auth/me tells who the token belongs to', async () => {
    await pact
      .addInteraction()
      .given('a staff user is logged in', STAFF)
      .uponReceiving('a staff session check')
      .withRequest('GET', '/api/auth/me', (request) =>
        request.headers({ Authorization: BEARER, Accept: 'application/json' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          user_id: string('5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a'),
          username: string(STAFF.username),
          role: ROLE,
        }),
      )
      .executeTest(async (mockServer) => {
        await expect(
          createAdminApi(mockServer.url).auth.me('eyJhbGciOiJFUzI1NiJ9.e30.c2ln'),
        ).resolves.toMatchObject({
          username: STAFF.username,
          role: 'admin',
        });
      });
  });

  it('GET /api/auth/me refuses an invalid or expired token', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a staff session check with an invalid token')
      .withRequest('GET', '/api/auth/me', (request) =>
        request.headers({ Authorization: 'Bearer not-a-token', Accept: 'application/json' }),
      )
      .willRespondWith(401, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({ detail: string('Token non valido') }),
      )
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).auth.me('not-a-token')).rejects.toMatchObject({
          status: 401,
        });
      });
  });
});

// The session routes: logout and password change, with a stored staff token.
describe('mf-admin → svc-orders (sessions)', () => {
  beforeEach(() => {
    const storage = new Map<string, string>();
    Object.assign(globalThis, {
      window: {
        localStorage: {
          getItem: (k: string) => storage.get(k) ?? null,
          setItem: (k: string, v: string) => storage.set(k, v),
          removeItem: (k: string) => storage.delete(k),
        },
      },
    });
    storeStaffToken('eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
  });

  it('POST /api/auth/logout ends the session', async () => {
    await pact
      .addInteraction()
      .given('a staff user is logged in', STAFF)
      .uponReceiving('a staff logout')
      .withRequest('POST', '/api/auth/logout', (request) =>
        request.headers({ Authorization: BEARER, Accept: 'application/json' }),
      )
      .willRespondWith(204)
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).auth.logout()).resolves.toBeUndefined();
      });
  });

  it('PUT /api/auth/password changes the password and may hand back a new token', async () => {
    await pact
      .addInteraction()
      .given('a staff user is logged in', STAFF)
      .uponReceiving('a staff password change')
      .withRequest('PUT', '/api/auth/password', (request) =>
        request
          .headers({ Authorization: BEARER, 'Content-Type': 'application/json', Accept: 'application/json' })
          .jsonBody({ old_password: STAFF.password, new_password: 'Vesuvio-e-Pizza-2026' }),
      )
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ access_token: string('eyJhbGciOiJFUzI1NiJ9.e30.bmV3') }),
      )
      .executeTest(async (mockServer) => {
        const token = await createAdminApi(mockServer.url).auth.changePassword({
          old_password: STAFF.password,
          new_password: 'Vesuvio-e-Pizza-2026',
        });
        expect(token).toBe('eyJhbGciOiJFUzI1NiJ9.e30.bmV3');
      });
  });

  it('PUT /api/auth/password refuses a wrong current password with a detail', async () => {
    await pact
      .addInteraction()
      .given('a staff user is logged in', STAFF)
      .uponReceiving('a staff password change with a wrong current password')
      .withRequest('PUT', '/api/auth/password', (request) =>
        request
          .headers({ Authorization: BEARER, 'Content-Type': 'application/json', Accept: 'application/json' })
          .jsonBody({ old_password: 'sbagliata', new_password: 'Vesuvio-e-Pizza-2026' }),
      )
      .willRespondWith(422, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string('La password attuale non è corretta') }),
      )
      .executeTest(async (mockServer) => {
        await expect(
          createAdminApi(mockServer.url).auth.changePassword({
            old_password: 'sbagliata',
            new_password: 'Vesuvio-e-Pizza-2026',
          }),
        ).rejects.toMatchObject({ status: 422 });
      });
  });
});

// --- The Ordini tab (issue 16): list, moves, transfer, timeline and notes, refunds, invoices, shipments, exports.
// Each interaction names the order it needs as a provider state; the staff token is the sessions' one.

const { boolean, eachLike, integer, nullValue, number } = MatchersV3;
const ORDER_ID = '0b6f8e2a-6c1d-4d0e-9a7b-1f2e3d4c5b6a';
const SHIPMENT_ID = 'UN2026PRO0001';
const ISO_DATETIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const PDF_TYPE = regex('^application/pdf', 'application/pdf');
const AUTH_ONLY = { Authorization: BEARER, Accept: 'application/json' };
const FILE_HEADERS = { Authorization: BEARER, Accept: '*/*' };

/** Matchers of the same shape as `example`: each value by type, null as null, arrays as "each like". */
function shapeOf(example: unknown): unknown {
  if (example === null) return nullValue();
  if (Array.isArray(example)) return eachLike(shapeOf(example[0]));
  if (typeof example === 'object') {
    return Object.fromEntries(Object.entries(example as object).map(([k, v]) => [k, shapeOf(v)]));
  }
  if (typeof example === 'string')
    return /^\d{4}-\d{2}-\d{2}T/.test(example) ? regex(ISO_DATETIME, example) : string(example);
  if (typeof example === 'number') return Number.isInteger(example) ? integer(example) : number(example);
  if (typeof example === 'boolean') return boolean(example);
  return example;
}

/** A card order paid in demo mode, as 'an order exists' leaves it (no shipment, invoice or refund yet). */
const paidOrder = {
  id: ORDER_ID,
  order_reference: 'ORD-3D4C5B6A',
  order_date: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  status: 'paid',
  order_version: 1,
  customer_id: null,
  customer_info: {
    name: 'Maria Rossi',
    email: 'maria@example.it',
    phone: '333 1234567',
    address: 'Via Toledo 1',
    city: 'Napoli',
    zipCode: '80134',
    notes: null,
    country: 'IT',
  },
  items: [
    {
      article_id: '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60',
      sku: 'PACT-SF23-18',
      title: 'Ferrari SF-23 1:18',
      quantity: 2,
      price: 40.9,
      iva_percentage: 22,
      unit_gross: 49.9,
      line_total: 99.8,
    },
  ],
  subtotal_amount: 99.8,
  shipping_cost: 9.5,
  total_amount: 109.3,
  shipping_country: 'IT',
  payment_method: 'card',
  payment_status: 'paid',
  payment_intent_id: 'pi_3PactDemo',
  payment_demo: true,
  refunded_amount: 0.5,
  payment_issue: null,
  tracking_number: null,
  packlink_shipment_id: null,
  packlink_data: null,
  invoice_data: null,
  payment_due_at: null,
  transfer_payment: null,
  refund: null,
};
const ORDER_STATE = { id: ORDER_ID, status: 'paid', payment_method: 'card', payment_demo: true };
const orderBody = (changes: Record<string, unknown> = {}) => shapeOf({ ...paidOrder, ...changes });

describe('mf-admin → svc-orders (Ordini)', () => {
  beforeEach(() => {
    const storage = new Map<string, string>();
    Object.assign(globalThis, {
      window: {
        localStorage: {
          getItem: (k: string) => storage.get(k) ?? null,
          setItem: (k: string, v: string) => storage.set(k, v),
          removeItem: (k: string) => storage.delete(k),
        },
      },
    });
    storeStaffToken('eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
  });

  const staff = () => pact.addInteraction().given('a staff user is logged in', STAFF);

  it('GET /api/orders answers a filtered page, its total and the counts per status', async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving('a filtered page of the Ordini list')
      .withRequest('GET', '/api/orders', (request) =>
        request.headers(AUTH_ONLY).query({
          tab: 'new',
          q: 'rossi',
          payment_method: 'card',
          sort: 'newest',
          page: '1',
          page_size: '25',
        }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          orders: eachLike({
            ...(orderBody() as object),
            // The lines to pack; the photo is null while the catalogue is not asked (svc-orders alone).
            lines: eachLike({
              article_id: string('3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60'),
              title: string('Ferrari SF-23 1:18'),
              quantity: integer(2),
              thumbnail_url: nullValue(),
            }),
          }),
          counts: shapeOf({
            all: 1,
            pending: 0,
            paid: 1,
            confirmed: 0,
            shipped: 0,
            delivered: 0,
            cancelled: 0,
          }),
          total: integer(1),
          page: integer(1),
          page_size: integer(25),
        }),
      )
      .executeTest(async (mockServer) => {
        const list = await createAdminApi(mockServer.url).orders.list({
          tab: 'new',
          q: 'rossi',
          payment_method: 'card',
          sort: 'newest',
          page: 1,
          page_size: 25,
        });
        expect(list.orders[0]!.id).toBe(ORDER_ID);
        expect(list.total).toBe(1);
      });
  });

  it('GET /api/orders/changes answers the token that moves with every order change', async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving('the orders’ change token')
      .withRequest('GET', '/api/orders/changes', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ version: string('2026-11-29T10:00:00.123456/1') }),
      )
      .executeTest(async (mockServer) => {
        expect((await createAdminApi(mockServer.url).orders.changes()).version).toBeTruthy();
      });
  });

  it('POST /api/orders/bulk/confirm answers one result per order', async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving('a bulk confirmation of the chosen orders')
      .withRequest('POST', '/api/orders/bulk/confirm', (request) =>
        request
          .headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' })
          .jsonBody({ order_ids: [ORDER_ID] }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          results: eachLike({
            order_id: string(ORDER_ID),
            order_reference: string('ORD-3D4C5B6A'),
            outcome: regex('^(done|unchanged|failed)$', 'done'),
            detail: nullValue(),
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const { results } = await createAdminApi(mockServer.url).orders.bulkConfirm([ORDER_ID]);
        expect(results[0]!.order_id).toBe(ORDER_ID);
      });
  });

  it('GET /api/orders/{id} answers the order with its status history', async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving('a request for one order')
      .withRequest('GET', `/api/orders/${ORDER_ID}`, (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          ...(orderBody() as object),
          status_history: eachLike(
            shapeOf({
              from: 'pending',
              to: 'paid',
              changed_by: null,
              changed_by_id: null,
              changed_at: '2026-11-20T10:00:00.000Z',
              tracking_number: null,
            }),
          ),
        }),
      )
      .executeTest(async (mockServer) => {
        const order = await createAdminApi(mockServer.url).orders.get(ORDER_ID);
        expect(order.status_history[0]!.to).toBe('paid');
        expect(order.credit_notes).toEqual([]);
      });
  });

  it('PUT /api/orders/{id}/status marks an order shipped with its tracking number', async () => {
    await staff()
      .given('an order exists', { ...ORDER_STATE, status: 'confirmed' })
      .uponReceiving('a move to shipped with a tracking number')
      .withRequest('PUT', `/api/orders/${ORDER_ID}/status`, (request) =>
        request.headers(AUTH_ONLY).query({ status: 'shipped', tracking_number: 'BRT42' }),
      )
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody(orderBody({ status: 'shipped', tracking_number: 'BRT42', order_version: 3 })),
      )
      .executeTest(async (mockServer) => {
        const order = await createAdminApi(mockServer.url).orders.setStatus(ORDER_ID, 'shipped', 'BRT42');
        expect(order).toMatchObject({ status: 'shipped', tracking_number: 'BRT42' });
      });
  });

  it('PUT /api/orders/{id}/status refuses a move the table does not allow, with a detail', async () => {
    await staff()
      .given('an order exists', { ...ORDER_STATE, status: 'delivered' })
      .uponReceiving('a move the transitions table refuses')
      .withRequest('PUT', `/api/orders/${ORDER_ID}/status`, (request) =>
        request.headers(AUTH_ONLY).query({ status: 'cancelled', tracking_number: 'null' }),
      )
      .willRespondWith(409, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string('Transizione non consentita') }),
      )
      .executeTest(async (mockServer) => {
        await expect(
          createAdminApi(mockServer.url).orders.setStatus(ORDER_ID, 'cancelled', null),
        ).rejects.toMatchObject({ status: 409 });
      });
  });

  it('PUT /api/orders/{id}/payment records a bank transfer received', async () => {
    const transfer = { received_on: '2026-11-23', amount: 109.3, bank_reference: 'TRN 0042' };
    await staff()
      .given('an order awaits a bank transfer', { id: ORDER_ID, total_amount: 109.3 })
      .uponReceiving('a bank transfer recorded')
      .withRequest('PUT', `/api/orders/${ORDER_ID}/payment`, (request) =>
        request.headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' }).jsonBody(transfer),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(
          orderBody({
            status: 'pending',
            payment_method: 'transfer',
            payment_intent_id: null,
            payment_demo: false,
            transfer_payment: {
              received_on: '2026-11-23',
              amount: 109.3,
              bank_reference: 'TRN 0042',
              amount_matches: true,
              recorded_by: 'gennaro',
              recorded_at: '2026-11-23T10:00:00.000Z',
            },
          }),
        ),
      )
      .executeTest(async (mockServer) => {
        const order = await createAdminApi(mockServer.url).orders.recordTransfer(ORDER_ID, transfer);
        expect(order.transfer_payment?.bank_reference).toBe('TRN 0042');
      });
  });

  it('GET /api/orders/{id}/timeline lists what happened, oldest first', async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving("a request for an order's timeline")
      .withRequest('GET', `/api/orders/${ORDER_ID}/timeline`, (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          entries: eachLike({
            at: regex(ISO_DATETIME, '2026-11-20T10:00:00.000Z'),
            kind: regex('^(created|status|payment|transfer|refund|invoice|shipment|email|note)$', 'created'),
            summary: string('Ordine creato'),
            by: nullValue(),
            data: {},
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const timeline = await createAdminApi(mockServer.url).orders.timeline(ORDER_ID);
        expect(timeline.entries[0]!.kind).toBe('created');
      });
  });

  it('POST /api/orders/{id}/notes adds an internal note', async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving('an internal note on an order')
      .withRequest('POST', `/api/orders/${ORDER_ID}/notes`, (request) =>
        request
          .headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' })
          .jsonBody({ text: 'Cliente avvisato per telefono' }),
      )
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
          kind: regex('^note$', 'note'),
          summary: string('Cliente avvisato per telefono'),
          by: string(STAFF.username),
          data: {},
        }),
      )
      .executeTest(async (mockServer) => {
        const entry = await createAdminApi(mockServer.url).orders.addNote(
          ORDER_ID,
          'Cliente avvisato per telefono',
        );
        expect(entry.kind).toBe('note');
      });
  });

  it('POST /api/orders/{id}/refunds asks a partial refund of chosen lines, once per Idempotency-Key', async () => {
    const refund = {
      lines: [{ article_id: '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60', quantity: 1 }],
      reason: 'Scatola rovinata',
      restock: true,
    };
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving('a partial refund of one line')
      .withRequest('POST', `/api/orders/${ORDER_ID}/refunds`, (request) =>
        request
          .headers({
            ...AUTH_ONLY,
            'Content-Type': 'application/json',
            'Idempotency-Key': regex('^[A-Za-z0-9-]{8,}$', '6a1f0c9e-3b2d-4e5f-8a7b-9c0d1e2f3a4b'),
          })
          .jsonBody(refund),
      )
      .willRespondWith(202, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(orderBody({ payment_status: 'refunding' })),
      )
      .executeTest(async (mockServer) => {
        const order = await createAdminApi(mockServer.url).orders.refund(
          ORDER_ID,
          refund,
          '6a1f0c9e-3b2d-4e5f-8a7b-9c0d1e2f3a4b',
        );
        expect(order.payment_status).toBe('refunding');
      });
  });

  it('GET /api/invoices/next-number answers the next free number of the year', async () => {
    await staff()
      .given('invoices 1/2026 to 6/2026 are issued')
      .uponReceiving('a request for the next invoice number of 2026')
      .withRequest('GET', '/api/invoices/next-number', (request) =>
        request.headers(AUTH_ONLY).query({ year: '2026' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          invoice_number: regex('^\\d+/2026$', '7/2026'),
          invoice_date: regex('^\\d{4}-\\d{2}-\\d{2}$', '2026-11-24'),
        }),
      )
      .executeTest(async (mockServer) => {
        const next = await createAdminApi(mockServer.url).orders.nextInvoiceNumber(2026);
        expect(next.invoice_number).toBe('7/2026');
      });
  });

  it('PUT /orders/{id}/invoice issues the invoice', async () => {
    await staff()
      .given('an order requires an invoice', { ...ORDER_STATE, codice_fiscale: 'RSSMRA85T10A562S' })
      .uponReceiving('an invoice issued for an order')
      .withRequest('PUT', `/orders/${ORDER_ID}/invoice`, (request) =>
        request
          .headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' })
          .jsonBody({ invoice_number: '7/2026', invoice_date: '2026-11-24' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(
          orderBody({
            invoice_data: {
              requires_invoice: true,
              invoice_type: 'privato',
              codice_fiscale: 'RSSMRA85T10A562S',
              ragione_sociale: null,
              piva: null,
              codice_fiscale_azienda: null,
              pec: null,
              sdi: null,
              invoice_issued: true,
              invoice_number: '7/2026',
              invoice_date: '2026-11-24',
            },
          }),
        ),
      )
      .executeTest(async (mockServer) => {
        const order = await createAdminApi(mockServer.url).orders.saveInvoice(ORDER_ID, {
          invoice_number: '7/2026',
          invoice_date: '2026-11-24',
        });
        expect(order.invoice_data?.invoice_issued).toBe(true);
      });
  });

  it('PUT /orders/{id}/invoice refuses a number already used that year (409)', async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .given('invoices 1/2026 to 6/2026 are issued')
      .uponReceiving('an invoice with a number already used')
      .withRequest('PUT', `/orders/${ORDER_ID}/invoice`, (request) =>
        request
          .headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' })
          .jsonBody({ invoice_number: '6/2026', invoice_date: '2026-11-24' }),
      )
      .willRespondWith(409, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string('Il numero fattura 6/2026 è già usato') }),
      )
      .executeTest(async (mockServer) => {
        await expect(
          createAdminApi(mockServer.url).orders.saveInvoice(ORDER_ID, {
            invoice_number: '6/2026',
            invoice_date: '2026-11-24',
          }),
        ).rejects.toMatchObject({ status: 409, detail: 'Il numero fattura 6/2026 è già usato' });
      });
  });

  it.each(['pdf', 'xml'] as const)(
    'GET /api/orders/{id}/invoice.%s answers the issued invoice',
    async (format) => {
      await staff()
        .given('an order has an issued invoice', { id: ORDER_ID, invoice_number: '7/2026' })
        .uponReceiving(`a request for an order's invoice as ${format}`)
        .withRequest('GET', `/api/orders/${ORDER_ID}/invoice.${format}`, (request) =>
          request.headers(FILE_HEADERS),
        )
        .willRespondWith(200, (response) =>
          response.headers({
            'Content-Type': format === 'pdf' ? PDF_TYPE : 'application/xml; charset=utf-8',
          }),
        )
        .executeTest(async (mockServer) => {
          const file = await createAdminApi(mockServer.url).orders.invoiceFile(ORDER_ID, format);
          expect(file.blob).toBeDefined();
        });
    },
  );

  it('GET /api/orders/{id}/shipment-quotes answers the parcel and the quotes', async () => {
    await staff()
      .given('an order exists', { ...ORDER_STATE, status: 'confirmed' })
      .uponReceiving("a request for an order's shipment quotes")
      .withRequest('GET', `/api/orders/${ORDER_ID}/shipment-quotes`, (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          parcel: shapeOf({
            weight_kg: 1.2,
            length_cm: 30.5,
            width_cm: 20.5,
            height_cm: 10.5,
            estimated: false,
          }),
          quotes: eachLike({
            service_id: string('20945'),
            carrier_name: string('BRT'),
            service_name: string('Express'),
            price: number(8.5),
            transit_days: integer(2),
          }),
          demo: boolean(true),
        }),
      )
      .executeTest(async (mockServer) => {
        const quotes = await createAdminApi(mockServer.url).orders.shipmentQuotes(ORDER_ID);
        expect(quotes.quotes[0]!.carrier_name).toBe('BRT');
      });
  });

  it('POST /api/orders/{id}/create-shipment creates the Packlink shipment of the chosen service', async () => {
    await staff()
      .given('an order exists', { ...ORDER_STATE, status: 'confirmed' })
      .uponReceiving('a shipment created for an order')
      .withRequest('POST', `/api/orders/${ORDER_ID}/create-shipment`, (request) =>
        request
          .headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' })
          .jsonBody({ service_id: '20945' }),
      )
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          shipment_id: string(SHIPMENT_ID),
          tracking_number: nullValue(),
          carrier_name: string('BRT'),
          state: regex('^(draft|ready|in_transit|delivered|cancelled|incident)$', 'draft'),
          demo: boolean(true),
        }),
      )
      .executeTest(async (mockServer) => {
        const created = await createAdminApi(mockServer.url).orders.createShipment(ORDER_ID, '20945');
        expect(created.shipment_id).toBe(SHIPMENT_ID);
      });
  });

  it('GET /api/shipments/{id}/label answers the PDF label', async () => {
    await staff()
      .given('an order has a Packlink shipment with a label', { id: ORDER_ID, shipment_id: SHIPMENT_ID })
      .uponReceiving("a request for a shipment's label")
      .withRequest('GET', `/api/shipments/${SHIPMENT_ID}/label`, (request) => request.headers(FILE_HEADERS))
      .willRespondWith(200, (response) => response.headers({ 'Content-Type': PDF_TYPE }))
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).orders.label(SHIPMENT_ID)).resolves.toHaveProperty(
          'blob',
        );
      });
  });

  it("GET /api/shipments/{id}/label says 'Errore nel download dell'etichetta' while there is none", async () => {
    await staff()
      .given('an order has a Packlink shipment without a label yet', {
        id: ORDER_ID,
        shipment_id: SHIPMENT_ID,
      })
      .uponReceiving('a request for a label not ready yet')
      .withRequest('GET', `/api/shipments/${SHIPMENT_ID}/label`, (request) => request.headers(FILE_HEADERS))
      .willRespondWith(409, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string("Errore nel download dell'etichetta") }),
      )
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).orders.label(SHIPMENT_ID)).rejects.toMatchObject({
          status: 409,
        });
      });
  });

  it('GET /api/orders/{id}/packing-slip.pdf answers the packing slip', async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving("a request for an order's packing slip")
      .withRequest('GET', `/api/orders/${ORDER_ID}/packing-slip.pdf`, (request) =>
        request.headers(FILE_HEADERS),
      )
      .willRespondWith(200, (response) => response.headers({ 'Content-Type': PDF_TYPE }))
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).orders.packingSlip(ORDER_ID)).resolves.toHaveProperty(
          'blob',
        );
      });
  });

  it('POST /api/shipments/labels merges the labels of several orders', async () => {
    await staff()
      .given('an order has a Packlink shipment with a label', { id: ORDER_ID, shipment_id: SHIPMENT_ID })
      .uponReceiving('a request for merged labels')
      .withRequest('POST', '/api/shipments/labels', (request) =>
        request
          .headers({ ...FILE_HEADERS, 'Content-Type': 'application/json' })
          .jsonBody({ order_ids: [ORDER_ID] }),
      )
      .willRespondWith(200, (response) => response.headers({ 'Content-Type': PDF_TYPE }))
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).orders.mergedLabels([ORDER_ID])).resolves.toHaveProperty(
          'blob',
        );
      });
  });

  it('GET /orders/export/csv answers the filtered orders as a CSV named with the day', async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving('an export of the filtered orders')
      .withRequest('GET', '/orders/export/csv', (request) =>
        request.headers(FILE_HEADERS).query({ tab: 'new', payment_method: 'card', sort: 'newest' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': regex(
            '^attachment; filename="?ordini-\\d{4}-\\d{2}-\\d{2}\\.csv"?$',
            'attachment; filename="ordini-2026-11-24.csv"',
          ),
        }),
      )
      .executeTest(async (mockServer) => {
        const file = await createAdminApi(mockServer.url).orders.exportCsv({
          tab: 'new',
          payment_method: 'card',
          sort: 'newest',
        });
        expect(file.filename).toBe('ordini-2026-11-24.csv');
      });
  });

  it("GET /api/exports/takings.csv answers a month's takings", async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving("an export of a month's takings")
      .withRequest('GET', '/api/exports/takings.csv', (request) =>
        request.headers(FILE_HEADERS).query({ month: '2026-11' }),
      )
      .willRespondWith(200, (response) => response.headers({ 'Content-Type': 'text/csv; charset=utf-8' }))
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).orders.takingsCsv('2026-11')).resolves.toHaveProperty(
          'blob',
        );
      });
  });

  // Clienti (docs/product/back-office.md#customers): a company account the state registers with this id.
  const CUSTOMER_STATE = {
    id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
    email: 'acquisti@pact-ferrari.example',
  };
  const companyCustomer = {
    kind: 'registered',
    id: CUSTOMER_STATE.id,
    email: CUSTOMER_STATE.email,
    name: 'Ferrari S.p.A.',
    telefono: '0536 949111',
    tipo_cliente: 'azienda',
    dati_privato: null,
    dati_azienda: {
      ragione_sociale: 'Ferrari S.p.A.',
      piva: '00159560366',
      codice_fiscale_azienda: '00159560366',
      pec: null,
      sdi: 'ABC1234',
      referente: null,
    },
    indirizzo: { street: 'Via Abetone Inferiore 4', city: 'Maranello', province: 'MO', cap: '41053' },
    notes: null,
    registered_at: '2026-11-20T10:00:00.000Z',
    totals: { order_count: 0, spent_cents: 0, last_order_at: null },
  };

  it('GET /api/admin/customers answers a page of the customers found', async () => {
    await staff()
      .given('a company customer is registered', CUSTOMER_STATE)
      .uponReceiving('a search of the Clienti list')
      .withRequest('GET', '/api/admin/customers', (request) =>
        request.headers(AUTH_ONLY).query({ q: 'pact-ferrari', page: '1', page_size: '25' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          customers: eachLike(
            shapeOf({
              kind: 'registered',
              id: CUSTOMER_STATE.id,
              name: null,
              company: 'Ferrari S.p.A.',
              email: CUSTOMER_STATE.email,
              city: 'Maranello',
              ...companyCustomer.totals,
            }),
          ),
          total: integer(1),
          page: integer(1),
          page_size: integer(25),
        }),
      )
      .executeTest(async (mockServer) => {
        const found = await createAdminApi(mockServer.url).customers.list({
          q: 'pact-ferrari',
          page: 1,
          page_size: 25,
        });
        expect(found.customers[0]).toMatchObject({ id: CUSTOMER_STATE.id, company: 'Ferrari S.p.A.' });
      });
  });

  it("GET /api/admin/customers/{id} answers a customer's page", async () => {
    await staff()
      .given('a company customer is registered', CUSTOMER_STATE)
      .uponReceiving("a request for a customer's page")
      .withRequest('GET', `/api/admin/customers/${CUSTOMER_STATE.id}`, (request) =>
        request.headers(AUTH_ONLY),
      )
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ ...(shapeOf(companyCustomer) as object), orders: [] }),
      )
      .executeTest(async (mockServer) => {
        const customer = await createAdminApi(mockServer.url).customers.get(CUSTOMER_STATE.id);
        expect(customer.dati_azienda?.piva).toBe('00159560366');
      });
  });

  it("PUT /api/admin/customers/{id} saves the staff's notes and answers the page", async () => {
    await staff()
      .given('a company customer is registered', CUSTOMER_STATE)
      .uponReceiving("the staff's notes on a customer")
      .withRequest('PUT', `/api/admin/customers/${CUSTOMER_STATE.id}`, (request) =>
        request
          .headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' })
          .jsonBody({ notes: 'Chiede sempre la fattura.' }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          ...(shapeOf(companyCustomer) as object),
          notes: 'Chiede sempre la fattura.',
          orders: [],
        }),
      )
      .executeTest(async (mockServer) => {
        const customer = await createAdminApi(mockServer.url).customers.update(CUSTOMER_STATE.id, {
          notes: 'Chiede sempre la fattura.',
        });
        expect(customer.notes).toBe('Chiede sempre la fattura.');
      });
  });

  // docs/product/account.md#data-export
  it("GET /api/admin/customers/{id}/export answers the customer's data for a request by e-mail", async () => {
    await staff()
      .given('a company customer is registered', CUSTOMER_STATE)
      .uponReceiving("an admin's export of a customer's data")
      .withRequest('GET', `/api/admin/customers/${CUSTOMER_STATE.id}/export`, (request) =>
        request.headers(AUTH_ONLY),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          exported_at: shapeOf('2026-11-29T10:00:00.000Z'),
          profile: shapeOf({
            customer_id: CUSTOMER_STATE.id,
            email: CUSTOMER_STATE.email,
            telefono: companyCustomer.telefono,
            tipo_cliente: 'azienda',
            dati_privato: null,
            dati_azienda: companyCustomer.dati_azienda,
            indirizzo: companyCustomer.indirizzo,
            created_at: '2026-11-20T10:00:00.000Z',
          }),
          orders: [],
          reviews: [],
          consents: { newsletter: null, stock_alerts: [] },
        }),
      )
      .executeTest(async (mockServer) => {
        const data = await createAdminApi(mockServer.url).customers.exportData(CUSTOMER_STATE.id);
        expect(data.profile.customer_id).toBe(CUSTOMER_STATE.id);
      });
  });

  // docs/product/account.md#erasure
  it('DELETE /api/admin/customers/{id} erases the customer for a request by e-mail', async () => {
    await staff()
      .given('a company customer is registered', CUSTOMER_STATE)
      .uponReceiving("an admin's erasure of a customer")
      .withRequest('DELETE', `/api/admin/customers/${CUSTOMER_STATE.id}`, (request) =>
        request.headers(AUTH_ONLY),
      )
      .willRespondWith(204)
      .executeTest(async (mockServer) => {
        await expect(
          createAdminApi(mockServer.url).customers.erase(CUSTOMER_STATE.id),
        ).resolves.toBeUndefined();
      });
  });
});

// --- Spedizioni, Statistiche and the order page's credit notes: the rest of mf-admin's calls to svc-orders.

const RULE_ID = '7c2d4e6f-8a1b-4c3d-9e5f-0a1b2c3d4e5f';
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const ZONE = regex('^(national|eu|international|specific_country)$', 'national');
const RULE_TYPE = regex('^(amount_based|quantity_based)$', 'amount_based');
const RULE_STATE = { id: RULE_ID, name: 'Italia standard' };

const DISCOUNT_ID = '7b6a5f4e-3d2c-4b1a-9f8e-7d6c5b4a3f2e';
/** The code of 'the shop has one discount code', as the API answers it. */
const storedDiscount = {
  id: string(DISCOUNT_ID),
  code: string('ESTATE10'),
  kind: regex('^(percent|amount|free_shipping)$', 'percent'),
  value: number(10),
  min_total: null,
  max_uses: null,
  max_uses_per_customer: null,
  starts_at: null,
  ends_at: null,
  categories: [],
  article_ids: [],
  paused: boolean(false),
  uses: integer(0),
  discounted_amount: number(0),
  created_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
  updated_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
};

/** The rule 'the shop has one shipping rule' leaves: national, 9 € a parcel, free from 99 €. */
const nationalRule = {
  name: 'Italia standard',
  zone: 'national',
  country: null,
  rule_type: 'amount_based',
  min_amount: null,
  max_amount: null,
  shipping_cost: 9,
  free_shipping_threshold: 99,
  base_shipping_cost: null,
  quantity_threshold: null,
  quantity_increment_cost: null,
  max_quantity_cost: null,
  is_active: true,
} as const;

/** A stored rule as listed: id, enums and timestamps by shape, the amounts as any number, the rest as given. */
const listedRule = (rule: Record<string, unknown>) => ({
  ...Object.fromEntries(Object.entries(rule).map(([k, v]) => [k, typeof v === 'number' ? number(v) : v])),
  id: string(RULE_ID),
  zone: ZONE,
  rule_type: RULE_TYPE,
  created_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
  updated_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
});

describe('mf-admin → svc-orders (Spedizioni, Statistiche, note di credito)', () => {
  beforeEach(() => {
    const storage = new Map<string, string>();
    Object.assign(globalThis, {
      window: {
        localStorage: {
          getItem: (k: string) => storage.get(k) ?? null,
          setItem: (k: string, v: string) => storage.set(k, v),
          removeItem: (k: string) => storage.delete(k),
        },
      },
    });
    storeStaffToken('eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
  });

  const staff = () => pact.addInteraction().given('a staff user is logged in', STAFF);

  it('GET /api/admin/discounts lists the codes with their uses (docs/product/back-office.md#discount-codes)', async () => {
    await staff()
      .given('the shop has one discount code', { id: DISCOUNT_ID })
      .uponReceiving('a request for the discount codes')
      .withRequest('GET', '/api/admin/discounts', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          discounts: eachLike({
            ...storedDiscount,
            orders: [],
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const list = await createAdminApi(mockServer.url).discounts.list();
        expect(list.discounts[0]).toMatchObject({ id: DISCOUNT_ID, code: 'ESTATE10', uses: 0 });
      });
  });

  it('POST /api/admin/discounts/{id}/pause pauses a code', async () => {
    await staff()
      .given('the shop has one discount code', { id: DISCOUNT_ID })
      .uponReceiving('a discount code paused')
      .withRequest('POST', `/api/admin/discounts/${DISCOUNT_ID}/pause`, (request) =>
        request.headers(AUTH_ONLY),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({ ...storedDiscount, paused: true }),
      )
      .executeTest(async (mockServer) => {
        const paused = await createAdminApi(mockServer.url).discounts.pause(DISCOUNT_ID, true);
        expect(paused).toMatchObject({ id: DISCOUNT_ID, paused: true });
      });
  });

  it('POST /api/admin/discounts refuses a second code of the same name, whatever its case', async () => {
    const DUPLICATE = 'Esiste già un codice sconto con questo nome';
    const input = { code: 'estate10', kind: 'amount' as const, value: 5 };
    await staff()
      .given('the shop has one discount code', { id: DISCOUNT_ID })
      .uponReceiving('a discount code whose name is taken')
      .withRequest('POST', '/api/admin/discounts', (request) =>
        request.headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' }).jsonBody(input),
      )
      .willRespondWith(409, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: regex(`^${DUPLICATE}$`, DUPLICATE) }),
      )
      .executeTest(async (mockServer) => {
        const failure = createAdminApi(mockServer.url).discounts.create(input);
        await expect(failure).rejects.toMatchObject({ status: 409 });
        await expect(failure).rejects.toHaveProperty('detail', DUPLICATE);
      });
  });

  it('GET /api/admin/shipping/rules lists the shipping rules', async () => {
    await staff()
      .given('the shop has one shipping rule', RULE_STATE)
      .uponReceiving('a request for the shipping rules')
      .withRequest('GET', '/api/admin/shipping/rules', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(eachLike(listedRule(nationalRule))),
      )
      .executeTest(async (mockServer) => {
        const rules = await createAdminApi(mockServer.url).shipping.rules();
        expect(rules[0]).toMatchObject({ id: RULE_ID, rule_type: 'amount_based', shipping_cost: 9 });
      });
  });

  it('POST /api/admin/shipping/rules creates a quantity rule and answers it as stored', async () => {
    const rule = {
      ...nationalRule,
      name: 'Italia a scaglioni',
      rule_type: 'quantity_based',
      shipping_cost: null,
      free_shipping_threshold: null,
      base_shipping_cost: 5,
      quantity_threshold: 3,
      quantity_increment_cost: 2,
      max_quantity_cost: 20,
    };
    await staff()
      .given('the shop has one shipping rule', RULE_STATE)
      .uponReceiving('a new quantity-based shipping rule')
      .withRequest('POST', '/api/admin/shipping/rules', (request) =>
        request.headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' }).jsonBody(rule),
      )
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          ...rule,
          id: regex(UUID, '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b'),
          created_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
          updated_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
        }),
      )
      .executeTest(async (mockServer) => {
        const created = await createAdminApi(mockServer.url).shipping.create(rule);
        expect(created).toMatchObject({
          name: 'Italia a scaglioni',
          base_shipping_cost: 5,
          quantity_threshold: 3,
        });
      });
  });

  it('POST /api/admin/shipping/rules refuses a rule without its cost, with an Italian detail', async () => {
    const COST_MISSING = 'Il costo di spedizione è obbligatorio per una regola amount_based';
    const rule = { ...nationalRule, shipping_cost: null };
    await staff()
      .uponReceiving('an amount-based shipping rule without its cost')
      .withRequest('POST', '/api/admin/shipping/rules', (request) =>
        request.headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' }).jsonBody(rule),
      )
      .willRespondWith(422, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: regex(`^${COST_MISSING}$`, COST_MISSING) }),
      )
      .executeTest(async (mockServer) => {
        const failure = createAdminApi(mockServer.url).shipping.create(rule);
        await expect(failure).rejects.toMatchObject({ status: 422 });
        await expect(failure).rejects.toHaveProperty('detail', expect.stringContaining(COST_MISSING));
      });
  });

  it('PUT /admin/shipping/rules/{id} saves a rule and answers it as stored', async () => {
    const rule = { ...nationalRule, shipping_cost: 9.9, free_shipping_threshold: 79 };
    await staff()
      .given('the shop has one shipping rule', RULE_STATE)
      .uponReceiving('a shipping rule saved')
      .withRequest('PUT', `/admin/shipping/rules/${RULE_ID}`, (request) =>
        request.headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' }).jsonBody(rule),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          ...rule,
          id: RULE_ID,
          created_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
          updated_at: regex(ISO_DATETIME, '2026-11-24T10:00:00.000Z'),
        }),
      )
      .executeTest(async (mockServer) => {
        const saved = await createAdminApi(mockServer.url).shipping.update(RULE_ID, rule);
        expect(saved).toMatchObject({ id: RULE_ID, shipping_cost: 9.9, free_shipping_threshold: 79 });
      });
  });

  it('PUT /admin/shipping/rules/{id} answers 404 for a rule that is not there', async () => {
    await staff()
      .given('the shop has one shipping rule', RULE_STATE)
      .uponReceiving('a save of a shipping rule that does not exist')
      .withRequest('PUT', '/admin/shipping/rules/00000000-0000-4000-8000-000000000000', (request) =>
        request.headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' }).jsonBody(nationalRule),
      )
      .willRespondWith(404, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string('Regola di spedizione non trovata') }),
      )
      .executeTest(async (mockServer) => {
        await expect(
          createAdminApi(mockServer.url).shipping.update(
            '00000000-0000-4000-8000-000000000000',
            nationalRule,
          ),
        ).rejects.toMatchObject({ status: 404 });
      });
  });

  it("DELETE /admin/shipping/rules/{id} deletes a rule: 'Regola eliminata con successo!'", async () => {
    await staff()
      .given('the shop has one shipping rule', RULE_STATE)
      .uponReceiving('a shipping rule deleted')
      .withRequest('DELETE', `/admin/shipping/rules/${RULE_ID}`, (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ message: 'Regola eliminata con successo!', id: RULE_ID }),
      )
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).shipping.remove(RULE_ID)).resolves.toMatchObject({
          id: RULE_ID,
        });
      });
  });

  it("POST /api/admin/shipping/preview answers the checkout's quote with the draft rule beside today's", async () => {
    const preview = {
      rule: { ...nationalRule, shipping_cost: 12 },
      rule_id: RULE_ID,
      total_amount: 50,
      quantity: 2,
      country: 'IT',
    };
    await staff()
      .given('the shop has one shipping rule', RULE_STATE)
      .uponReceiving('a preview of a shipping rule being edited')
      .withRequest('POST', '/api/admin/shipping/preview', (request) =>
        request.headers({ ...AUTH_ONLY, 'Content-Type': 'application/json' }).jsonBody(preview),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          shipping_cost: number(12),
          current_shipping_cost: number(9),
          zone: 'national',
          country: 'IT',
        }),
      )
      .executeTest(async (mockServer) => {
        const quote = await createAdminApi(mockServer.url).shipping.preview(preview);
        expect(quote).toMatchObject({ shipping_cost: 12, current_shipping_cost: 9, zone: 'national' });
      });
  });

  it('GET /api/analytics/payment-stats answers the month and year per payment method', async () => {
    await staff()
      .given('an order exists', ORDER_STATE)
      .uponReceiving('a request for the payment statistics')
      .withRequest('GET', '/api/analytics/payment-stats', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          current_month: integer(11),
          current_year: integer(2026),
          total_orders_this_month: integer(1),
          total_revenue_this_month: number(109.3),
          total_orders_this_year: integer(1),
          total_revenue_this_year: number(109.3),
          payment_methods: eachLike({
            payment_method: string('card'),
            monthly_count: integer(1),
            monthly_amount: number(109.3),
            yearly_count: integer(1),
            yearly_amount: number(109.3),
          }),
          total_orders_previous_month: integer(0),
          total_revenue_previous_month: number(0),
          revenue_by_day: eachLike({ day: integer(24), amount: number(109.3), previous_amount: number(0) }),
        }),
      )
      .executeTest(async (mockServer) => {
        const stats = await createAdminApi(mockServer.url).analytics.payments();
        expect(stats.payment_methods[0]!.payment_method).toBe('card');
      });
  });

  it('GET /analytics/reset-payment-data lists what the reset would delete', async () => {
    await staff()
      .given('an order exists', { ...ORDER_STATE, payment_demo: true })
      .uponReceiving('a preview of the reset of the test payment data')
      .withRequest('GET', '/analytics/reset-payment-data', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          total_orders: integer(1),
          counts: { demo_paid: integer(1), unpaid_expired: integer(0), cancelled_unpaid: integer(0) },
          orders: eachLike({
            id: string(ORDER_ID),
            reference: regex('^ORD-[0-9A-F]{8}$', 'ORD-5A6B7C8D'),
            kind: regex('^(demo_paid|unpaid_expired|cancelled_unpaid)$', 'demo_paid'),
            created_at: regex(ISO_DATETIME, '2026-11-20T10:00:00.000Z'),
            customer_name: string('Anna Esposito'),
            payment_method: string('card'),
            total: number(109.3),
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const preview = await createAdminApi(mockServer.url).analytics.resetPreview();
        expect(preview.orders[0]!.kind).toBe('demo_paid');
      });
  });

  it('DELETE /analytics/reset-payment-data deletes the test orders and says how many', async () => {
    await staff()
      .given('an order exists', { ...ORDER_STATE, payment_demo: true })
      .uponReceiving('a reset of the test payment data')
      .withRequest('DELETE', '/analytics/reset-payment-data', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          deleted_orders: integer(1),
          message: regex(
            '^(1 ordine di prova eliminato|\\d+ ordini di prova eliminati)$',
            '1 ordine di prova eliminato',
          ),
        }),
      )
      .executeTest(async (mockServer) => {
        const reset = await createAdminApi(mockServer.url).analytics.resetPaymentData();
        expect(reset.deleted_orders).toBe(1);
      });
  });

  it.each(['pdf', 'xml'] as const)(
    'GET /api/orders/{id}/credit-notes/{number}.%s answers the credit note',
    async (format) => {
      await staff()
        .given('an order has a credit note', {
          id: ORDER_ID,
          invoice_number: '7/2026',
          credit_note: '8/2026',
        })
        .uponReceiving(`a request for an order's credit note as ${format}`)
        .withRequest('GET', `/api/orders/${ORDER_ID}/credit-notes/8-2026.${format}`, (request) =>
          request.headers(FILE_HEADERS),
        )
        .willRespondWith(200, (response) =>
          response.headers({
            'Content-Type': format === 'pdf' ? PDF_TYPE : 'application/xml; charset=utf-8',
            // The PDF is named after the note; the XML as FatturaPA names its files (IT, tax code, _, progressive).
            'Content-Disposition':
              format === 'pdf'
                ? 'attachment; filename="nota-di-credito-8-2026.pdf"'
                : regex(
                    '^attachment; filename="IT[A-Z0-9]{11,16}_[A-Za-z0-9]{1,5}\\.xml"$',
                    'attachment; filename="IT01234567890_00008.xml"',
                  ),
          }),
        )
        .executeTest(async (mockServer) => {
          const file = await createAdminApi(mockServer.url).orders.creditNoteFile(ORDER_ID, '8/2026', format);
          expect(file.filename).toMatch(
            format === 'pdf' ? 'nota-di-credito-8-2026.pdf' : /^IT[A-Z0-9]{11,16}_[A-Za-z0-9]{1,5}\.xml$/,
          );
        });
    },
  );
});

// --- The counter (docs/product/counter.md#counter-screen): status, a sale, a day's sales, a return, the day's
// closure, and a sold-out article. A cashier signs in; the article is in the real catalogue of the provider. The
// sale's id in a URL is the consumer's: the provider's verification puts in the id of the sale its state made.

const CASHIER = { username: 'carmela', password: 'Cassa-Toledo-2026' };
const COUNTER_ARTICLE = { id: '9c4d2e1f-3a5b-4c6d-8e7f-0a1b2c3d4e5f', price: 4.5, iva: 22, stock: 3 };
const SALE_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PAST_DAY = '2026-11-20';
const DAY = regex('^\\d{4}-\\d{2}-\\d{2}$', PAST_DAY);
const KEY = (n: number) => `5f0e9d8c-7b6a-4c5d-9e4f-3a2b1c0d9e${String(n).padStart(2, '0')}`;

/** The documento commerciale as the RT printed it (the verification's RT is the demo one). */
const printedReceipt = {
  mode: regex('^(demo|live)$', 'demo'),
  serial: string('99MEY000001'),
  document_number: regex('^\\d{4}-\\d{4}$', '0001-0001'),
  z_number: integer(1),
  printed_at: regex(ISO_DATETIME, '2026-11-20T10:00:00.000Z'),
};

/** A completed sale of `quantity` units of the counter's article (4,50 € + 22 % = 5,49 €), paid `cash`. */
const completedSale = (quantity: number, cash: number) => ({
  id: regex(UUID, SALE_ID),
  reference: regex('^ORD-[0-9A-F]{8}$', 'ORD-2A3B4C5D'),
  status: 'completed',
  cashier: string(CASHIER.username),
  created_at: regex(ISO_DATETIME, '2026-11-20T10:00:00.000Z'),
  lines: eachLike({
    article_id: COUNTER_ARTICLE.id,
    sku: string('PACT-POKE-151'),
    title: string('Pokémon 151 Bustina'),
    quantity,
    unit_price: number(5.49),
    iva_percentage: integer(22),
    line_total: number(5.49 * quantity),
    price_change: null,
    returned_quantity: integer(0),
  }),
  total: number(5.49 * quantity),
  vat: eachLike({
    iva_percentage: integer(22),
    taxable: number(4.5),
    vat: number(0.99),
    total: number(5.49),
  }),
  payments: eachLike({ method: 'cash', amount: number(cash) }),
  change: number(Math.round((cash - 5.49 * quantity) * 100) / 100),
  receipt: printedReceipt,
  problem: null,
  refunded: number(0),
});

describe('mf-admin → svc-orders (Cassa)', () => {
  beforeEach(() => {
    const storage = new Map<string, string>();
    Object.assign(globalThis, {
      window: {
        localStorage: {
          getItem: (k: string) => storage.get(k) ?? null,
          setItem: (k: string, v: string) => storage.set(k, v),
          removeItem: (k: string) => storage.delete(k),
        },
      },
    });
    storeStaffToken('eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
  });

  const cashier = () => pact.addInteraction().given('a cashier is logged in', CASHIER);
  const withKey = (key: string) => ({ ...AUTH_ONLY, 'Idempotency-Key': key });
  const jsonWithKey = (key: string) => ({ ...withKey(key), 'Content-Type': 'application/json' });

  it('GET /api/pos/status answers how the counter prints and what this user may do', async () => {
    await cashier()
      .given('the counter closed a day', COUNTER_ARTICLE)
      .uponReceiving("a cashier's look at the counter's status")
      .withRequest('GET', '/api/pos/status', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          rt_mode: regex('^(demo|live|off)$', 'demo'),
          printing: integer(0),
          last_closure_at: regex(ISO_DATETIME, '2026-11-20T19:00:00.000Z'),
          may_change_prices: false,
        }),
      )
      .executeTest(async (mockServer) => {
        const status = await createAdminApi(mockServer.url).pos.status();
        expect(status).toMatchObject({ rt_mode: 'demo', printing: 0, may_change_prices: false });
      });
  });

  it('POST /api/pos/sales sells one unit for cash, gives the change and answers the printed receipt', async () => {
    const sale = {
      lines: [{ article_id: COUNTER_ARTICLE.id, quantity: 1 }],
      payments: [{ method: 'cash', amount: 10 }],
    };
    await cashier()
      .given('an article is in the catalogue', COUNTER_ARTICLE)
      .uponReceiving('a counter sale of one unit paid in cash with change')
      .withRequest('POST', '/api/pos/sales', (request) => request.headers(jsonWithKey(KEY(1))).jsonBody(sale))
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({ ...completedSale(1, 10), returns: [] }),
      )
      .executeTest(async (mockServer) => {
        const answer = await createAdminApi(mockServer.url).pos.createSale(
          {
            lines: [{ article_id: COUNTER_ARTICLE.id, quantity: 1 }],
            payments: [{ method: 'cash', amount: 10 }],
          },
          KEY(1),
        );
        expect(answer).toMatchObject({ status: 'completed', total: 5.49, change: 4.51 });
        expect(answer.receipt.document_number).toBe('0001-0001');
      });
  });

  it('POST /api/pos/sales refuses an article sold out meanwhile (409) with a detail, taking nothing', async () => {
    await cashier()
      .given('an article is in the catalogue', { ...COUNTER_ARTICLE, stock: 0 })
      .uponReceiving('a counter sale of a sold-out article')
      .withRequest('POST', '/api/pos/sales', (request) =>
        request.headers(jsonWithKey(KEY(2))).jsonBody({
          lines: [{ article_id: COUNTER_ARTICLE.id, quantity: 1 }],
          payments: [{ method: 'cash', amount: 10 }],
        }),
      )
      .willRespondWith(409, (response) =>
        response
          .headers({ 'Content-Type': JSON_TYPE })
          .jsonBody({ detail: string('Articolo esaurito: "Pokémon 151 Bustina"') }),
      )
      .executeTest(async (mockServer) => {
        const failure = createAdminApi(mockServer.url).pos.createSale(
          {
            lines: [{ article_id: COUNTER_ARTICLE.id, quantity: 1 }],
            payments: [{ method: 'cash', amount: 10 }],
          },
          KEY(2),
        );
        await expect(failure).rejects.toMatchObject({
          status: 409,
          detail: 'Articolo esaurito: "Pokémon 151 Bustina"',
        });
      });
  });

  it("GET /api/pos/sales?day= answers that day's sales, newest first", async () => {
    await cashier()
      .given(`a counter sale was made on ${PAST_DAY}`, COUNTER_ARTICLE)
      .uponReceiving("a cashier's list of a past day's counter sales")
      .withRequest('GET', '/api/pos/sales', (request) => request.headers(AUTH_ONLY).query({ day: PAST_DAY }))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          day: PAST_DAY,
          sales: eachLike({ ...completedSale(1, 10), returns: [] }),
        }),
      )
      .executeTest(async (mockServer) => {
        const list = await createAdminApi(mockServer.url).pos.sales(PAST_DAY);
        expect(list.day).toBe(PAST_DAY);
        expect(list.sales[0]).toMatchObject({ status: 'completed', total: 5.49 });
      });
  });

  it('POST /api/pos/sales/{id}/returns takes one unit back, refunds it in cash and answers the sale', async () => {
    await cashier()
      .given('a counter sale of two units was made', { ...COUNTER_ARTICLE, sale_id: SALE_ID })
      .uponReceiving('a counter return of one unit refunded in cash')
      .withRequest('POST', `/api/pos/sales/${SALE_ID}/returns`, (request) =>
        request
          .headers(jsonWithKey(KEY(3)))
          .jsonBody({ lines: [{ article_id: COUNTER_ARTICLE.id, quantity: 1 }], refund_method: 'cash' }),
      )
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          ...completedSale(2, 20),
          lines: eachLike({
            article_id: COUNTER_ARTICLE.id,
            sku: string('PACT-POKE-151'),
            title: string('Pokémon 151 Bustina'),
            quantity: 2,
            unit_price: number(5.49),
            iva_percentage: integer(22),
            line_total: number(10.98),
            price_change: null,
            returned_quantity: 1,
          }),
          vat: eachLike({
            iva_percentage: integer(22),
            taxable: number(9),
            vat: number(1.98),
            total: number(10.98),
          }),
          returns: eachLike({
            id: regex(UUID, '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e'),
            kind: 'return',
            created_at: regex(ISO_DATETIME, '2026-11-20T10:05:00.000Z'),
            cashier: string(CASHIER.username),
            lines: eachLike({
              article_id: COUNTER_ARTICLE.id,
              title: string('Pokémon 151 Bustina'),
              quantity: 1,
            }),
            amount: number(5.49),
            refund_method: 'cash',
            receipt: printedReceipt,
          }),
          refunded: number(5.49),
        }),
      )
      .executeTest(async (mockServer) => {
        const sale = await createAdminApi(mockServer.url).pos.returnSale(
          SALE_ID,
          { lines: [{ article_id: COUNTER_ARTICLE.id, quantity: 1 }], refund_method: 'cash' },
          KEY(3),
        );
        expect(sale.lines[0]).toMatchObject({ quantity: 2, returned_quantity: 1 });
        expect(sale.returns[0]).toMatchObject({ kind: 'return', amount: 5.49, refund_method: 'cash' });
        expect(sale.refunded).toBe(5.49);
      });
  });

  it("POST /api/pos/closures closes the day after a sale and answers the Z report's totals", async () => {
    await cashier()
      .given('a counter sale was made today', COUNTER_ARTICLE)
      .uponReceiving("a cashier's closure of the day")
      .withRequest('POST', '/api/pos/closures', (request) => request.headers(withKey(KEY(4))))
      .willRespondWith(201, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          id: regex(UUID, '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f'),
          day: DAY,
          closed_at: regex(ISO_DATETIME, '2026-11-20T19:00:00.000Z'),
          cashier: string(CASHIER.username),
          rt_mode: regex('^(demo|live)$', 'demo'),
          z_number: integer(1),
          sales_count: integer(1),
          returns_count: integer(0),
          by_method: eachLike({ method: 'cash', sales: number(5.49), returns: number(0), net: number(5.49) }),
          by_vat: eachLike({
            iva_percentage: integer(22),
            taxable: number(4.5),
            vat: number(0.99),
            total: number(5.49),
          }),
          total_sales: number(5.49),
          total_returns: number(0),
          net: number(5.49),
        }),
      )
      .executeTest(async (mockServer) => {
        const closure = await createAdminApi(mockServer.url).pos.close(KEY(4));
        expect(closure).toMatchObject({ rt_mode: 'demo', z_number: 1, sales_count: 1, net: 5.49 });
      });
  });
});

// --- The top of Ordini (issue 26): eBay orders that found no stock, still open.

describe('mf-admin → svc-orders (eBay)', () => {
  beforeEach(() => {
    const storage = new Map<string, string>();
    Object.assign(globalThis, {
      window: {
        localStorage: {
          getItem: (k: string) => storage.get(k) ?? null,
          setItem: (k: string, v: string) => storage.set(k, v),
          removeItem: (k: string) => storage.delete(k),
        },
      },
    });
    storeStaffToken('eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
  });

  it('GET /api/orders/stock-conflicts answers an empty list when no conflict is open', async () => {
    await pact
      .addInteraction()
      .given('a staff user is logged in', STAFF)
      .given('no stock conflict is open')
      .uponReceiving('a staff request for the open stock conflicts')
      .withRequest('GET', '/api/orders/stock-conflicts', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) => response.headers({ 'Content-Type': JSON_TYPE }).jsonBody([]))
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).orders.stockConflicts()).resolves.toEqual([]);
      });
  });
});
