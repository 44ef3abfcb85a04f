import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { HttpError, unauthorized, type Db } from '@edicola/platform';
import { loginFailures } from '../db/schema';

export type LoginScope = 'staff' | 'customer';

export interface LoginLimitSettings {
  /** Wrong passwords allowed per client address and account in the window. */
  perAccount: number;
  /** Wrong passwords allowed per client address, whatever the account, in the window (staff and customers apart). */
  perAddress: number;
  /** Wrong passwords for one account, from any address, after which every login of that account is slowed. */
  slowDownAfter: number;
  /** Longest delay of the slow-down. */
  slowDownMaxMs: number;
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

/** First delay of the per-account slow-down; it doubles with each further wrong password. */
const SLOW_DOWN_BASE_MS = 250;

/**
 * Limits on wrong credentials, counted in the database so every replica sees the same counts. Only wrong
 * credentials count: a login that fails with a server error (database down) is no attempt.
 *
 * An attempt is counted BEFORE the password is checked (a claimed failure row, under an advisory lock on
 * the client address), so concurrent wrong passwords cannot all pass a check made before any was counted;
 * the row is removed again when the login succeeds or fails with a server error.
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

  /** Counts the attempt as a failure, or throws 429 when this address (for this account) failed too often. */
  const claim = (attempt: LoginAttempt) =>
    db.transaction(async (tx) => {
      const key = `login:${attempt.scope}:${attempt.address}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const [counts] = await tx
        .select({
          address: count(),
          account: sql<number>`count(*) filter (where ${sameAccount(attempt)})`.mapWith(Number),
        })
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.scope, attempt.scope),
            eq(loginFailures.address, attempt.address),
            gt(loginFailures.failedAt, since()),
          ),
        );
      if (counts && (counts.account >= settings.perAccount || counts.address >= settings.perAddress)) {
        throw tooManyAttempts();
      }
      const [row] = await tx
        .insert(loginFailures)
        .values({ scope: attempt.scope, address: attempt.address, account: accountOf(attempt) })
        .returning({ id: loginFailures.id });
      return row!.id;
    });

  /**
   * A growing delay once an account has had many wrong passwords from anywhere (addresses spread over many
   * machines): it slows guessing down without ever refusing the owner, who only waits a little longer.
   */
  const slowDown = async (attempt: LoginAttempt) => {
    const [row] = await db
      .select({ failures: count() })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.scope, attempt.scope),
          eq(loginFailures.account, accountOf(attempt)),
          gt(loginFailures.failedAt, since()),
        ),
      );
    const over = (row?.failures ?? 0) - settings.slowDownAfter;
    if (over < 0) return;
    await sleep(Math.min(settings.slowDownMaxMs, SLOW_DOWN_BASE_MS * 2 ** Math.min(over, 30)));
  };

  const limiter = {
    /** A successful login forgets this address's failures for the account. */
    async clear(attempt: LoginAttempt): Promise<void> {
      await db.delete(loginFailures).where(sameAccount(attempt));
      await forgetExpired();
    },

    /**
     * One login under the limits: refused with 429 when over them, else `authenticate` decides; a miss stays
     * counted and is answered with `wrong` (the same answer for an unknown account and a wrong password).
     */
    async login<T>(attempt: LoginAttempt, authenticate: () => Promise<T | null>, wrong: string): Promise<T> {
      await slowDown(attempt);
      const failure = await claim(attempt);
      let who: T | null;
      try {
        who = await authenticate();
      } catch (error) {
        await db.delete(loginFailures).where(eq(loginFailures.id, failure));
        throw error;
      }
      if (!who) {
        await forgetExpired();
        throw unauthorized(wrong);
      }
      await limiter.clear(attempt);
      return who;
    },
  };
  return limiter;
}

export type LoginLimiter = ReturnType<typeof loginLimiter>;
