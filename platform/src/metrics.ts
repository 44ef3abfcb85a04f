import type { RequestHandler } from 'express';
import { sql } from 'drizzle-orm';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, Db } from './db';
import type { BusTables } from './bus/tables';
import type { JobTables } from './jobs/tables';

/**
 * Prometheus metrics of one service, served on its own `/metrics` (never routed by the gateway; Kubernetes
 * scrapes the pods). Per process: request durations by route, the database pool, Node's own. Read from the
 * service's tables when scraped, so every replica reports the same shop-wide figure (alert on `max`, not
 * `sum`): the outbox backlog and its oldest event, events processed and dead-lettered, jobs by state.
 */
export interface ServiceMetrics {
  registry: Registry;
  /** Times every request, labelled with the route pattern (never the raw path: ids would explode the series). */
  httpMiddleware: RequestHandler;
  /** A gauge read from the service's database when scraped; `read` answers label sets and values. */
  gaugeFromDatabase(
    name: string,
    help: string,
    labelNames: string[],
    read: (db: Db) => Promise<{ labels?: Record<string, string>; value: number }[]>,
  ): void;
}

interface Options {
  service: string;
  database: Database;
  tables: BusTables & JobTables;
  /** Node's process metrics; off in the all-in-one process, where four registries would report one process. */
  processMetrics?: boolean;
}

const rows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

export function createServiceMetrics(options: Options): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'edicola_' });
  const db = options.database.db;

  const duration = new Histogram({
    name: 'edicola_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const httpMiddleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      end({ method: req.method, route, status: `${Math.floor(res.statusCode / 100)}xx` });
    });
    next();
  };

  function gaugeFromDatabase(
    name: string,
    help: string,
    labelNames: string[],
    read: (db: Db) => Promise<{ labels?: Record<string, string>; value: number }[]>,
  ) {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        for (const { labels, value } of await read(db)) {
          if (labels) this.set(labels, value);
          else this.set(value);
        }
      },
    });
  }

  const { outbox, processedEvents, deadLetters, jobs } = options.tables;
  gaugeFromDatabase('edicola_outbox_unpublished', 'Events written but not yet published', [], async (d) => {
    const [row] = await rows(
      d,
      sql`select count(*)::int as n from ${outbox} where ${outbox.publishedAt} is null`,
    );
    return [{ value: Number(row?.n ?? 0) }];
  });
  gaugeFromDatabase(
    'edicola_outbox_oldest_unpublished_seconds',
    'Age of the oldest event not yet published (0 when none)',
    [],
    async (d) => {
      const [row] = await rows(
        d,
        sql`select coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float as s
            from ${outbox} where ${outbox.publishedAt} is null`,
      );
      return [{ value: Number(row?.s ?? 0) }];
    },
  );
  gaugeFromDatabase(
    'edicola_events_processed_last_hour',
    'Events this service consumed in the last hour, by type',
    ['type'],
    async (d) =>
      (
        await rows(
          d,
          sql`select ${processedEvents.type} as type, count(*)::int as n from ${processedEvents}
              where ${processedEvents.processedAt} > now() - interval '1 hour' group by 1`,
        )
      ).map((r) => ({ labels: { type: String(r.type) }, value: Number(r.n) })),
  );
  gaugeFromDatabase(
    'edicola_dead_letters_waiting',
    'Events this service gave up on, not yet replayed or discarded, by type',
    ['type'],
    async (d) =>
      (
        await rows(
          d,
          sql`select ${deadLetters.type} as type, count(*)::int as n from ${deadLetters}
              where ${deadLetters.replayedAt} is null group by 1`,
        )
      ).map((r) => ({ labels: { type: String(r.type) }, value: Number(r.n) })),
  );
  gaugeFromDatabase(
    'edicola_jobs',
    'Background jobs by name and state: waiting, retrying (failed at least once), parked (gave up), done in the last hour',
    ['name', 'state'],
    async (d) =>
      (
        await rows(
          d,
          sql`select ${jobs.name} as name,
                case when ${jobs.parkedAt} is not null then 'parked'
                     when ${jobs.doneAt} is not null then 'done_last_hour'
                     when ${jobs.attempts} > 0 then 'retrying'
                     else 'waiting' end as state,
                count(*)::int as n
              from ${jobs}
              where ${jobs.doneAt} is null or ${jobs.doneAt} > now() - interval '1 hour'
              group by 1, 2`,
        )
      ).map((r) => ({ labels: { name: String(r.name), state: String(r.state) }, value: Number(r.n) })),
  );
  const pool = options.database.poolStats;
  if (pool) {
    new Gauge({
      name: 'edicola_db_pool_connections',
      help: 'Database pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = pool();
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
  }
  return { registry, httpMiddleware, gaugeFromDatabase };
}
