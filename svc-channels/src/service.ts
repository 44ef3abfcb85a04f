import path from 'node:path';
import { z } from 'zod';
import { env, type ServiceDefinition } from '@edicola/platform';
import { channels, deadLetters, jobSchedules, jobs, outbox, processedEvents } from './db/schema';

const settings = z.object({
  PORT: env.port(8105),
});

/** The shop's marketplaces (docs/product/ebay.md): eBay on the same stock as the web and the counter. */
export const channelsService: ServiceDefinition<typeof settings> = {
  name: 'svc-channels',
  schema: channels.schemaName,
  migrationsFolder: path.join(__dirname, '../drizzle'),
  env: settings,
  tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
  build() {
    return {
      routes() {},
    };
  },
};
