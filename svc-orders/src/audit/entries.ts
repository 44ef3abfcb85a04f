import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery, AuditRecorded, Event } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { auditEntries } from '../db/schema';

type Row = typeof auditEntries.$inferSelect;

/** Keeps one `audit.recorded` event (a redelivery changes nothing: one row per event id). */
export async function storeAuditEntry(db: Db, event: Event<'audit.recorded'>): Promise<void> {
  await db
    .insert(auditEntries)
    .values({
      eventId: event.id,
      service: event.source,
      ...columnsOf(event.data),
      occurredAt: new Date(event.occurred_at),
    })
    .onConflictDoNothing();
}

function columnsOf(data: AuditRecorded) {
  return {
    entity: data.entity,
    entityId: data.entity_id,
    action: data.action,
    actorId: data.actor?.id ?? null,
    actorName: data.actor?.username ?? null,
    changes: data.changes,
  };
}

/**
 * A change made outside any request, by the operator's command line (staff users): written straight into the
 * trail, in the caller's transaction, with no actor.
 */
export async function recordOperatorChange(db: Db, data: Omit<AuditRecorded, 'actor'>): Promise<void> {
  await db.insert(auditEntries).values({
    eventId: crypto.randomUUID(),
    service: 'staff-command',
    ...columnsOf({ ...data, actor: null }),
    occurredAt: new Date(),
  });
}

const toEntry = (row: Row): AuditEntry => ({
  id: row.id,
  entity: row.entity as AuditEntry['entity'],
  entity_id: row.entityId,
  action: row.action,
  actor: row.actorId && row.actorName ? { id: row.actorId, username: row.actorName } : null,
  changes: row.changes as AuditEntry['changes'],
  service: row.service,
  occurred_at: row.occurredAt.toISOString(),
});

/** The newest entries first, filtered by entity type and id, actor, action and days (Rome time), one page. */
export async function auditTrail(db: Db, query: AuditQuery): Promise<AuditEntry[]> {
  const filters: SQL[] = [];
  const day = sql`(${auditEntries.occurredAt} at time zone 'Europe/Rome')::date`;
  if (query.entity) filters.push(eq(auditEntries.entity, query.entity));
  if (query.id) filters.push(eq(auditEntries.entityId, query.id));
  if (query.actor) filters.push(eq(sql`lower(${auditEntries.actorName})`, query.actor.toLowerCase()));
  if (query.action) filters.push(eq(auditEntries.action, query.action));
  if (query.from) filters.push(sql`${day} >= ${query.from}::date`);
  if (query.to) filters.push(sql`${day} <= ${query.to}::date`);
  const rows = await db
    .select()
    .from(auditEntries)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(auditEntries.occurredAt), desc(auditEntries.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toEntry);
}
