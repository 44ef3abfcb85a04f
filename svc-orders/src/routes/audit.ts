import type { Router } from 'express';
import { endpoint, type AuditEntry } from '@edicola/contracts';
import { type Db, type TokenVerifier, routeServer } from '@edicola/platform';
import { auditTrail } from '../audit/entries';

/** GET /api/admin/audit?entity=&id=&limit=: who changed what and when, in every service (admin only). */
export function auditRoutes(router: Router, options: { db: Db; verifier: TokenVerifier }) {
  const serve = routeServer(router, options.verifier);
  serve(endpoint('GET /api/admin/audit'), ({ query }): Promise<AuditEntry[]> =>
    auditTrail(options.db, query),
  );
}
