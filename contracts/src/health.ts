import { z } from 'zod';

export const Health = z.object({
  status: z.enum(['ok', 'starting', 'unavailable']),
  service: z.string(),
  /** 'degraded' / 'down': the bus is partly or wholly unavailable; the service stays ready (events wait in the
   * outbox). 'failing' makes it unready. */
  checks: z.record(z.string(), z.enum(['ok', 'degraded', 'down', 'failing'])).optional(),
});
export type Health = z.infer<typeof Health>;
