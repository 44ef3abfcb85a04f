/**
 * @jest-environment node
 */
// Consumer contract of mf-admin with svc-channels (the eBay screen): the REAL api modules against the Pact mock
// server. Writes contracts/pacts/mf-admin-svc-channels.json (this file is its only writer). The bearer token is
// matched by shape; the provider's verification puts in a staff token it trusts.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createAdminApi } from '.';
import { storeStaffToken } from '../staffToken';

const { integer, regex, string } = MatchersV3;

const BEARER = regex('^Bearer [A-Za-z0-9._~+/=-]+$', 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
const JSON_TYPE = regex('application/json.*', 'application/json; charset=utf-8');
const ISO_DATETIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const AUTH_ONLY = { Authorization: BEARER, Accept: 'application/json' };
const at = (example: string) => regex(ISO_DATETIME, example);

const pact = new PactV4({
  consumer: 'mf-admin',
  provider: 'svc-channels',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

describe('mf-admin → svc-channels', () => {
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

  it('GET /api/ebay/account answers the connected account, its token and when eBay was last reached', async () => {
    await pact
      .addInteraction()
      .given("the shop's eBay account is connected")
      .uponReceiving("a staff request for the shop's eBay account")
      .withRequest('GET', '/api/ebay/account', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) =>
        response.headers({ 'Content-Type': JSON_TYPE }).jsonBody({
          mode: regex('^(demo|live)$', 'demo'),
          connected: true,
          username: string('edicola_napoli'),
          marketplace: 'EBAY_IT',
          token_state: 'valid',
          refresh_token_expires_at: at('2028-05-29T10:00:00.000Z'),
          connected_at: at('2026-11-29T10:00:00.000Z'),
          // Connected moments ago: eBay answered the token exchange; no sync, order read or failure yet.
          last_reached_at: at('2026-11-29T10:00:00.000Z'),
          last_error: null,
          last_sync_at: null,
          last_orders_read_at: null,
          pending_updates: integer(0),
          listed: integer(0),
        }),
      )
      .executeTest(async (mockServer) => {
        const account = await createAdminApi(mockServer.url).channels.account();
        expect(account).toMatchObject({ connected: true, marketplace: 'EBAY_IT', token_state: 'valid' });
      });
  });

  it('GET /api/ebay/reconciliations answers an empty history before the first run', async () => {
    await pact
      .addInteraction()
      .given('no reconciliation ran yet')
      .uponReceiving("a staff request for the reconciliation's history")
      .withRequest('GET', '/api/ebay/reconciliations', (request) => request.headers(AUTH_ONLY))
      .willRespondWith(200, (response) => response.headers({ 'Content-Type': JSON_TYPE }).jsonBody([]))
      .executeTest(async (mockServer) => {
        await expect(createAdminApi(mockServer.url).channels.reconciliations()).resolves.toEqual([]);
      });
  });
});
