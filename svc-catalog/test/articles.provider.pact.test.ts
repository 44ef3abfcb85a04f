import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import pino from 'pino';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { seedDemoCatalogue } from '../src/demo/seed';
import { catalogService } from '../src/service';

// The real svc-catalog app, on a real database, answers what mf-catalog's API client expects.
describe('svc-catalog honours its pact with mf-catalog', () => {
  let catalog: TestService<unknown>;
  let server: Server;

  beforeAll(async () => {
    catalog = await startTestService(catalogService, { env: { DEMO_DATA: 'false' } });
    server = await catalog.service.listen(0, '127.0.0.1');
  }, 60_000);
  afterAll(() => catalog?.stop());

  it(
    'verifies every interaction',
    () =>
      new Verifier({
        provider: 'svc-catalog',
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        pactUrls: [path.resolve(__dirname, '../../contracts/pacts/mf-catalog-svc-catalog.json')],
        stateHandlers: {
          'the demo catalogue is loaded': async () => {
            await seedDemoCatalogue(catalog.testDatabase.database.db, pino({ level: 'silent' }));
          },
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
