import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { postgresDatabase } from './db';
import { createCapturingLogger } from './testing/capture-logger';

const adminUrl = process.env.TEST_DATABASE_URL;

// Only meaningful on a real PostgreSQL server: PGlite has no connections to lose.
(adminUrl ? describe : describe.skip)('postgresDatabase', () => {
  it('survives the server dropping its idle connection, logs it, and reconnects', async () => {
    const { logger, lines } = createCapturingLogger();
    const database = postgresDatabase(adminUrl!, { max: 1, logger });
    const result = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    const pid = result.rows[0]!.pid;

    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines.some((line) => line.msg === 'idle database connection lost')).toBe(true);
    await expect(database.ping()).resolves.toBeUndefined();
    await database.close();
  });
});
