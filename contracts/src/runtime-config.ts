import { z } from 'zod';
import { REMOTES } from './web';

/** What the shell reads at run time (GET /config.json): one build runs in every environment. */
export const RuntimeConfig = z.object({
  apiBaseUrl: z.url(),
  mediaBaseUrl: z.url(),
  demoMode: z.boolean(),
  remotes: z.record(z.enum(REMOTES), z.string().min(1)),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
