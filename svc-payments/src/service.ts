import path from 'node:path';
import { z } from 'zod';
import type { ServiceDefinition } from '@edicola/platform';
import { deadLetters, payments, outbox, processedEvents } from './db/schema';

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8103),
});

export const paymentsService: ServiceDefinition<typeof env> = {
  name: 'svc-payments',
  schema: payments.schemaName,
  migrationsFolder: path.join(__dirname, '../drizzle'),
  env,
  tables: { outbox, processedEvents, deadLetters },
  build() {
    return {
      // Its SPEC §7 paths arrive with their issues; the gateway already routes them here.
      routes() {},
    };
  },
};
