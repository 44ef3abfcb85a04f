import type { Event, EventData, EventEnvelope, EventType } from '@edicola/contracts';
import type { Db } from '../db';

/** Retry policy of a consumer: one delay per retry, then the event is dead-lettered. */
export interface RetryPolicy {
  /** e.g. [1000, 5000, 30000]: attempt 1 fails → wait 1 s, … ; after the last delay's attempt fails → dead letter. */
  delaysMs: number[];
}

/** What a handler gets beside the event and its transaction. */
export interface HandlerTools {
  /** Runs `fn` once the handler's transaction committed: never after a rollback, never for a duplicate delivery
   * (the handler does not run then). Side effects that must not precede the commit go here (cache invalidation,
   * e-mails, provider calls). A failing callback is logged; the event stays handled. */
  afterCommit(fn: () => void | Promise<void>): void;
}

export type EventHandler<T extends EventType = EventType> = (
  event: Event<T>,
  tx: Db,
  tools: HandlerTools,
) => Promise<void>;

/** 'ok': connected, every queue declared and every consumer running. 'degraded': connected and publishing, but some
 * of the topology or a consumer failed (see the logs). 'down': cannot publish now (the outbox keeps the events). */
export type BusState = 'ok' | 'degraded' | 'down';

/** A consumer's callback as the transport sees it: resolve = ack, reject = retry or dead-letter (at once when the
 * error is a PermanentDeliveryError). `attempt` starts at 1. */
export type DeliveryHandler = (envelope: EventEnvelope, attempt: number) => Promise<void>;

/** Records an event a consumer gave up on; the transport acknowledges the message only after it resolved. */
export type DeadLetterHandler = (
  envelope: EventEnvelope,
  error: Error,
  attempts: number,
  reason: string,
) => Promise<void>;

export interface PublishOptions {
  /** How many times the outbox has handed this event over, this time included. In process, publishing is the
   * delivery: a count that keeps growing means each delivery took the process down before it finished. */
  handedOver?: number;
  /**
   * In process only: stores a consumer's retry durably (an outbox row addressed to `service`, due in `delayMs`, its
   * `attempt` so far), so that the publish need not wait for it. Without it a failing consumer fails the publish.
   */
  defer?(service: string, delayMs: number, attempt: number): Promise<void>;
}

export interface Transport {
  readonly kind: 'in-process' | 'rabbitmq';
  /** Resolves once the transport has taken responsibility for the event (broker confirm, or — in process — every
   * subscriber has handled or dead-lettered it). Rejects if it could not. */
  publish(envelope: EventEnvelope, options?: PublishOptions): Promise<void>;
  /** Publishes to one consuming service only (a replayed dead letter), whatever else subscribes to the type. */
  publishTo(service: string, envelope: EventEnvelope, options?: PublishOptions): Promise<void>;
  /** Starts delivering the given event types to `service`'s handler, with retries then dead-lettering. */
  consume(
    service: string,
    types: string[],
    handler: DeliveryHandler,
    policy: RetryPolicy,
    onDeadLetter: DeadLetterHandler,
  ): Promise<void>;
  /** Stops delivering to `service` and waits for its deliveries in progress. Pending retries stay where they wait
   * (RabbitMQ's retry queues; in process, the publisher's outbox) and are delivered once it consumes again. */
  cancel(service: string): Promise<void>;
  /** True while connected / able to publish. */
  healthy(): boolean;
  state(): BusState;
  /** Whoever created the transport closes it, after stopping the buses that use it. */
  close(): Promise<void>;
}

export interface EventBus {
  /** Writes the event into the outbox inside `tx` (the caller's transaction); the relay is woken once it commits
   * and publishes it (docs/decisions/0038-unit-of-work.md). */
  emit<T extends EventType>(tx: Db, type: T, data: EventData<T>): Promise<Event<T>>;
  /** This service's one handler for a type. It runs in a transaction together with the processed-event mark. */
  on<T extends EventType>(type: T, handler: EventHandler<T>): void;
  /** Starts the consumers, then the outbox relay. */
  start(): Promise<void>;
  /** Stops the relay and this service's consumers, waiting (bounded) for work in progress. Leaves the transport open. */
  stop(): Promise<void>;
  /** Asks the relay to look at the outbox now. A commit that emitted events does so by itself: services never call it
   * (a test that restarts a consumer may). */
  wake(): void;
  healthy(): boolean;
  /** For the health answer: 'degraded' and 'down' do not make the service unready (the outbox holds events). */
  state(): BusState;
}
