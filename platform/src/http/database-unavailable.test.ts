import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import request from 'supertest';
import { postgresDatabase, type Database } from '../db';
import { createCapturingLogger } from '../testing/capture-logger';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { waitFor } from '../testing/wait-for';
import { createHttpApp } from './app';

const adminUrl = process.env.TEST_DATABASE_URL;

function appOn(database: Database) {
  return createHttpApp({
    service: 'svc-test',
    logger: createCapturingLogger().logger,
    corsOrigins: [],
    readiness: async () => ({}),
    routes(router) {
      router.get('/slow', async (_req, res) => {
        await database.db.execute(sql`select pg_sleep(5)`);
        res.json({ ok: true });
      });
      router.get('/quick', async (_req, res) => {
        await database.db.execute(sql`select 1`);
        res.json({ ok: true });
      });
    },
  });
}

// Only meaningful on a real PostgreSQL server: PGlite has no connections to lose.
(adminUrl ? describe : describe.skip)('a database that is restarting', () => {
  it('answers 503 with a detail when the server terminates the query (57P01)', async () => {
    const appName = `edicola_http_${randomBytes(4).toString('hex')}`;
    const url = new URL(adminUrl!);
    url.searchParams.set('application_name', appName);
    const database = postgresDatabase(url.toString(), { max: 2 });
    const pending = request(appOn(database)).get('/slow');
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const inFlight = pending.then((res) => res);
      await waitFor(async () => {
        const { rowCount } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query like '%pg_sleep%'`,
          [appName],
        );
        return (rowCount ?? 0) > 0;
      });
      const res = await inFlight;
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: 'Servizio momentaneamente non disponibile, riprova tra poco' });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await admin.end();
      await database.close();
    }
  });

  describe('behind a connection that breaks', () => {
    let proxy: TcpProxy;
    let database: Database;
    beforeAll(async () => {
      const target = new URL(adminUrl!);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
      target.hostname = '127.0.0.1';
      target.port = String(proxy.port);
      database = postgresDatabase(target.toString(), { max: 1 });
    });
    afterAll(async () => {
      await database.close();
      await proxy.close();
    });

    it('answers 503 while the server cannot be reached, and 200 once it is back', async () => {
      const app = appOn(database);
      expect((await request(app).get('/quick')).status).toBe(200);
      proxy.refuse(true);
      proxy.drop();
      const down = await request(app).get('/quick');
      expect(down.status).toBe(503);
      expect(down.body.detail).toMatch(/momentaneamente non disponibile/);
      proxy.refuse(false);
      await waitFor(async () => (await request(app).get('/quick')).status === 200);
    });
  });
});
