import { rateLimit } from 'express-rate-limit';

/**
 * A per-client-address limit for a public form, answered in the one error shape; only accepted
 * requests count. Kept in this replica's memory (N replicas allow up to N times the limit).
 */
export function perAddressLimit(options: { windowMs: number; limit: number; detail: string }) {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    skipFailedRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => res.status(429).json({ detail: options.detail }),
  });
}
