import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { createPglite, pgliteDatabase, postgresDatabase, type Database } from '../db';

const testData = path.resolve(__dirname, '../../../.test-data');
const templateFile = path.join(testData, 'pglite-template.tar');

/** A service's migrations, as its definition names them: applied to a test database before it is handed out. */
export interface TestMigrations {
  folder: string;
  schema: string;
}

/** Names the migrated schemas by content: a changed migration makes a new template, never a stale clone. */
function templateKey(migrated: TestMigrations[]): string {
  const hash = createHash('sha256');
  for (const { folder, schema } of migrated) {
    hash.update(`${schema}\0`);
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(folder, file);
      if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

function writeAtomically(file: string, data: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** A fresh engine costs seconds; one made from a dumped empty cluster costs a fraction of that. */
async function freshPglite(): Promise<PGlite> {
  if (existsSync(templateFile)) {
    return createPglite({ loadDataDir: new Blob([readFileSync(templateFile)]) });
  }
  const engine = await createPglite();
  const dump = await engine.dumpDataDir('none');
  writeAtomically(templateFile, Buffer.from(await dump.arrayBuffer()));
  return engine;
}

/**
 * An engine holding `migrated` already applied, loaded from a dump of the first one built (about as fast to load
 * as the empty cluster, where migrating costs seconds per service). Older dumps of the same schemas are removed.
 */
async function migratedPglite(migrated: TestMigrations[]): Promise<PGlite> {
  if (migrated.length === 0) return freshPglite();
  const prefix = `pglite-${migrated.map((m) => m.schema).join('+')}-`;
  const file = path.join(testData, `${prefix}${templateKey(migrated)}.tar`);
  if (existsSync(file)) return createPglite({ loadDataDir: new Blob([readFileSync(file)]) });
  const engine = await freshPglite();
  const database = pgliteDatabase(engine, { ownsEngine: false });
  for (const { folder, schema } of migrated) await database.migrate(folder, schema);
  const dump = await engine.dumpDataDir('none');
  writeAtomically(file, Buffer.from(await dump.arrayBuffer()));
  for (const old of readdirSync(testData)) {
    if (
      old.startsWith(prefix) &&
      /^[0-9a-f]{16}\.tar$/.test(old.slice(prefix.length)) &&
      old !== path.basename(file)
    ) {
      rmSync(path.join(testData, old), { force: true });
    }
  }
  return engine;
}

const withDatabase = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The name of a template database on the server holding `migrated` applied, built by the first test file that
 * needs it (the others wait on an advisory lock, then find it): `create database … template` copies it in a
 * fraction of the time the migrations take.
 */
async function postgresTemplate(
  admin: Client,
  adminUrl: string,
  migrated: TestMigrations[],
): Promise<string> {
  const template = `edicola_tpl_${migrated.map((m) => m.schema).join('_')}_${templateKey(migrated)}`;
  await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount) return template;
    const building = `${template.slice(0, 56)}_build`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const database = postgresDatabase(withDatabase(adminUrl, building), { max: 1 });
    try {
      for (const { folder, schema } of migrated) await database.migrate(folder, schema);
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${building} rename to ${template}`);
    return template;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
  }
}

export interface TestDatabase {
  database: Database;
  /** The shared engine, when the test runs on PGlite (to build more services on the same engine). */
  engine?: PGlite;
  /** Connection string of the throwaway database, when the test runs on PostgreSQL. */
  url?: string;
  cleanup(): Promise<void>;
}

/**
 * A real database for one test file: PGlite in memory by default, or a throwaway database on the PostgreSQL
 * server named by TEST_DATABASE_URL. Empty, or holding the `migrated` services' schemas already migrated (a copy
 * of a template built once per set of migrations; starting the service then finds nothing left to apply).
 */
export async function createTestDatabase(
  options: { migrated?: TestMigrations[] } = {},
): Promise<TestDatabase> {
  const migrated = options.migrated ?? [];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const engine = await migratedPglite(migrated);
    const database = pgliteDatabase(engine, { ownsEngine: true });
    return { database, engine, cleanup: () => database.close() };
  }
  const name = `edicola_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (migrated.length === 0) await admin.query(`create database ${name}`);
    else
      await admin.query(
        `create database ${name} template ${await postgresTemplate(admin, adminUrl, migrated)}`,
      );
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = postgresDatabase(url, { max: 5 });
  return {
    database,
    url,
    async cleanup() {
      await database.close();
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
