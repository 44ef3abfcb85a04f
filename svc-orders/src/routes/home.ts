import type { Router } from 'express';
import { endpoint, type BackOfficeHome } from '@edicola/contracts';
import { routeServer, type Db, type TokenVerifier } from '@edicola/platform';
import { backOfficeHome } from '../orders/home';

/** The back office's home (docs/product/back-office.md#home): what needs doing today, for staff. */
export function homeRoutes(router: Router, options: { db: Db; verifier: TokenVerifier }) {
  const serve = routeServer(router, options.verifier);
  serve(endpoint('GET /api/admin/home'), (): Promise<BackOfficeHome> => backOfficeHome(options.db));
}
