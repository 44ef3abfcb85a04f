import { z } from 'zod';

export const Health = z.object({
  status: z.enum(['ok', 'starting', 'unavailable']),
  service: z.string(),
  /** 'degraded': working with a dependency down (the broker: events wait in the outbox); still ready. */
  checks: z.record(z.string(), z.enum(['ok', 'degraded', 'failing'])).optional(),
});
export type Health = z.infer<typeof Health>;
