import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import type { Logger } from './logger';

/** A Drizzle handle; a transaction is one too, so data functions take `Db` and work inside either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Applies the service's generated migrations, tracked in a journal table of its own. */
  migrate(migrationsFolder: string, schema: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// The journal cannot live in the service's schema: its first migration creates that schema.
const journal = (migrationsFolder: string, schema: string) => ({
  migrationsFolder,
  migrationsSchema: 'drizzle',
  migrationsTable: `${schema}_migrations`,
});

const transactionScope = new AsyncLocalStorage<true>();

/** True while the calling code runs inside a transaction of any Database of this process. */
export function inTransaction(): boolean {
  return transactionScope.getStore() === true;
}

/**
 * Marks everything a `db.transaction()` callback runs, so that a call to another service made inside one
 * can be refused at once (in the all-in-one process it would deadlock on the shared embedded engine).
 */
export function trackTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn, config) =>
    transaction((tx) => transactionScope.run(true, () => fn(tx)), config)) as Db['transaction'];
  return db;
}

/** Opens (creating if needed) an embedded Postgres under `dataDir`, or in memory when none is given. */
export async function openPglite(dataDir?: string): Promise<PGlite> {
  if (!dataDir) return PGlite.create();
  const dir = path.resolve(dataDir);
  mkdirSync(path.dirname(dir), { recursive: true });
  return PGlite.create(dir);
}

/** A service's view of an embedded engine; several services may share one engine, each in its schema. */
export function pgliteDatabase(engine: PGlite, options: { ownsEngine: boolean }): Database {
  const db = trackTransactions(drizzlePglite(engine) as unknown as Db);
  return {
    kind: 'pglite',
    db,
    async migrate(migrationsFolder, schema) {
      await migratePglite(drizzlePglite(engine), journal(migrationsFolder, schema));
    },
    async ping() {
      await engine.query('select 1');
    },
    async close() {
      if (options.ownsEngine && !engine.closed) await engine.close();
    },
  };
}

export function postgresDatabase(url: string, options: { max?: number; logger?: Logger } = {}): Database {
  const pool = new Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection the server drops (restart, failover, admin command) is discarded by the pool and
  // the next query opens a new one; unheard, pg's 'error' event would crash the process instead.
  pool.on('error', (error) => options.logger?.warn({ err: error }, 'idle database connection lost'));
  const db = drizzlePg(pool);
  return {
    kind: 'postgres',
    db: trackTransactions(db as unknown as Db),
    async migrate(migrationsFolder, schema) {
      await migratePg(db, journal(migrationsFolder, schema));
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}
