/**
 * @jest-environment node
 */
// Consumer contract of the shell with svc-notify (newsletter and contact form): the REAL api client
// against the Pact mock server. Writes contracts/pacts/shell-svc-notify.json (this file is its only writer).
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { ApiError } from '@edicola/web-kit';
import { createShellApi } from './index';

const { regex, string } = MatchersV3;

const pact = new PactV4({
  consumer: 'shell',
  provider: 'svc-notify',
  dir: path.resolve(__dirname, '../../../contracts/pacts'),
  logLevel: 'warn',
});

const JSON_TYPE = { 'Content-Type': regex('application/json.*', 'application/json; charset=utf-8') };
/** The token the provider state stores for anna@example.com. */
const TOKEN = 'pact-unsubscribe-token-0001';

describe('shell → svc-notify', () => {
  it('POST /newsletter/subscribe subscribes a new address', async () => {
    await pact
      .addInteraction()
      .given('no subscriber has the address nuovo@example.com')
      .uponReceiving('a newsletter subscription of a new address')
      .withRequest('POST', '/newsletter/subscribe', (request) =>
        request
          .headers({ 'Content-Type': 'application/json' })
          .jsonBody({ email: 'nuovo@example.com', name: 'Nino', language: 'it' }),
      )
      .willRespondWith(200, (response) =>
        response
          .headers(JSON_TYPE)
          .jsonBody({ message: string('Iscrizione completata!'), already_subscribed: false }),
      )
      .executeTest(async (mockServer) => {
        await expect(createShellApi(mockServer.url).subscribe('nuovo@example.com', 'Nino')).resolves.toEqual({
          already_subscribed: false,
        });
      });
  });

  it('POST /newsletter/subscribe says when the address is already subscribed', async () => {
    await pact
      .addInteraction()
      .given(`anna@example.com is subscribed with the unsubscribe token ${TOKEN}`)
      .uponReceiving('a newsletter subscription of a subscribed address')
      .withRequest('POST', '/newsletter/subscribe', (request) =>
        request
          .headers({ 'Content-Type': 'application/json' })
          .jsonBody({ email: 'anna@example.com', name: null, language: 'it' }),
      )
      .willRespondWith(200, (response) =>
        response
          .headers(JSON_TYPE)
          .jsonBody({ message: string('Email già registrata alla newsletter!'), already_subscribed: true }),
      )
      .executeTest(async (mockServer) => {
        await expect(createShellApi(mockServer.url).subscribe('anna@example.com', null)).resolves.toEqual({
          already_subscribed: true,
        });
      });
  });

  it('POST /newsletter/unsubscribe ends the subscription of a known token', async () => {
    await pact
      .addInteraction()
      .given(`anna@example.com is subscribed with the unsubscribe token ${TOKEN}`)
      .uponReceiving('an unsubscription with a valid token')
      .withRequest('POST', '/newsletter/unsubscribe', (request) =>
        request.headers({ 'Content-Type': 'application/json' }).jsonBody({ token: TOKEN }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_TYPE).jsonBody({ message: string('Cancellazione completata con successo!') }),
      )
      .executeTest(async (mockServer) => {
        await expect(createShellApi(mockServer.url).unsubscribe(TOKEN)).resolves.toBeUndefined();
      });
  });

  it('POST /newsletter/unsubscribe answers 404 for an unknown token', async () => {
    await pact
      .addInteraction()
      .uponReceiving('an unsubscription with an unknown token')
      .withRequest('POST', '/newsletter/unsubscribe', (request) =>
        request.headers({ 'Content-Type': 'application/json' }).jsonBody({ token: 'token-che-non-esiste' }),
      )
      .willRespondWith(404, (response) =>
        response
          .headers(JSON_TYPE)
          .jsonBody({ detail: string('Token non valido o già utilizzato. Contattaci per assistenza.') }),
      )
      .executeTest(async (mockServer) => {
        const failure = createShellApi(mockServer.url).unsubscribe('token-che-non-esiste');
        await expect(failure).rejects.toBeInstanceOf(ApiError);
        await expect(failure).rejects.toMatchObject({ status: 404 });
      });
  });

  it('POST /contact/messages accepts a message for the shop', async () => {
    const message = {
      name: 'Gino',
      email: 'gino@example.com',
      telefono: '+39 333 1234567',
      messaggio: 'Avete il casco Leclerc 2024 in scala 1:2?',
      language: 'it' as const,
    };
    await pact
      .addInteraction()
      .uponReceiving('a message from the contact form')
      .withRequest('POST', '/contact/messages', (request) =>
        request.headers({ 'Content-Type': 'application/json' }).jsonBody(message),
      )
      .willRespondWith(202, (response) =>
        response.headers(JSON_TYPE).jsonBody({ message: string('Messaggio inviato!') }),
      )
      .executeTest(async (mockServer) => {
        await expect(createShellApi(mockServer.url).sendContactMessage(message)).resolves.toBeUndefined();
      });
  });
});
