import type { Router } from 'express';
import { ADMIN_ONLY, AuditQuery, type AuditEntry } from '@edicola/contracts';
import { handle, requireAuth, type Db, type TokenVerifier } from '@edicola/platform';
import { auditTrail } from '../audit/entries';

/** GET /api/admin/audit?entity=&id=&limit=: who changed what and when, in every service (admin only). */
export function auditRoutes(router: Router, options: { db: Db; verifier: TokenVerifier }) {
  router.get(
    '/api/admin/audit',
    requireAuth(options.verifier, { kind: 'staff', roles: ADMIN_ONLY }),
    handle({ query: AuditQuery }, ({ query }): Promise<AuditEntry[]> => auditTrail(options.db, query)),
  );
}
