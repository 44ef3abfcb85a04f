import type { Router } from 'express';
import { ANY_STAFF, VisitRequest, type VisitStats } from '@edicola/contracts';
import { handle, requireAuth, type Db, type RateLimits, type TokenVerifier } from '@edicola/platform';
import { countryOf, type CountrySource } from '../visits/country';
import { recordVisit } from '../visits/recording';
import { visitStats } from '../visits/stats';

export interface VisitRouteOptions {
  country: CountrySource;
  visitsPerMinute: number;
  limits: RateLimits;
}

/** Visit tracking from the storefront (public) and the statistics panel (staff). */
export function visitRoutes(router: Router, db: Db, verifier: TokenVerifier, options: VisitRouteOptions) {
  router.post(
    '/analytics/visit',
    options.limits.perAddress({
      name: 'visits',
      windowMs: 60 * 1000,
      limit: options.visitsPerMinute,
      detail: 'Troppe richieste. Riprova tra poco.',
    }),
    handle({ body: VisitRequest }, async ({ body }, req, res) => {
      await recordVisit(db, body, countryOf(req, options.country));
      res.status(201);
      return { recorded: true as const };
    }),
  );

  router.get(
    '/analytics/stats',
    requireAuth(verifier, { kind: 'staff', roles: ANY_STAFF }),
    handle({}, (): Promise<VisitStats> => visitStats(db)),
  );
}
