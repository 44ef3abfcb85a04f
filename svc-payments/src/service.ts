import path from 'node:path';
import { z } from 'zod';
import { env, type ServiceDefinition } from '@edicola/platform';
import { deadLetters, jobSchedules, jobs, outbox, payments, processedEvents } from './db/schema';

const settings = z.object({
  PORT: env.port(8103),
});

export const paymentsService: ServiceDefinition<typeof settings> = {
  name: 'svc-payments',
  schema: payments.schemaName,
  migrationsFolder: path.join(__dirname, '../drizzle'),
  env: settings,
  tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
  build() {
    return {
      // Its SPEC §7 paths arrive with their issues; the gateway already routes them here.
      routes() {},
    };
  },
};
