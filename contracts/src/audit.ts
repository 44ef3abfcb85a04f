import { z } from 'zod';

// The audit trail (docs/decisions/0021-sessions-and-roles.md): each service records who changed what
// in the transaction of the change, as an `audit.recorded` event; svc-orders keeps them and serves them to admins.

export const AuditEntity = z.enum([
  'article',
  'review',
  'shipping_rule',
  'order',
  'staff_user',
  'customer',
  'discount_code',
  'shop_setting',
  'gift_card',
]);
export type AuditEntity = z.infer<typeof AuditEntity>;

/** Who made the change: the staff user (id and username at the time), or null for the operator's command line. */
export const AuditActor = z.object({ id: z.string(), username: z.string() }).nullable();
export type AuditActor = z.infer<typeof AuditActor>;

/** A field that changed, before and after. */
export const AuditChange = z.object({ from: z.unknown(), to: z.unknown() });

/** The data of `audit.recorded`. */
export const AuditRecorded = z.object({
  entity: AuditEntity,
  entity_id: z.string().min(1),
  /** e.g. created, updated, deleted, approved, replied, status_changed, refund_requested, password_reset, removed. */
  action: z.string().min(1).max(64),
  actor: AuditActor,
  /** The fields that changed (for an update: only those), or what was created or deleted. */
  changes: z.record(z.string(), AuditChange),
});
export type AuditRecorded = z.infer<typeof AuditRecorded>;

/** A day of the trail's filters: YYYY-MM-DD (Rome time). */
const AuditDay = z.iso.date('Data non valida');

/**
 * GET /api/admin/audit (admin): the newest entries first, at most `limit` (default 100, max 500) from `offset`,
 * filtered by entity type and id (which order or article), actor's username (who), action (what) and days
 * from/to, both included (when).
 */
export const AuditQuery = z.object({
  entity: AuditEntity.optional(),
  id: z.string().min(1).max(200).optional(),
  actor: z.string().trim().min(1).max(64).optional(),
  action: z.string().trim().min(1).max(64).optional(),
  from: AuditDay.optional(),
  to: AuditDay.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  entity: AuditEntity,
  entity_id: z.string(),
  action: z.string(),
  actor: AuditActor,
  changes: z.record(z.string(), AuditChange),
  /** The service where the change was made. */
  service: z.string(),
  occurred_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditEntryList = z.array(AuditEntry);

/** The changes between two versions of a record, for the fields named: only those that differ. */
export function auditChanges<T extends Record<string, unknown>>(
  before: T | null,
  after: T | null,
  fields: readonly (keyof T & string)[],
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    const from = before ? (before[field] ?? null) : null;
    const to = after ? (after[field] ?? null) : null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}
