import type { Router } from 'express';
import { requireAuth, type TokenVerifier } from '@edicola/platform';
import { ANY_STAFF, IVA_OPTIONS } from '@edicola/contracts';

/**
 * GET /api/config/iva-options (staff): the VAT rates of docs/product/constants.md#vat-rates with their
 * labels.
 */
export function configRoutes(router: Router, verifier: TokenVerifier) {
  router.get(
    '/api/config/iva-options',
    requireAuth(verifier, { kind: 'staff', roles: ANY_STAFF }),
    (_req, res) => {
      res.json(IVA_OPTIONS);
    },
  );
}
