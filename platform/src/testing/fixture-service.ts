import { pgSchema } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { busTables } from '../bus/tables';
import { jobTables } from '../jobs/tables';
import type { ServiceDefinition } from '../service';

/** A service with no routes of its own, on the migrations writeServiceMigrations() wrote for `schema`. */
export function fixtureService(schema: string, migrationsFolder: string): ServiceDefinition<z.ZodObject> {
  const s = pgSchema(schema);
  return {
    name: `svc-${schema}`,
    schema,
    migrationsFolder,
    env: z.object({}),
    tables: { ...busTables(s), ...jobTables(s) },
    build: () => ({ routes() {} }),
  };
}
