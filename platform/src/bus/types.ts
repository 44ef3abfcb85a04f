import type { Event, EventData, EventEnvelope, EventType } from '@edicola/contracts';
import type { Db } from '../db';

/** Retry policy of a consumer: one delay per retry, then the event is dead-lettered. */
export interface RetryPolicy {
  /** e.g. [1000, 5000, 30000]: attempt 1 fails → wait 1 s, … ; after the last delay's attempt fails → dead letter. */
  delaysMs: number[];
}

export type EventHandler<T extends EventType = EventType> = (event: Event<T>, tx: Db) => Promise<void>;

/** A consumer's callback as the transport sees it: resolve = ack, reject = retry or dead-letter (at once when the
 * error is a PermanentDeliveryError). `attempt` starts at 1. */
export type DeliveryHandler = (envelope: EventEnvelope, attempt: number) => Promise<void>;

/** Records an event a consumer gave up on; the transport acknowledges the message only after it resolved. */
export type DeadLetterHandler = (envelope: EventEnvelope, error: Error, attempts: number) => Promise<void>;

export interface Transport {
  readonly kind: 'in-process' | 'rabbitmq';
  /** Resolves once the transport has taken responsibility for the event (broker confirm, or — in process — every
   * subscriber has handled or dead-lettered it). Rejects if it could not. */
  publish(envelope: EventEnvelope): Promise<void>;
  /** Starts delivering the given event types to `service`'s handler, with retries then dead-lettering. */
  consume(
    service: string,
    types: string[],
    handler: DeliveryHandler,
    policy: RetryPolicy,
    onDeadLetter: DeadLetterHandler,
  ): Promise<void>;
  /** Stops delivering to `service` and waits for its deliveries in progress; a pending retry is abandoned (the
   * in-process transport then rejects the publish, RabbitMQ keeps the message in its durable queues). */
  cancel(service: string): Promise<void>;
  /** True while connected / able to publish. */
  healthy(): boolean;
  /** Whoever created the transport closes it, after stopping the buses that use it. */
  close(): Promise<void>;
}

export interface EventBus {
  /** Writes the event into the outbox inside `tx` (the caller's transaction); the relay publishes it after commit. */
  emit<T extends EventType>(tx: Db, type: T, data: EventData<T>): Promise<Event<T>>;
  /** This service's one handler for a type. It runs in a transaction together with the processed-event mark. */
  on<T extends EventType>(type: T, handler: EventHandler<T>): void;
  /** Starts the consumers, then the outbox relay. */
  start(): Promise<void>;
  /** Stops the relay and this service's consumers, waiting (bounded) for work in progress. Leaves the transport open. */
  stop(): Promise<void>;
  /** Asks the relay to look at the outbox now (call after a commit that emitted events). */
  wake(): void;
  healthy(): boolean;
}
