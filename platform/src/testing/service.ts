import pino from 'pino';
import type { z } from 'zod';
import type { TokenVerifier } from '../auth';
import { createInProcessTransport } from '../bus';
import type { Transport } from '../bus/types';
import { startService, type RunningService, type ServiceDefinition } from '../service';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestService<C> {
  service: RunningService<C>;
  testDatabase: TestDatabase;
  stop(): Promise<void>;
}

/**
 * Starts a real service on a fresh real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) holding its
 * migrated schema, on the given transport or else an in-process one of its own.
 */
export async function startTestService<E extends z.ZodObject>(
  definition: ServiceDefinition<E>,
  options: { env?: Record<string, string>; verifier?: TokenVerifier; transport?: Transport } = {},
): Promise<TestService<z.infer<E>>> {
  const testDatabase = await createTestDatabase({
    migrated: [{ folder: definition.migrationsFolder, schema: definition.schema }],
  });
  const ownTransport = options.transport ? undefined : createInProcessTransport();
  try {
    const service = await startService(definition, {
      env: { BUS_RETRY_DELAYS_MS: '20,40', BUS_RELAY_INTERVAL_MS: '20', ...options.env },
      database: testDatabase.database,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      verifier: options.verifier,
      transport: options.transport ?? ownTransport,
    });
    return {
      service,
      testDatabase,
      async stop() {
        await service.stop();
        await ownTransport?.close();
        await testDatabase.cleanup();
      },
    };
  } catch (error) {
    await ownTransport?.close();
    await testDatabase.cleanup();
    throw error;
  }
}
