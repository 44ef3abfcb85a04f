import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { pgliteDatabase, postgresDatabase, type Database } from '../db';

const templateFile = path.resolve(__dirname, '../../../.test-data/pglite-template.tar');

/** A fresh engine costs seconds; one made from a dumped empty cluster costs a fraction of that. */
async function freshPglite(): Promise<PGlite> {
  if (existsSync(templateFile)) {
    return PGlite.create({ loadDataDir: new Blob([readFileSync(templateFile)]) });
  }
  const engine = await PGlite.create();
  const dump = await engine.dumpDataDir('none');
  mkdirSync(path.dirname(templateFile), { recursive: true });
  const tmp = `${templateFile}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, templateFile);
  return engine;
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
 * A real, empty database for one test file: PGlite in memory by default, or a throwaway database on the
 * PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const engine = await freshPglite();
    const database = pgliteDatabase(engine, { ownsEngine: true });
    return { database, engine, cleanup: () => database.close() };
  }
  const name = `edicola_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = postgresDatabase(url.toString(), { max: 5 });
  return {
    database,
    url: url.toString(),
    async cleanup() {
      await database.close();
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
