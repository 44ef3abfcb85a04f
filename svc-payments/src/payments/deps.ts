import type { Database, EventBus, IdempotencyKeys, Jobs, Logger } from '@edicola/platform';
import { HttpError, InternalCallError } from '@edicola/platform';
import type { Providers } from '../providers';
import type { OrdersApi } from './orders-client';

/** What the payment flows need; built once in service.ts. */
export interface PaymentDeps {
  database: Database;
  bus: EventBus;
  jobs: Jobs;
  /** Idempotency-Keys of payment creation (paymentKeys). */
  keys: IdempotencyKeys;
  orders: OrdersApi;
  providers: Providers;
  logger: Logger;
  timeoutMinutes: number;
  /** Where the shopper's pages are when the request's Origin is not one of the shop's (PUBLIC_WEB_URL). */
  publicWebUrl: string;
  corsOrigins: string[];
}

/** The provider failed: 502 with a safe message of ours (never the provider's text, never a secret). */
export const providerError = (detail: string) => new HttpError(502, detail);

/** svc-orders' refusals (409 stock, 422 total, 404) go back as they are; its outages become a 502/503/504. */
export function isOrderRefusal(error: unknown): error is InternalCallError {
  return error instanceof InternalCallError && error.status >= 400 && error.status < 500;
}

/** The shop's web address for redirects: the request's Origin when it is one of the shop's, else PUBLIC_WEB_URL. */
export function webBase(deps: PaymentDeps, origin: string | undefined): string {
  const base = origin && deps.corsOrigins.includes(origin) ? origin : deps.publicWebUrl;
  return base.replace(/\/+$/, '');
}

export const PROVIDER_OFF = {
  stripe: 'Pagamento con carta e Klarna non disponibile in questo negozio',
  paypal: 'Pagamento con PayPal non disponibile in questo negozio',
} as const;

/** A provider without credentials in live mode is off: every route of its methods answers 503 with a detail. */
export function requireProvider(deps: PaymentDeps, provider: 'stripe' | 'paypal'): void {
  if (deps.providers[provider].mode === 'off') throw new HttpError(503, PROVIDER_OFF[provider]);
}

/** Express middleware of requireProvider, before a route of that provider's methods. */
export const providerOn =
  (deps: PaymentDeps, provider: 'stripe' | 'paypal') =>
  (_req: unknown, _res: unknown, next: () => void): void => {
    requireProvider(deps, provider);
    next();
  };
