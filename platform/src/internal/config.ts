import { z } from 'zod';
import type { Logger } from '../logger';
import { createInternalClient, type InternalClient } from './client';
import { createInternalTokens, MIN_INTERNAL_SECRET_LENGTH, type InternalTokens } from './tokens';

/** Where each service is reached from the others (and from the distributed gateway): one name per service. */
export const SERVICE_URL_VARS = {
  'svc-catalog': 'CATALOG_URL',
  'svc-orders': 'ORDERS_URL',
  'svc-payments': 'PAYMENTS_URL',
  'svc-notify': 'NOTIFY_URL',
  'svc-channels': 'CHANNELS_URL',
} as const;

/** Variables of service-to-service calls, read by every service. */
export const internalEnv = z.object({
  INTERNAL_TOKEN_SECRET: z
    .string()
    .min(MIN_INTERNAL_SECRET_LENGTH, `must be at least ${MIN_INTERNAL_SECRET_LENGTH} characters`)
    .optional(),
  CATALOG_URL: z.url().optional(),
  ORDERS_URL: z.url().optional(),
  PAYMENTS_URL: z.url().optional(),
  NOTIFY_URL: z.url().optional(),
  CHANNELS_URL: z.url().optional(),
  INTERNAL_CALL_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
});
export type InternalEnv = z.infer<typeof internalEnv>;

export interface InternalCalls {
  tokens: InternalTokens | null;
  client: InternalClient;
}

/** The internal token signer/verifier and client of one service, from its configuration. */
export function internalCallsFor(service: string, config: InternalEnv, logger?: Logger): InternalCalls {
  const tokens = config.INTERNAL_TOKEN_SECRET ? createInternalTokens(config.INTERNAL_TOKEN_SECRET) : null;
  if (!tokens)
    logger?.warn('INTERNAL_TOKEN_SECRET is not set: internal calls from and to this service are refused');
  const baseUrls = Object.fromEntries(
    Object.entries(SERVICE_URL_VARS).map(([name, variable]) => [name, config[variable]]),
  );
  const client = createInternalClient({
    service,
    baseUrls,
    tokens,
    timeoutMs: config.INTERNAL_CALL_TIMEOUT_MS,
    logger,
  });
  return { tokens, client };
}
