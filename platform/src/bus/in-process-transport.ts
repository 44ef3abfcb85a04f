import type { EventEnvelope } from '@edicola/contracts';
import { toError } from './delivery-error';
import { decideAfterFailure } from './retry-decision';
import type { DeadLetterHandler, DeliveryHandler, RetryPolicy, Transport } from './types';

interface Subscription {
  service: string;
  types: Set<string>;
  handler: DeliveryHandler;
  policy: RetryPolicy;
  onDeadLetter: DeadLetterHandler;
  cancelled: boolean;
  deliveries: Set<Promise<void>>;
  /** Retry timers waiting to fire, with the rejection that abandons them. */
  waits: Map<NodeJS.Timeout, (error: Error) => void>;
}

/**
 * The bus of the all-in-one process: one object shared by every service in it. It routes an event to every service
 * that consumes its type, retries a failing handler after the policy's delays, then dead-letters it. publish()
 * resolves only when every subscriber is done, so an event whose delivery a crash interrupted is still unpublished in
 * the outbox and is delivered again after the restart.
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

  function wait(subscription: Subscription, delayMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (subscription.cancelled) {
        reject(new Error(`${subscription.service} stopped consuming`));
        return;
      }
      const timer = setTimeout(() => {
        subscription.waits.delete(timer);
        resolve();
      }, delayMs);
      subscription.waits.set(timer, reject);
    });
  }

  async function deliver(
    subscription: Subscription,
    envelope: EventEnvelope,
    handedOver: number,
  ): Promise<void> {
    const { policy } = subscription;
    // No broker counts redeliveries here: the outbox does. An event handed over again and again was interrupted
    // by a crash each time (a handler that takes the process down): park it instead of crashing forever.
    if (handedOver > HANDOVER_LIMIT) {
      const copy = JSON.parse(JSON.stringify(envelope)) as EventEnvelope;
      const reason = `delivery limit: handed over ${handedOver} times, at most ${HANDOVER_LIMIT} allowed`;
      await subscription.onDeadLetter(copy, new Error(reason), handedOver, reason);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      if (subscription.cancelled) throw new Error(`${subscription.service} stopped consuming`);
      // Every subscriber gets its own copy, as it would from a broker.
      const copy = JSON.parse(JSON.stringify(envelope)) as EventEnvelope;
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
        await wait(subscription, decision.delayMs);
      }
    }
  }

  function track(subscription: Subscription, envelope: EventEnvelope, handedOver: number): Promise<void> {
    const delivery = deliver(subscription, envelope, handedOver);
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
    for (const [timer, reject] of subscription.waits) {
      clearTimeout(timer);
      reject(new Error(`${service} stopped consuming`));
    }
    subscription.waits.clear();
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
      await Promise.all(
        targets.map((subscription) => track(subscription, envelope, options.handedOver ?? 1)),
      );
    },

    async publishTo(service, envelope, options = {}) {
      if (closed) throw new Error('in-process transport is closed');
      if (!open) throw new Error('in-process transport is not open yet');
      const subscription = subscriptions.get(service);
      if (!subscription) throw new Error(`${service} is not consuming in this process`);
      await track(subscription, envelope, options.handedOver ?? 1);
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
        waits: new Map(),
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
