import type { Router } from 'express';
import { z } from 'zod';
import type { SessionState } from '@edicola/contracts';
import { handle, notFound, requireInternal, type Db } from '@edicola/platform';
import { sessionVersionOf } from '../sessions/versions';

const SessionParams = z.object({ kind: z.enum(['staff', 'customer']), id: z.string().min(1).max(100) });

/** GET /internal/sessions/{kind}/{id}: the account's session version for the other services' verifiers. */
export function internalSessionRoutes(router: Router, db: Db) {
  router.get(
    '/internal/sessions/:kind/:id',
    requireInternal(),
    handle({ params: SessionParams }, async ({ params }): Promise<SessionState> => {
      const version = await sessionVersionOf(db, params.kind, params.id);
      if (version === null) throw notFound('Account non trovato');
      return { session_version: version };
    }),
  );
}
