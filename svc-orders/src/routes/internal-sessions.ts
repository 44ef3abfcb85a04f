import type { Router } from 'express';
import { endpoint, type SessionState } from '@edicola/contracts';
import { notFound, routeServer, type Db } from '@edicola/platform';
import { sessionVersionOf } from '../sessions/versions';

/** GET /internal/sessions/{kind}/{id}: the account's session version for the other services' verifiers. */
export function internalSessionRoutes(router: Router, db: Db) {
  const serve = routeServer(router);
  serve(endpoint('GET /internal/sessions/:kind/:id'), async ({ params }): Promise<SessionState> => {
    const version = await sessionVersionOf(db, params.kind, params.id);
    if (version === null) throw notFound('Account non trovato');
    return { session_version: version };
  });
}
