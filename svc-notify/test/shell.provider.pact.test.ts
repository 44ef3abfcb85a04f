import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { eq } from 'drizzle-orm';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { subscribers } from '../src/db/schema';
import { hashToken } from '../src/newsletter/subscriptions';
import { notifyService } from '../src/service';

// The real svc-notify app, on a real database, answers what the shell's API client expects. Without
// SMTP_URL its e-mails go to .eml files in a throwaway folder.
describe('svc-notify honours its pact with the shell', () => {
  let notify: TestService<unknown>;
  let server: Server;
  let dataDir: string;
  const db = () => notify.testDatabase.database.db;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-notify-pact-'));
    notify = await startTestService(notifyService, { env: { DATA_DIR: dataDir } });
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
        pactUrls: [path.resolve(__dirname, '../../contracts/pacts/shell-svc-notify.json')],
        stateHandlers: {
          'no subscriber has the address nuovo@example.com': async () => {
            await db().delete(subscribers).where(eq(subscribers.email, 'nuovo@example.com'));
          },
          'anna@example.com is subscribed with the unsubscribe token pact-unsubscribe-token-0001':
            async () => {
              const active = { tokenHash: hashToken('pact-unsubscribe-token-0001'), unsubscribedAt: null };
              await db()
                .insert(subscribers)
                .values({ email: 'anna@example.com', name: 'Anna', ...active })
                .onConflictDoUpdate({ target: subscribers.email, set: active });
            },
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
