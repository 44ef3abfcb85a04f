import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { securePrivateTree } from './data-dir';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import type { Logger } from './logger';
import { trackTransactions } from './unit-of-work';

export { inTransaction } from './unit-of-work';

/** A Drizzle handle; a transaction is one too, so data functions take `Db` and work inside either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Applies the service's generated migrations, tracked in a journal table of its own. */
  migrate(migrationsFolder: string, schema: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's state (PostgreSQL only): for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

// The journal cannot live in the service's schema: its first migration creates that schema.
const journal = (migrationsFolder: string, schema: string) => ({
  migrationsFolder,
  migrationsSchema: 'drizzle',
  migrationsTable: `${schema}_migrations`,
});

/**
 * The contrib extensions every embedded engine loads, as PostgreSQL has them installed: the catalogue's search
 * uses trigrams and unaccent (docs/decisions/0051-article-pages-and-search.md). An engine must load them whenever
 * it opens a cluster where `create extension` ran, or their functions fail.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent } as const;

/** An embedded engine with the extensions of PGLITE_EXTENSIONS: every engine the platform makes goes through it. */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
}

/** Opens (creating if needed) an embedded Postgres under `dataDir`, or in memory when none is given. */
export async function openPglite(dataDir?: string): Promise<PGlite> {
  if (!dataDir) return createPglite();
  const dir = path.resolve(dataDir);
  mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
  if (!existsSync(dir) || readdirSync(dir).length === 0) await initPgliteDataDir(dir);
  const engine = await createPglite({ dataDir: dir });
  // The engine gives its files mode 0666 whatever the umask: taken back once it has opened them.
  securePrivateTree(dir);
  return engine;
}

/**
 * Creates a new data folder in a child process. initdb grows the engine's WebAssembly memory to about 0.9 GB,
 * which a process never gets back; opening the finished folder afterwards costs about a third of that. The folder
 * is built beside its final place and renamed, so an interrupted first start leaves nothing half-made.
 */
async function initPgliteDataDir(dir: string): Promise<void> {
  const building = `${dir}.init-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const script = `require(${JSON.stringify(require.resolve('@electric-sql/pglite'))})
    .PGlite.create(process.argv[1])
    .then((engine) => engine.close())
    .then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`;
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, building], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve({ code: exitCode, stderr: output }));
  });
  if (code !== 0 || !existsSync(path.join(building, 'PG_VERSION'))) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(`could not create the database folder ${dir}: ${stderr.trim() || `exit code ${code}`}`);
  }
  rmSync(dir, { recursive: true, force: true }); // an empty folder at most
  renameSync(building, dir);
}

/** A service's view of an embedded engine; several services may share one engine, each in its schema. */
export function pgliteDatabase(engine: PGlite, options: { ownsEngine: boolean }): Database {
  const db = trackTransactions(drizzlePglite(engine) as unknown as Db);
  return {
    kind: 'pglite',
    db,
    // No lock: a PGlite data folder belongs to one process, and its single connection runs one transaction at a time.
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

// One lock for every migration of a database, keyed on the schema holding the journals: replicas starting
// together take turns, and so do services sharing one database (their journals share that schema, which
// drizzle creates with a `create schema if not exists` two sessions can race on).
const migrationLockKey = (journalSchema: string) => `edicola:migrations:${journalSchema}`;

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
      const config = journal(migrationsFolder, schema);
      // Session-level lock on one connection, which then runs the migrations: a replica arriving second waits,
      // then finds them applied. A crash releases the lock with the connection.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [
          migrationLockKey(config.migrationsSchema),
        ]);
        try {
          await migratePg(drizzlePg(client), config);
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [
            migrationLockKey(config.migrationsSchema),
          ]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
