import type { Router } from 'express';
import { requireAuth, type TokenVerifier } from '@edicola/platform';
import type { IvaOption } from '@edicola/contracts';

/** SPEC §9: the VAT rates staff can give an article. */
export const IVA_OPTIONS: IvaOption[] = [
  { value: 22, label: '22% - Beni e servizi standard' },
  { value: 10, label: '10% - Alimenti e libri' },
  { value: 4, label: '4% - Alimenti di prima necessità' },
  { value: 0, label: '0% - Esente IVA' },
];

export function configRoutes(router: Router, verifier: TokenVerifier) {
  router.get('/api/config/iva-options', requireAuth(verifier, { kind: 'staff' }), (_req, res) => {
    res.json(IVA_OPTIONS);
  });
}
