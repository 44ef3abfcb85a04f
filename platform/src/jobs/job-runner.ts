import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { runWithContext } from '../context';
import type { Database, Db } from '../db';
import { afterCommit } from '../unit-of-work';
import type { Logger } from '../logger';
import { settleWithin } from '../bus/settle-within';
import type { JobTables } from './tables';
import { detached, inSpan, SpanKind } from '../telemetry/trace';

export interface JobContext {
  /** The idempotency key the job was enqueued with. */
  key: string;
  /** 1 on the first run, then 2, 3… after failures (and after a runner died mid-run). */
  attempt: number;
}

export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface HandleOptions {
  /** Runs before the job is parked with its last error. Default 8. */
  maxAttempts?: number;
  /** Wait after the first failure; doubles after each next one. Default 10 s. */
  backoffMs?: number;
  /** Ceiling of that wait. Default 1 hour. */
  maxBackoffMs?: number;
}

export interface EnqueueOptions {
  /** Idempotency key: a job with the same name and key already enqueued (or done) makes this a no-op. */
  key: string;
  /** Not before this time. Default now. */
  runAt?: Date;
}

export interface Jobs {
  /** A recurring job: every `intervalMs`, by exactly one replica at a time. Register before start(). */
  every(name: string, intervalMs: number, fn: () => Promise<void>): void;
  /** The worker of the jobs enqueued under `name`. Register before start(). */
  handle<P = unknown>(name: string, fn: JobHandler<P>, options?: HandleOptions): void;
  /**
   * Writes a job in the caller's transaction `tx`: it runs after the commit (never if rolled back), once per
   * name and key; a new job wakes the runner once the transaction commits. Resolves true if the job is new, false if
   * that key was already enqueued.
   */
  enqueue<P = unknown>(tx: Db, name: string, payload: P, options: EnqueueOptions): Promise<boolean>;
  /** Looks for due work now instead of at the next poll. A commit that enqueued a job does so by itself: services
   * never call it. */
  wake(): void;
}

export interface JobRunner extends Jobs {
  start(): Promise<void>;
  /** Stops polling and waits (bounded) for the jobs running now; an unfinished one runs again after its lease. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobRunnerOptions {
  /** The service running the jobs (names their spans when tracing is on). */
  service?: string;
  database: Database;
  tables: JobTables;
  logger: Logger;
  /** Pause between looks for due work. Default 1 s. */
  pollIntervalMs?: number;
  /**
   * How long a job belongs to the runner that claimed it; after that another may run it again. The runner renews
   * the lease of its running jobs every third of it, so only a runner that died (or hangs) loses its jobs, and
   * they run again at most this long after. Default 30 s.
   */
  leaseMs?: number;
  /** Most enqueued jobs run at once by this runner. Default 10. */
  concurrency?: number;
}

interface Recurring {
  intervalMs: number;
  fn: () => Promise<void>;
}

interface Handler {
  fn: JobHandler;
  maxAttempts: number;
  backoffMs: number;
  maxBackoffMs: number;
}

/** A killed runner's jobs run again this long after; the lease is renewed every third of it while a job runs. */
export const DEFAULT_JOBS_LEASE_MS = 30_000;

const NAME = /^[\w.:-]{1,100}$/;
const afterMs = (ms: number) =>
  sql`now() + ${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond'`;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/**
 * Jobs stored in the service's own schema, so they survive restarts and work the same on PostgreSQL and PGlite.
 * Due rows are claimed with a lease under `for update skip locked` (as the outbox relay claims its rows); a
 * recurring job's schedule row is claimed by one conditional update, so one replica runs it per interval.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, logger } = options;
  const { jobs, jobSchedules } = options.tables;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_JOBS_LEASE_MS;
  const concurrency = options.concurrency ?? 10;
  const recurring = new Map<string, Recurring>();
  const handlers = new Map<string, Handler>();
  const runningJobs = new Map<string, Promise<void>>();
  const runningRecurring = new Map<string, Promise<void>>();
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let renewal: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let wakeRequested = false;
  /** Local time before which no recurring job of this runner is due (read from the table, in its clock). */
  let recurringDueAt = 0;

  function register(name: string): void {
    if (started) throw new Error(`register job ${name} before the job runner starts`);
    if (!NAME.test(name)) throw new Error(`invalid job name ${JSON.stringify(name)}`);
  }

  function schedule(delayMs: number): void {
    if (!started || stopped) return;
    clearTimeout(timer);
    // Polls belong to no request's trace, whichever request woke the runner.
    timer = setTimeout(() => detached(run), delayMs);
    timer.unref();
  }

  function run(): void {
    timer = undefined;
    if (stopped) return;
    if (ticking) {
      wakeRequested = true;
      return;
    }
    wakeRequested = false;
    ticking = tick()
      .catch((err: unknown) => logger.warn({ err }, 'job runner poll failed'))
      .finally(() => {
        ticking = undefined;
        schedule(wakeRequested ? 0 : pollIntervalMs);
      });
  }

  async function tick(): Promise<void> {
    await claimRecurring();
    await claimJobs();
  }

  async function claimRecurring(): Promise<void> {
    const idle = [...recurring.keys()].filter((name) => !runningRecurring.has(name));
    if (idle.length === 0 || Date.now() < recurringDueAt) return;
    const claimed = await database.db
      .update(jobSchedules)
      .set({ lockedUntil: afterMs(leaseMs) })
      .where(
        and(
          inArray(jobSchedules.name, idle),
          lte(jobSchedules.nextRunAt, sql`now()`),
          or(isNull(jobSchedules.lockedUntil), lt(jobSchedules.lockedUntil, sql`now()`)),
        ),
      )
      .returning({ name: jobSchedules.name });
    for (const { name } of claimed) {
      const running = runRecurring(name, recurring.get(name)!).finally(() => {
        runningRecurring.delete(name);
        recurringDueAt = 0;
      });
      runningRecurring.set(name, running);
    }
    if (claimed.length === 0) await readRecurringDueAt(idle);
  }

  /** Idle, the runner asks the table only when a recurring job may be due (another replica may have run it). */
  async function readRecurringDueAt(names: string[]): Promise<void> {
    const [row] = await database.db
      .select({
        waitMs: sql<number>`extract(epoch from min(greatest(${jobSchedules.nextRunAt}, coalesce(${jobSchedules.lockedUntil}, ${jobSchedules.nextRunAt}))) - now()) * 1000`,
      })
      .from(jobSchedules)
      .where(inArray(jobSchedules.name, names));
    const waitMs = Number(row?.waitMs ?? 0);
    recurringDueAt = Date.now() + Math.max(0, Number.isFinite(waitMs) ? waitMs : 0);
  }

  async function runRecurring(name: string, job: Recurring): Promise<void> {
    let error: string | null = null;
    try {
      await runWithContext({ correlationId: `job:${name}` }, job.fn);
      logger.debug({ job: name }, 'recurring job done');
    } catch (err) {
      error = errorText(err);
      logger.warn({ job: name, err }, 'recurring job failed, will run again at its next interval');
    }
    await database.db
      .update(jobSchedules)
      .set({ nextRunAt: afterMs(job.intervalMs), lockedUntil: null, lastRunAt: sql`now()`, lastError: error })
      .where(eq(jobSchedules.name, name))
      .catch((err: unknown) => logger.error({ job: name, err }, 'could not record a recurring job run'));
  }

  async function claimJobs(): Promise<void> {
    const capacity = concurrency - runningJobs.size;
    if (handlers.size === 0 || capacity <= 0) return;
    const busy = [...runningJobs.keys()];
    const due = database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, [...handlers.keys()]),
          isNull(jobs.doneAt),
          isNull(jobs.parkedAt),
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
          busy.length > 0 ? notInArray(jobs.id, busy) : undefined,
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(capacity)
      .for('update', { skipLocked: true });
    const claimed = await database.db
      .update(jobs)
      .set({ lockedUntil: afterMs(leaseMs), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning({
        id: jobs.id,
        name: jobs.name,
        key: jobs.key,
        payload: jobs.payload,
        attempts: jobs.attempts,
      });
    for (const job of claimed) {
      const running = runJob(job).finally(() => {
        runningJobs.delete(job.id);
        wake();
      });
      runningJobs.set(job.id, running);
    }
  }

  async function runJob(job: {
    id: string;
    name: string;
    key: string;
    payload: unknown;
    attempts: number;
  }): Promise<void> {
    const handler = handlers.get(job.name)!;
    const fields = { job: job.name, key: job.key, attempt: job.attempts };
    try {
      // Tracing on: each run of an enqueued job is a trace of its own (recurring sweeps are not traced).
      const attributes = {
        'edicola.job': job.name,
        'edicola.job.key': job.key,
        'edicola.attempt': job.attempts,
      };
      await runWithContext({ correlationId: `job:${job.name}:${job.key}` }, () =>
        inSpan(options.service ?? 'jobs', `job ${job.name}`, { kind: SpanKind.CONSUMER, attributes }, () =>
          handler.fn(job.payload, { key: job.key, attempt: job.attempts }),
        ),
      );
    } catch (err) {
      const lastError = errorText(err);
      if (job.attempts >= handler.maxAttempts) {
        // A line an alert can match: the job waits for an operator.
        logger.warn({ ...fields, err }, 'job parked after its last attempt');
        await record(job.id, { parkedAt: sql`now()`, lockedUntil: null, lastError });
      } else {
        const delayMs = Math.min(handler.maxBackoffMs, handler.backoffMs * 2 ** (job.attempts - 1));
        logger.warn({ ...fields, err, retry_in_ms: delayMs }, 'job failed, will retry');
        await record(job.id, { runAt: afterMs(delayMs), lockedUntil: null, lastError });
      }
      return;
    }
    logger.debug(fields, 'job done');
    await record(job.id, { doneAt: sql`now()`, lockedUntil: null, lastError: null });
  }

  async function record(id: string, set: Partial<Record<keyof typeof jobs.$inferInsert, unknown>>) {
    await database.db
      .update(jobs)
      .set(set as typeof jobs.$inferInsert)
      .where(eq(jobs.id, id))
      // Left as it is, the job runs again when its lease ends.
      .catch((err: unknown) => logger.error({ job_id: id, err }, 'could not record a job run'));
  }

  /** Keeps the leases of what this runner is running now; a row finished meanwhile (lease cleared) is left alone. */
  async function renewLeases(): Promise<void> {
    const ids = [...runningJobs.keys()];
    const names = [...runningRecurring.keys()];
    if (ids.length > 0)
      await database.db
        .update(jobs)
        .set({ lockedUntil: afterMs(leaseMs) })
        .where(and(inArray(jobs.id, ids), isNotNull(jobs.lockedUntil), isNull(jobs.doneAt)));
    if (names.length > 0)
      await database.db
        .update(jobSchedules)
        .set({ lockedUntil: afterMs(leaseMs) })
        .where(and(inArray(jobSchedules.name, names), isNotNull(jobSchedules.lockedUntil)));
  }

  function wake(): void {
    if (!started || stopped) return;
    if (ticking) wakeRequested = true;
    else schedule(0);
  }

  return {
    every(name, intervalMs, fn) {
      register(name);
      if (!(intervalMs > 0)) throw new Error(`job ${name}: the interval must be positive`);
      if (recurring.has(name)) throw new Error(`recurring job ${name} is already registered`);
      recurring.set(name, { intervalMs, fn });
    },

    handle(name, fn, handleOptions = {}) {
      register(name);
      if (handlers.has(name)) throw new Error(`job ${name} already has a handler`);
      handlers.set(name, {
        fn: fn as JobHandler,
        maxAttempts: handleOptions.maxAttempts ?? 8,
        backoffMs: handleOptions.backoffMs ?? 10_000,
        maxBackoffMs: handleOptions.maxBackoffMs ?? 60 * 60_000,
      });
    },

    async enqueue(tx, name, payload, { key, runAt }) {
      if (!NAME.test(name)) throw new Error(`invalid job name ${JSON.stringify(name)}`);
      const inserted = await tx
        .insert(jobs)
        .values({ name, key, payload: payload ?? {}, runAt: runAt ?? sql`now()` })
        .onConflictDoNothing({ target: [jobs.name, jobs.key] })
        .returning({ id: jobs.id });
      if (inserted.length === 0) return false;
      afterCommit(wake);
      return true;
    },

    wake,

    async start() {
      if (started) return;
      // A schedule keeps its turn across restarts; a shorter interval than last time's brings it forward.
      for (const [name, { intervalMs }] of recurring) {
        await database.db
          .insert(jobSchedules)
          .values({ name, nextRunAt: sql`now()` })
          .onConflictDoUpdate({
            target: jobSchedules.name,
            set: { nextRunAt: sql`least(${jobSchedules.nextRunAt}, ${afterMs(intervalMs)})` },
          });
      }
      started = true;
      if (recurring.size > 0 || handlers.size > 0) schedule(0);
      renewal = setInterval(() => {
        renewLeases().catch((err: unknown) => logger.warn({ err }, 'could not renew job leases'));
      }, leaseMs / 3);
      renewal.unref();
    },

    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      const settled = await settleWithin(timeoutMs, async () => {
        await ticking;
        await Promise.allSettled([...runningJobs.values(), ...runningRecurring.values()]);
      });
      clearInterval(renewal);
      if (!settled)
        logger.warn('job runner stopped with jobs still running; they run again after their lease');
    },
  };
}
