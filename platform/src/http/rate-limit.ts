import { lt, sql } from 'drizzle-orm';
import { integer, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';
import type { Request } from 'express';
import {
  ipKeyGenerator,
  rateLimit,
  type ClientRateLimitInfo,
  type Options,
  type Store,
} from 'express-rate-limit';
import type { Db } from '../db';

/**
 * The counters of the per-address limits, declared inside each service's Postgres schema (next to
 * `busTables(schema)`), so that every replica of the service counts in the same place.
 */
export function rateLimitTable(schema: PgSchema) {
  return schema.table('rate_limits', {
    /** The limit's name and the client's address. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  });
}
export type RateLimitTable = ReturnType<typeof rateLimitTable>;

/** Expired counters are deleted after about this many increments (they name client addresses). */
const SWEEP_EVERY = 200;

/** An express-rate-limit store on the service's database: one fixed window per key, shared by replicas. */
class DatabaseStore implements Store {
  windowMs = 60_000;
  private increments = 0;
  readonly localKeys = false;

  constructor(
    private readonly db: Db,
    private readonly table: RateLimitTable,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const t = this.table;
    const expired = sql`${t.resetAt} <= now()`;
    const [row] = await this.db
      .insert(t)
      .values({
        key: this.prefix + key,
        hits: 1,
        resetAt: sql`now() + ${`${this.windowMs} milliseconds`}::interval`,
      })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${t.hits} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${t.resetAt} end`,
        },
      })
      .returning({ hits: t.hits, resetAt: t.resetAt });
    if (++this.increments % SWEEP_EVERY === 0) await this.db.delete(t).where(lt(t.resetAt, sql`now()`));
    return { totalHits: row!.hits, resetTime: row!.resetAt };
  }

  async decrement(key: string): Promise<void> {
    const t = this.table;
    await this.db
      .update(t)
      .set({ hits: sql`greatest(${t.hits} - 1, 0)` })
      .where(sql`${t.key} = ${this.prefix + key}`);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(this.table).where(sql`${this.table.key} = ${this.prefix + key}`);
  }
}

export interface PerAddressLimitOptions {
  /** Names the counter: two limits of one service must not share it. */
  name: string;
  windowMs: number;
  limit: number;
  /** The 429 answer's detail. */
  detail: string;
  /** Count only requests that succeeded (refused input writes nothing, so it need not use up the limit). */
  successesOnly?: boolean;
  /** The client's address when it is not req.ip (an internal call carrying the buyer's address). */
  keyOf?: (req: Request) => string;
}

/**
 * Per-client-address limits for public writes (reviews, visits, forms), answered in the one error shape and
 * counted in the service's database, so N replicas allow the limit, not N times it. The address is req.ip,
 * right behind the gateway through TRUST_PROXY.
 */
export function rateLimits(db: Db, table: RateLimitTable) {
  return {
    perAddress(options: PerAddressLimitOptions) {
      return rateLimit({
        windowMs: options.windowMs,
        limit: options.limit,
        skipFailedRequests: options.successesOnly ?? false,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        store: new DatabaseStore(db, table, `${options.name}:`),
        ...(options.keyOf ? { keyGenerator: (req: Request) => ipKeyGenerator(options.keyOf!(req)) } : {}),
        handler: (_req, res) => res.status(429).json({ detail: options.detail }),
      });
    },
  };
}
export type RateLimits = ReturnType<typeof rateLimits>;
