import type { Server } from 'node:http';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Express, Router } from 'express';
import { z } from 'zod';
import {
  localKeySetVerifier,
  remoteKeySetVerifier,
  remoteSessionLookup,
  sessionCheckedVerifier,
  type TokenVerifier,
} from './auth';
import { createEventBus, createRabbitTransport, DEFAULT_RELAY_LEASE_MS } from './bus';
import type { BusTables } from './bus/tables';
import { createServiceMetrics, type ServiceMetrics } from './metrics';
import type { EventBus, Transport } from './bus/types';
import { ConfigError, env, loadConfig, serviceEnv } from './config';
import { securePrivateTree } from './data-dir';
import { openPglite, pgliteDatabase, postgresDatabase, type Database } from './db';
import { createHttpApp } from './http/app';
import { createHttpServer } from './http/server-timeouts';
import { closeServer } from './http/shutdown';
import { internalCallsFor, internalEnv, type InternalClient } from './internal';
import { createJobRunner, DEFAULT_JOBS_LEASE_MS, purgeFinished, type JobTables, type Jobs } from './jobs';
import { createLogger, type Logger } from './logger';

/** Variables every service reads beside its own. */
const runtimeEnv = serviceEnv.extend(internalEnv.shape).extend({
  CORS_ORIGINS: z
    .string()
    .default('http://localhost:3000')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Proxies in front of the service: hop count (1 = the gateway) or addresses/CIDRs (see http/app.ts). */
  TRUST_PROXY: z.string().default('1'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
  BUS_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'expected comma-separated milliseconds, e.g. 1000,5000,30000')
    .default('60000,300000,1800000')
    .transform((v) => v.split(',').map(Number)),
  BUS_RELAY_INTERVAL_MS: z.coerce.number().int().positive().default(250),
  /** How long a relay owns the outbox rows it publishes: a killed process's events go out this long after. */
  BUS_RELAY_LEASE_MS: z.coerce.number().int().min(1000).default(DEFAULT_RELAY_LEASE_MS),
  BUS_QUEUE_PREFIX: z.string().default(''),
  /** Default `<BUS_QUEUE_PREFIX>edicola.events`, so a prefix alone keeps two deployments apart. */
  BUS_EXCHANGE: z.string().min(1).optional(),
  /** Age in days after which published outbox rows, processed-event marks, handled dead letters and done jobs go. */
  BUS_RETENTION_DAYS: z.coerce.number().positive().default(14),
  /** How often a service looks for due jobs. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
  /** How long a runner owns a job it runs: a killed process's jobs run again this long after. */
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).default(DEFAULT_JOBS_LEASE_MS),
  /** Loads the demo catalogue into an empty shop; the all-in-one launcher turns it on. */
  DEMO_DATA: env.bool(false),
  /** How long a service remembers svc-orders' answer on a session (a few seconds at most). */
  SESSION_CHECK_CACHE_MS: z.coerce.number().int().nonnegative().max(10_000).default(2000),
  /** Listen address of a standalone service. */
  HOST: z.string().min(1).default('0.0.0.0'),
});
export type RuntimeEnv = z.infer<typeof runtimeEnv>;

export interface ServiceContext<C> {
  name: string;
  config: RuntimeEnv & C;
  logger: Logger;
  database: Database;
  bus: EventBus;
  /** Recurring jobs and jobs handed to a worker; register them in build(). */
  jobs: Jobs;
  verifier: TokenVerifier;
  /** Calls other services' /internal/ endpoints (never inside a transaction). */
  internal: InternalClient;
  /** Tells the operator something once (e.g. a generated password): to the launcher's banner, else the log. */
  notice(message: string, fields?: Record<string, string>): void;
  /** The service's Prometheus metrics, for figures of its own (served on /metrics). */
  metrics: ServiceMetrics;
}

export type NoticeListener = (service: string, message: string, fields: Record<string, string>) => void;

/** What a service's own code provides; the runtime supplies everything around it. */
export interface ServiceParts {
  routes(router: Router): void;
  /** Runs after migrations and before the service reports ready (seeding, warm-up). */
  start?(): Promise<void>;
  stop?(): Promise<void>;
  /** Replaces the context's token verifier (svc-orders verifies with its own keys). */
  verifier?: TokenVerifier;
}

export interface ServiceDefinition<E extends z.ZodObject> {
  /** e.g. 'svc-catalog': log name, queue name, event source. */
  name: string;
  /** The Postgres schema holding all of this service's tables (and its migrations journal). */
  schema: string;
  migrationsFolder: string;
  env: E;
  /** `busTables(schema)` and `jobTables(schema)`, declared in the service's db/schema.ts. */
  tables: BusTables & JobTables;
  /**
   * Its work can wait (e-mails): as its own process it runs at a lower CPU priority (nice BACKGROUND_NICE), so on a
   * shared machine a burst of orders is served first and the e-mails follow. On its own CPU nothing changes.
   */
  background?: boolean;
  build(context: ServiceContext<z.infer<E>>): Promise<ServiceParts> | ServiceParts;
}

export interface RuntimeOptions {
  env?: NodeJS.ProcessEnv;
  /** An embedded engine shared with the other services of this process (all-in-one). */
  engine?: PGlite;
  /** A database given by the caller (tests). */
  database?: Database;
  /**
   * The bus transport, when the caller provides it (the all-in-one launcher's in-process transport, a test's).
   * Without one the service connects to RabbitMQ at AMQP_URL, which is then required: a service on its own with a
   * private in-process bus would mark its events published while nobody receives them.
   */
  transport?: Transport;
  verifier?: TokenVerifier;
  logger?: Logger;
  onNotice?: NoticeListener;
}

export interface RunningService<C = unknown> {
  name: string;
  app: Express;
  context: ServiceContext<C>;
  isReady(): boolean;
  listen(port: number, host?: string): Promise<Server>;
  stop(): Promise<void>;
}

async function openDatabase(
  name: string,
  config: RuntimeEnv,
  options: RuntimeOptions,
  logger: Logger,
): Promise<Database> {
  if (options.database) return options.database;
  if (config.DATABASE_URL) return postgresDatabase(config.DATABASE_URL, { logger });
  if (options.engine) return pgliteDatabase(options.engine, { ownsEngine: false });
  securePrivateTree(config.DATA_DIR);
  const engine = await openPglite(path.join(config.DATA_DIR, 'pglite', name));
  return pgliteDatabase(engine, { ownsEngine: true });
}

const RETENTION_INTERVAL_MS = 60 * 60_000;

export const MISSING_AMQP_URL =
  'AMQP_URL is not set: a service running on its own publishes and receives events through RabbitMQ ' +
  '(e.g. AMQP_URL=amqp://guest:guest@127.0.0.1:5672). Only the all-in-one launcher (npm start) runs ' +
  'services on its in-process bus.';

function rabbitTransport(config: RuntimeEnv, logger: Logger): Transport {
  if (!config.AMQP_URL) throw new ConfigError([MISSING_AMQP_URL]);
  return createRabbitTransport({
    url: config.AMQP_URL,
    exchange: config.BUS_EXCHANGE,
    queuePrefix: config.BUS_QUEUE_PREFIX,
    retryDelaysMs: config.BUS_RETRY_DELAYS_MS,
    logger,
  });
}

/** Builds a service the one way all four are built: config, logs, database, migrations, bus, HTTP app. */
export async function startService<E extends z.ZodObject>(
  definition: ServiceDefinition<E>,
  options: RuntimeOptions = {},
): Promise<RunningService<z.infer<E>>> {
  const config = loadConfig(runtimeEnv.extend(definition.env.shape), options.env) as RuntimeEnv & z.infer<E>;
  const logger = options.logger ?? createLogger(definition.name, config.LOG_LEVEL);
  if (!options.transport && !config.AMQP_URL) throw new ConfigError([MISSING_AMQP_URL]);
  const database = await openDatabase(definition.name, config, options, logger);
  await database.migrate(definition.migrationsFolder, definition.schema);

  const ownsTransport = !options.transport;
  const transport = options.transport ?? rabbitTransport(config, logger);
  const bus = createEventBus({
    service: definition.name,
    database,
    tables: definition.tables,
    transport,
    logger,
    retry: { delaysMs: config.BUS_RETRY_DELAYS_MS },
    relayIntervalMs: config.BUS_RELAY_INTERVAL_MS,
    relayLeaseMs: config.BUS_RELAY_LEASE_MS,
  });
  const jobs = createJobRunner({
    service: definition.name,
    database,
    tables: definition.tables,
    logger,
    pollIntervalMs: config.JOBS_POLL_INTERVAL_MS,
    leaseMs: config.JOBS_LEASE_MS,
  });
  jobs.every('bus.retention', RETENTION_INTERVAL_MS, async () => {
    await purgeFinished({ database, tables: definition.tables, logger, days: config.BUS_RETENTION_DAYS });
  });
  const metrics = createServiceMetrics({ service: definition.name, database, tables: definition.tables });
  const internal = internalCallsFor(definition.name, config, logger);
  // svc-orders' key set checks the signature, svc-orders itself whether the session is still on.
  const verifier =
    options.verifier ??
    (config.AUTH_JWKS_URL
      ? sessionCheckedVerifier(
          remoteKeySetVerifier(config.AUTH_JWKS_URL),
          remoteSessionLookup(internal.client, { cacheMs: config.SESSION_CHECK_CACHE_MS }),
        )
      : undefined);
  const context: ServiceContext<z.infer<E>> = {
    name: definition.name,
    internal: internal.client,
    config,
    logger,
    database,
    bus,
    jobs,
    // Without a key set every token is refused (the warning below says so), unless the service brings its own.
    verifier: verifier ?? localKeySetVerifier({ keys: [] }),
    metrics,
    notice(message, fields = {}) {
      if (options.onNotice) options.onNotice(definition.name, message, fields);
      // No terminal to show it on: log the message and the names of its fields, never their values
      // (a notice may hold a generated password).
      else logger.warn({ notice_fields: Object.keys(fields) }, message);
    },
  };
  const parts = await definition.build(context);
  if (parts.verifier) context.verifier = parts.verifier;
  else if (!verifier) logger.warn('AUTH_JWKS_URL is not set: protected routes will refuse every token');

  let ready = false;
  const app = createHttpApp({
    service: definition.name,
    logger,
    corsOrigins: config.CORS_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    internalTokens: internal.tokens,
    metrics,
    routes: parts.routes,
    readiness: async () => ({
      started: ready,
      database: await database.ping().then(
        () => true,
        () => false,
      ),
      // A broker outage leaves the service ready: the outbox holds its events until the bus is back.
      bus: bus.state(),
    }),
  });

  await parts.start?.();
  await bus.start();
  await jobs.start();
  ready = true;
  logger.info({ database: database.kind, transport: transport.kind }, 'service ready');

  const servers: Server[] = [];
  return {
    name: definition.name,
    app,
    context,
    isReady: () => ready,
    listen(port, host = config.HOST) {
      return new Promise((resolve, reject) => {
        const server = createHttpServer(app);
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
        servers.push(server);
      });
    },
    async stop() {
      ready = false;
      await Promise.all(servers.map((s) => closeServer(s, config.SHUTDOWN_GRACE_MS)));
      await Promise.all([bus.stop(), jobs.stop()]);
      await parts.stop?.();
      if (ownsTransport) await transport.close();
      if (!options.database) await database.close();
    },
  };
}
