import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { inArray } from 'drizzle-orm';
import { waitFor } from '@edicola/platform/testing';
import { jobSchedules, reconciliations } from '../src/db/schema';
import { startHarness, type Harness } from './channels-harness';

// The real svc-channels app in demo mode, on a real database, answers what mf-admin's eBay page expects
// (contracts/pacts/mf-admin-svc-channels.json). The consumer's placeholder token becomes a staff token signed by a
// real key the service trusts.
const PLACEHOLDER_TOKEN = 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln';
const RECURRING = ['ebay.sync', 'ebay.orders', 'ebay.reconcile'];

describe('svc-channels honours its pact with mf-admin', () => {
  let h: Harness;
  let baseUrl: string;
  const db = () => h.channels.testDatabase.database.db;

  beforeAll(async () => {
    h = await startHarness();
    // The sync, the order poll and the reconciliation run once at the start (the account not yet connected, they
    // do nothing), then not for an hour: the account's sync and order times stay empty, as the pact says.
    await waitFor(
      async () => {
        const runs = await db().select().from(jobSchedules).where(inArray(jobSchedules.name, RECURRING));
        return runs.length === RECURRING.length && runs.every((r) => r.lastRunAt !== null && !r.lockedUntil);
      },
      { message: 'the first runs of the recurring jobs' },
    );
    const server = await h.channels.service.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => h?.stop());

  it(
    'verifies every interaction',
    () =>
      new Verifier({
        provider: 'svc-channels',
        providerBaseUrl: baseUrl,
        pactUrls: [path.resolve(__dirname, '../../contracts/pacts/mf-admin-svc-channels.json')],
        stateHandlers: {
          // An admin gives the consent on the demo eBay's page, as in the shop.
          "the shop's eBay account is connected": () => h.connect(),
          'no reconciliation ran yet': async () => {
            await db().delete(reconciliations);
          },
        },
        requestFilter: (req, _res, next) => {
          if (req.headers.authorization === PLACEHOLDER_TOKEN)
            req.headers.authorization = `Bearer ${h.tokens.staff}`;
          next();
        },
        logLevel: 'warn',
      }).verifyProvider(),
    60_000,
  );
});
