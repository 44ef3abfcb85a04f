/**
 * @jest-environment node
 */
// Consumer contract of mf-admin with svc-notify: the order page's e-mails (GET /api/admin/emails?order_id=), the
// REAL api client against the Pact mock server. Writes contracts/pacts/mf-admin-svc-notify.json (its only writer).
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createAdminApi } from '.';
import { storeStaffToken } from '../staffToken';

const { eachLike, integer, nullValue, regex, string } = MatchersV3;

const BEARER = regex('^Bearer [A-Za-z0-9._~+/=-]+$', 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
const JSON_TYPE = regex('application/json.*', 'application/json; charset=utf-8');
const ISO_DATETIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const ORDER_ID = '0b6f8e2a-6c1d-4d0e-9a7b-1f2e3d4c5b6a';

const pact = new PactV4({
  consumer: 'mf-admin',
  provider: 'svc-notify',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

describe('mf-admin → svc-notify', () => {
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

  it("GET /api/admin/emails?order_id= lists the order's e-mails", async () => {
    await pact
      .addInteraction()
      .given('a staff user is logged in', { username: 'gennaro', password: 'pizza-margherita-1' })
      .given('an order confirmation e-mail was sent', { order_id: ORDER_ID })
      .uponReceiving("a request for an order's e-mails")
      .withRequest('GET', '/api/admin/emails', (request) =>
        request.headers({ Authorization: BEARER, Accept: 'application/json' }).query({ order_id: ORDER_ID }),
      )
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody(
          eachLike({
            id: string('e1'),
            kind: string('order_confirmation'),
            order_id: string(ORDER_ID),
            recipient: string('maria@example.it'),
            subject: string('Ordine ricevuto'),
            language: string('it'),
            status: regex('^(queued|sent|failed|capped)$', 'sent'),
            attempts: integer(1),
            last_error: nullValue(),
            created_at: regex(ISO_DATETIME, '2026-11-20T10:00:05.000Z'),
            sent_at: regex(ISO_DATETIME, '2026-11-20T10:00:06.000Z'),
          }),
        ),
      )
      .executeTest(async (mockServer) => {
        const emails = await createAdminApi(mockServer.url).orders.emails(ORDER_ID);
        expect(emails[0]).toMatchObject({ order_id: ORDER_ID, status: 'sent' });
      });
  });
});
