import type { EventHandler } from '@edicola/platform';
import { storeAuditEntry } from '../audit/entries';

/** svc-orders keeps the audit trail of every service ('audit.recorded', decision 0021). */
export function onAuditRecorded(): EventHandler<'audit.recorded'> {
  return async (event, tx) => {
    await storeAuditEntry(tx, event);
  };
}
