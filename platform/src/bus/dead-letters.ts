import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { EventEnvelope } from '@edicola/contracts';
import { z } from 'zod';
import type { Database } from '../db';
import type { BusTables } from './tables';

/** Which dead letters an operation concerns: one (by its id or its event's id), or every one still waiting. */
export type DeadLetterSelector = { id: string } | { all: true };

export interface DeadLetterRow {
  id: string;
  eventId: string;
  type: string;
  attempts: number;
  error: string;
  createdAt: Date;
  replayedAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function waiting(tables: BusTables, selector: DeadLetterSelector): SQL | undefined {
  const { deadLetters } = tables;
  if ('all' in selector) return isNull(deadLetters.replayedAt);
  if (!UUID.test(selector.id)) throw new Error(`not a dead-letter id: ${selector.id}`);
  return and(
    isNull(deadLetters.replayedAt),
    or(eq(deadLetters.id, selector.id), eq(deadLetters.eventId, selector.id)),
  );
}

/** The dead letters of one service, oldest first: those waiting, or with `handled` those replayed or discarded. */
export function listDeadLetters(
  database: Database,
  tables: BusTables,
  options: { handled?: boolean } = {},
): Promise<DeadLetterRow[]> {
  const { deadLetters } = tables;
  return database.db
    .select({
      id: deadLetters.id,
      eventId: deadLetters.eventId,
      type: deadLetters.type,
      attempts: deadLetters.attempts,
      error: deadLetters.error,
      createdAt: deadLetters.createdAt,
      replayedAt: deadLetters.replayedAt,
    })
    .from(deadLetters)
    .where(options.handled ? isNotNull(deadLetters.replayedAt) : isNull(deadLetters.replayedAt))
    .orderBy(asc(deadLetters.createdAt));
}

/** Why a stored message cannot be handed over again: it is not an event envelope (e.g. a message that was not JSON). */
export const NOT_REPLAYABLE = 'not replayable: the message is not a valid event envelope';

/**
 * Hands waiting dead letters of `service` back to that service alone: in one transaction each becomes an outbox row
 * of the service addressed to its own queue (the relay publishes it, to no other subscriber) and is marked
 * `replayed_at`. The event keeps its id; should it fail again it is parked again (replayed_at cleared).
 *
 * A stored message that is not an event envelope (a broker message that was not JSON, kept as text) is never put in
 * the outbox, where no transport could publish it: it stays waiting, its error saying why, and the rest is replayed.
 */
export async function replayDeadLetters(
  database: Database,
  tables: BusTables,
  service: string,
  selector: DeadLetterSelector,
): Promise<string[]> {
  const { deadLetters, outbox } = tables;
  return database.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: deadLetters.id,
        eventId: deadLetters.eventId,
        envelope: deadLetters.envelope,
        error: deadLetters.error,
      })
      .from(deadLetters)
      .where(waiting(tables, selector))
      .orderBy(asc(deadLetters.createdAt))
      .for('update');
    const replayed: string[] = [];
    for (const row of rows) {
      const envelope = EventEnvelope.safeParse(row.envelope);
      if (!envelope.success) {
        if (!row.error.startsWith(NOT_REPLAYABLE))
          await tx
            .update(deadLetters)
            .set({
              error: `${NOT_REPLAYABLE} (${z.prettifyError(envelope.error).replaceAll('\n', ' ')}); ${row.error}`,
            })
            .where(eq(deadLetters.id, row.id));
        continue;
      }
      await tx
        .update(deadLetters)
        .set({ replayedAt: sql`now()` })
        .where(eq(deadLetters.id, row.id));
      await tx
        .insert(outbox)
        .values({ id: randomUUID(), type: envelope.data.type, envelope: row.envelope, target: service });
      replayed.push(row.eventId);
    }
    return replayed;
  });
}

/** Marks waiting dead letters handled without replaying them (retention later removes them). */
export async function discardDeadLetters(
  database: Database,
  tables: BusTables,
  selector: DeadLetterSelector,
): Promise<string[]> {
  const { deadLetters } = tables;
  const rows = await database.db
    .update(deadLetters)
    .set({ replayedAt: sql`now()` })
    .where(waiting(tables, selector))
    .returning({ eventId: deadLetters.eventId });
  return rows.map((row) => row.eventId);
}
