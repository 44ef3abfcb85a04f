import { z } from 'zod';
import { REMOTES } from './web';

/** What the shell reads at run time (GET /config.json): one build runs in every environment. */
export const RuntimeConfig = z.object({
  apiBaseUrl: z.url(),
  mediaBaseUrl: z.url(),
  demoMode: z.boolean(),
  remotes: z.record(z.enum(REMOTES), z.string().min(1)),
  /**
   * The seller's identity the storefront shows (footer, terms, privacy): the storefront server always sends
   * it; only the configurations the components' tests build go without.
   */
  seller: z
    .object({
      name: z.string().min(1),
      address: z.string().min(1),
      cap: z.string().min(1),
      city: z.string().min(1),
      province: z.string().min(1),
      vatNumber: z.string().min(1),
      rea: z.string().nullable(),
      pec: z.string().nullable(),
      email: z.string().min(1),
      demo: z.boolean(),
    })
    .optional(),
  /** The pre-sale terms the terms page states (PresaleTerms); sent by the storefront server like the seller. */
  presaleTerms: z
    .object({ lapsedDeposit: z.enum(['refund', 'keep']), balanceDays: z.number().positive() })
    .optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
