import { randomUUID } from 'node:crypto';
import {
  isEventType,
  parseEvent,
  type Event,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@edicola/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createEvent } from './envelope';
import { runWithContext } from '../context';
import type { Database, Db } from '../db';
import type { Logger } from '../logger';
import { PermanentDeliveryError, toError } from './delivery-error';
import { createOutboxRelay } from './outbox-relay';
import { settleWithin } from './settle-within';
import type { BusTables } from './tables';
import type { EventBus, EventHandler, RetryPolicy, Transport } from './types';

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
  /** How long a relay owns a claimed outbox row before another replica may publish it again. Default 60 s. */
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
    database,
    outbox: tables.outbox,
    transport,
    logger,
    intervalMs: options.relayIntervalMs,
    batchSize: options.relayBatchSize,
    leaseMs: options.relayLeaseMs,
  });
  let started = false;
  let consuming = false;

  async function deliver(envelope: EventEnvelope, attempt: number): Promise<void> {
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
      try {
        const handled = await database.db.transaction(async (tx) => {
          const marked = await tx
            .insert(tables.processedEvents)
            .values({ eventId: event.id, type: event.type })
            .onConflictDoNothing()
            .returning({ eventId: tables.processedEvents.eventId });
          if (marked.length === 0) return false;
          await handler(event, tx);
          return true;
        });
        logger.debug(fields, handled ? 'event handled' : 'event already processed, skipped');
      } catch (err) {
        logger.warn({ ...fields, err }, 'event handler failed');
        throw err;
      }
    });
  }

  async function deadLetter(envelope: EventEnvelope, error: Error, attempts: number): Promise<void> {
    // The envelope may be anything a broker handed over; keep what identifies it and never fail on its shape.
    const raw = (typeof envelope === 'object' && envelope !== null ? envelope : {}) as Partial<EventEnvelope>;
    const eventId = typeof raw.id === 'string' && UUID.test(raw.id) ? raw.id : randomUUID();
    const type = typeof raw.type === 'string' && raw.type.length > 0 ? raw.type : 'unknown';
    const stored = envelope ?? null;
    await database.db
      .insert(tables.deadLetters)
      .values({ eventId, type, envelope: stored, error: error.message, attempts })
      .onConflictDoUpdate({
        target: tables.deadLetters.eventId,
        set: { envelope: stored, error: error.message, attempts, createdAt: sql`now()` },
      });
    const context = { correlationId: typeof raw.correlation_id === 'string' ? raw.correlation_id : eventId };
    runWithContext(context, () =>
      logger.error({ event_id: eventId, type, attempts, err: error }, 'event dead-lettered'),
    );
  }

  return {
    async emit<T extends EventType>(tx: Db, type: T, data: EventData<T>): Promise<Event<T>> {
      const event = createEvent(service, type, data);
      await tx
        .insert(tables.outbox)
        .values({ id: event.id, type, envelope: event, createdAt: new Date(event.occurred_at) });
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

    wake() {
      relay.wake();
    },

    healthy() {
      return transport.healthy();
    },
  };
}
