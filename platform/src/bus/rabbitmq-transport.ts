import type { EventEnvelope } from '@edicola/contracts';
import {
  connect,
  type Channel,
  type ChannelModel,
  type ConfirmChannel,
  type ConsumeMessage,
  type Options,
} from 'amqplib';
import type { Logger } from '../logger';
import { PermanentDeliveryError, isPermanentDeliveryError, toError } from './delivery-error';
import type { DeadLetterHandler, DeliveryHandler, RetryPolicy, Transport } from './types';

export interface RabbitTransportOptions {
  /** amqp://user:pass@host:port/vhost; a `heartbeat` of 15 s is added unless the URL sets one. */
  url: string;
  /** The durable topic exchange every event is published to. Default 'edicola.events'. */
  exchange?: string;
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

export const retryQueueName = (service: string, delayMs: number) => `${service}.retry.${delayMs}`;
export const deadLetterQueueName = (service: string) => `${service}.dlq`;

interface Consumer {
  service: string;
  types: string[];
  handler: DeliveryHandler;
  policy: RetryPolicy;
  onDeadLetter: DeadLetterHandler;
  cancelled: boolean;
  channel?: Channel;
  consumerTag?: string;
  active: Set<Promise<void>>;
}

interface Connection {
  model: ChannelModel;
  publisher: ConfirmChannel;
}

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
  const exchange = options.exchange ?? 'edicola.events';
  const prefetch = options.prefetch ?? 10;
  const consumers = new Map<string, Consumer>();
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

  async function startConsumer(model: ChannelModel, consumer: Consumer): Promise<void> {
    const channel = await model.createChannel();
    try {
      const queue = consumer.service;
      await channel.prefetch(prefetch);
      await channel.assertQueue(queue, { durable: true });
      for (const type of consumer.types) await channel.bindQueue(queue, exchange, type);
      for (const delayMs of new Set(consumer.policy.delaysMs)) {
        await channel.assertQueue(retryQueueName(queue, delayMs), {
          durable: true,
          arguments: {
            'x-message-ttl': delayMs,
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': queue,
          },
        });
      }
      await channel.assertQueue(deadLetterQueueName(queue), { durable: true });
      const { consumerTag } = await channel.consume(queue, (message) => receive(consumer, channel, message), {
        noAck: false,
      });
      consumer.channel = channel;
      consumer.consumerTag = consumerTag;
      watch(model, channel, queue, () => consumer.cancelled || consumer.channel !== channel);
    } catch (err) {
      await channel.close().catch(() => undefined);
      throw err;
    }
  }

  async function setup(model: ChannelModel): Promise<void> {
    // Connection errors are logged through the recovering connection; this only keeps one during setup from throwing.
    model.on('error', () => undefined);
    const publisher = await model.createConfirmChannel();
    await publisher.assertExchange(exchange, 'topic', { durable: true });
    for (const consumer of consumers.values()) await startConsumer(model, consumer);
    watch(model, publisher, 'publisher', () => current?.publisher !== publisher);
    model.once('close', () => {
      if (current?.model === model) current = undefined;
    });
    current = { model, publisher };
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
    const attempt = Math.max(1, Number(message.properties.headers?.[ATTEMPT_HEADER] ?? 1) || 1);
    let envelope: EventEnvelope;
    let error: Error;
    try {
      envelope = JSON.parse(message.content.toString('utf8')) as EventEnvelope;
    } catch {
      envelope = {
        id: message.properties.messageId,
        type: eventTypeOf(message),
        data: message.content.toString('utf8'),
      } as unknown as EventEnvelope;
      await deadLetter(consumer, channel, message, envelope, new PermanentDeliveryError('not JSON'), attempt);
      return;
    }
    try {
      await consumer.handler(envelope, attempt);
      acknowledge(channel, message);
      return;
    } catch (err) {
      error = toError(err);
    }
    const delayMs = consumer.policy.delaysMs[attempt - 1];
    if (delayMs === undefined || isPermanentDeliveryError(error)) {
      await deadLetter(consumer, channel, message, envelope, error, attempt);
      return;
    }
    await send(retryQueueName(consumer.service, delayMs), message, { [ATTEMPT_HEADER]: attempt + 1 });
    acknowledge(channel, message);
  }

  async function deadLetter(
    consumer: Consumer,
    channel: Channel,
    message: ConsumeMessage,
    envelope: EventEnvelope,
    error: Error,
    attempts: number,
  ): Promise<void> {
    try {
      await consumer.onDeadLetter(envelope, error, attempts);
    } catch (err) {
      // Without the record the message must not disappear: hand it back after a pause (the database may be down).
      logger.error({ err, queue: consumer.service }, 'could not record dead letter; requeueing');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (!consumer.cancelled) reject(channel, message);
      return;
    }
    await send(deadLetterQueueName(consumer.service), message, {
      [ATTEMPT_HEADER]: attempts,
      'x-error': error.message.slice(0, 1000),
      'x-event-type': eventTypeOf(message),
    });
    acknowledge(channel, message);
  }

  /** Sends a copy of `message` straight to `queue` and resolves on the broker's confirm. */
  function send(queue: string, message: ConsumeMessage, headers: Record<string, unknown>): Promise<void> {
    const { properties } = message;
    return confirmPublish('', queue, message.content, {
      persistent: true,
      messageId: properties.messageId as string | undefined,
      correlationId: properties.correlationId as string | undefined,
      contentType: properties.contentType as string | undefined,
      type: properties.type as string | undefined,
      appId: properties.appId as string | undefined,
      timestamp: properties.timestamp as number | undefined,
      headers: { ...properties.headers, ...headers },
    });
  }

  function confirmPublish(
    target: string,
    routingKey: string,
    content: Buffer,
    publishOptions: Options.Publish,
  ): Promise<void> {
    const publisher = current?.publisher;
    if (closing || !publisher) return Promise.reject(new Error('RabbitMQ is not connected'));
    return new Promise((resolve, rejectPublish) => {
      try {
        publisher.publish(target, routingKey, content, publishOptions, (err: unknown) =>
          err ? rejectPublish(toError(err)) : resolve(),
        );
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
      return confirmPublish(exchange, envelope.type, Buffer.from(JSON.stringify(envelope)), {
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
        active: new Set(),
      };
      consumers.set(service, consumer);
      // While disconnected, the next `setup` starts it.
      if (!current) return;
      try {
        await startConsumer(current.model, consumer);
      } catch (err) {
        consumers.delete(service);
        throw err;
      }
    },

    cancel,

    healthy() {
      return !closing && current !== undefined;
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
      current = undefined;
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('RabbitMQ transport is closed'));
      await (await connecting).close();
    },
  };
}
