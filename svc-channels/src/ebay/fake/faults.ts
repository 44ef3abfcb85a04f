import { EbayFault, fault } from './common';

/** Makes eBay misbehave for tests: an HTTP status instead of an answer, or a slow answer. */
export interface FakeEbayFaults {
  /** The next `count` calls to eBay's APIs answer `status` (429 with Retry-After, 500, 503). */
  fail(status: number, count: number, options?: { retryAfterSeconds?: number }): void;
  /** Every call to eBay's APIs answers `status` for the next `ms` milliseconds. */
  failFor(status: number, ms: number, options?: { retryAfterSeconds?: number }): void;
  /** Every call to eBay's APIs waits `ms` before it is handled (0: no delay). */
  delay(ms: number): void;
  clear(): void;
}

/** The switch tests use, and what the router asks before each call to eBay's APIs. */
export function createFaults() {
  let failures: { status: number; remaining: number; until: number; retryAfterSeconds: number }[] = [];
  let delayMs = 0;
  const faults: FakeEbayFaults = {
    fail(status, count, opts) {
      failures.push({
        status,
        remaining: count,
        until: Infinity,
        retryAfterSeconds: opts?.retryAfterSeconds ?? 2,
      });
    },
    failFor(status, ms, opts) {
      failures.push({
        status,
        remaining: Infinity,
        until: Date.now() + ms,
        retryAfterSeconds: opts?.retryAfterSeconds ?? 2,
      });
    },
    delay(ms) {
      delayMs = ms;
    },
    clear() {
      failures = [];
      delayMs = 0;
    },
  };

  function injectedFault(): EbayFault | null {
    failures = failures.filter((f) => f.remaining > 0 && f.until > Date.now());
    const failure = failures[0];
    if (!failure) return null;
    failure.remaining -= 1;
    if (failure.status === 429)
      return new EbayFault(
        429,
        [
          {
            errorId: 2001,
            message: 'Too many requests. The request limit has been reached for the resource.',
          },
        ],
        'ACCESS',
        failure.retryAfterSeconds,
      );
    return fault(
      failure.status,
      failure.status === 503 ? 2003 : 25001,
      failure.status === 503
        ? 'Service unavailable. Please try again later.'
        : 'A system error has occurred. Try again later.',
      'API_INVENTORY',
    );
  }

  return { faults, injectedFault, delayMs: () => delayMs };
}
