import Stripe from 'stripe';

export type { Stripe };

export interface StripeClientOptions {
  secretKey: string;
  /** e.g. http://127.0.0.1:12111 for a fake; the real API when absent. */
  apiBase?: string;
  /** Retries of the SDK on network errors and 409/429/5xx (with its own idempotency keys). */
  maxNetworkRetries: number;
  timeoutMs?: number;
}

/** The official SDK, pointed at Stripe or (demo mode, tests) at a server speaking its API. */
export function createStripeClient(options: StripeClientOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries,
    telemetry: false,
    timeout: options.timeoutMs ?? 30_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** The Stripe error's code (e.g. 'resource_missing') or type, for decisions; never its full message to a client. */
export function stripeErrorCode(error: unknown): string | undefined {
  if (error instanceof Stripe.errors.StripeError) return error.code ?? error.type;
  return undefined;
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** The id of an expandable field (a string id, or the object itself). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
