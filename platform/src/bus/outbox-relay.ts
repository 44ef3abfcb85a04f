import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@edicola/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { detached, eventSend } from '../telemetry/trace';
import { toError } from './delivery-error';
import { settleWithin } from './settle-within';
import type { BusTables } from './tables';
import type { Transport } from './types';

/** A killed relay's rows are published again this long after; renewed every third of it while publishing. */
export const DEFAULT_RELAY_LEASE_MS = 15_000;

export interface OutboxRelayOptions {
  /** The publishing service (names its spans when tracing is on). */
  service?: string;
  database: Database;
  outbox: BusTables['outbox'];
  transport: Transport;
  logger: Logger;
  /** Pause between polls when there is nothing to do. Default 250 ms. */
  intervalMs?: number;
  /** Most rows published at once (claimed per poll). Default 50. */
  batchSize?: number;
  /**
   * How long a claimed row belongs to this relay; after that another replica (or this service restarted) publishes
   * it again. Renewed every third of it while the publish runs, so only a relay that died loses its rows. Default
   * 15 s.
   */
  leaseMs?: number;
  /** Ceiling of the back-off between failed publishes of one row. Default 30 s. */
  maxBackoffMs?: number;
}

export interface OutboxRelay {
  start(): void;
  wake(): void;
  /** Stops polling and waits for the publishes in flight; after `timeoutMs` it gives up on them and releases their
   * rows, which are then published again (at-least-once). */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Publishes committed outbox rows, oldest first. Every publish runs on its own, so one slow event (the in-process
 * transport resolves only once every subscriber is done) does not hold back the others. Rows are claimed with a
 * lease written under `for update skip locked`, so several replicas on one database never pick the same row while
 * its lease runs.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { database, outbox, transport, logger } = options;
  const publisher = options.service ?? 'outbox-relay';
  const intervalMs = options.intervalMs ?? 250;
  const batchSize = options.batchSize ?? 50;
  const leaseMs = Math.max(1, Math.round(options.leaseMs ?? DEFAULT_RELAY_LEASE_MS));
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let renewal: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let wakeRequested = false;
  let backlog = false;
  const inFlight = new Map<string, Promise<void>>();
  let marking: { ids: string[]; done: Promise<void> } | undefined;

  function schedule(delayMs: number): void {
    if (!running) return;
    clearTimeout(timer);
    // Polls belong to no request's trace, whichever request's commit woke the relay.
    timer = setTimeout(() => detached(run), delayMs);
    timer.unref();
  }

  function run(): void {
    timer = undefined;
    if (!running) return;
    if (ticking) {
      wakeRequested = true;
      return;
    }
    wakeRequested = false;
    ticking = tick()
      .catch((err: unknown) => logger.error({ err }, 'outbox relay poll failed'))
      .finally(() => {
        ticking = undefined;
        schedule(wakeRequested ? 0 : intervalMs);
      });
  }

  async function tick(): Promise<void> {
    // A disconnected transport would only reject: leave the rows alone until it is back.
    if (!transport.healthy()) return;
    const capacity = batchSize - inFlight.size;
    if (capacity <= 0) {
      backlog = true;
      return;
    }
    const rows = await claim(capacity);
    backlog = rows.length === capacity;
    for (const row of rows) {
      const publishing = publish(row.id, row.envelope as EventEnvelope, row.attempts, row.target).finally(
        () => {
          inFlight.delete(row.id);
          if (backlog && running) wake();
        },
      );
      inFlight.set(row.id, publishing);
    }
  }

  async function claim(limit: number) {
    const busy = [...inFlight.keys()];
    const candidates = database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.publishedAt),
          or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
          busy.length > 0 ? notInArray(outbox.id, busy) : undefined,
        ),
      )
      .orderBy(asc(outbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await database.db
      .update(outbox)
      .set({
        lockedUntil: sql`now() + ${leaseMs}::integer * interval '1 millisecond'`,
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(inArray(outbox.id, candidates))
      .returning({
        id: outbox.id,
        envelope: outbox.envelope,
        createdAt: outbox.createdAt,
        attempts: outbox.attempts,
        target: outbox.target,
      });
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async function publish(
    id: string,
    envelope: EventEnvelope,
    attempts: number,
    target: string | null,
  ): Promise<void> {
    try {
      const options = {
        handedOver: attempts,
        defer: (service: string, delayMs: number, attempt: number) =>
          deferRetry(envelope, service, delayMs, attempt),
      };
      await eventSend(publisher, transport.kind, envelope, () =>
        target ? transport.publishTo(target, envelope, options) : transport.publish(envelope, options),
      );
    } catch (err) {
      const error = toError(err);
      const backoffMs = Math.min(maxBackoffMs, intervalMs * 2 ** Math.min(attempts - 1, 16));
      logger.warn(
        { err: error, event_id: id, type: envelope.type, attempts },
        'event publish failed, will retry',
      );
      await database.db
        .update(outbox)
        .set({
          lastError: error.message,
          lockedUntil: sql`now() + ${Math.round(backoffMs)}::integer * interval '1 millisecond'`,
        })
        .where(eq(outbox.id, id))
        .catch((dbErr: unknown) =>
          logger.error({ err: dbErr, event_id: id }, 'could not record publish failure'),
        );
      return;
    }
    await markPublished(id);
  }

  /**
   * Marks a published row, together with the others published in the same turn of the event loop (a burst of
   * broker confirms): one UPDATE for many events under load instead of one each.
   */
  function markPublished(id: string): Promise<void> {
    if (!marking) {
      const batch = { ids: [] as string[], done: Promise.resolve() };
      batch.done = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        marking = undefined;
        await database.db
          .update(outbox)
          .set({ publishedAt: sql`now()`, lockedUntil: null, lastError: null })
          .where(inArray(outbox.id, batch.ids))
          // Left unmarked, a row is published again when its lease ends: a duplicate the consumers absorb.
          .catch((dbErr: unknown) =>
            logger.error({ err: dbErr, event_ids: batch.ids }, 'could not mark events published'),
          );
      });
      marking = batch;
    }
    marking.ids.push(id);
    return marking.done;
  }

  /**
   * A consumer's retry (in process): a row of this outbox addressed to that consumer alone, due after the delay. Its
   * `attempts` carry the consumer's attempts so far, so the next hand-over is its next attempt.
   */
  async function deferRetry(envelope: EventEnvelope, service: string, delayMs: number, attempt: number) {
    await database.db.insert(outbox).values({
      id: randomUUID(),
      type: envelope.type,
      envelope,
      target: service,
      attempts: attempt,
      lockedUntil: sql`now() + ${Math.round(delayMs)}::integer * interval '1 millisecond'`,
    });
    setTimeout(wake, delayMs).unref();
  }

  /** Keeps the leases of the rows being published now (an in-process publish lasts as long as its handlers). */
  async function renewLeases(): Promise<void> {
    const ids = [...inFlight.keys()];
    if (ids.length === 0) return;
    await database.db
      .update(outbox)
      .set({ lockedUntil: sql`now() + ${leaseMs}::integer * interval '1 millisecond'` })
      .where(and(inArray(outbox.id, ids), isNull(outbox.publishedAt), isNotNull(outbox.lockedUntil)));
  }

  function wake(): void {
    if (!running) return;
    if (ticking) wakeRequested = true;
    else schedule(0);
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
      renewal = setInterval(() => {
        renewLeases().catch((err: unknown) => logger.warn({ err }, 'could not renew outbox leases'));
      }, leaseMs / 3);
      renewal.unref();
    },
    wake,
    async stop(timeoutMs = 10_000) {
      running = false;
      clearTimeout(timer);
      clearInterval(renewal);
      timer = undefined;
      const settled = await settleWithin(timeoutMs, async () => {
        await ticking;
        await Promise.allSettled(inFlight.values());
      });
      if (settled) return;
      const pending = [...inFlight.keys()];
      logger.warn(
        { pending },
        'outbox relay stopped with publishes in flight; releasing them for a later retry',
      );
      if (pending.length > 0) {
        await database.db
          .update(outbox)
          .set({ lockedUntil: null })
          .where(and(inArray(outbox.id, pending), isNull(outbox.publishedAt)))
          .catch((err: unknown) => logger.error({ err }, 'could not release outbox rows'));
      }
    },
  };
}
