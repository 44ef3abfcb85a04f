import express from 'express';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import request from 'supertest';
import { pgliteDatabase, postgresDatabase, type Database } from '../db';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { rateLimits, rateLimitTable } from './rate-limit';

// Two "replicas" of one service: two apps on separate connections to one database (a second pool on
// PostgreSQL, the same engine on PGlite).
let testDatabase: TestDatabase;
let replica: Database;
const table = rateLimitTable(pgSchema('rate_limit_test'));

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  replica = testDatabase.url
    ? postgresDatabase(testDatabase.url, { max: 2 })
    : pgliteDatabase(testDatabase.engine!, { ownsEngine: false });
  await testDatabase.database.db.execute(sql`create schema rate_limit_test`);
  await testDatabase.database.db.execute(
    sql`create table rate_limit_test.rate_limits (key text primary key, hits integer not null, reset_at timestamptz not null)`,
  );
}, 60_000);

afterAll(async () => {
  await replica?.close();
  await testDatabase?.cleanup();
});

function app(database: Database, options: { name: string; windowMs?: number; successesOnly?: boolean }) {
  const created = express();
  created.post(
    '/write',
    rateLimits(database.db, table).perAddress({
      name: options.name,
      windowMs: options.windowMs ?? 60_000,
      limit: 3,
      detail: 'Troppe richieste. Riprova tra poco.',
      successesOnly: options.successesOnly,
    }),
    (req, res) => {
      res.status(req.query.fail ? 422 : 201).json({});
    },
  );
  return created;
}

describe('per-address limits counted in the database', () => {
  it('counts the requests of every replica together, and answers 429 in the one error shape', async () => {
    const first = app(testDatabase.database, { name: 'shared' });
    const second = app(replica, { name: 'shared' });
    expect((await request(first).post('/write')).status).toBe(201);
    expect((await request(second).post('/write')).status).toBe(201);
    expect((await request(first).post('/write')).status).toBe(201);
    const refused = await request(second).post('/write');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Troppe richieste. Riprova tra poco.' });
    // Another limit of the same service keeps its own count.
    expect((await request(app(replica, { name: 'other' })).post('/write')).status).toBe(201);
  });

  it('starts a new window once the old one is over', async () => {
    const short = app(testDatabase.database, { name: 'window', windowMs: 300 });
    for (let i = 0; i < 3; i++) expect((await request(short).post('/write')).status).toBe(201);
    expect((await request(short).post('/write')).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await request(short).post('/write')).status).toBe(201);
  });

  it('with successesOnly, refused input does not use up the limit', async () => {
    const forms = app(testDatabase.database, { name: 'forms', successesOnly: true });
    for (let i = 0; i < 5; i++) expect((await request(forms).post('/write?fail=1')).status).toBe(422);
    for (let i = 0; i < 3; i++) expect((await request(forms).post('/write')).status).toBe(201);
    expect((await request(forms).post('/write')).status).toBe(429);
  });
});
