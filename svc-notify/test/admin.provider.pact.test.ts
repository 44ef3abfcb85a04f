import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import { startTestService, type TestService, makeTokens, type TestTokens } from '@edicola/platform/testing';
import { emails } from '../src/db/schema';
import { notifyService } from '../src/service';

// The real svc-notify app, on a real database, answers what mf-admin's API client expects of the order page's
// e-mails. The consumer's placeholder token becomes a staff token signed by a real key the service trusts.
const PLACEHOLDER_TOKEN = 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln';

describe('svc-notify honours its pact with mf-admin', () => {
  let notify: TestService<unknown>;
  let server: Server;
  let dataDir: string;
  let tokens: TestTokens;
  const db = () => notify.testDatabase.database.db;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-notify-admin-pact-'));
    tokens = await makeTokens();
    notify = await startTestService(notifyService, { verifier: tokens.verifier, env: { DATA_DIR: dataDir } });
    server = await notify.service.listen(0, '127.0.0.1');
  }, 60_000);
  afterAll(async () => {
    await notify?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'verifies every interaction',
    () =>
      new Verifier({
        provider: 'svc-notify',
        providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        pactUrls: [path.resolve(__dirname, '../../contracts/pacts/mf-admin-svc-notify.json')],
        stateHandlers: {
          'a staff user is logged in': async () => undefined,
          'an order confirmation e-mail was sent': async (params) => {
            const orderId = String((params as { order_id: string }).order_id);
            await db().delete(emails).where(eq(emails.orderId, orderId));
            await db()
              .insert(emails)
              .values({
                key: `order-confirmation:${orderId}`,
                kind: 'order_confirmation',
                orderId,
                recipient: 'maria@example.it',
                language: 'it',
                subject: 'Ordine ORD-3D4C5B6A ricevuto - Edicola Napoli',
                status: 'sent',
                attempts: 1,
                sentAt: new Date(),
              });
          },
        },
        requestFilter: (req, _res, next) => {
          if (req.headers.authorization === PLACEHOLDER_TOKEN)
            req.headers.authorization = `Bearer ${tokens.staff}`;
          next();
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
