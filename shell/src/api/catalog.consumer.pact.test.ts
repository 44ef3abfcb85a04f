/**
 * @jest-environment node
 */
// Consumer contract of the shell with svc-catalog (visit tracking): the REAL api client against the Pact
// mock server. Writes contracts/pacts/shell-svc-catalog.json (this file is its only writer).
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createShellApi } from './index';

const { boolean, regex } = MatchersV3;

const pact = new PactV4({
  consumer: 'shell',
  provider: 'svc-catalog',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

describe('shell → svc-catalog', () => {
  it('POST /analytics/visit records a page view', async () => {
    const visit = {
      page_url: '/prodotti?category=pokemon',
      page_title: 'Catalogo prodotti – Edicola Napoli',
      referrer: 'https://www.google.com/',
      session_id: '0b6f3c1e-2d4a-4f5b-8c7d-9e0f1a2b3c4d',
    };
    await pact
      .addInteraction()
      .uponReceiving('a page view')
      .withRequest('POST', '/analytics/visit', (request) =>
        request.headers({ 'Content-Type': 'application/json' }).jsonBody(visit),
      )
      .willRespondWith(201, (response) =>
        response
          .headers({ 'Content-Type': regex('application/json.*', 'application/json; charset=utf-8') })
          .jsonBody({ recorded: boolean(true) }),
      )
      .executeTest(async (mockServer) => {
        await expect(createShellApi(mockServer.url).trackVisit(visit)).resolves.toBeUndefined();
      });
  });
});
