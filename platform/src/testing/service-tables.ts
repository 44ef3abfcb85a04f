import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { busTables } from '../bus/tables';
import type { Database } from '../db';
import { jobTables } from '../jobs/tables';

/** The statements drizzle-kit generates for a new schema holding the bus and job tables, as a service gets them. */
export async function serviceTablesSql(schema: string): Promise<string[]> {
  const s = pgSchema(schema);
  const tables = { s, ...busTables(s), ...jobTables(s) };
  return generateMigration(generateDrizzleJson({}), generateDrizzleJson(tables));
}

/** Creates a schema holding the bus and job tables in `database` and returns their drizzle definitions. */
export async function createServiceTables(database: Database, schema: string) {
  for (const statement of await serviceTablesSql(schema)) await database.db.execute(sql.raw(statement));
  const s = pgSchema(schema);
  return { ...busTables(s), ...jobTables(s) };
}

/**
 * Writes a migrations folder as drizzle-kit would for a service whose schema holds only the bus and job tables
 * (plus `extra` statements, e.g. a slow one), and returns its path.
 */
export async function writeServiceMigrations(
  dir: string,
  schema: string,
  extra: string[] = [],
): Promise<string> {
  const statements = [...(await serviceTablesSql(schema)), ...extra];
  mkdirSync(path.join(dir, 'meta'), { recursive: true });
  const tag = '0000_service';
  writeFileSync(path.join(dir, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n'));
  const journal = {
    version: '7',
    dialect: 'postgresql',
    entries: [{ idx: 0, version: '7', when: Date.now(), tag, breakpoints: true }],
  };
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}
