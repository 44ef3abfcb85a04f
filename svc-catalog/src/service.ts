import path from 'node:path';
import { z } from 'zod';
import { env, rateLimits, type ServiceDefinition } from '@edicola/platform';
import { createResponseCache } from './cache/response-cache';
import {
  catalog,
  deadLetters,
  jobSchedules,
  jobs,
  outbox,
  processedEvents,
  rateLimitCounters,
} from './db/schema';
import { seedDemoCatalogue } from './demo/seed';
import { onOrderStatusChanged } from './events/order-status-changed';
import { onOrderItemsRestocked } from './events/order-items-restocked';
import { onCustomerErased } from './events/customer-erased';
import { onListingChanged } from './events/listing-changed';
import { adminArticleRoutes } from './routes/admin-articles';
import { adminReviewRoutes } from './routes/admin-reviews';
import { configRoutes } from './routes/config';
import { ebayRoutes } from './routes/ebay';
import { arrivalRoutes } from './routes/arrivals';
import { internalBarcodeRoutes } from './routes/internal-barcodes';
import { internalCustomerRoutes } from './routes/internal-customers';
import { internalParcelRoutes } from './routes/internal-parcels';
import { internalStockRoutes } from './routes/internal-stock';
import { mediaRoutes } from './routes/media';
import { publicArticleRoutes } from './routes/public-articles';
import { reviewRoutes } from './routes/reviews';
import { stockRoutes } from './routes/stock';
import { stockAlertRoutes } from './routes/stock-alerts';
import { visitRoutes } from './routes/visits';
import { loadVisitorKey } from './visitors/identity';

const settings = z.object({
  PORT: env.port(8101),
  /** How long a replica may serve a public list written by another replica. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  /** A header with the visitor's country set by a trusted proxy (e.g. CF-IPCountry); empty: none. */
  VISIT_COUNTRY_HEADER: z.string().trim().default(''),
  /** Page views one client address may report per minute. */
  VISITS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Reviews one client address may send per hour. */
  REVIEWS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Back-in-stock alerts ('Avvisami') one client address may ask for per hour. */
  STOCK_ALERTS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Key of the visitor hashes behind 'helpful' votes; made and kept in the database when unset. */
  VISITOR_HASH_SECRET: z.string().min(16).optional(),
});

export const catalogService: ServiceDefinition<typeof settings> = {
  name: 'svc-catalog',
  schema: catalog.schemaName,
  migrationsFolder: path.join(__dirname, '../drizzle'),
  env: settings,
  tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
  build({ config, database, bus, verifier, internal, logger }) {
    const db = database.db;
    const cache = createResponseCache(config.CATALOG_CACHE_TTL_MS);
    let visitorKey = '';
    const limits = rateLimits(db, rateLimitCounters);

    bus.on('order.status_changed', onOrderStatusChanged(cache, bus));
    bus.on('order.items_restocked', onOrderItemsRestocked(cache, bus));
    bus.on('listing.changed', onListingChanged);
    bus.on('customer.erased', onCustomerErased(cache));

    return {
      routes(router) {
        publicArticleRoutes(router, db, cache);
        internalStockRoutes(router, db, cache, bus);
        internalParcelRoutes(router, db);
        internalBarcodeRoutes(router, db);
        internalCustomerRoutes(router, db);
        adminArticleRoutes(router, db, verifier, cache, bus);
        stockRoutes(router, db, verifier, cache, bus);
        arrivalRoutes(router, db, verifier, internal);
        ebayRoutes(router, db, verifier, bus);
        mediaRoutes(router, db);
        configRoutes(router, verifier);
        reviewRoutes(router, db, {
          visitorKey: () => visitorKey,
          reviewsPerHour: config.REVIEWS_PER_HOUR,
          limits,
        });
        stockAlertRoutes(router, db, bus, { alertsPerHour: config.STOCK_ALERTS_PER_HOUR, limits });
        adminReviewRoutes(router, db, verifier, bus);
        visitRoutes(router, db, verifier, {
          country: { header: config.VISIT_COUNTRY_HEADER },
          visitsPerMinute: config.VISITS_PER_MINUTE,
          limits,
        });
      },
      async start() {
        visitorKey = await loadVisitorKey(db, config.VISITOR_HASH_SECRET);
        if (config.DEMO_DATA) await seedDemoCatalogue(db, bus, logger);
      },
    };
  },
};
