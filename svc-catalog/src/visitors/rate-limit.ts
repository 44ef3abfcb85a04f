import { rateLimit } from 'express-rate-limit';

/**
 * A per-client-address limit for a public write, answered in the one error shape. Counted in this
 * replica's memory: behind N replicas a client may send up to N times the limit, which is enough to
 * stop a script without costing a shared store.
 */
export function perAddressLimit(options: {
  windowMs: number;
  limit: number;
  detail: string;
  /** Count only requests that succeeded (refused input writes nothing, so it need not use up the limit). */
  successesOnly?: boolean;
}) {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    skipFailedRequests: options.successesOnly ?? false,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => res.status(429).json({ detail: options.detail }),
  });
}
