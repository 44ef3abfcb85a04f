import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { writeServiceMigrations } from './testing/service-tables';

const adminUrl = process.env.TEST_DATABASE_URL;

function migrator(url: string, folder: string, schema: string) {
  const child = spawn(
    process.execPath,
    [require.resolve('./testing/migrate-child.ts'), url, folder, schema].reduce<string[]>(
      (args, arg) => [...args, arg],
      ['-r', require.resolve('./testing/register-ts.cjs')],
    ),
    { env: { PATH: process.env.PATH }, stdio: 'pipe' },
  ) as ChildProcessWithoutNullStreams;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    connected: async () => {
      while (!output.includes('connected')) {
        if (child.exitCode !== null) throw new Error(output);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    result: async () => ({ code: await exited, output }),
  };
}

// Two replicas of a new version starting together on one fresh PostgreSQL database.
(adminUrl ? describe : describe.skip)('migrations on PostgreSQL', () => {
  const name = `edicola_test_migrate_${randomBytes(5).toString('hex')}`;
  let dir: string;
  let url: string;

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(adminUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dir = mkdtempSync(path.join(tmpdir(), 'edicola-migrate-'));
  });

  afterAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets two processes migrate at once: both succeed and each migration is applied once', async () => {
    // The pause keeps the first migration running while the second process arrives.
    const folder = await writeServiceMigrations(dir, 'replicas', ['select pg_sleep(0.5);']);
    const replicas = [migrator(url, folder, 'replicas'), migrator(url, folder, 'replicas')];
    await Promise.all(replicas.map((r) => r.connected()));
    for (const r of replicas) r.child.stdin.write('go\n');
    const results = await Promise.all(replicas.map((r) => r.result()));
    expect(results).toEqual([
      { code: 0, output: 'connected\nmigrated\n' },
      { code: 0, output: 'connected\nmigrated\n' },
    ]);
    const client = new Client({ connectionString: url });
    await client.connect();
    const journal = await client.query('select hash from drizzle.replicas_migrations');
    const tables = await client.query(
      "select table_name from information_schema.tables where table_schema = 'replicas' order by 1",
    );
    await client.end();
    expect(journal.rows).toHaveLength(1);
    expect(tables.rows.map((r: { table_name: string }) => r.table_name)).toEqual([
      'dead_letters',
      'job_schedules',
      'jobs',
      'outbox',
      'processed_events',
    ]);
  }, 60_000);
});
