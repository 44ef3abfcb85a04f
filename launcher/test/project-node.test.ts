// The shop runs on the project's own Node (the `node` devDependency), whatever Node starts its scripts:
// docs/decisions/0036-node-24.md.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const projectNode = require('../bin/project-node.js') as {
  wantedVersion(root?: string): string;
  binary(root?: string): string;
  installedVersion(root?: string): string | null;
  needsInstall(root?: string): boolean;
  isProjectNode(execPath?: string, root?: string): boolean;
  installArgs(root?: string): string[];
};
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

describe("the project's Node", () => {
  const wanted = projectNode.wantedVersion();

  it('is Node 24, pinned once: engines and the installed package agree with the pin', () => {
    expect(wanted).toMatch(/^24\.\d+\.\d+$/);
    expect(rootPackage.engines.node).toBe(`^${wanted}`);
    expect(projectNode.installedVersion()).toBe(wanted);
    expect(rootPackage.devDependencies['@types/node']).toMatch(/^\^24\./);
  });

  it('runs these tests (npm test and CI start them on node_modules/.bin/node)', () => {
    expect(process.versions.node).toBe(wanted);
    expect(projectNode.isProjectNode(process.execPath)).toBe(true);
  });

  it('is installed by npm running on it, so that engines are checked against Node 24', () => {
    expect(projectNode.installArgs()).toEqual([
      'exec',
      '--yes',
      `--package=node@${wanted}`,
      '--',
      'npm',
      'install',
      '--no-audit',
      '--no-fund',
    ]);
  });
});

/** A clone of the shop reduced to what launcher/bin/start.js reads, with its own copy of the project's Node. */
function fakeClone(cli: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'edicola-node-'));
  const wanted = projectNode.wantedVersion();
  mkdirSync(path.join(dir, 'launcher/bin'), { recursive: true });
  mkdirSync(path.join(dir, 'launcher/dist'), { recursive: true });
  mkdirSync(path.join(dir, 'node_modules/node/bin'), { recursive: true });
  for (const file of ['start.js', 'project-node.js'])
    copyFileSync(path.join(root, 'launcher/bin', file), path.join(dir, 'launcher/bin', file));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ workspaces: [], devDependencies: { node: wanted } }),
  );
  writeFileSync(path.join(dir, 'tsconfig.build.json'), JSON.stringify({ references: [] }));
  writeFileSync(path.join(dir, 'node_modules/.package-lock.json'), '{}');
  writeFileSync(path.join(dir, 'node_modules/node/package.json'), JSON.stringify({ version: wanted }));
  writeFileSync(path.join(dir, 'launcher/dist/cli.js'), cli);
  // Another path to the same binary: this test's Node is not the fake clone's, as the machine's Node is not
  // the project's. A hard link, not a symbolic one (that would resolve to this test's binary).
  const node = path.join(dir, 'node_modules/node/bin/node');
  try {
    linkSync(process.execPath, node);
  } catch {
    copyFileSync(process.execPath, node);
  }
  return dir;
}

function startIn(dir: string) {
  const child = spawn(process.execPath, [path.join(dir, 'launcher/bin/start.js')], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, EDICOLA_RERUN: '' },
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

describe('launcher/bin/start.js started by another Node', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("starts itself again on the project's Node and ends with the shop's exit code", async () => {
    dir = fakeClone(
      `console.log(JSON.stringify({ execPath: process.execPath, version: process.version, mode: process.argv[2],
        path: process.env.PATH.split(require('path').delimiter)[0] })); process.exit(3);`,
    );
    expect(projectNode.isProjectNode(process.execPath, dir)).toBe(false);
    expect(projectNode.needsInstall(dir)).toBe(false);
    const started = startIn(dir);
    expect(await started.exited).toEqual({ code: 3, signal: null });
    const shop = JSON.parse(started.output().trim());
    expect(realpathSync(shop.execPath)).toBe(realpathSync(path.join(dir, 'node_modules/node/bin/node')));
    expect(shop.version).toBe(`v${projectNode.wantedVersion()}`);
    expect(shop.mode).toBe('all-in-one');
    // `node` in what the shop starts is the project's too.
    expect(shop.path).toBe(path.join(dir, 'node_modules/.bin'));
  });

  it('passes a SIGTERM on to the shop, which stops cleanly', async () => {
    dir = fakeClone(
      `process.on('SIGTERM', () => { console.log('stopped on ' + process.version); process.exit(0); });
       console.log('ready'); setInterval(() => {}, 1000);`,
    );
    const started = startIn(dir);
    for (let i = 0; i < 100 && !started.output().includes('ready'); i++)
      await new Promise((r) => setTimeout(r, 100));
    started.child.kill('SIGTERM');
    expect(await started.exited).toEqual({ code: 0, signal: null });
    expect(started.output()).toContain(`stopped on v${projectNode.wantedVersion()}`);
  });

  it('needs an install on a fresh clone, or when the pinned Node is missing', () => {
    dir = fakeClone('console.log("must not start");');
    rmSync(path.join(dir, 'node_modules/node/bin/node'));
    expect(projectNode.needsInstall(dir)).toBe(true);
    rmSync(path.join(dir, 'node_modules/.package-lock.json'));
    expect(projectNode.needsInstall(dir)).toBe(true);
  });

  it('installs again when the installed Node is not the pinned version', () => {
    dir = fakeClone('');
    writeFileSync(path.join(dir, 'node_modules/node/package.json'), JSON.stringify({ version: '20.20.2' }));
    expect(projectNode.needsInstall(dir)).toBe(true);
  });
});
