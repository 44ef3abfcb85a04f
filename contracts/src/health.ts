import { z } from 'zod';

export const Health = z.object({
  status: z.enum(['ok', 'starting', 'unavailable']),
  service: z.string(),
  checks: z.record(z.string(), z.enum(['ok', 'failing'])).optional(),
});
export type Health = z.infer<typeof Health>;
