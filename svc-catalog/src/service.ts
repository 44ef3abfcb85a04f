import path from 'node:path';
import { z } from 'zod';
import { env, type ServiceDefinition } from '@edicola/platform';
import { catalog, deadLetters, jobSchedules, jobs, outbox, processedEvents } from './db/schema';
import { seedDemoCatalogue } from './demo/seed';
import { onOrderStatusChanged } from './events/order-status-changed';
import { createResponseCache } from './response-cache';
import { configRoutes } from './routes/config';
import { mediaRoutes } from './routes/media';
import { publicArticleRoutes } from './routes/public-articles';

const settings = z.object({
  PORT: env.port(8101),
  /** How long a replica may serve a public list written by another replica. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
});

export const catalogService: ServiceDefinition<typeof settings> = {
  name: 'svc-catalog',
  schema: catalog.schemaName,
  migrationsFolder: path.join(__dirname, '../drizzle'),
  env: settings,
  tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
  build({ config, database, bus, verifier, logger }) {
    const db = database.db;
    const cache = createResponseCache(config.CATALOG_CACHE_TTL_MS);

    bus.on('order.status_changed', async (event, tx, { afterCommit }) => {
      if (await onOrderStatusChanged(tx, event)) afterCommit(() => cache.invalidate());
    });

    return {
      routes(router) {
        publicArticleRoutes(router, db, cache);
        mediaRoutes(router, db);
        configRoutes(router, verifier);
      },
      async start() {
        if (config.DEMO_DATA) await seedDemoCatalogue(db, logger);
      },
    };
  },
};
