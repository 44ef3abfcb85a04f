import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { conflict, HttpError } from '../http/errors';
import type { IdempotencyKeysTable } from './tables';

/** One request under an Idempotency-Key: who asks (scope), the key, and a fingerprint of what it asks. */
export interface IdempotentRequest {
  scope: string;
  key: string;
  fingerprint: string;
}

/**
 * What a claim gives the request:
 * - `new`: the key is this request's; nothing was done under it yet;
 * - `resumed`: an earlier attempt died or gave up half-way; this request holds the key now and goes on with the
 *   same resource id (whatever the earlier attempt made under that id is found again, not made twice);
 * - `done`: an earlier attempt finished: answer its resource as it is.
 */
export type KeyClaim =
  | { kind: 'new'; resourceId: string }
  | { kind: 'resumed'; resourceId: string }
  | { kind: 'done'; resourceId: string };

export interface IdempotencyOptions {
  /** How long a request holds a key: past it, that request is taken for dead and a retry resumes. */
  leaseMs: number;
  /**
   * How long a repeat waits for a request still at work on the same key before a 409. Default: the lease and a
   * second more, so that a repeat sent right after the first request still sees that request's lease run out.
   */
  waitMs?: number;
  /** How often a waiting repeat looks again. Default 100 ms. */
  pollMs?: number;
}

/** The scope of a shopper's key: their customer account, or the guest's e-mail (a key never crosses buyers). */
export function buyerScope(customerId: string | null, email: string): string {
  return customerId ? `customer:${customerId}` : `guest:${email.trim().toLowerCase()}`;
}

export const IDEMPOTENCY_KEY_REUSED =
  'Questa richiesta è già stata usata con dati diversi (Idempotency-Key): ricarica la pagina e riprova';
export const IDEMPOTENCY_KEY_BUSY = 'La stessa richiesta è ancora in corso: riprova tra qualche secondo';

export interface IdempotencyKeys {
  /**
   * Claims the key before any side effect. A repeat of a request at work waits for it (then answers `done`,
   * or resumes when its lease ran out). 422 when the key was used with another fingerprint; 409 when the first
   * request is still at work after `waitMs`.
   */
  claim(db: Db, request: IdempotentRequest, newResourceId: () => string): Promise<KeyClaim>;
  /** The request finished: every repeat answers its resource from now on. */
  complete(db: Db, request: IdempotentRequest): Promise<void>;
  /** Nothing is kept (refused, or undone): a retry with the key starts over with a new resource id. */
  forget(db: Db, request: IdempotentRequest): Promise<void>;
  /** The request gave up half-way and left its resource to finish: a retry resumes it at once. */
  yieldLease(db: Db, request: IdempotentRequest): Promise<void>;
  /** Removes finished keys completed before `before` (retention). */
  purge(db: Db, before: Date): Promise<number>;
}

export function idempotencyKeys(table: IdempotencyKeysTable, options: IdempotencyOptions): IdempotencyKeys {
  const { leaseMs } = options;
  const waitMs = options.waitMs ?? leaseMs + 1_000;
  const pollMs = options.pollMs ?? 100;
  const lease = () => sql`now() + ${leaseMs}::integer * interval '1 millisecond'`;
  const row = (request: IdempotentRequest) => and(eq(table.scope, request.scope), eq(table.key, request.key));

  async function claimOnce(db: Db, request: IdempotentRequest, newResourceId: () => string) {
    const [inserted] = await db
      .insert(table)
      .values({ ...request, resourceId: newResourceId(), lockedUntil: lease() })
      .onConflictDoNothing()
      .returning({ resourceId: table.resourceId });
    if (inserted) return { kind: 'new', resourceId: inserted.resourceId } as const;
    const [resumed] = await db
      .update(table)
      .set({ lockedUntil: lease() })
      .where(
        and(
          row(request),
          eq(table.fingerprint, request.fingerprint),
          isNull(table.doneAt),
          lt(table.lockedUntil, sql`now()`),
        ),
      )
      .returning({ resourceId: table.resourceId });
    if (resumed) return { kind: 'resumed', resourceId: resumed.resourceId } as const;
    const [stored] = await db.select().from(table).where(row(request));
    if (!stored) return null; // forgotten in between: claim again
    if (stored.fingerprint !== request.fingerprint) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
    if (stored.doneAt) return { kind: 'done', resourceId: stored.resourceId } as const;
    return 'busy' as const;
  }

  return {
    async claim(db, request, newResourceId) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const claim = await claimOnce(db, request, newResourceId);
        if (claim && claim !== 'busy') return claim;
        if (claim === 'busy' && Date.now() > deadline) throw conflict(IDEMPOTENCY_KEY_BUSY);
        if (claim === 'busy') await sleep(pollMs);
      }
    },
    async complete(db, request) {
      await db
        .update(table)
        .set({ doneAt: sql`now()`, lockedUntil: null })
        .where(row(request));
    },
    async forget(db, request) {
      await db.delete(table).where(and(row(request), isNull(table.doneAt)));
    },
    async yieldLease(db, request) {
      await db
        .update(table)
        .set({ lockedUntil: sql`'epoch'::timestamptz` })
        .where(and(row(request), isNull(table.doneAt)));
    },
    async purge(db, before) {
      const gone = await db
        .delete(table)
        .where(and(isNotNull(table.doneAt), lt(table.doneAt, before)))
        .returning({ key: table.key });
      return gone.length;
    },
  };
}
