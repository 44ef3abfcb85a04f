import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const ENTRIES = ['svc-catalog', 'svc-orders', 'svc-payments', 'svc-notify']
  .map((service) => `${service}/src/main.ts`)
  .concat('launcher/src/cli.ts');

/** NODE_ENV as a process sees it after loading production-default (the built file, as the entry points do). */
function nodeEnvUnder(env: NodeJS.ProcessEnv): string {
  const script = `require('@edicola/platform/dist/production-default'); console.log(process.env.NODE_ENV);`;
  return execFileSync(process.execPath, ['-e', script], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  }).trim();
}

describe('production-default (the first import of every entry point)', () => {
  it('runs a process started without NODE_ENV as in production, and keeps a NODE_ENV that was set', () => {
    expect(nodeEnvUnder({})).toBe('production');
    expect(nodeEnvUnder({ NODE_ENV: 'development' })).toBe('development');
  });

  it('is the first import of each service and of the launcher, before anything loads React or Express', () => {
    for (const entry of ENTRIES) {
      const firstImport = /^import\s[^;]+;/m.exec(readFileSync(path.join(root, entry), 'utf8'))?.[0];
      expect({ entry, firstImport }).toEqual({
        entry,
        firstImport: "import '@edicola/platform/dist/production-default';",
      });
    }
  });
});
