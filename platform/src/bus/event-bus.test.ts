import { randomUUID } from 'node:crypto';
import type { Event } from '@edicola/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { currentContext, runWithContext } from '../context';
import type { Database } from '../db';
import {
  BusFactory,
  createEffectsTable,
  envelopeOf,
  inProcessKit,
  newRunId,
  orderStatusChanged,
  rabbitKit,
  type EffectsTable,
  type TransportKit,
} from '../testing/bus-harness';
import { createCapturingLogger } from '../testing/capture-logger';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { RabbitAdmin } from '../testing/rabbitmq';
import { waitFor as waitUntil } from '../testing/wait-for';
import { discardDeadLetters, listDeadLetters, replayDeadLetters } from './dead-letters';
import { HANDOVER_LIMIT } from './in-process-transport';
import { consumerQueueName, queuesOf } from './rabbitmq-transport';
import type { BusTables } from './tables';
import type { EventBus, Transport } from './types';

const runId = newRunId();
const { logger, lines } = createCapturingLogger('bus-test');
const amqpUrl = process.env.AMQP_URL;
// With RabbitMQ every test declares several quorum queues, each fsynced by the broker: on a busy CI disk a step can
// take seconds. The limits only bound a failure; a passing test takes what it needs (about 20 s for the file).
jest.setTimeout(amqpUrl ? 120_000 : 30_000);
const waitFor: typeof waitUntil = (condition, options) =>
  waitUntil(condition, { timeoutMs: amqpUrl ? 40_000 : 10_000, ...options });
const kits: [string, () => TransportKit][] = [
  ['in-process', () => inProcessKit()],
  ...(amqpUrl ? [['rabbitmq', () => rabbitKit(amqpUrl, logger, runId)] as [string, () => TransportKit]] : []),
];

let testDatabase: TestDatabase;
let database: Database;
let effects: EffectsTable;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = testDatabase.database;
  effects = await createEffectsTable(database, `bus_effects_${runId}`);
});

afterAll(async () => {
  await testDatabase?.cleanup();
});

let serial = 0;
const serviceName = (role: string) => `t${runId}-${role}-${++serial}`;

/** One handler call as the test saw it. */
interface Call {
  event: Event;
  correlationId: string | undefined;
  at: number;
}

describe.each(kits)('event bus over the %s transport', (_name, makeKit) => {
  let kit: TransportKit;
  let buses: BusFactory;
  let admin: RabbitAdmin | undefined;

  beforeAll(async () => {
    kit = makeKit();
    if (kit.name === 'rabbitmq' && amqpUrl) admin = await RabbitAdmin.connect(amqpUrl);
  });

  beforeEach(() => {
    buses = new BusFactory(database, kit, logger);
  });

  afterEach(async () => {
    await buses.stopAll();
  });

  afterAll(async () => {
    await kit.close();
    await admin?.close();
  });

  /** A consumer service whose handler writes an effect row, then fails while `fail(call number)` says so. */
  async function consumer(options: { fail?: (attempt: number) => boolean; delaysMs?: number[] } = {}) {
    const service = serviceName('sub');
    const calls: Call[] = [];
    const { bus, transport } = await buses.create(service, {
      delaysMs: options.delaysMs,
      register(bus) {
        bus.on('order.status_changed', async (event, tx) => {
          calls.push({ event, correlationId: currentContext()?.correlationId, at: Date.now() });
          await tx.insert(effects).values({ eventId: event.id, service, note: event.data.order_id });
          const attempt = calls.filter((call) => call.event.id === event.id).length;
          if (options.fail?.(attempt)) throw new Error(`handler failure ${attempt}`);
        });
      },
    });
    const tables = await buses.tablesOf(service);
    const callsOf = (id: string) => calls.filter((call) => call.event.id === id);
    return { service, bus, transport, tables, calls, callsOf };
  }

  async function publisher(options: Parameters<BusFactory['create']>[1] = {}) {
    const service = serviceName('pub');
    const { bus, transport } = await buses.create(service, options);
    return { service, bus, transport, tables: await buses.tablesOf(service) };
  }

  async function emit(bus: EventBus, orderId = randomUUID()) {
    const event = await database.db.transaction((tx) =>
      bus.emit(tx, 'order.status_changed', orderStatusChanged(orderId)),
    );
    bus.wake();
    return event;
  }

  const effectsOf = (eventId: string) =>
    database.db.select().from(effects).where(eq(effects.eventId, eventId));
  const processed = (tables: BusTables, eventId: string) =>
    database.db.select().from(tables.processedEvents).where(eq(tables.processedEvents.eventId, eventId));
  const deadLetters = (tables: BusTables, eventId: string) =>
    database.db.select().from(tables.deadLetters).where(eq(tables.deadLetters.eventId, eventId));
  const outboxRow = async (tables: BusTables, eventId: string) =>
    (await database.db.select().from(tables.outbox).where(eq(tables.outbox.id, eventId)))[0];
  const logged = (msg: string, eventId: string) =>
    lines.filter((line) => line.msg === msg && line.event_id === eventId);

  describe('delivery', () => {
    it('delivers a committed event with its id, data and correlation id, and marks it published', async () => {
      const sub = await consumer();
      const pub = await publisher();
      const event = await runWithContext({ correlationId: `corr-${runId}-a` }, () => emit(pub.bus));

      const [call] = await waitFor(() => sub.callsOf(event.id).length > 0 && sub.callsOf(event.id), {
        message: 'delivery',
      });
      expect(call?.event).toEqual(event);
      expect(call?.event).toMatchObject({
        source: pub.service,
        version: 1,
        correlation_id: `corr-${runId}-a`,
      });
      // The handler runs in the event's context, so its logs carry the correlation id.
      expect(call?.correlationId).toBe(`corr-${runId}-a`);
      await waitFor(() => logged('event handled', event.id).length === 1, { message: 'handled log' });
      expect(logged('event handled', event.id)[0]?.correlation_id).toBe(`corr-${runId}-a`);
      await waitFor(async () => (await outboxRow(pub.tables, event.id))?.publishedAt, {
        message: 'published',
      });
      expect(await effectsOf(event.id)).toHaveLength(1);
      expect(await processed(sub.tables, event.id)).toHaveLength(1);
    });

    it('never delivers an event emitted in a rolled-back transaction', async () => {
      const sub = await consumer();
      const pub = await publisher();
      let rolledBack: Event | undefined;
      await expect(
        database.db.transaction(async (tx) => {
          rolledBack = await pub.bus.emit(tx, 'order.status_changed', orderStatusChanged());
          throw new Error('business rule failed');
        }),
      ).rejects.toThrow('business rule failed');
      pub.bus.wake();
      const committed = await emit(pub.bus);

      await waitFor(() => sub.callsOf(committed.id).length === 1, { message: 'committed event' });
      await waitFor(async () => (await outboxRow(pub.tables, committed.id))?.publishedAt, {
        message: 'published',
      });
      expect(rolledBack).toBeDefined();
      expect(await outboxRow(pub.tables, rolledBack!.id)).toBeUndefined();
      expect(sub.calls.map((call) => call.event.id)).toEqual([committed.id]);
    });

    it('validates the data on emit and writes nothing when it is invalid', async () => {
      const pub = await publisher();
      const bad = { ...orderStatusChanged(), customer_email: 'not an e-mail' };
      await expect(
        database.db.transaction((tx) => pub.bus.emit(tx, 'order.status_changed', bad)),
      ).rejects.toThrow(/email/i);
      const rows = await database.db.select().from(pub.tables.outbox);
      expect(rows).toHaveLength(0);
    });

    it('does not hold other events back while one is being retried', async () => {
      // The first event's handler fails once and waits 2.5 s for its retry; a relay that published one event at a
      // time would deliver the second only after that retry.
      const sub = await consumer({ delaysMs: [2500], fail: (attempt) => attempt === 1 });
      const pub = await publisher();
      const slow = await emit(pub.bus);
      await waitFor(() => sub.callsOf(slow.id).length === 1, { message: 'first attempt' });
      const fast = await emit(pub.bus);

      await waitFor(() => sub.callsOf(fast.id).length === 1, { message: 'second event' });
      expect(sub.callsOf(slow.id)).toHaveLength(1);
      await waitFor(() => sub.callsOf(slow.id).length === 2, { message: 'retry of the first' });
      await waitFor(async () => (await processed(sub.tables, slow.id)).length === 1, {
        message: 'processed',
      });
    });

    it('lets a consumer that keeps failing hold back neither its publisher’s later events nor the other consumers', async () => {
      // One retry a minute away: a publish that waited for it would hold each of the 20 events for a minute.
      const failing = await consumer({ delaysMs: [60_000], fail: () => true });
      const fine = await consumer();
      const pub = await publisher();
      const events = [];
      for (let i = 0; i < 20; i++) events.push(await emit(pub.bus));
      await waitFor(
        () => events.every((e) => fine.callsOf(e.id).length === 1 && failing.callsOf(e.id).length === 1),
        {
          message: 'every event delivered once to both consumers',
          timeoutMs: 15_000,
        },
      );
      for (const event of events) {
        await waitFor(async () => (await outboxRow(pub.tables, event.id))?.publishedAt, {
          message: 'published',
        });
        expect(await processed(fine.tables, event.id)).toHaveLength(1);
        expect(await effectsOf(event.id)).toEqual([expect.objectContaining({ service: fine.service })]);
      }
      if (kit.name === 'in-process') {
        // The failing consumer's retries wait in the outbox, addressed to it alone, due in about a minute.
        const retries = await database.db
          .select()
          .from(pub.tables.outbox)
          .where(
            and(eq(pub.tables.outbox.target, failing.service), sql`${pub.tables.outbox.publishedAt} is null`),
          );
        expect(retries).toHaveLength(20);
        for (const row of retries) {
          expect(row.attempts).toBe(1);
          expect(row.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(30_000);
        }
      }
    });

    it('refuses a second handler for a type and handlers registered after start', async () => {
      const sub = await consumer();
      expect(() => sub.bus.on('order.status_changed', async () => undefined)).toThrow(/register/);
      const { bus } = await buses.create(serviceName('dup'), {
        start: false,
        register(b) {
          b.on('order.status_changed', async () => undefined);
        },
      });
      expect(() => bus.on('order.status_changed', async () => undefined)).toThrow(/already handles/);
    });
  });

  describe('retries and dead letters', () => {
    it('redelivers after handler failures and applies the handler once', async () => {
      const sub = await consumer({ fail: (attempt) => attempt <= 2 });
      const pub = await publisher();
      const event = await emit(pub.bus);

      await waitFor(async () => (await processed(sub.tables, event.id)).length === 1, {
        message: 'processed',
      });
      const calls = sub.callsOf(event.id);
      expect(calls).toHaveLength(3);
      // Back-off of [50, 100] ms between the attempts.
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(45);
      expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(95);
      // The failed attempts rolled back their writes.
      expect(await effectsOf(event.id)).toHaveLength(1);
      expect(await deadLetters(sub.tables, event.id)).toHaveLength(0);
      await waitFor(async () => (await outboxRow(pub.tables, event.id))?.publishedAt, {
        message: 'published',
      });
    });

    it('dead-letters after the last retry: retries + 1 attempts, a dead_letters row, nothing applied', async () => {
      const sub = await consumer({ fail: () => true });
      const pub = await publisher();
      const event = await emit(pub.bus);

      const [row] = await waitFor(async () => {
        const rows = await deadLetters(sub.tables, event.id);
        return rows.length > 0 && rows;
      });
      expect(row).toMatchObject({ type: 'order.status_changed', attempts: 3, error: 'handler failure 3' });
      expect(row?.envelope).toEqual(event);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: 'event parked in dead letters',
          service: 'bus-test',
          event_id: event.id,
          type: 'order.status_changed',
          attempts: 3,
          reason: 'attempts exhausted (3)',
        }),
      );
      if (kit.name === 'rabbitmq') {
        // The dead_letters row is the record: the message left every queue (the DLQ holds only what the broker
        // itself dead-lettered), so a replay cannot meet a second copy.
        for (const queue of queuesOf(sub.service, [50, 100]))
          expect(await admin!.messageCount(queue)).toBe(0);
      } else {
        // publish() resolved once the subscriber dead-lettered it: no attempt can follow.
        await waitFor(async () => (await outboxRow(pub.tables, event.id))?.publishedAt, {
          message: 'published',
        });
      }
      expect(sub.callsOf(event.id)).toHaveLength(3);
      expect(await effectsOf(event.id)).toHaveLength(0);
      expect(await processed(sub.tables, event.id)).toHaveLength(0);
    });

    it('dead-letters a message that fails validation at once, without calling the handler', async () => {
      const sub = await consumer();
      const envelope = envelopeOf({ ...orderStatusChanged(), to: 'lost-in-the-post' });
      await sub.transport.publish(envelope);

      const [row] = await waitFor(async () => {
        const rows = await deadLetters(sub.tables, envelope.id);
        return rows.length > 0 && rows;
      });
      expect(row).toMatchObject({ attempts: 1, type: 'order.status_changed' });
      expect(row?.error).toMatch(/^invalid event/);
      expect(sub.calls).toHaveLength(0);
      if (kit.name === 'rabbitmq') expect(await admin!.messageCount(consumerQueueName(sub.service))).toBe(0);
    });
  });

  describe('idempotency', () => {
    it('handles a duplicate delivery once, sequential or concurrent', async () => {
      const sub = await consumer();
      const first = envelopeOf(orderStatusChanged());
      await sub.transport.publish(first);
      await sub.transport.publish(first);
      const second = envelopeOf(orderStatusChanged());
      await Promise.all([
        sub.transport.publish(second),
        sub.transport.publish(second),
        sub.transport.publish(second),
      ]);

      for (const [envelope, copies] of [
        [first, 2],
        [second, 3],
      ] as const) {
        await waitFor(
          () =>
            logged('event handled', envelope.id).length +
              logged('event already processed, skipped', envelope.id).length ===
            copies,
          { message: `${copies} deliveries of ${envelope.id}` },
        );
        expect(logged('event handled', envelope.id)).toHaveLength(1);
        expect(await effectsOf(envelope.id)).toHaveLength(1);
        expect(await processed(sub.tables, envelope.id)).toHaveLength(1);
      }
      expect(sub.callsOf(first.id)).toHaveLength(1);
    });
  });

  describe('deliveries a crash interrupted', () => {
    // RabbitMQ counts redeliveries itself (x-delivery-count): its crash tests are in rabbitmq-transport.test.ts.
    it('does not park an event the service already processed (redelivered after its commit)', async () => {
      if (kit.name !== 'in-process') return;
      const sub = await consumer();
      const envelope = envelopeOf(orderStatusChanged());
      await sub.transport.publish(envelope);
      await waitFor(() => logged('event handled', envelope.id).length === 1);
      // Handed over once more, past the limit, as after crashes between the commit and the publish mark.
      await sub.transport.publish(envelope, { handedOver: HANDOVER_LIMIT + 1 });
      expect(logged('event already processed, not parked', envelope.id)).toHaveLength(1);
      expect(await deadLetters(sub.tables, envelope.id)).toHaveLength(0);
      expect(sub.callsOf(envelope.id)).toHaveLength(1);
    });

    it('parks, unhandled, an event the outbox handed over past the limit (in process, a crash each time)', async () => {
      if (kit.name !== 'in-process') return;
      const sub = await consumer();
      const envelope = envelopeOf(orderStatusChanged());
      await sub.transport.publish(envelope, { handedOver: HANDOVER_LIMIT });
      await waitFor(() => logged('event handled', envelope.id).length === 1);
      const next = envelopeOf(orderStatusChanged());
      await sub.transport.publish(next, { handedOver: HANDOVER_LIMIT + 1 });
      expect(sub.callsOf(next.id)).toHaveLength(0);
      const [parked] = await deadLetters(sub.tables, next.id);
      expect(parked?.error).toBe(
        `delivery limit: handed over ${HANDOVER_LIMIT + 1} times, at most ${HANDOVER_LIMIT} allowed`,
      );
      expect(logged('event parked in dead letters', next.id)).toHaveLength(1);
    });

    it('counts the outbox hand-overs: a row claimed past the limit is parked by the relay, unhandled', async () => {
      if (kit.name !== 'in-process') return;
      const sub = await consumer();
      const service = serviceName('pub');
      const tables = await buses.tablesOf(service);
      const { bus: dead } = await buses.create(service, { start: false });
      const event = await emit(dead);
      // As if HANDOVER_LIMIT earlier runs each claimed the row and crashed while delivering it.
      await database.db
        .update(tables.outbox)
        .set({ attempts: HANDOVER_LIMIT })
        .where(eq(tables.outbox.id, event.id));
      const { bus: restarted } = await buses.create(service);
      restarted.wake();
      await waitFor(async () => (await deadLetters(sub.tables, event.id)).length === 1, {
        message: 'parked',
      });
      expect(sub.callsOf(event.id)).toHaveLength(0);
    });
  });

  describe('crash between commit and publish', () => {
    it('publishes after a restart what was committed while no relay ran', async () => {
      const sub = await consumer();
      const service = serviceName('pub');
      const tables = await buses.tablesOf(service);
      const { bus: dead } = await buses.create(service, { start: false });
      const event = await emit(dead);
      expect((await outboxRow(tables, event.id))?.publishedAt).toBeNull();

      const { bus: restarted } = await buses.create(service);
      restarted.wake();
      await waitFor(() => sub.callsOf(event.id).length === 1, { message: 'delivery after restart' });
      await waitFor(async () => (await outboxRow(tables, event.id))?.publishedAt, { message: 'published' });
    });

    it('keeps a consumer’s pending retry across a restart of its publisher (in process: in the outbox)', async () => {
      // On RabbitMQ the retry waits in the consumer's retry queue, whatever the publisher does.
      if (kit.name !== 'in-process') return;
      const sub = await consumer({ delaysMs: [400], fail: (attempt) => attempt === 1 });
      const service = serviceName('pub');
      const tables = await buses.tablesOf(service);
      const { bus: first } = await buses.create(service);
      const event = await emit(first);
      await waitFor(() => sub.callsOf(event.id).length === 1, { message: 'first attempt' });
      await first.stop(); // the process goes away while the retry waits
      const [retry] = await database.db
        .select()
        .from(tables.outbox)
        .where(and(eq(tables.outbox.target, sub.service), sql`${tables.outbox.publishedAt} is null`));
      expect(retry).toMatchObject({ attempts: 1, envelope: event });

      const { bus: restarted } = await buses.create(service);
      restarted.wake();
      await waitFor(async () => (await processed(sub.tables, event.id)).length === 1, {
        message: 'retried after the restart',
      });
      expect(sub.callsOf(event.id)).toHaveLength(2);
      await waitFor(async () => (await outboxRow(tables, retry!.id))?.publishedAt, {
        message: 'retry published',
      });
    });

    it('keeps a row whose publish failed and publishes it after the restart', async () => {
      const sub = await consumer();
      const service = serviceName('pub');
      const tables = await buses.tablesOf(service);
      const real = await kit.connect();
      const broken: Transport = { ...real, publish: () => Promise.reject(new Error('broker unreachable')) };
      const { bus: first } = await buses.create(service, { transport: broken });
      const event = await emit(first);
      const failed = await waitFor(async () => {
        const row = await outboxRow(tables, event.id);
        return row?.lastError && row;
      });
      expect(failed).toMatchObject({ lastError: 'broker unreachable', publishedAt: null });
      expect(failed.attempts).toBeGreaterThanOrEqual(1);
      await first.stop();
      expect(sub.callsOf(event.id)).toHaveLength(0);

      await buses.create(service, { transport: real });
      await waitFor(() => sub.callsOf(event.id).length === 1, { message: 'delivery after restart' });
      await waitFor(async () => (await outboxRow(tables, event.id))?.publishedAt, { message: 'published' });
    });

    it('stops within its timeout while a publish hangs, and a new relay publishes the row', async () => {
      const sub = await consumer();
      const service = serviceName('pub');
      const tables = await buses.tablesOf(service);
      const hanging: Transport = { ...(await kit.connect()), publish: () => new Promise(() => undefined) };
      const { bus: first } = await buses.create(service, { transport: hanging, stopTimeoutMs: 200 });
      const event = await emit(first);
      await waitFor(async () => (await outboxRow(tables, event.id))?.lockedUntil, { message: 'claimed' });
      const stopping = Date.now();
      await first.stop();
      expect(Date.now() - stopping).toBeLessThan(2000);
      expect(await outboxRow(tables, event.id)).toMatchObject({ publishedAt: null, lockedUntil: null });

      await buses.create(service);
      await waitFor(() => sub.callsOf(event.id).length === 1, { message: 'delivery after restart' });
    });

    it('republishes a row claimed by a relay that died once its lease has expired', async () => {
      const sub = await consumer();
      const service = serviceName('pub');
      const tables = await buses.tablesOf(service);
      const { bus: dead } = await buses.create(service, { start: false });
      const event = await emit(dead);
      // What a relay that crashed mid-publish leaves behind.
      const leasedAt = Date.now();
      await database.db
        .update(tables.outbox)
        .set({ attempts: 1, lockedUntil: sql`now() + interval '700 milliseconds'` })
        .where(eq(tables.outbox.id, event.id));

      await buses.create(service);
      await waitFor(() => sub.callsOf(event.id).length === 1, { message: 'delivery after the lease' });
      expect(sub.callsOf(event.id)[0]!.at - leasedAt).toBeGreaterThanOrEqual(600);
      const row = await waitFor(async () => {
        const r = await outboxRow(tables, event.id);
        return r?.publishedAt && r;
      });
      expect(row.attempts).toBe(2);
    });

    it('renews the lease of a row while it is published, so a second relay does not publish it again', async () => {
      // In process, a publish lasts as long as its handlers (and their after-commit work): here three times the
      // lease, outside any transaction (PGlite's one connection would hold every other query back).
      const service = serviceName('slow');
      await buses.create(service, {
        register: (bus) =>
          bus.on('order.status_changed', async (_event, _tx, { afterCommit }) =>
            afterCommit(() => new Promise((resolve) => setTimeout(resolve, 2000))),
          ),
      });
      const pub = serviceName('pub');
      const tables = await buses.tablesOf(pub);
      let publishes = 0;
      const base = await kit.connect();
      const counting: Transport = {
        ...base,
        publish: (envelope, options) => {
          publishes++;
          return base.publish(envelope, options);
        },
      };
      const { bus } = await buses.create(pub, { transport: counting, relayLeaseMs: 600 });
      await buses.create(pub, { transport: counting, relayLeaseMs: 600 });
      const event = await emit(bus);
      await waitFor(async () => (await outboxRow(tables, event.id))?.publishedAt, {
        message: 'published',
      });
      expect(publishes).toBe(1);
      expect((await outboxRow(tables, event.id))?.attempts).toBe(1);
    });
  });

  describe('after commit, poison and versions', () => {
    it('runs afterCommit callbacks only after the commit: never for a rolled-back attempt nor a duplicate', async () => {
      const service = serviceName('after');
      const ran: { attempt: number; committed: number }[] = [];
      let attempt = 0;
      const { transport } = await buses.create(service, {
        delaysMs: [20],
        register: (bus) =>
          bus.on('order.status_changed', async (event, tx, { afterCommit }) => {
            const current = ++attempt;
            await tx.insert(effects).values({ eventId: event.id, service });
            // What the callback sees is read outside the handler's transaction.
            afterCommit(
              async () => void ran.push({ attempt: current, committed: (await effectsOf(event.id)).length }),
            );
            if (current === 1) throw new Error('first attempt fails after registering its callback');
          }),
      });
      // Through an outbox, which keeps the in-process retry.
      const envelope = await emit((await publisher()).bus);
      await waitFor(() => ran.length === 1, { message: 'callback after the second attempt' });
      await transport.publish(envelope); // a duplicate delivery: the handler does not run, nor its callbacks
      await waitFor(() => logged('event already processed, skipped', envelope.id).length === 1);
      expect(ran).toEqual([{ attempt: 2, committed: 1 }]);
    });

    it('parks a poison event (a NUL byte the database refuses) at once, storing a sanitised copy', async () => {
      const service = serviceName('poison');
      let calls = 0;
      const { transport } = await buses.create(service, {
        delaysMs: [20, 40],
        register: (bus) =>
          bus.on('order.status_changed', async (event, tx) => {
            calls++;
            await tx.insert(effects).values({ eventId: event.id, service, note: event.data.order_id });
          }),
      });
      const tables = await buses.tablesOf(service);
      const envelope = envelopeOf(orderStatusChanged('ord\u0000-1'));
      await transport.publish(envelope);
      const [row] = await waitFor(async () => {
        const rows = await deadLetters(tables, envelope.id);
        return rows.length > 0 && rows;
      });
      expect(calls).toBe(1);
      expect(row).toMatchObject({ attempts: 1, replayedAt: null });
      expect(row?.error).toMatch(/stored sanitised/);
      expect((row?.envelope as { data: { order_id: string } }).data.order_id).toBe('ord\ufffd-1');
      // The warning is written once the parking committed: on a busy machine a moment after the row is seen.
      const [warning] = await waitFor(() => {
        const lines = logged('event parked in dead letters', envelope.id);
        return lines.length > 0 && lines;
      });
      expect(warning).toMatchObject({
        level: 'warn',
        attempts: 1,
        reason: expect.stringMatching(/^content the database refuses \(22/),
      });
      if (kit.name === 'rabbitmq') {
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(calls).toBe(1); // not requeued
        expect(await admin!.messageCount(consumerQueueName(service))).toBe(0);
      }
    });

    it('parks an event of a newer version than it understands, with the reason, without calling the handler', async () => {
      const sub = await consumer();
      const envelope = { ...envelopeOf(orderStatusChanged()), version: 2 };
      await sub.transport.publish(envelope);
      const [row] = await waitFor(async () => {
        const rows = await deadLetters(sub.tables, envelope.id);
        return rows.length > 0 && rows;
      });
      expect(row?.error).toBe(
        'invalid event: order.status_changed version 2 is newer than the version 1 this service understands',
      );
      expect(row?.attempts).toBe(1);
      expect(sub.calls).toHaveLength(0);
    });
  });

  describe('dead letters', () => {
    it('replays a dead letter to its own service only and marks it replayed; discarding marks it too', async () => {
      let healed = false;
      const failing = await consumer({ fail: () => !healed });
      const other = await consumer();
      const pub = await publisher();
      const event = await emit(pub.bus);
      const parked = await emit(pub.bus);
      await waitFor(async () => (await listDeadLetters(database, failing.tables)).length === 2, {
        message: 'both parked',
      });
      await waitFor(() => other.callsOf(event.id).length === 1 && other.callsOf(parked.id).length === 1);

      healed = true;
      expect(await replayDeadLetters(database, failing.tables, failing.service, { id: event.id })).toEqual([
        event.id,
      ]);
      failing.bus.wake();
      await waitFor(async () => (await processed(failing.tables, event.id)).length === 1, {
        message: 'replayed',
      });
      const [row] = await deadLetters(failing.tables, event.id);
      expect(row?.replayedAt).toBeInstanceOf(Date);
      // Nobody else saw it again, not even as a duplicate.
      expect(other.callsOf(event.id)).toHaveLength(1);
      expect(logged('event already processed, skipped', event.id)).toHaveLength(0);
      // Replaying again finds nothing waiting; the other one can be discarded.
      expect(await replayDeadLetters(database, failing.tables, failing.service, { id: event.id })).toEqual(
        [],
      );
      expect(await discardDeadLetters(database, failing.tables, { all: true })).toEqual([parked.id]);
      expect(await listDeadLetters(database, failing.tables)).toEqual([]);
      expect(
        (await listDeadLetters(database, failing.tables, { handled: true })).map((r) => r.eventId).sort(),
      ).toEqual([event.id, parked.id].sort());
      expect(failing.callsOf(parked.id)).toHaveLength(3);
    });

    it('keeps a dead letter that is not an event (a message that was not JSON) waiting, with why, and replays the rest', async () => {
      let healed = false;
      const failing = await consumer({ fail: () => !healed, delaysMs: [] });
      const pub = await publisher();
      const good = await emit(pub.bus);
      const badId = randomUUID();
      if (kit.name === 'rabbitmq') {
        await admin!.sendRaw(consumerQueueName(failing.service), 'not json {', {
          messageId: badId,
          type: 'order.status_changed',
        });
      } else {
        // In process nothing arrives unparsed: the row RabbitMQ's transport writes for such a message.
        await database.db.insert(failing.tables.deadLetters).values({
          eventId: badId,
          type: 'order.status_changed',
          envelope: { id: badId, type: 'order.status_changed', data: 'not json {' },
          error: 'not JSON',
          attempts: 1,
        });
      }
      await waitFor(async () => (await listDeadLetters(database, failing.tables)).length === 2, {
        message: 'both parked',
      });

      healed = true;
      const unpublished = () =>
        database.db
          .select()
          .from(failing.tables.outbox)
          .where(sql`${failing.tables.outbox.publishedAt} is null`);
      expect(await replayDeadLetters(database, failing.tables, failing.service, { all: true })).toEqual([
        good.id,
      ]);
      failing.bus.wake();
      await waitFor(async () => (await processed(failing.tables, good.id)).length === 1, {
        message: 'replayed',
      });
      await waitFor(async () => (await unpublished()).length === 0, { message: 'outbox empty' });
      const waiting = await listDeadLetters(database, failing.tables);
      expect(waiting.map((row) => row.eventId)).toEqual([badId]);
      expect(waiting[0]!.error).toMatch(
        /^not replayable: the message is not a valid event envelope \(.+\); not JSON/,
      );
      // Asked again, it stays as it is: no outbox row, the same reason once.
      expect(await replayDeadLetters(database, failing.tables, failing.service, { all: true })).toEqual([]);
      expect(await listDeadLetters(database, failing.tables)).toEqual(waiting);
      expect(await unpublished()).toEqual([]);
    });
  });

  describe('replicas', () => {
    it('lets two relays share one outbox without publishing a row twice', async () => {
      const sub = await consumer();
      const service = serviceName('pub');
      const tables = await buses.tablesOf(service);
      const published: string[] = [];
      const counting = async (): Promise<Transport> => {
        const transport = await kit.connect();
        return {
          ...transport,
          publish: (envelope) => {
            published.push(envelope.id);
            return transport.publish(envelope);
          },
        };
      };
      const { bus: one } = await buses.create(service, { transport: await counting(), relayBatchSize: 5 });
      const { bus: two } = await buses.create(service, { transport: await counting(), relayBatchSize: 5 });
      const events = await database.db.transaction(async (tx) => {
        const emitted: Event[] = [];
        for (let i = 0; i < 30; i++)
          emitted.push(await one.emit(tx, 'order.status_changed', orderStatusChanged()));
        return emitted;
      });
      one.wake();
      two.wake();

      await waitFor(async () => {
        const [row] = await database.db
          .select({ count: sql<number>`count(*)::int` })
          .from(tables.outbox)
          .where(and(sql`${tables.outbox.publishedAt} is null`));
        return row?.count === 0;
      });
      await waitFor(() => events.every((event) => sub.callsOf(event.id).length === 1), {
        message: 'all delivered',
      });
      expect(published.sort()).toEqual(events.map((event) => event.id).sort());
    });
  });
});
