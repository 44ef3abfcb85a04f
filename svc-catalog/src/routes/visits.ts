import type { Router } from 'express';
import { endpoint, type VisitStats } from '@edicola/contracts';
import { bearerToken, type Db, type RateLimits, type TokenVerifier, routeServer } from '@edicola/platform';
import { countryOf, type CountrySource } from '../visits/country';
import { recordVisit } from '../visits/recording';
import { unitsByChannel } from '../stock/channel-stats';
import { visitStats } from '../visits/stats';

/** Whether the request carries a valid staff token: a staff session's page views are not visits. */
async function fromStaff(authorization: string | undefined, verifier: TokenVerifier): Promise<boolean> {
  const token = bearerToken(authorization);
  if (!token) return false;
  const claims = await verifier.verify(token).catch(() => null);
  return claims?.kind === 'staff';
}

export interface VisitRouteOptions {
  country: CountrySource;
  visitsPerMinute: number;
  limits: RateLimits;
}

/** Visit tracking from the storefront (public) and the statistics panel (staff). */
export function visitRoutes(router: Router, db: Db, verifier: TokenVerifier, options: VisitRouteOptions) {
  const serve = routeServer(router, verifier);
  serve(
    endpoint('POST /analytics/visit'),
    [
      options.limits.perAddress({
        name: 'visits',
        windowMs: 60 * 1000,
        limit: options.visitsPerMinute,
        detail: 'Troppe richieste. Riprova tra poco.',
      }),
    ],
    async ({ body }, req, res) => {
      if (await fromStaff(req.get('authorization'), verifier)) return { recorded: false };
      await recordVisit(db, body, countryOf(req, options.country));
      res.status(201);
      return { recorded: true };
    },
  );

  serve(endpoint('GET /analytics/stats'), async (): Promise<VisitStats> => ({
    ...(await visitStats(db)),
    units_by_channel: await unitsByChannel(db),
  }));
}
