import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { createInternalTokens } from '@edicola/platform';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { stockAlerts, subscribers } from '../src/db/schema';
import { notifyService } from '../src/service';

const SECRET = 'pact-provider-internal-secret-of-40-char';
const tokens = createInternalTokens(SECRET);
const pact = path.resolve(__dirname, '../../contracts/pacts/svc-orders-svc-notify.json');

// docs/product/account.md#data-export
describe('svc-notify honours its pact with svc-orders (the consents of a data export)', () => {
  let notify: TestService<unknown>;
  let server: Server;
  const db = () => notify.testDatabase.database.db;

  beforeAll(async () => {
    notify = await startTestService(notifyService, { env: { INTERNAL_TOKEN_SECRET: SECRET } });
    server = await notify.service.listen(0, '127.0.0.1');
  }, 60_000);
  afterAll(() => notify?.stop());

  it(
    'verifies every interaction',
    () =>
      new Verifier({
        provider: 'svc-notify',
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        pactUrls: [pact],
        requestFilter: (req, _res, next) => {
          void tokens.sign('svc-orders', 'svc-notify').then((token) => {
            req.headers.authorization = `Bearer ${token}`;
            next();
          });
        },
        stateHandlers: {
          'a confirmed newsletter subscription': async (params) => {
            await db().delete(subscribers);
            await db()
              .insert(subscribers)
              .values({
                email: String((params as { email: string }).email),
                name: 'Giulia',
                subscribedAt: new Date('2026-02-01T10:00:00Z'),
                confirmedAt: new Date('2026-02-01T10:05:00Z'),
                consentVersion: '2026-11-29',
              });
          },
          'a confirmed back-in-stock alert': async (params) => {
            await db().delete(stockAlerts);
            await db()
              .insert(stockAlerts)
              .values({
                articleId: '4f1f5f43-2f0e-4b7a-9c39-1f4f9a1e1a01',
                articleSlug: 'casco-agostini-replica-1-2',
                articleTitle: 'Casco Agostini replica 1:2',
                email: String((params as { email: string }).email),
                language: 'it',
                requestedAt: new Date('2026-11-28T08:00:00Z'),
                confirmedAt: new Date('2026-11-28T08:05:00Z'),
                consentSource: 'stock_alert_form',
                consentVersion: '2026-11-29',
              });
          },
          'no newsletter subscription': async () => {
            await db().delete(subscribers);
            await db().delete(stockAlerts);
          },
        },
        logLevel: 'warn',
      }).verifyProvider(),
    120_000,
  );
});
