import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'edicola-pglite-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function openInChild(dataDir: string): Promise<{ rows: number; rss: number }> {
  const { stdout } = await run(
    process.execPath,
    [
      '-r',
      require.resolve('./testing/register-ts.cjs'),
      require.resolve('./testing/open-pglite-child.ts'),
      dataDir,
    ],
    { env: { PATH: process.env.PATH } },
  );
  return JSON.parse(stdout) as { rows: number; rss: number };
}

// initdb grows PGlite's WebAssembly memory to about 0.9 GB and a process never gets it back: the first start
// of the shop must not keep it (the idle bound is 700 MB for the whole shop). On Node 24 the child measured
// under 500 MB in one CI run and 526 MB in another: 600 leaves room and stays far from the 0.9 GB kept.
it('creates a fresh data folder without keeping the memory initdb used, and reopens it with its data', async () => {
  const dataDir = path.join(dir, 'nested', 'pglite');
  const first = await openInChild(dataDir);
  expect(first.rows).toBe(1);
  expect(first.rss / 2 ** 20).toBeLessThan(600);
  expect(readdirSync(path.dirname(dataDir))).toEqual(['pglite']);
  const again = await openInChild(dataDir);
  expect(again.rows).toBe(2);
}, 60_000);
