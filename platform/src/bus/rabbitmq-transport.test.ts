import { spawnSync } from 'node:child_process';
import { connect } from 'amqplib';
import type { Event } from '@edicola/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import {
  BusFactory,
  envelopeOf,
  newRunId,
  orderStatusChanged,
  type TransportKit,
} from '../testing/bus-harness';
import { createCapturingLogger } from '../testing/capture-logger';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { closeConnectionsNamed, RabbitAdmin } from '../testing/rabbitmq';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { waitFor } from '../testing/wait-for';
import {
  consumerQueueName,
  createRabbitTransport,
  queuesOf,
  retryQueueName,
  type RabbitTransport,
  type RabbitTransportOptions,
} from './rabbitmq-transport';
import type { EventBus } from './types';

jest.setTimeout(30_000);

const amqpUrl = process.env.AMQP_URL;
const describeRabbit = amqpUrl ? describe : describe.skip;
const hasCli = amqpUrl ? spawnSync('rabbitmqctl', ['-q', 'list_connections', 'pid']).status === 0 : false;

const runId = newRunId();
const exchange = `edicola.test.${runId}`;
const { logger, lines } = createCapturingLogger('rabbit-test');

describeRabbit('RabbitMQ transport', () => {
  const url = amqpUrl ?? 'amqp://localhost';
  const target = new URL(url);
  let testDatabase: TestDatabase;
  let database: Database;
  let admin: RabbitAdmin;
  const transports: RabbitTransport[] = [];
  const proxies: TcpProxy[] = [];
  const queues = new Set<string>();
  const exchanges = new Set<string>();
  let buses: BusFactory;
  let serial = 0;

  /** A transport of its own; through `proxy` when given, so the test can cut its network. */
  function transport(
    name: string,
    proxy?: TcpProxy,
    extra: Partial<RabbitTransportOptions> = {},
  ): RabbitTransport {
    const address = new URL(url);
    if (proxy) {
      address.hostname = '127.0.0.1';
      address.port = String(proxy.port);
    }
    const created = createRabbitTransport({
      url: address.toString(),
      exchange,
      logger,
      connectionName: `edicola-test-${runId}-${name}`,
      reconnect: { initialDelayMs: 50, maxDelayMs: 300 },
      subscriptions: {},
      ...extra,
    });
    transports.push(created);
    return created;
  }

  const kit: TransportKit = {
    name: 'rabbitmq',
    connect: async () => {
      const created = transport(`kit-${++serial}`);
      await created.waitForConnection();
      return created;
    },
    declare(service, delaysMs) {
      for (const queue of queuesOf(service, delaysMs)) queues.add(queue);
    },
    close: async () => undefined,
  };

  const proxy = async () => {
    const created = await startTcpProxy(target.hostname, Number(target.port || 5672));
    proxies.push(created);
    return created;
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = testDatabase.database;
    admin = await RabbitAdmin.connect(url);
  });

  beforeEach(() => {
    buses = new BusFactory(database, kit, logger);
  });

  afterEach(async () => {
    await buses.stopAll();
  });

  afterAll(async () => {
    await Promise.all(transports.map((t) => t.close()));
    await Promise.all(proxies.map((p) => p.close()));
    await admin?.deleteTopology(exchange, [...queues, `t${runId}-probe`]);
    for (const other of exchanges) await admin?.deleteTopology(other, []);
    await admin?.close();
    await testDatabase?.cleanup();
  });

  /** A consumer bus recording what its handler saw, on `through`. */
  async function consumer(through: RabbitTransport) {
    const service = `t${runId}-sub-${++serial}`;
    const seen: Event[] = [];
    const { bus } = await buses.create(service, {
      transport: through,
      register(b) {
        b.on('order.status_changed', async (event) => {
          seen.push(event);
        });
      },
    });
    return { service, bus, seen, count: (id: string) => seen.filter((e) => e.id === id).length };
  }

  async function publisher(through: RabbitTransport) {
    const service = `t${runId}-pub-${++serial}`;
    const { bus } = await buses.create(service, { transport: through });
    return { service, bus, tables: await buses.tablesOf(service) };
  }

  async function emit(bus: EventBus) {
    const event = await database.db.transaction((tx) =>
      bus.emit(tx, 'order.status_changed', orderStatusChanged()),
    );
    bus.wake();
    return event;
  }

  it('publishes persistent, confirmed messages routed by event type with the event metadata', async () => {
    const sender = transport('probe-sender');
    await sender.waitForConnection();
    const probe = `t${runId}-probe`;
    // A queue of the test's own, bound like a service queue.
    const model = await connect(url);
    const ch = await model.createChannel();
    await ch.assertQueue(probe, { durable: false, autoDelete: false });
    await ch.bindQueue(probe, exchange, 'order.status_changed');
    const envelope = envelopeOf(orderStatusChanged());
    await sender.publish(envelope);
    const message = await waitFor(() => ch.get(probe, { noAck: true }));
    expect(message.fields).toMatchObject({ exchange, routingKey: 'order.status_changed' });
    expect(message.properties).toMatchObject({
      deliveryMode: 2,
      messageId: envelope.id,
      correlationId: envelope.correlation_id,
      contentType: 'application/json',
      type: 'order.status_changed',
      headers: { 'x-correlation-id': envelope.correlation_id, 'x-event-version': 1 },
    });
    expect(JSON.parse(message.content.toString())).toEqual(envelope);
    await model.close();
  });

  it('rejects publishes and reports unhealthy until the broker is reachable, then connects', async () => {
    const unreachable = await proxy();
    unreachable.refuse(true);
    const late = transport('late', unreachable);
    await waitFor(() => lines.some((line) => line.msg === 'RabbitMQ connection attempt failed'));
    expect(late.healthy()).toBe(false);
    await expect(late.publish(envelopeOf(orderStatusChanged()))).rejects.toThrow('RabbitMQ is not connected');
    unreachable.refuse(false);
    await late.waitForConnection();
    expect(late.healthy()).toBe(true);
    await expect(late.publish(envelopeOf(orderStatusChanged()))).resolves.toBeUndefined();
  });

  it('resumes consuming and publishing after the network drops the connections', async () => {
    const subNet = await proxy();
    const pubNet = await proxy();
    const subTransport = transport('drop-sub', subNet);
    const pubTransport = transport('drop-pub', pubNet);
    await Promise.all([subTransport.waitForConnection(), pubTransport.waitForConnection()]);
    const sub = await consumer(subTransport);
    const pub = await publisher(pubTransport);
    const before = await emit(pub.bus);
    await waitFor(() => sub.count(before.id) === 1, { message: 'delivery before the drop' });

    // The consumer's connection goes: events keep being published into its durable queue.
    subNet.refuse(true);
    subNet.drop();
    await waitFor(() => !subTransport.healthy() && !sub.bus.healthy(), { message: 'consumer disconnected' });
    const whileConsumerDown = await emit(pub.bus);
    await waitFor(async () => (await outboxRow(pub.tables, whileConsumerDown.id))?.publishedAt, {
      message: 'published while the consumer is away',
    });
    expect(sub.count(whileConsumerDown.id)).toBe(0);
    subNet.refuse(false);
    await waitFor(() => sub.count(whileConsumerDown.id) === 1, {
      message: 'delivery after the consumer is back',
    });

    // The publisher's connection goes: publishing rejects, the outbox keeps the event until it is back.
    pubNet.refuse(true);
    pubNet.drop();
    await waitFor(() => !pubTransport.healthy() && !pub.bus.healthy(), { message: 'publisher disconnected' });
    await expect(pubTransport.publish(envelopeOf(orderStatusChanged()))).rejects.toThrow('not connected');
    const whilePublisherDown = await emit(pub.bus);
    expect((await outboxRow(pub.tables, whilePublisherDown.id))?.publishedAt).toBeNull();
    pubNet.refuse(false);
    await waitFor(() => sub.count(whilePublisherDown.id) === 1, {
      message: 'delivery after the publisher is back',
    });
    const after = await emit(pub.bus);
    await waitFor(() => sub.count(after.id) === 1, { message: 'delivery after both reconnected' });
    expect(sub.seen.map((e) => e.id).sort()).toEqual(
      [before.id, whileConsumerDown.id, whilePublisherDown.id, after.id].sort(),
    );
  });

  (hasCli ? it : it.skip)(
    'recovers when the broker closes its connections (rabbitmqctl close_connection)',
    async () => {
      const shared = transport('forced');
      await shared.waitForConnection();
      const sub = await consumer(shared);
      const pub = await publisher(shared);
      const before = await emit(pub.bus);
      await waitFor(() => sub.count(before.id) === 1);

      const lost = () => lines.filter((line) => line.msg === 'RabbitMQ connection lost').length;
      const lostBefore = lost();
      expect(await closeConnectionsNamed(`edicola-test-${runId}-forced`)).toBe(1);
      await waitFor(() => lost() > lostBefore, { message: 'disconnect noticed' });
      await shared.waitForConnection();

      const after = await emit(pub.bus);
      await waitFor(() => sub.count(after.id) === 1, { message: 'delivery after the forced close' });
      expect(sub.count(before.id)).toBe(1);
    },
  );

  describe('topology from the subscription table', () => {
    it('declares every subscriber queue at start, so an event published before its consumer ever ran is kept', async () => {
      const service = `t${runId}-later-${++serial}`;
      for (const queue of queuesOf(service, [50, 100])) queues.add(queue);
      const table = { [service]: ['order.status_changed'] };
      // The publisher's process knows the table; the subscriber has never started.
      const pubTransport = transport('table-pub', undefined, {
        subscriptions: table,
        retryDelaysMs: [50, 100],
      });
      await pubTransport.waitForConnection();
      const pub = await publisher(pubTransport);
      const event = await emit(pub.bus);
      await waitFor(async () => (await outboxRow(pub.tables, event.id))?.publishedAt, {
        message: 'published',
      });
      expect(await admin.messageCount(consumerQueueName(service))).toBe(1);
      for (const delayMs of [50, 100])
        expect(await admin.messageCount(retryQueueName(service, delayMs))).toBe(0);
      expect(pubTransport.state()).toBe('ok');

      const seen: Event[] = [];
      const subTransport = transport('table-sub');
      await subTransport.waitForConnection();
      await buses.create(service, {
        transport: subTransport,
        register: (b) =>
          b.on('order.status_changed', async (e) => {
            seen.push(e);
          }),
      });
      await waitFor(() => seen.some((e) => e.id === event.id), { message: 'delivery to the late consumer' });
    });

    it('counts a message the broker returned (no queue bound) as a failed publish that the relay retries', async () => {
      const lonely = `edicola.test.${runId}.unroutable`;
      exchanges.add(lonely);
      const pubTransport = transport('unroutable-pub', undefined, { exchange: lonely });
      await pubTransport.waitForConnection();
      await expect(pubTransport.publish(envelopeOf(orderStatusChanged()))).rejects.toThrow(
        `RabbitMQ returned the message: no queue is bound for order.status_changed on '${lonely}'`,
      );
      const pub = await publisher(pubTransport);
      const event = await emit(pub.bus);
      const row = await waitFor(
        async () => {
          const found = await outboxRow(pub.tables, event.id);
          return found && found.attempts >= 2 && found;
        },
        { message: 'publish retried' },
      );
      expect(row.publishedAt).toBeNull();
      expect(row.lastError).toMatch(/returned the message/);

      // Once a consumer's queue exists, the relay's next try delivers it.
      const subTransport = transport('unroutable-sub', undefined, { exchange: lonely });
      await subTransport.waitForConnection();
      const sub = await consumer(subTransport);
      await waitFor(() => sub.count(event.id) === 1, {
        message: 'delivered after the queue appeared',
        timeoutMs: 15_000,
      });
      await waitFor(async () => (await outboxRow(pub.tables, event.id))?.publishedAt, {
        message: 'published',
      });
    });

    it('keeps publishing and the other consumers when one queue cannot be declared, and reports degraded', async () => {
      const broken = `t${runId}-broken-${++serial}`;
      const fine = `t${runId}-fine-${++serial}`;
      for (const queue of [...queuesOf(broken, []), ...queuesOf(fine, [])]) queues.add(queue);
      // A queue left with other arguments (e.g. classic, by an older version): redeclaring it fails.
      const model = await connect(url);
      const ch = await model.createChannel();
      await ch.assertQueue(consumerQueueName(broken), { durable: true });
      await model.close();

      const shared = transport('broken', undefined, {
        subscriptions: { [broken]: ['order.status_changed'], [fine]: ['order.status_changed'] },
        redeclareIntervalMs: 200,
      });
      await shared.waitForConnection();
      expect(shared.state()).toBe('degraded');
      expect(shared.healthy()).toBe(true);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'error',
          service: broken,
          msg: 'RabbitMQ queue declaration failed: events for this subscriber cannot be routed',
        }),
      );
      await shared.publish(envelopeOf(orderStatusChanged()));
      expect(await admin.messageCount(consumerQueueName(fine))).toBe(1);

      // The broken service's own consumer does not stop its bus from starting; another consumer still works.
      const { bus } = await buses.create(broken, {
        transport: shared,
        register: (b) => b.on('order.status_changed', async () => undefined),
      });
      expect(bus.state()).toBe('degraded');
      const sub = await consumer(shared);
      const pub = await publisher(shared);
      const event = await emit(pub.bus);
      await waitFor(() => sub.count(event.id) === 1, { message: 'delivery beside the broken queue' });

      // Once an operator removes the stray queue, the next declaration round repairs the topology.
      await admin.deleteTopology(`never-${runId}`, [consumerQueueName(broken)]);
      await waitFor(() => shared.state() === 'ok', { message: 'repaired', timeoutMs: 5000 });
      expect(bus.state()).toBe('ok');
    });
  });

  it('counts a delivery the broker repeats after its consumer died as an attempt, then dead-letters it unhandled', async () => {
    const service = `t${runId}-crash-${++serial}`;
    for (const queue of queuesOf(service, [50])) queues.add(queue);
    const net = await proxy();
    const subTransport = transport('crash-sub', net);
    await subTransport.waitForConnection();
    const attempts: number[] = [];
    const parked: { attempts: number; reason: string }[] = [];
    let release!: () => void;
    const hang = new Promise<void>((resolve) => (release = resolve));
    await subTransport.consume(
      service,
      ['order.status_changed'],
      async (_envelope, attempt) => {
        attempts.push(attempt);
        await hang; // as if the process died before acknowledging
      },
      { delaysMs: [50] },
      async (_envelope, _error, count, reason) => {
        parked.push({ attempts: count, reason });
      },
    );
    const sender = transport('crash-pub');
    await sender.waitForConnection();
    await sender.publish(envelopeOf(orderStatusChanged()));

    await waitFor(() => attempts.length === 1, { message: 'first delivery' });
    net.drop();
    await waitFor(() => attempts.length === 2, { message: 'redelivery after the crash' });
    net.drop();
    await waitFor(() => parked.length === 1, { message: 'dead-lettered after the second crash' });
    expect(attempts).toEqual([1, 2]);
    expect(parked[0]).toEqual({
      attempts: 3,
      reason: 'delivery limit: delivered 3 times, at most 2 allowed',
    });
    await waitFor(async () => (await admin.messageCount(consumerQueueName(service))) === 0);
    release();
    await subTransport.cancel(service);
  });

  it('keeps two deployments on one broker apart by their queue prefix', async () => {
    const prefixes = [`t${runId}a.`, `t${runId}b.`];
    const seen = new Map<string, string[]>();
    const deployments = [];
    for (const prefix of prefixes) {
      exchanges.add(`${prefix}edicola.events`);
      for (const queue of queuesOf('svc-catalog', [50, 100], prefix)) queues.add(queue);
      // Only the prefix differs: the exchange follows it.
      const own = transport(`deploy-${prefix}`, undefined, {
        exchange: undefined,
        queuePrefix: prefix,
        subscriptions: { 'svc-catalog': ['order.status_changed'] },
      });
      await own.waitForConnection();
      const received: string[] = [];
      seen.set(prefix, received);
      await own.consume(
        'svc-catalog',
        ['order.status_changed'],
        async (envelope) => void received.push(envelope.id),
        { delaysMs: [50, 100] },
        async () => undefined,
      );
      deployments.push(own);
    }
    const [a, b] = deployments as [RabbitTransport, RabbitTransport];
    const forA = envelopeOf(orderStatusChanged());
    const forB = envelopeOf(orderStatusChanged());
    await a.publish(forA);
    await b.publish(forB);
    await waitFor(() => seen.get(prefixes[0]!)!.length === 1 && seen.get(prefixes[1]!)!.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.get(prefixes[0]!)).toEqual([forA.id]);
    expect(seen.get(prefixes[1]!)).toEqual([forB.id]);
    await a.cancel('svc-catalog');
    await b.cancel('svc-catalog');
  });

  it('closes cleanly: unhealthy and refusing publishes afterwards', async () => {
    const closing = transport('closing');
    await closing.waitForConnection();
    await closing.close();
    expect(closing.healthy()).toBe(false);
    await expect(closing.publish(envelopeOf(orderStatusChanged()))).rejects.toThrow('not connected');
    await expect(closing.waitForConnection()).rejects.toThrow('closed');
  });

  const outboxRow = async (tables: Awaited<ReturnType<BusFactory['tablesOf']>>, id: string) =>
    (await database.db.select().from(tables.outbox).where(eq(tables.outbox.id, id)))[0];
});
