import path from 'node:path';
import { z } from 'zod';
import type { ServiceDefinition } from '@edicola/platform';
import { deadLetters, notify, outbox, processedEvents } from './db/schema';

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8104),
});

export const notifyService: ServiceDefinition<typeof env> = {
  name: 'svc-notify',
  schema: notify.schemaName,
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
