import type { EventEnvelope } from '@edicola/contracts';
import { toError } from './delivery-error';
import { decideAfterFailure, decideBeforeDelivery } from './retry-decision';
import type { DeadLetterHandler, DeliveryHandler, PublishOptions, RetryPolicy, Transport } from './types';

interface Subscription {
  service: string;
  types: Set<string>;
  handler: DeliveryHandler;
  policy: RetryPolicy;
  onDeadLetter: DeadLetterHandler;
  cancelled: boolean;
  deliveries: Set<Promise<void>>;
}

/**
 * The bus of the all-in-one process: one object shared by every service in it. It routes an event to every service
 * that consumes its type, and publish() resolves once each of them handled it, dead-lettered it, or — when its
 * handler failed — once its retry is scheduled through `options.defer` (the relay writes it into the outbox, addressed
 * to that consumer alone, due after the policy's delay). Retries belong to the consumer, as RabbitMQ's retry queues:
 * a failing consumer holds back neither the publisher's later events nor the other consumers. An event whose delivery
 * a crash interrupted is still unpublished in the outbox and is delivered again after the restart.
 */
export interface InProcessTransport extends Transport {
  /** Lets a held transport carry events. */
  open(): void;
}

/**
 * `held`: the transport reports itself unhealthy, so no relay publishes, until open() is called. The
 * all-in-one process opens it once every service has registered its consumers: an event published to a
 * type nobody consumes yet would otherwise be dropped, as there are no durable queues in process.
 */
/** Hand-overs of one event (each one interrupted) before it is parked; RabbitMQ's x-delivery-limit is the twin. */
export const HANDOVER_LIMIT = 10;

export function createInProcessTransport(options: { held?: boolean } = {}): InProcessTransport {
  const subscriptions = new Map<string, Subscription>();
  let closed = false;
  let open = !options.held;

  /**
   * One attempt. `attempt` is 1 for an event published to every subscriber; a delivery addressed to one consumer
   * (its retry, or a replayed dead letter) counts the outbox's hand-overs as attempts, as RabbitMQ counts
   * redeliveries, so that one whose handler takes the process down each time is parked by the policy.
   */
  async function deliver(
    subscription: Subscription,
    envelope: EventEnvelope,
    attempt: number,
    handedOver: number,
    publish: PublishOptions,
  ): Promise<void> {
    const { policy } = subscription;
    // Every subscriber gets its own copy, as it would from a broker.
    const copy = JSON.parse(JSON.stringify(envelope)) as EventEnvelope;
    // No broker counts redeliveries here: the outbox does. An event handed over again and again was interrupted
    // by a crash each time (a handler that takes the process down): park it instead of crashing forever.
    if (handedOver > HANDOVER_LIMIT) {
      const reason = `delivery limit: handed over ${handedOver} times, at most ${HANDOVER_LIMIT} allowed`;
      await subscription.onDeadLetter(copy, new Error(reason), handedOver, reason);
      return;
    }
    const before = decideBeforeDelivery(policy, attempt);
    if (before.action === 'dead-letter') {
      await subscription.onDeadLetter(copy, new Error(before.reason), attempt, before.reason);
      return;
    }
    if (subscription.cancelled) throw new Error(`${subscription.service} stopped consuming`);
    try {
      await subscription.handler(copy, attempt);
      return;
    } catch (err) {
      const error = toError(err);
      const decision = decideAfterFailure(policy, attempt, error);
      if (decision.action === 'dead-letter') {
        await subscription.onDeadLetter(copy, error, attempt, decision.reason);
        return;
      }
      // Without a durable place for the retry, the publish fails and its outbox row is handed over again.
      if (!publish.defer) throw error;
      await publish.defer(subscription.service, decision.delayMs, attempt);
    }
  }

  function track(
    subscription: Subscription,
    envelope: EventEnvelope,
    attempt: number,
    options: PublishOptions,
  ): Promise<void> {
    const delivery = deliver(subscription, envelope, attempt, options.handedOver ?? 1, options);
    subscription.deliveries.add(delivery);
    const forget = () => subscription.deliveries.delete(delivery);
    delivery.then(forget, forget);
    return delivery;
  }

  async function cancel(service: string): Promise<void> {
    const subscription = subscriptions.get(service);
    if (!subscription) return;
    subscriptions.delete(service);
    subscription.cancelled = true;
    await Promise.allSettled(subscription.deliveries);
  }

  return {
    kind: 'in-process',

    async publish(envelope, options = {}) {
      if (closed) throw new Error('in-process transport is closed');
      if (!open) throw new Error('in-process transport is not open yet');
      const targets = [...subscriptions.values()].filter((s) => s.types.has(envelope.type));
      // As RabbitMQ returns an unroutable mandatory message: nobody to deliver to is a failed publish, and the outbox
      // keeps the event until its consumer runs.
      if (targets.length === 0) throw new Error(`no consumer for ${envelope.type} in this process`);
      await Promise.all(targets.map((subscription) => track(subscription, envelope, 1, options)));
    },

    async publishTo(service, envelope, options = {}) {
      if (closed) throw new Error('in-process transport is closed');
      if (!open) throw new Error('in-process transport is not open yet');
      const subscription = subscriptions.get(service);
      if (!subscription) throw new Error(`${service} is not consuming in this process`);
      // Addressed to one consumer: its hand-overs are its attempts (see deliver).
      const attempt = Math.max(1, options.handedOver ?? 1);
      await track(subscription, envelope, attempt, { ...options, handedOver: 1 });
    },

    async consume(service, types, handler, policy, onDeadLetter) {
      if (closed) throw new Error('in-process transport is closed');
      if (subscriptions.has(service)) throw new Error(`${service} is already consuming`);
      subscriptions.set(service, {
        service,
        types: new Set(types),
        handler,
        policy,
        onDeadLetter,
        cancelled: false,
        deliveries: new Set(),
      });
    },

    cancel,

    healthy() {
      return open && !closed;
    },

    state() {
      return open && !closed ? 'ok' : 'down';
    },

    open() {
      open = true;
    },

    async close() {
      closed = true;
      await Promise.all([...subscriptions.keys()].map(cancel));
    },
  };
}
