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
  createRabbitTransport,
  deadLetterQueueName,
  retryQueueName,
  type RabbitTransport,
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
  let buses: BusFactory;
  let serial = 0;

  /** A transport of its own; through `proxy` when given, so the test can cut its network. */
  function transport(name: string, proxy?: TcpProxy): RabbitTransport {
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
      queues.add(service).add(deadLetterQueueName(service));
      for (const delayMs of delaysMs) queues.add(retryQueueName(service, delayMs));
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
