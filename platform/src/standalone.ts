import { setPriority } from 'node:os';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config';
import { usePrivateUmask } from './data-dir';
import { postgresDatabase } from './db';
import { createLogger } from './logger';
import { startService, type ServiceDefinition } from './service';
import { runningTelemetry } from './telemetry/start';

const migrateEnv = z.object({ DATABASE_URL: z.string().min(1) });

/**
 * `main.js migrate`: applies the service's migrations to DATABASE_URL and exits (Kubernetes runs it as a Job
 * before each rollout, k8s/README.md). The same advisory lock as at start keeps two runs from overlapping.
 */
export async function migrateStandalone<E extends z.ZodObject>(
  definition: ServiceDefinition<E>,
  vars: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const { DATABASE_URL } = loadConfig(migrateEnv, vars);
  const logger = createLogger(definition.name, vars.LOG_LEVEL ?? 'info');
  const database = postgresDatabase(DATABASE_URL, { max: 1, logger });
  try {
    await database.migrate(definition.migrationsFolder, definition.schema);
    logger.info('migrations applied');
  } finally {
    await database.close();
  }
}

/** The niceness of a background service's process (ServiceDefinition.background); 0 keeps the normal priority. */
export const BACKGROUND_NICE = 10;

function lowerPriority(logger: ReturnType<typeof createLogger>): void {
  const nice = Number(process.env.BACKGROUND_NICE ?? BACKGROUND_NICE);
  if (!Number.isInteger(nice) || nice <= 0) return;
  try {
    // Raising one's own niceness needs no privilege (a container's non-root user may).
    setPriority(0, Math.min(nice, 19));
  } catch (error) {
    logger.warn({ err: error }, 'could not lower the process priority');
  }
}

/** Runs one service as its own process (distributed mode): listen on PORT, stop cleanly on a signal. */
export async function runStandalone<E extends z.ZodObject>(definition: ServiceDefinition<E>): Promise<void> {
  usePrivateUmask();
  const logger = createLogger(definition.name, process.env.LOG_LEVEL ?? 'info');
  if (process.argv[2] === 'migrate') {
    await migrateStandalone(definition).then(
      () => process.exit(0),
      (error: unknown) => {
        if (error instanceof ConfigError) logger.fatal(error.message);
        else logger.fatal({ err: error }, 'migrations failed');
        process.exit(1);
      },
    );
    return;
  }
  try {
    if (definition.background) lowerPriority(logger);
    const service = await startService(definition, { logger });
    const { PORT: port, HOST: host } = service.context.config;
    const server = await service.listen(port, host);
    const address = server.address();
    logger.info({ host, port: typeof address === 'object' && address ? address.port : port }, 'listening');
    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'stopping');
      service
        .stop()
        // The last spans leave before the process does.
        .then(() =>
          runningTelemetry()
            ?.shutdown()
            .catch(() => undefined),
        )
        .then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'unclean stop');
            process.exit(1);
          },
        );
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
  } catch (error) {
    if (error instanceof ConfigError) logger.fatal(error.message);
    else logger.fatal({ err: error }, 'could not start');
    process.exit(1);
  }
}
