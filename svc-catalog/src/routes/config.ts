import type { Router } from 'express';
import { routeServer, type TokenVerifier } from '@edicola/platform';
import { endpoint, IVA_OPTIONS } from '@edicola/contracts';

/**
 * GET /api/config/iva-options (staff): the VAT rates of docs/product/constants.md#vat-rates with their
 * labels.
 */
export function configRoutes(router: Router, verifier: TokenVerifier) {
  const serve = routeServer(router, verifier);
  serve(endpoint('GET /api/config/iva-options'), () => IVA_OPTIONS);
}
