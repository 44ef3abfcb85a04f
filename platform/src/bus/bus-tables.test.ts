import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Database } from '../db';
import { createBusSchema } from '../testing/bus-tables';
import { createTestDatabase, type TestDatabase } from '../testing/database';

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = testDatabase.database;
});

afterAll(async () => {
  await testDatabase?.cleanup();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// The tests build the bus tables with hand-written DDL; this keeps it equal to the drizzle definitions services
// generate their migrations from.
it('creates the bus tables exactly as busTables declares them', async () => {
  const tables = await createBusSchema(database, 'bus_tables_check');
  for (const table of Object.values(tables)) {
    const config = getTableConfig(table);
    const columns = await rows<{
      column_name: string;
      type: string;
      is_nullable: string;
      column_default: string | null;
    }>(
      sql`select column_name, format_type(a.atttypid, a.atttypmod) as type, is_nullable, column_default
          from information_schema.columns c
          join pg_attribute a on a.attname = c.column_name
            and a.attrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass
          where table_schema = 'bus_tables_check' and table_name = ${config.name}
          order by ordinal_position`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(config.columns.map((column) => column.name));
    for (const column of config.columns) {
      const actual = columns.find((c) => c.column_name === column.name);
      expect({ name: column.name, type: actual?.type, notNull: actual?.is_nullable === 'NO' }).toEqual({
        name: column.name,
        type: column.getSQLType(),
        notNull: column.notNull,
      });
      expect({ name: column.name, hasDefault: actual?.column_default != null }).toEqual({
        name: column.name,
        hasDefault: column.hasDefault,
      });
    }
    const indexes = await rows<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where schemaname = 'bus_tables_check' and tablename = ${config.name}`,
    );
    for (const index of config.indexes) {
      const actual = indexes.find((i) => i.indexname === index.config.name);
      expect(actual).toBeDefined();
      expect(actual?.indexdef.startsWith('CREATE UNIQUE')).toBe(index.config.unique);
      if (index.config.where) expect(actual?.indexdef).toMatch(/WHERE \(published_at IS NULL\)/);
    }
    const primaryKey = config.columns.filter((c) => c.primary).map((c) => c.name);
    const compositeKey = config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name));
    const [constraint] = await rows<{ columns: string }>(
      sql`select string_agg(a.attname, ',') as columns from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indisprimary and i.indrelid = ${`bus_tables_check.${config.name}`}::regclass`,
    );
    expect(constraint?.columns).toBe([...primaryKey, ...compositeKey].join(','));
  }
});
