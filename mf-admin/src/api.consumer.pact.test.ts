/**
 * @jest-environment node
 */
// Consumer contract of mf-admin with svc-orders (staff sign-in): the REAL api client against the Pact
// mock server. Writes contracts/pacts/mf-admin-svc-orders.json (this file is the only writer of that
// pact). The bearer token is matched by shape: the provider's verification puts in one it issued.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createAdminApi } from './api';

const { regex, string } = MatchersV3;

const BEARER = regex('^Bearer [A-Za-z0-9._~+/=-]+$', 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
const JSON_TYPE = regex('application/json.*', 'application/json; charset=utf-8');
const ROLE = regex('^(admin|staff)$', 'admin');
const STAFF = { username: 'gennaro', password: 'pizza-margherita-1' };

const pact = new PactV4({
  consumer: 'mf-admin',
  provider: 'svc-orders',
  dir: path.resolve(__dirname, '../../contracts/pacts'),
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
        const session = await createAdminApi(mockServer.url).login(STAFF);
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
        const failure = createAdminApi(mockServer.url).login({
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
          createAdminApi(mockServer.url).me('eyJhbGciOiJFUzI1NiJ9.e30.c2ln'),
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
        await expect(createAdminApi(mockServer.url).me('not-a-token')).rejects.toMatchObject({ status: 401 });
      });
  });
});
