import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { HttpError, unauthorized, type Db } from '@edicola/platform';
import { loginFailures } from '../db/schema';

export type LoginScope = 'staff' | 'customer';

export interface LoginLimitSettings {
  /** Wrong passwords allowed per client address and account in the window. */
  perAccount: number;
  /** Wrong passwords allowed per client address, whatever the account, in the window. */
  perAddress: number;
  windowMs: number;
}

export interface LoginAttempt {
  scope: LoginScope;
  /** The client's real address (req.ip, correct behind the gateway through TRUST_PROXY). */
  address: string;
  /** Username or e-mail as typed; compared without regard to case. */
  account: string;
}

export const tooManyAttempts = () =>
  new HttpError(429, 'Troppi tentativi di accesso non riusciti. Riprova tra qualche minuto.');

/**
 * Limits on wrong credentials, counted in the database so every replica sees the same counts. Only wrong
 * credentials count: a login that fails with a server error (database down) is no attempt.
 */
export function loginLimiter(db: Db, settings: LoginLimitSettings) {
  const since = () => new Date(Date.now() - settings.windowMs);
  const accountOf = (attempt: LoginAttempt) => attempt.account.trim().toLowerCase();
  const sameAccount = (attempt: LoginAttempt) =>
    and(
      eq(loginFailures.scope, attempt.scope),
      eq(loginFailures.address, attempt.address),
      eq(loginFailures.account, accountOf(attempt)),
    );

  // Rows older than the window count for nothing any more, and they name addresses and e-mails.
  const forgetExpired = () => db.delete(loginFailures).where(lt(loginFailures.failedAt, since()));

  const limiter = {
    /** Throws 429 when this address, or this address for this account, has failed too often. */
    async check(attempt: LoginAttempt): Promise<void> {
      const [counts] = await db
        .select({
          address: count(),
          account: sql<number>`count(*) filter (where ${sameAccount(attempt)})`.mapWith(Number),
        })
        .from(loginFailures)
        .where(and(eq(loginFailures.address, attempt.address), gt(loginFailures.failedAt, since())));
      if (counts && (counts.account >= settings.perAccount || counts.address >= settings.perAddress)) {
        throw tooManyAttempts();
      }
    },

    async recordFailure(attempt: LoginAttempt): Promise<void> {
      await db
        .insert(loginFailures)
        .values({ scope: attempt.scope, address: attempt.address, account: accountOf(attempt) });
      await forgetExpired();
    },

    /** A successful login forgets this address's failures for the account. */
    async clear(attempt: LoginAttempt): Promise<void> {
      await db.delete(loginFailures).where(sameAccount(attempt));
      await forgetExpired();
    },

    /**
     * One login under the limits: refused with 429 when over them, else `authenticate` decides; a miss is
     * counted and answered with `wrong` (the same answer for an unknown account and a wrong password).
     */
    async login<T>(attempt: LoginAttempt, authenticate: () => Promise<T | null>, wrong: string): Promise<T> {
      await limiter.check(attempt);
      const who = await authenticate();
      if (!who) {
        await limiter.recordFailure(attempt);
        throw unauthorized(wrong);
      }
      await limiter.clear(attempt);
      return who;
    },
  };
  return limiter;
}

export type LoginLimiter = ReturnType<typeof loginLimiter>;
