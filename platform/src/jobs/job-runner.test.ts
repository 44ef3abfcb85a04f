import { eq, sql } from 'drizzle-orm';
import { pgliteDatabase, postgresDatabase, type Database } from '../db';
import { createCapturingLogger } from '../testing/capture-logger';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createServiceTables } from '../testing/service-tables';
import { waitFor } from '../testing/wait-for';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './job-runner';
import { purgeFinished } from './retention';

// Runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set; "replicas" are runners on separate connections
// (a second pool on PostgreSQL, the same engine on PGlite, which has one connection).
let testDatabase: TestDatabase;
let replica: Database;
let tables: Awaited<ReturnType<typeof createServiceTables>>;
const { logger, lines } = createCapturingLogger('svc-jobs');
const runners: JobRunner[] = [];
let schemaCount = 0;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  replica = testDatabase.url
    ? postgresDatabase(testDatabase.url, { max: 3 })
    : pgliteDatabase(testDatabase.engine!, { ownsEngine: false });
}, 60_000);

beforeEach(async () => {
  tables = await createServiceTables(testDatabase.database, `jobs_test_${++schemaCount}`);
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

afterAll(async () => {
  await replica?.close();
  await testDatabase?.cleanup();
});

function runner(database: Database = testDatabase.database, options: Partial<JobRunnerOptions> = {}) {
  const created = createJobRunner({ database, tables, logger, pollIntervalMs: 20, ...options });
  runners.push(created);
  return created;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function jobRow(key: string) {
  const [row] = await testDatabase.database.db.select().from(tables.jobs).where(eq(tables.jobs.key, key));
  return row;
}

it('runs a recurring job once per interval when two replicas share the database', async () => {
  const runs: { replica: string; at: number }[] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const started = Date.now();
  for (const [name, database] of [
    ['a', testDatabase.database],
    ['b', replica],
  ] as const) {
    const r = runner(database);
    r.every('sweep', 300, async () => {
      concurrent += 1;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      runs.push({ replica: name, at: Date.now() });
      await sleep(50);
      concurrent -= 1;
    });
    await r.start();
  }
  await waitFor(() => runs.length >= 3, { timeoutMs: 10_000, message: 'three runs' });
  const elapsed = Date.now() - started;
  // One run per 300 ms between the two replicas, however slow the machine: never more runs than intervals that
  // passed, never two at once.
  expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / 300) + 1);
  expect(maxConcurrent).toBe(1);
  for (let i = 1; i < runs.length; i++) expect(runs[i]!.at - runs[i - 1]!.at).toBeGreaterThanOrEqual(280);
});

it('keeps a recurring job on its interval across a restart', async () => {
  let runs = 0;
  const first = runner();
  first.every('daily', 60 * 60_000, async () => void (runs += 1));
  await first.start();
  await waitFor(() => runs === 1, { message: 'first run' });
  await first.stop();
  const second = runner();
  second.every('daily', 60 * 60_000, async () => void (runs += 1));
  await second.start();
  await sleep(200);
  expect(runs).toBe(1);
});

it('runs an enqueued job once per key, even when enqueued twice, with its payload', async () => {
  const seen: unknown[] = [];
  const r = runner();
  r.handle<{ order: string }>('send-mail', async (payload, { key, attempt }) => {
    seen.push({ payload, key, attempt });
  });
  await r.start();
  const first = await testDatabase.database.db.transaction((tx) =>
    r.enqueue(tx, 'send-mail', { order: 'o-1' }, { key: 'order-o-1' }),
  );
  const second = await testDatabase.database.db.transaction((tx) =>
    r.enqueue(tx, 'send-mail', { order: 'o-1 again' }, { key: 'order-o-1' }),
  );
  expect([first, second]).toEqual([true, false]);
  await waitFor(async () => (await jobRow('order-o-1'))?.doneAt != null, { message: 'job done' });
  await sleep(100);
  expect(seen).toEqual([{ payload: { order: 'o-1' }, key: 'order-o-1', attempt: 1 }]);
});

it('waits for runAt before running a job', async () => {
  let ranAt = 0;
  const r = runner();
  r.handle('later', async () => void (ranAt = Date.now()));
  await r.start();
  const enqueuedAt = Date.now();
  await testDatabase.database.db.transaction((tx) =>
    r.enqueue(tx, 'later', {}, { key: 'k', runAt: new Date(Date.now() + 400) }),
  );
  await waitFor(() => ranAt > 0, { message: 'delayed job ran' });
  expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(350);
});

it('runs each of many jobs exactly once with two replicas claiming', async () => {
  const counts = new Map<string, number>();
  for (const database of [testDatabase.database, replica]) {
    const r = runner(database);
    r.handle('count', async (_payload, { key }) => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      await sleep(5);
    });
    await r.start();
  }
  await testDatabase.database.db.transaction(async (tx) => {
    for (let i = 0; i < 40; i++) await runners[0]!.enqueue(tx, 'count', {}, { key: `k${i}` });
  });
  await waitFor(() => counts.size === 40, { message: 'all jobs ran', timeoutMs: 10_000 });
  await sleep(200);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
});

it('renews the lease of a job that runs longer than it: another replica does not run it again', async () => {
  let runs = 0;
  for (const database of [testDatabase.database, replica]) {
    // Renewed every 200 ms: a job of 1.5 s outlives its lease 2.5 times over, and a renewal may come 400 ms
    // late on a busy machine before the other replica could take the job.
    const r = runner(database, { leaseMs: 600 });
    r.handle('slow', async () => {
      runs++;
      await sleep(1500);
    });
    await r.start();
  }
  await testDatabase.database.db.transaction((tx) => runners[0]!.enqueue(tx, 'slow', {}, { key: 'one' }));
  runners[0]!.wake();
  await waitFor(async () => (await jobRow('one'))?.doneAt, { message: 'job done', timeoutMs: 5000 });
  expect(runs).toBe(1);
  expect((await jobRow('one'))?.attempts).toBe(1);
});

it('runs again, after its lease, a job whose runner was killed while running it', async () => {
  await testDatabase.database.db.insert(tables.jobs).values({
    name: 'after-kill',
    key: 'k',
    payload: {},
    attempts: 1,
    // What a runner killed mid-run leaves: a lease nobody renews.
    lockedUntil: sql`now() + interval '400 milliseconds'`,
  });
  const leftAt = Date.now();
  let ranAt = 0;
  const r = runner(testDatabase.database, { leaseMs: 400 });
  r.handle('after-kill', async () => {
    ranAt = Date.now();
  });
  await r.start();
  await waitFor(async () => (await jobRow('k'))?.doneAt, { message: 'job done', timeoutMs: 5000 });
  expect(ranAt - leftAt).toBeGreaterThanOrEqual(300);
  expect((await jobRow('k'))?.attempts).toBe(2);
});

it('retries a failing job with back-off, then parks it with its error', async () => {
  const attempts: { attempt: number; at: number }[] = [];
  const r = runner();
  r.handle(
    'flaky',
    async (_payload, { attempt }) => {
      attempts.push({ attempt, at: Date.now() });
      throw new Error(`provider down (${attempt})`);
    },
    { maxAttempts: 3, backoffMs: 100 },
  );
  await r.start();
  await testDatabase.database.db.transaction((tx) => r.enqueue(tx, 'flaky', {}, { key: 'p-1' }));
  await waitFor(async () => (await jobRow('p-1'))?.parkedAt != null, { message: 'parked', timeoutMs: 5000 });
  await sleep(300);
  expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
  expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(90);
  expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(190);
  const row = await jobRow('p-1');
  expect(row).toMatchObject({ attempts: 3, lastError: 'provider down (3)', doneAt: null });
  expect(lines.some((l) => l.msg === 'job parked after its last attempt' && l.key === 'p-1')).toBe(true);
});

it('runs a job enqueued before a restart, after it', async () => {
  const before = runner();
  before.handle('survivor', async () => {
    throw new Error('must not run in the stopped runner');
  });
  await testDatabase.database.db.transaction((tx) =>
    before.enqueue(tx, 'survivor', { n: 1 }, { key: 's-1', runAt: new Date(Date.now() + 200) }),
  );
  await before.start();
  await before.stop();
  let payload: unknown;
  const after = runner(replica);
  after.handle('survivor', async (p) => void (payload = p));
  await after.start();
  await waitFor(() => payload !== undefined, { message: 'job ran after the restart' });
  expect(payload).toEqual({ n: 1 });
  expect((await jobRow('s-1'))?.attempts).toBe(1);
});

it('never runs a job whose enqueueing transaction rolled back', async () => {
  let ran = false;
  const r = runner();
  r.handle('ghost', async () => void (ran = true));
  await r.start();
  await expect(
    testDatabase.database.db.transaction(async (tx) => {
      await r.enqueue(tx, 'ghost', {}, { key: 'g-1' });
      throw new Error('the order failed');
    }),
  ).rejects.toThrow('the order failed');
  await sleep(300);
  expect(ran).toBe(false);
  expect(await jobRow('g-1')).toBeUndefined();
});

it('purges finished rows older than the retention age and keeps the rest', async () => {
  const db = testDatabase.database.db;
  const old = sql`now() - interval '15 days'`;
  const recent = sql`now() - interval '13 days'`;
  const ids = Array.from({ length: 8 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
  await db.insert(tables.outbox).values([
    { id: ids[0]!, type: 't', envelope: {}, publishedAt: old },
    { id: ids[1]!, type: 't', envelope: {}, publishedAt: recent },
    { id: ids[2]!, type: 't', envelope: {}, createdAt: old },
  ]);
  await db.insert(tables.processedEvents).values([
    { eventId: ids[0]!, type: 't', processedAt: old },
    { eventId: ids[1]!, type: 't', processedAt: recent },
  ]);
  await db.insert(tables.deadLetters).values([
    { eventId: ids[0]!, type: 't', envelope: {}, error: 'e', attempts: 1, createdAt: old, replayedAt: old },
    { eventId: ids[1]!, type: 't', envelope: {}, error: 'e', attempts: 1, createdAt: old },
    { eventId: ids[2]!, type: 't', envelope: {}, error: 'e', attempts: 1, replayedAt: recent },
  ]);
  await db.insert(tables.jobs).values([
    { name: 'j', key: 'done-old', payload: {}, doneAt: old },
    { name: 'j', key: 'parked-old', payload: {}, parkedAt: old },
    { name: 'j', key: 'done-recent', payload: {}, doneAt: recent },
  ]);
  const purged = await purgeFinished({ database: testDatabase.database, tables, logger, days: 14 });
  expect(purged).toEqual({ outbox: 1, processed_events: 1, dead_letters: 1, jobs: 1 });
  expect((await db.select({ id: tables.outbox.id }).from(tables.outbox)).map((r) => r.id).sort()).toEqual([
    ids[1],
    ids[2],
  ]);
  expect(
    (await db.select({ id: tables.deadLetters.eventId }).from(tables.deadLetters)).map((r) => r.id).sort(),
  ).toEqual([ids[1], ids[2]]);
  expect((await db.select({ key: tables.jobs.key }).from(tables.jobs)).map((r) => r.key).sort()).toEqual([
    'done-recent',
    'parked-old',
  ]);
});
