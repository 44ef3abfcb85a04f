// Migrates a database when told to: `node -r ./register-ts.cjs migrate-child.ts <url> <folder> <schema>`, then
// a line "go" on stdin. Prints "migrated" and exits 0, or prints the error and exits 1.
import { createInterface } from 'node:readline';
import { postgresDatabase } from '../db';

const [url, folder, schema] = process.argv.slice(2);
const database = postgresDatabase(url!, { max: 2 });

async function main() {
  await database.ping();
  process.stdout.write('connected\n');
  await new Promise<void>((resolve) =>
    createInterface({ input: process.stdin }).once('line', () => resolve()),
  );
  await database.migrate(folder!, schema!);
  process.stdout.write('migrated\n');
}

main().then(
  async () => {
    await database.close();
    process.exit(0);
  },
  (error: unknown) => {
    process.stdout.write(`failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
