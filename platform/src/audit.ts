import type { Response } from 'express';
import type { AuditRecorded } from '@edicola/contracts';
import { authOf } from './auth';
import type { EventBus } from './bus/types';
import type { Db } from './db';

/** Records one change in the audit trail, in the transaction `tx` of the change itself. */
export type Audit = (tx: Db, entry: Omit<AuditRecorded, 'actor'>) => Promise<void>;

/**
 * The audit trail of the staff user of this request (after requireAuth): each entry goes out as an
 * `audit.recorded` event through the outbox, so it exists exactly when the change committed; svc-orders keeps
 * them (decision 0021). An update that changed none of the audited fields records nothing.
 */
export function auditBy(bus: EventBus, res: Response): Audit {
  const claims = authOf(res);
  return async (tx, entry) => {
    if (entry.action === 'updated' && Object.keys(entry.changes).length === 0) return;
    await bus.emit(tx, 'audit.recorded', { ...entry, actor: { id: claims.sub, username: claims.name } });
  };
}
