// Opens a PGlite data folder the way a service does and prints the process's memory afterwards:
// `node -r ./register-ts.cjs open-pglite-child.ts <dir>`.
import { openPglite } from '../db';

async function main() {
  const engine = await openPglite(process.argv[2]);
  await engine.query('create table if not exists t (n int)');
  await engine.query('insert into t values (1)');
  const { rows } = await engine.query<{ n: number }>('select count(*)::int as n from t');
  process.stdout.write(`${JSON.stringify({ rows: rows[0]!.n, rss: process.memoryUsage().rss })}\n`);
  await engine.close();
}

void main();
