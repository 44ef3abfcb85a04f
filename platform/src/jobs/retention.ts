import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { BusTables } from '../bus/tables';
import type { Database } from '../db';
import type { Logger } from '../logger';
import type { JobTables } from './tables';

export interface RetentionOptions {
  database: Database;
  tables: BusTables & JobTables;
  logger: Logger;
  /** Age after which finished rows go. */
  days: number;
}

/**
 * Deletes what is finished and older than the retention age: published outbox rows, processed-event marks,
 * dead letters replayed or discarded (`replayed_at`), and jobs done. Unpublished events, dead letters waiting
 * for an operator and parked jobs stay whatever their age.
 */
export async function purgeFinished(options: RetentionOptions): Promise<Record<string, number>> {
  const { database, tables, days } = options;
  const before = sql`now() - ${Math.round(days * 24 * 60)}::integer * interval '1 minute'`;
  const { outbox, processedEvents, deadLetters, jobs } = tables;
  const count = (rows: unknown[]) => rows.length;
  const purged = {
    outbox: count(
      await database.db
        .delete(outbox)
        .where(and(isNotNull(outbox.publishedAt), lt(outbox.publishedAt, before)))
        .returning({ id: outbox.id }),
    ),
    processed_events: count(
      await database.db
        .delete(processedEvents)
        .where(lt(processedEvents.processedAt, before))
        .returning({ id: processedEvents.eventId }),
    ),
    dead_letters: count(
      await database.db
        .delete(deadLetters)
        .where(and(isNotNull(deadLetters.replayedAt), lt(deadLetters.replayedAt, before)))
        .returning({ id: deadLetters.id }),
    ),
    jobs: count(
      await database.db
        .delete(jobs)
        .where(and(isNotNull(jobs.doneAt), lt(jobs.doneAt, before)))
        .returning({ id: jobs.id }),
    ),
  };
  if (Object.values(purged).some((n) => n > 0)) options.logger.info({ purged, days }, 'retention purge');
  return purged;
}
