import { randomUUID } from 'node:crypto';
import {
  isEventType,
  parseEvent,
  type Event,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@edicola/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createEvent } from './envelope';
import { runWithContext } from '../context';
import { eventCreated, eventProcess } from '../telemetry/trace';
import type { Database, Db } from '../db';
import { afterCommit } from '../unit-of-work';
import type { Logger } from '../logger';
import { PermanentDeliveryError, toError } from './delivery-error';
import { permanentReason } from './retry-decision';
import { createOutboxRelay } from './outbox-relay';
import { settleWithin } from './settle-within';
import type { BusTables } from './tables';
import type { EventBus, EventHandler, RetryPolicy, Transport } from './types';

/** A copy PostgreSQL can store: every NUL character (jsonb refuses \u0000) replaced by U+FFFD. */
export function sanitised(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null).replaceAll('\\u0000', '\\ufffd')) as unknown;
}

const cleanText = (text: string) => text.replaceAll('\u0000', '\ufffd');

export interface EventBusOptions {
  /** Name of the service: the `source` of its events and the name of its queue. */
  service: string;
  database: Database;
  /** The bus tables in the service's own schema (`busTables(schema)`). */
  tables: BusTables;
  transport: Transport;
  logger: Logger;
  /** How this service's consumers retry a failing handler before dead-lettering the event. */
  retry: RetryPolicy;
  /** Outbox polling interval. Default 250 ms. */
  relayIntervalMs?: number;
  /** Most outbox rows published at once. Default 50. */
  relayBatchSize?: number;
  /** How long a relay owns a claimed outbox row before another replica may publish it again (renewed while it
   * publishes). Default 15 s. */
  relayLeaseMs?: number;
  /** How long stop() waits for publishes and handlers in progress. Default 10 s. */
  stopTimeoutMs?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createEventBus(options: EventBusOptions): EventBus {
  const { service, database, tables, transport, logger, retry } = options;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const handlers = new Map<EventType, EventHandler>();
  const relay = createOutboxRelay({
    service,
    database,
    outbox: tables.outbox,
    transport,
    logger,
    intervalMs: options.relayIntervalMs,
    batchSize: options.relayBatchSize,
    leaseMs: options.relayLeaseMs,
  });
  const wakeRelay = () => relay.wake();
  let started = false;
  let consuming = false;

  /** One delivery, traced (when tracing is on) as a child of the request that emitted the event. */
  function deliver(envelope: EventEnvelope, attempt: number): Promise<void> {
    return eventProcess(service, transport.kind, envelope, attempt, () => handle(envelope, attempt));
  }

  async function handle(envelope: EventEnvelope, attempt: number): Promise<void> {
    let event: Event;
    try {
      event = parseEvent(envelope);
    } catch (err) {
      const reason = err instanceof z.ZodError ? z.prettifyError(err) : toError(err).message;
      throw new PermanentDeliveryError(`invalid event: ${reason}`, { cause: err });
    }
    const handler = handlers.get(event.type);
    if (!handler) throw new PermanentDeliveryError(`${service} has no handler for ${event.type}`);
    await runWithContext({ correlationId: event.correlation_id }, async () => {
      const fields = { event_id: event.id, type: event.type, attempt };
      let callbacks: (() => void | Promise<void>)[] = [];
      try {
        const handled = await database.db.transaction(async (tx) => {
          callbacks = [];
          const marked = await tx
            .insert(tables.processedEvents)
            .values({ eventId: event.id, type: event.type })
            .onConflictDoNothing()
            .returning({ eventId: tables.processedEvents.eventId });
          if (marked.length === 0) return false;
          await handler(event, tx, { afterCommit: (fn) => void callbacks.push(fn) });
          return true;
        });
        logger.debug(fields, handled ? 'event handled' : 'event already processed, skipped');
        if (!handled) return;
      } catch (err) {
        logger.warn({ ...fields, err }, 'event handler failed');
        throw err;
      }
      for (const callback of callbacks) {
        try {
          await callback();
        } catch (err) {
          logger.error({ ...fields, err }, 'after-commit callback failed');
        }
      }
    });
  }

  async function deadLetter(
    envelope: EventEnvelope,
    error: Error,
    attempts: number,
    reason: string,
  ): Promise<void> {
    // The envelope may be anything a broker handed over; keep what identifies it and never fail on its shape.
    const raw = (typeof envelope === 'object' && envelope !== null ? envelope : {}) as Partial<EventEnvelope>;
    const eventId = typeof raw.id === 'string' && UUID.test(raw.id) ? raw.id : randomUUID();
    const type = typeof raw.type === 'string' && raw.type.length > 0 ? cleanText(raw.type) : 'unknown';
    let message = cleanText(error.message);
    // A message redelivered after its handler committed (the process died before the acknowledgement) is done,
    // not dead: parking it would ask an operator to replay what already took effect.
    if (UUID.test(String(raw.id))) {
      const done = await database.db
        .select({ eventId: tables.processedEvents.eventId })
        .from(tables.processedEvents)
        .where(eq(tables.processedEvents.eventId, eventId));
      if (done.length > 0) {
        logger.info({ event_id: eventId, type, attempts, reason }, 'event already processed, not parked');
        return;
      }
    }
    const record = (stored: unknown) =>
      database.db
        .insert(tables.deadLetters)
        .values({ eventId, type, envelope: stored, error: message, attempts })
        .onConflictDoUpdate({
          target: tables.deadLetters.eventId,
          set: { envelope: stored, error: message, attempts, createdAt: sql`now()`, replayedAt: null },
        });
    try {
      await record(envelope ?? null);
    } catch (err) {
      // The content itself is what the database refuses (a NUL byte): keep a copy it can store instead.
      if (!permanentReason(err)) throw err;
      message = `${message} (stored sanitised: NUL characters replaced by U+FFFD)`;
      await record(sanitised(envelope));
    }
    const context = { correlationId: typeof raw.correlation_id === 'string' ? raw.correlation_id : eventId };
    runWithContext(context, () =>
      logger.warn(
        // The service's logger carries `service` on every line.
        { event_id: eventId, type, attempts, reason, err: error },
        'event parked in dead letters',
      ),
    );
  }

  return {
    async emit<T extends EventType>(tx: Db, type: T, data: EventData<T>): Promise<Event<T>> {
      const event = createEvent(service, type, data);
      // The emitting request's trace context travels in the envelope, so it is stored with the outbox row.
      Object.assign(event, eventCreated(service, event));
      await tx
        .insert(tables.outbox)
        .values({ id: event.id, type, envelope: event, createdAt: new Date(event.occurred_at) });
      afterCommit(wakeRelay);
      return event;
    },

    on<T extends EventType>(type: T, handler: EventHandler<T>): void {
      if (started) throw new Error(`${service}: register event handlers before start()`);
      if (!isEventType(type)) throw new Error(`unknown event type ${String(type)}`);
      if (handlers.has(type)) throw new Error(`${service} already handles ${type}`);
      handlers.set(type, handler as unknown as EventHandler);
    },

    async start() {
      if (started) return;
      started = true;
      if (handlers.size > 0) {
        await transport.consume(service, [...handlers.keys()], deliver, retry, deadLetter);
        consuming = true;
      }
      relay.start();
    },

    async stop() {
      if (!started) return;
      started = false;
      const stopConsuming = async () => {
        if (!consuming) return;
        consuming = false;
        const done = await settleWithin(stopTimeoutMs, () => transport.cancel(service));
        if (!done) logger.warn('event consumers did not stop in time');
      };
      await Promise.all([relay.stop(stopTimeoutMs), stopConsuming()]);
    },

    wake: wakeRelay,

    healthy() {
      return transport.healthy();
    },

    state() {
      return transport.state();
    },
  };
}
