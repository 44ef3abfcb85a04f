import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'amqplib';
import { eq } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import {
  consumerQueueName,
  createLogger,
  createRabbitTransport,
  deadLetterQueueName,
  openPglite,
  pgliteDatabase,
  queuesOf,
  type Database,
  markInUse,
} from '@edicola/platform';
import { catalogService } from '@edicola/svc-catalog';
import { deadLetters, outbox } from '../../svc-catalog/src/db/schema';
import { runEvents, UsageError } from '../src/events-cli';

// Each command opens the embedded engine anew (seconds each on a busy machine): a limit against a hang, not a speed check.
jest.setTimeout(180_000);

describe('npm run events (all-in-one data under DATA_DIR)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-events-'));
  const env = { DATA_DIR: dataDir };
  let engine: PGlite;
  let database: Database;
  const eventId = randomUUID();
  const otherId = randomUUID();
  const notJson = randomUUID();

  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runEvents(argv, { env, out: (line) => lines.push(line) });
    return { code, text: lines.join('\n') };
  };

  beforeAll(async () => {
    engine = await openPglite(path.join(dataDir, 'pglite'));
    database = pgliteDatabase(engine, { ownsEngine: true });
    await database.migrate(catalogService.migrationsFolder, catalogService.schema);
    for (const id of [eventId, otherId])
      await database.db.insert(deadLetters).values({
        eventId: id,
        type: 'order.status_changed',
        envelope: {
          id,
          type: 'order.status_changed',
          version: 1,
          occurred_at: new Date().toISOString(),
          source: 'svc-orders',
          correlation_id: id,
          data: {},
        },
        error: 'invalid event: boom',
        attempts: 4,
      });
    // As RabbitMQ's transport keeps a message that was not JSON.
    await database.db.insert(deadLetters).values({
      eventId: notJson,
      type: 'order.status_changed',
      envelope: { id: notJson, type: 'order.status_changed', data: '{not json' },
      error: 'not JSON',
      attempts: 1,
    });
  });

  afterAll(async () => {
    if (!engine.closed) await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the data while a shop holds it', async () => {
    const release = markInUse(dataDir); // as the running all-in-one shop does
    try {
      await expect(run('dead-letters')).rejects.toThrow(
        new UsageError(
          `the shop is running on ${path.join(dataDir, 'pglite')} (process ${process.pid}): stop it first, ` +
            'PGlite allows one process at a time.',
        ),
      );
    } finally {
      release();
    }
    await database.close();
  });

  it('lists, replays to the service alone and discards', async () => {
    const listed = await run('dead-letters');
    expect(listed.code).toBe(0);
    expect(listed.text).toContain('svc-catalog: 3 waiting in the database');
    expect(listed.text).toContain(`event ${eventId}  order.status_changed  attempts 4`);

    expect(await run('replay', eventId)).toEqual({
      code: 0,
      text: 'svc-catalog: 1 replayed (to svc-catalog alone, by its outbox: now if it runs, else at its next start)',
    });
    expect(await run('replay', eventId)).toEqual({ code: 1, text: `no waiting dead letter ${eventId}` });
    // A message that was not JSON: never put into the outbox, kept waiting with the reason.
    expect(await run('replay', notJson)).toEqual({
      code: 1,
      text: 'svc-catalog: 1 not replayable, not a valid event envelope (see dead-letters; discard it)',
    });
    expect((await run('dead-letters')).text).toMatch(
      new RegExp(`svc-catalog: 2 waiting in the database[^]*event ${notJson} .*not replayable`),
    );
    expect(await run('discard', '--all')).toEqual({ code: 0, text: 'svc-catalog: 2 discarded' });
    expect((await run('dead-letters')).text).toContain('svc-catalog: 0 waiting in the database');
    expect((await run('dead-letters', '--handled', '--service', 'svc-catalog')).text).toContain(
      'svc-catalog: 3 handled in the database',
    );
    await expect(run('replay')).rejects.toThrow("replay needs a dead letter's id or --all");

    engine = await openPglite(path.join(dataDir, 'pglite'));
    database = pgliteDatabase(engine, { ownsEngine: true });
    const [replayed] = await database.db.select().from(outbox).where(eq(outbox.type, 'order.status_changed'));
    expect(replayed).toMatchObject({ target: 'svc-catalog', publishedAt: null });
    expect((replayed!.envelope as { id: string }).id).toBe(eventId);
    const rows = await database.db.select().from(deadLetters);
    expect(rows.every((row) => row.replayedAt instanceof Date)).toBe(true);
    await database.close();
  });
});

const amqpUrl = process.env.AMQP_URL;
(amqpUrl ? describe : describe.skip)('npm run events with RabbitMQ', () => {
  const prefix = `t${randomBytes(4).toString('hex')}.`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-events-'));
  const env = { DATA_DIR: dataDir, AMQP_URL: amqpUrl, BUS_QUEUE_PREFIX: prefix };
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runEvents(argv, { env, out: (line) => lines.push(line) });
    return { code, text: lines.join('\n') };
  };

  beforeAll(async () => {
    const engine = await openPglite(path.join(dataDir, 'pglite'));
    const database = pgliteDatabase(engine, { ownsEngine: true });
    await database.migrate(catalogService.migrationsFolder, catalogService.schema);
    await database.close();
    // The topology a shop with this prefix declares.
    const transport = createRabbitTransport({
      url: amqpUrl!,
      queuePrefix: prefix,
      logger: createLogger('events-test', 'silent'),
    });
    await transport.waitForConnection();
    await transport.close();
  });

  afterAll(async () => {
    const model = await connect(amqpUrl!);
    const channel = await model.createChannel();
    for (const queue of queuesOf('svc-catalog', [], prefix)) await channel.deleteQueue(queue);
    await channel.deleteExchange(`${prefix}edicola.events`);
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the DLQ count and moves the DLQ back into the service queue', async () => {
    const model = await connect(amqpUrl!);
    const channel = await model.createConfirmChannel();
    channel.sendToQueue(deadLetterQueueName('svc-catalog', prefix), Buffer.from('{}'), {
      headers: { 'x-attempt': 4 },
    });
    await channel.waitForConfirms();

    expect((await run('dead-letters', '--service', 'svc-catalog')).text).toBe(
      `svc-catalog: 0 waiting in the database, 1 in the RabbitMQ queue ${deadLetterQueueName('svc-catalog', prefix)}`,
    );
    expect((await run('replay', '--dlq', '--service', 'svc-catalog')).text).toBe(
      `svc-catalog: 1 moved from ${deadLetterQueueName('svc-catalog', prefix)} back to ${consumerQueueName('svc-catalog', prefix)}`,
    );
    const moved = await channel.get(consumerQueueName('svc-catalog', prefix), { noAck: true });
    expect(moved && moved.properties.headers?.['x-attempt']).toBeUndefined();
    expect(moved && moved.content.toString()).toBe('{}');
    expect((await channel.checkQueue(deadLetterQueueName('svc-catalog', prefix))).messageCount).toBe(0);
    await model.close();
  });
});
