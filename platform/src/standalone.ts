import type { z } from 'zod';
import { ConfigError } from './config';
import { createLogger } from './logger';
import { startService, type ServiceDefinition } from './service';

/** Runs one service as its own process (distributed mode): listen on PORT, stop cleanly on a signal. */
export async function runStandalone<E extends z.ZodObject>(definition: ServiceDefinition<E>): Promise<void> {
  const logger = createLogger(definition.name, process.env.LOG_LEVEL ?? 'info');
  try {
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
      service.stop().then(
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
