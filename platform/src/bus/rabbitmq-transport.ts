import { randomUUID } from 'node:crypto';
import { SUBSCRIPTIONS, type EventEnvelope, type Subscriptions } from '@edicola/contracts';
import {
  connect,
  type Channel,
  type ChannelModel,
  type ConfirmChannel,
  type ConsumeMessage,
  type Options,
} from 'amqplib';
import type { Logger } from '../logger';
import { PermanentDeliveryError, toError } from './delivery-error';
import { decideAfterFailure, decideBeforeDelivery } from './retry-decision';
import type { BusState, DeadLetterHandler, DeliveryHandler, RetryPolicy, Transport } from './types';

export interface RabbitTransportOptions {
  /** amqp://user:pass@host:port/vhost; a `heartbeat` of 15 s is added unless the URL sets one. */
  url: string;
  /** The durable topic exchange every event is published to. Default `<queuePrefix>edicola.events`. */
  exchange?: string;
  /** Put before every queue name (BUS_QUEUE_PREFIX), so deployments sharing a broker never share a queue. */
  queuePrefix?: string;
  /** Which service consumes which types: every start declares all of their queues. Default SUBSCRIPTIONS. */
  subscriptions?: Subscriptions;
  /** The retry delays whose queues are declared for every subscriber (a consumer adds its own). Default none. */
  retryDelaysMs?: number[];
  /** Deliveries of one message after which the broker itself dead-letters it (x-delivery-limit). Default 20. */
  deliveryLimit?: number;
  /** How often a failed queue declaration or consumer start is tried again. Default 30 s. */
  redeclareIntervalMs?: number;
  logger: Logger;
  /** Unacknowledged messages a consumer holds at once. Default 10. */
  prefetch?: number;
  /** Shown by the broker (e.g. `rabbitmqctl list_connections client_properties`). */
  connectionName?: string;
  /** Connecting starts at once and never gives up; the delay between attempts doubles (with jitter). */
  reconnect?: {
    /** Default 100 ms. */
    initialDelayMs?: number;
    /** Default 5 s. */
    maxDelayMs?: number;
  };
}

/** Header counting deliveries of a message to its consumer's handler; the first delivery carries none. */
export const ATTEMPT_HEADER = 'x-attempt';

// A retried message comes back routed by queue name; its `type` property keeps the event type.
const eventTypeOf = (message: ConsumeMessage): string =>
  typeof message.properties.type === 'string' ? message.properties.type : message.fields.routingKey;

/** Header the broker puts on a quorum-queue message it delivers again (the consumer died before acknowledging). */
const DELIVERY_COUNT_HEADER = 'x-delivery-count';
const PUBLISH_ID_HEADER = 'x-publish-id';

// Queues are quorum queues whose names end in `.q`: the names the first version declared (classic) cannot be
// redeclared with other arguments (PRECONDITION_FAILED), see docs/decisions/0004-event-bus-delivery.md.
export const consumerQueueName = (service: string, prefix = '') => `${prefix}${service}.q`;
export const retryQueueName = (service: string, delayMs: number, prefix = '') =>
  `${consumerQueueName(service, prefix)}.retry.${delayMs}`;
export const deadLetterQueueName = (service: string, prefix = '') =>
  `${consumerQueueName(service, prefix)}.dlq`;

/** Every queue of `service` (for tests and the dead-letter command). */
export const queuesOf = (service: string, delaysMs: number[], prefix = '') => [
  consumerQueueName(service, prefix),
  deadLetterQueueName(service, prefix),
  ...delaysMs.map((delayMs) => retryQueueName(service, delayMs, prefix)),
];

interface Consumer {
  service: string;
  types: string[];
  handler: DeliveryHandler;
  policy: RetryPolicy;
  onDeadLetter: DeadLetterHandler;
  cancelled: boolean;
  /** Its queue could not be declared or consumed: retried every redeclareIntervalMs. */
  failed: boolean;
  channel?: Channel;
  consumerTag?: string;
  active: Set<Promise<void>>;
}

interface Connection {
  model: ChannelModel;
  publisher: ConfirmChannel;
  /** Publish ids the broker returned as unroutable; their confirm then counts as a failure. */
  returned: Set<string>;
}

const eventProperties = (envelope: EventEnvelope): Options.Publish => ({
  persistent: true,
  messageId: envelope.id,
  correlationId: envelope.correlation_id,
  contentType: 'application/json',
  type: envelope.type,
  appId: envelope.source,
  timestamp: Math.floor(Date.parse(envelope.occurred_at) / 1000),
  headers: {
    'x-correlation-id': envelope.correlation_id,
    'x-event-type': envelope.type,
    'x-event-version': envelope.version,
  },
});

export interface RabbitTransport extends Transport {
  /** Resolves once connected (at once if connected now); the transport works without it, rejecting publishes until then. */
  waitForConnection(): Promise<void>;
}

/**
 * Events over RabbitMQ: one durable topic exchange, routing key = event type, one durable queue per consuming
 * service, persistent messages published with confirms, manual acknowledgement after the handler resolved. A failed
 * delivery waits in `<service>.retry.<ms>` (a TTL queue that dead-letters back into the service's queue) and, after
 * the last retry, goes to `<service>.dlq`.
 *
 * Reconnecting is amqplib's recovery: after every (re)connection `setup` re-creates the channels, re-declares the
 * topology and resumes every consumer. A channel that closes on its own also closes the connection, so that one path
 * recovers everything. Publishing while disconnected (including before the first connection) rejects at once and
 * healthy() is false; the outbox keeps the event until the relay can publish it.
 */
export function createRabbitTransport(options: RabbitTransportOptions): RabbitTransport {
  const { logger } = options;
  const prefix = options.queuePrefix ?? '';
  const exchange = options.exchange ?? `${prefix}edicola.events`;
  const prefetch = options.prefetch ?? 10;
  const subscriptions = options.subscriptions ?? SUBSCRIPTIONS;
  const tableDelays = options.retryDelaysMs ?? [];
  const deliveryLimit = options.deliveryLimit ?? 20;
  const redeclareIntervalMs = options.redeclareIntervalMs ?? 30_000;
  const consumers = new Map<string, Consumer>();
  /** Subscribers of the table whose queues failed to declare. */
  const brokenTopology = new Set<string>();
  let redeclareTimer: NodeJS.Timeout | undefined;
  let current: Connection | undefined;
  let closing = false;
  const waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  const url = new URL(options.url);
  if (!url.searchParams.has('heartbeat')) url.searchParams.set('heartbeat', '15');

  /** Closing the connection hands over to amqplib's recovery, which reconnects and runs `setup` again. */
  function recover(model: ChannelModel, reason: string): void {
    if (closing) return;
    logger.warn({ reason }, 'RabbitMQ channel lost, reconnecting');
    model.close().catch(() => undefined);
  }

  function watch(model: ChannelModel, channel: Channel, name: string, expected: () => boolean): void {
    channel.on('error', (err: Error) => logger.error({ err, channel: name }, 'RabbitMQ channel error'));
    channel.on('close', () => {
      // A lost connection closes its channels first; by the next turn it has cleared `current` as well.
      setImmediate(() => {
        if (!expected() && current?.model === model) recover(model, `${name} channel closed`);
      });
    });
  }

  /** Declares `service`'s queue bound to `types`, its retry queues and its dead-letter queue. */
  async function declareService(
    channel: Channel,
    service: string,
    types: readonly string[],
    delaysMs: readonly number[],
  ): Promise<string> {
    const queue = consumerQueueName(service, prefix);
    const deadLetters = deadLetterQueueName(service, prefix);
    await channel.assertQueue(deadLetters, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    await channel.assertQueue(queue, {
      durable: true,
      arguments: {
        'x-queue-type': 'quorum',
        // A message that kills its consumer again and again ends in the dead-letter queue, not in a loop.
        'x-delivery-limit': deliveryLimit,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': deadLetters,
      },
    });
    for (const type of types) await channel.bindQueue(queue, exchange, type);
    for (const delayMs of new Set(delaysMs)) {
      await channel.assertQueue(retryQueueName(service, delayMs, prefix), {
        durable: true,
        arguments: {
          'x-queue-type': 'quorum',
          'x-message-ttl': delayMs,
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': queue,
        },
      });
    }
    return queue;
  }

  /** Declares the queues of every subscriber in the table. A failure is logged and leaves the others (and publishing)
   * working; a failed declaration closes its channel, so each subscriber gets a fresh one. */
  async function declareTopology(model: ChannelModel): Promise<void> {
    for (const [service, types] of Object.entries(subscriptions)) {
      let channel: Channel | undefined;
      try {
        channel = await model.createChannel();
        channel.on('error', () => undefined);
        await declareService(channel, service, types, tableDelays);
        brokenTopology.delete(service);
      } catch (err) {
        brokenTopology.add(service);
        logger.error(
          { err, service, queue: consumerQueueName(service, prefix) },
          'RabbitMQ queue declaration failed: events for this subscriber cannot be routed',
        );
      } finally {
        await channel?.close().catch(() => undefined);
      }
    }
  }

  async function startConsumer(model: ChannelModel, consumer: Consumer): Promise<void> {
    const channel = await model.createChannel();
    channel.on('error', () => undefined);
    try {
      await channel.prefetch(prefetch);
      const queue = await declareService(channel, consumer.service, consumer.types, consumer.policy.delaysMs);
      const { consumerTag } = await channel.consume(queue, (message) => receive(consumer, channel, message), {
        noAck: false,
      });
      consumer.channel = channel;
      consumer.consumerTag = consumerTag;
      consumer.failed = false;
      watch(model, channel, queue, () => consumer.cancelled || consumer.channel !== channel);
    } catch (err) {
      await channel.close().catch(() => undefined);
      throw err;
    }
  }

  /** Starts a consumer; a failure degrades the transport instead of stopping the service. */
  async function tryStartConsumer(model: ChannelModel, consumer: Consumer): Promise<void> {
    try {
      await startConsumer(model, consumer);
    } catch (err) {
      consumer.failed = true;
      logger.error(
        { err, service: consumer.service, queue: consumerQueueName(consumer.service, prefix) },
        'RabbitMQ consumer could not start: its events wait in the broker until it does',
      );
    }
  }

  function degraded(): boolean {
    return brokenTopology.size > 0 || [...consumers.values()].some((consumer) => consumer.failed);
  }

  /** While something failed to declare, tries again now and then (an operator may have fixed the queue). */
  function scheduleRedeclare(): void {
    if (redeclareTimer || closing) return;
    redeclareTimer = setTimeout(() => {
      redeclareTimer = undefined;
      const model = current?.model;
      if (!model || closing || !degraded()) return;
      void (async () => {
        if (brokenTopology.size > 0) await declareTopology(model);
        for (const consumer of consumers.values())
          if (consumer.failed && !consumer.cancelled) await tryStartConsumer(model, consumer);
        if (degraded()) scheduleRedeclare();
      })();
    }, redeclareIntervalMs);
    redeclareTimer.unref();
  }

  async function setup(model: ChannelModel): Promise<void> {
    // Connection errors are logged through the recovering connection; this only keeps one during setup from throwing.
    model.on('error', () => undefined);
    const publisher = await model.createConfirmChannel();
    await publisher.assertExchange(exchange, 'topic', { durable: true });
    const returned = new Set<string>();
    publisher.on('return', (message: ConsumeMessage) => {
      const id = message.properties.headers?.[PUBLISH_ID_HEADER];
      if (typeof id === 'string') returned.add(id);
    });
    await declareTopology(model);
    for (const consumer of consumers.values()) await tryStartConsumer(model, consumer);
    if (degraded()) scheduleRedeclare();
    watch(model, publisher, 'publisher', () => current?.publisher !== publisher);
    model.once('close', () => {
      if (current?.model === model) current = undefined;
    });
    current = { model, publisher, returned };
    for (const waiter of waiters.splice(0)) waiter.resolve();
  }

  function receive(consumer: Consumer, channel: Channel, message: ConsumeMessage | null): void {
    if (!message) {
      // The broker cancelled the consumer (its queue was deleted): reconnecting re-declares it.
      if (!consumer.cancelled && current) recover(current.model, `${consumer.service} consumer cancelled`);
      return;
    }
    const work = handle(consumer, channel, message).catch((err: unknown) =>
      logger.error(
        { err, queue: consumer.service },
        'RabbitMQ delivery failed; the message will be redelivered',
      ),
    );
    consumer.active.add(work);
    void work.finally(() => consumer.active.delete(work));
  }

  async function handle(consumer: Consumer, channel: Channel, message: ConsumeMessage): Promise<void> {
    const headers = message.properties.headers ?? {};
    const delivered = Math.max(1, Number(headers[ATTEMPT_HEADER] ?? 1) || 1);
    // Deliveries the broker repeated because a consumer died holding the message count as attempts too.
    const count = Number(headers[DELIVERY_COUNT_HEADER]);
    const redeliveries = Number.isFinite(count) && count > 0 ? count : message.fields.redelivered ? 1 : 0;
    const attempt = delivered + redeliveries;
    let envelope: EventEnvelope;
    try {
      envelope = JSON.parse(message.content.toString('utf8')) as EventEnvelope;
    } catch {
      envelope = {
        id: message.properties.messageId,
        type: eventTypeOf(message),
        data: message.content.toString('utf8'),
      } as unknown as EventEnvelope;
      await deadLetter(
        consumer,
        channel,
        message,
        envelope,
        new PermanentDeliveryError('not JSON'),
        attempt,
        'invalid event',
      );
      return;
    }
    const before = decideBeforeDelivery(consumer.policy, attempt);
    if (before.action === 'dead-letter') {
      const error = new PermanentDeliveryError(before.reason);
      await deadLetter(consumer, channel, message, envelope, error, attempt, before.reason);
      return;
    }
    let error: Error;
    try {
      await consumer.handler(envelope, attempt);
      acknowledge(channel, message);
      return;
    } catch (err) {
      error = toError(err);
    }
    const decision = decideAfterFailure(consumer.policy, attempt, error);
    if (decision.action === 'dead-letter') {
      await deadLetter(consumer, channel, message, envelope, error, attempt, decision.reason);
      return;
    }
    await send(retryQueueName(consumer.service, decision.delayMs, prefix), message, {
      [ATTEMPT_HEADER]: attempt + 1,
    });
    acknowledge(channel, message);
  }

  /** The dead-letters table is the record: once the consumer stored the event there, the message is done. */
  async function deadLetter(
    consumer: Consumer,
    channel: Channel,
    message: ConsumeMessage,
    envelope: EventEnvelope,
    error: Error,
    attempts: number,
    reason: string,
  ): Promise<void> {
    try {
      await consumer.onDeadLetter(envelope, error, attempts, reason);
    } catch (err) {
      logger.error({ err, queue: consumer.service }, 'could not record dead letter; trying again later');
      // Without the record the message must not disappear: park it in the longest retry queue (the database may be
      // down), else hand it back after a pause, which the broker's delivery limit bounds.
      const delays = consumer.policy.delaysMs;
      const longest = delays.length > 0 ? Math.max(...delays) : undefined;
      try {
        if (longest === undefined) throw new Error('no retry queue');
        await send(retryQueueName(consumer.service, longest, prefix), message, {
          [ATTEMPT_HEADER]: attempts,
        });
        acknowledge(channel, message);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        if (!consumer.cancelled) reject(channel, message);
      }
      return;
    }
    acknowledge(channel, message);
  }

  /** Sends a copy of `message` straight to `queue` and resolves on the broker's confirm. */
  function send(queue: string, message: ConsumeMessage, headers: Record<string, unknown>): Promise<void> {
    const { properties } = message;
    // The copy is a new message: the old delivery count is already in its attempt header.
    const { [DELIVERY_COUNT_HEADER]: _count, ...kept } = (properties.headers ?? {}) as Record<
      string,
      unknown
    >;
    return confirmPublish('', queue, message.content, {
      persistent: true,
      messageId: properties.messageId as string | undefined,
      correlationId: properties.correlationId as string | undefined,
      contentType: properties.contentType as string | undefined,
      type: properties.type as string | undefined,
      appId: properties.appId as string | undefined,
      timestamp: properties.timestamp as number | undefined,
      headers: { ...kept, ...headers },
    });
  }

  function confirmPublish(
    target: string,
    routingKey: string,
    content: Buffer,
    publishOptions: Options.Publish,
  ): Promise<void> {
    const connection = current;
    if (closing || !connection) return Promise.reject(new Error('RabbitMQ is not connected'));
    const { publisher, returned } = connection;
    const publishId = randomUUID();
    const mandatory = {
      ...publishOptions,
      mandatory: true,
      headers: { ...publishOptions.headers, [PUBLISH_ID_HEADER]: publishId },
    };
    return new Promise((resolve, rejectPublish) => {
      try {
        // An unroutable message (no queue bound) comes back as basic.return before its confirm: not published.
        publisher.publish(target, routingKey, content, mandatory, (err: unknown) => {
          const unroutable = returned.delete(publishId);
          if (err) rejectPublish(toError(err));
          else if (unroutable)
            rejectPublish(
              new Error(`RabbitMQ returned the message: no queue is bound for ${routingKey} on '${target}'`),
            );
          else resolve();
        });
      } catch (err) {
        rejectPublish(toError(err));
      }
    });
  }

  // A channel that closed meanwhile loses the acknowledgement; the broker redelivers and processed_events absorbs it.
  function acknowledge(channel: Channel, message: ConsumeMessage): void {
    try {
      channel.ack(message);
    } catch (err) {
      logger.warn({ err }, 'could not acknowledge message; it will be redelivered');
    }
  }

  function reject(channel: Channel, message: ConsumeMessage): void {
    try {
      channel.nack(message, false, true);
    } catch (err) {
      logger.warn({ err }, 'could not requeue message; it will be redelivered');
    }
  }

  async function cancel(service: string): Promise<void> {
    const consumer = consumers.get(service);
    if (!consumer) return;
    consumers.delete(service);
    consumer.cancelled = true;
    const { channel, consumerTag } = consumer;
    if (channel && consumerTag) await channel.cancel(consumerTag).catch(() => undefined);
    await Promise.allSettled(consumer.active);
    await channel?.close().catch(() => undefined);
  }

  const connecting = connect(url.toString(), {
    clientProperties: options.connectionName ? { connection_name: options.connectionName } : {},
    recovery: {
      initialDelay: options.reconnect?.initialDelayMs ?? 100,
      maxDelay: options.reconnect?.maxDelayMs ?? 5000,
      maxRetries: Infinity,
      waitForConnect: false,
      setup,
    },
  });
  // With waitForConnect: false this resolves before the first attempt, so no event is missed.
  void connecting.then(
    (recovering) => {
      recovering.on('error', (err: Error) => logger.warn({ err }, 'RabbitMQ connection error'));
      recovering.on('connect', () => logger.info({ exchange }, 'RabbitMQ connected'));
      recovering.on('disconnect', (err: Error) => {
        current = undefined;
        if (!closing) logger.warn({ err }, 'RabbitMQ connection lost');
      });
      recovering.on('connect-failed', (err: Error) =>
        logger.warn({ err }, 'RabbitMQ connection attempt failed'),
      );
    },
    (err: unknown) => logger.error({ err }, 'RabbitMQ connection could not be set up'),
  );

  return {
    kind: 'rabbitmq',

    publish(envelope) {
      return confirmPublish(
        exchange,
        envelope.type,
        Buffer.from(JSON.stringify(envelope)),
        eventProperties(envelope),
      );
    },

    publishTo(service, envelope) {
      const queue = consumerQueueName(service, prefix);
      return confirmPublish('', queue, Buffer.from(JSON.stringify(envelope)), eventProperties(envelope));
    },

    async consume(service, types, handler, policy, onDeadLetter) {
      if (closing) throw new Error('RabbitMQ transport is closed');
      if (consumers.has(service)) throw new Error(`${service} is already consuming`);
      const consumer: Consumer = {
        service,
        types,
        handler,
        policy,
        onDeadLetter,
        cancelled: false,
        failed: false,
        active: new Set(),
      };
      consumers.set(service, consumer);
      // While disconnected, the next `setup` starts it.
      if (!current) return;
      await tryStartConsumer(current.model, consumer);
      if (consumer.failed) scheduleRedeclare();
    },

    cancel,

    healthy() {
      return !closing && current !== undefined;
    },

    state(): BusState {
      if (closing || !current) return 'down';
      return degraded() ? 'degraded' : 'ok';
    },

    waitForConnection() {
      if (closing) return Promise.reject(new Error('RabbitMQ transport is closed'));
      if (current) return Promise.resolve();
      return new Promise((resolve, rejectWait) => waiters.push({ resolve, reject: rejectWait }));
    },

    async close() {
      if (closing) return;
      await Promise.all([...consumers.keys()].map(cancel));
      closing = true;
      clearTimeout(redeclareTimer);
      current = undefined;
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('RabbitMQ transport is closed'));
      await (await connecting).close();
    },
  };
}
