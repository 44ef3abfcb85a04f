import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createEventBus } from './bus/event-bus';
import type { EventBus, Transport } from './bus/types';
import type { Database } from './db';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { createCapturingLogger } from './testing/capture-logger';
import { createTestDatabase, type TestDatabase } from './testing/database';
import { createServiceTables } from './testing/service-tables';
import { waitFor } from './testing/wait-for';

// Runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set. The relay and the runner poll once a minute here,
// so whatever they do within the test's seconds was a wake-up (docs/decisions/0038-unit-of-work.md).
const NEVER_MS = 60_000;
const QUIET_MS = 600;
const { logger } = createCapturingLogger('svc-unit-of-work');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let testDatabase: TestDatabase;
let database: Database;
let tables: Awaited<ReturnType<typeof createServiceTables>>;
let schemaCount = 0;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = testDatabase.database;
}, 60_000);

beforeEach(async () => {
  tables = await createServiceTables(database, `unit_of_work_${++schemaCount}`);
});

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

afterAll(async () => {
  await testDatabase?.cleanup();
});

/** A transport that only records what the relay handed over. */
function recordingTransport(published: string[]): Transport {
  return {
    kind: 'in-process',
    publish: async (envelope) => void published.push(envelope.id),
    publishTo: async (_service, envelope) => void published.push(envelope.id),
    consume: async () => undefined,
    cancel: async () => undefined,
    healthy: () => true,
    state: () => 'ok',
    close: async () => undefined,
  };
}

async function startedBus(published: string[]): Promise<EventBus> {
  const bus = createEventBus({
    service: 'svc-unit-of-work',
    database,
    tables,
    transport: recordingTransport(published),
    logger,
    retry: { delaysMs: [50] },
    relayIntervalMs: NEVER_MS,
  });
  await bus.start();
  stops.push(() => bus.stop());
  return bus;
}

const statusChanged = (orderId: string) => ({
  order_id: orderId,
  order_version: 2,
  from: 'pending' as const,
  to: 'paid' as const,
  items: [],
  customer_email: 'cliente@example.it',
  tracking_number: null,
});

describe('a transaction that emits events', () => {
  it('wakes the relay once it committed, not before', async () => {
    const published: string[] = [];
    const bus = await startedBus(published);
    await sleep(QUIET_MS); // the relay's first poll at start, over an empty outbox
    let emitted = '';
    await database.db.transaction(async (tx) => {
      emitted = (
        await bus.emit(tx, 'order.status_changed', statusChanged('11111111-1111-4111-8111-111111111111'))
      ).id;
      await sleep(QUIET_MS);
      expect(published).toEqual([]);
    });
    await waitFor(() => published.includes(emitted), { timeoutMs: 5000, message: 'the event published' });
  });

  it('wakes nothing when it rolled back, nor when it wrote nothing for the relay', async () => {
    const published: string[] = [];
    const bus = await startedBus(published);
    await sleep(QUIET_MS);
    // A committed row no wake-up announced: a poll would publish it.
    const [waiting] = await database.db
      .insert(tables.outbox)
      .values({ id: '22222222-2222-4222-8222-222222222222', type: 'order.status_changed', envelope: {} })
      .returning({ id: tables.outbox.id });
    await expect(
      database.db.transaction(async (tx) => {
        await bus.emit(tx, 'order.status_changed', statusChanged('33333333-3333-4333-8333-333333333333'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    await sleep(QUIET_MS);
    expect(published).toEqual([]);
    const [row] = await database.db.select().from(tables.outbox).where(eq(tables.outbox.id, waiting!.id));
    expect(row?.publishedAt).toBeNull();
  });
});

async function startedRunner(ran: string[]): Promise<JobRunner> {
  const runner = createJobRunner({ database, tables, logger, pollIntervalMs: NEVER_MS });
  runner.handle('work', async (_payload, { key }) => void ran.push(key));
  await runner.start();
  stops.push(() => runner.stop());
  return runner;
}

describe('a transaction that enqueues jobs', () => {
  it('wakes the job runner once a new job committed; not after a rollback, nor for a key already enqueued', async () => {
    const ran: string[] = [];
    const runner = await startedRunner(ran);
    await sleep(QUIET_MS); // the runner's first poll at start
    await database.db.transaction((tx) => runner.enqueue(tx, 'work', {}, { key: 'first' }));
    await waitFor(() => ran.includes('first'), { timeoutMs: 5000, message: 'the first job run' });
    await sleep(QUIET_MS); // the poll a finished job asks for
    // A committed due job no wake-up announced: a poll would run it.
    await database.db.insert(tables.jobs).values({ name: 'work', key: 'unannounced', payload: {} });
    await expect(
      database.db.transaction(async (tx) => {
        await runner.enqueue(tx, 'work', {}, { key: 'rolled-back' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const again = await database.db.transaction((tx) => runner.enqueue(tx, 'work', {}, { key: 'first' }));
    expect(again).toBe(false);
    await sleep(QUIET_MS);
    expect(ran).toEqual(['first']);
    await database.db.transaction((tx) => runner.enqueue(tx, 'work', {}, { key: 'second' }));
    await waitFor(() => ran.includes('second') && ran.includes('unannounced'), {
      timeoutMs: 5000,
      message: 'the new job and the waiting one run',
    });
    expect(ran).not.toContain('rolled-back');
  });
});

/** Every source file under the services' src folders. */
function serviceSources(): string[] {
  const root = path.join(__dirname, '..', '..');
  return readdirSync(root)
    .filter((dir) => dir.startsWith('svc-'))
    .flatMap((dir) =>
      readdirSync(path.join(root, dir, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => path.join(root, dir, 'src', file)),
    );
}

const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The relay, the job runner and the mailer wake themselves after a commit: a wake-up by hand is a call to `wake`. */
const wakesByHand = (source: string) => /\bwake\s*\(/.test(withoutComments(source));

describe('services', () => {
  it('never wake the relay or the job runner by hand', () => {
    const sources = serviceSources();
    expect(sources.length).toBeGreaterThan(50);
    const offenders = sources.filter((file) => wakesByHand(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(path.join(__dirname, '..', '..'), file))).toEqual([]);
  });

  it('the scan finds a wake-up however it is written, and not in a comment', () => {
    expect(wakesByHand('  bus.wake();')).toBe(true);
    expect(wakesByHand('afterCommit(() => ctx.mailer.wake());')).toBe(true);
    expect(wakesByHand('deps.jobs\n    .wake ();')).toBe(true);
    expect(wakesByHand('if (changed) wake(deps);')).toBe(true);
    expect(wakesByHand('// the relay is woken: no bus.wake() here')).toBe(false);
    expect(wakesByHand('/** never call jobs.wake() */')).toBe(false);
  });
});
