#!/usr/bin/env node
// `npm test`: every check of the project, in the order that makes each one meaningful, then one
// closing line with the count of passed and failed tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results', process.env.TEST_RESULTS_LABEL ?? 'main');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = {
  ...process.env,
  SCARF_ANALYTICS: 'false',
  // Pact reports usage to its makers unless told not to; tests send nothing anywhere.
  PACT_DO_NOT_TRACK: 'true',
  // PGlite loads its WebAssembly through import(), which Jest's module sandbox allows only with this.
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules', '--no-warnings=ExperimentalWarning']
    .filter(Boolean)
    .join(' '),
};
if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit', env });
}

const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
// The Node workspaces that talk to a database or the bus (services, platform, launcher): the ones compiled by
// tsconfig.build.json, but k8s (its manifests do not change with the database).
const nodeProjects = JSON.parse(readFileSync(path.join(root, 'tsconfig.build.json'), 'utf8'))
  .references.map((ref) => ref.path)
  .filter((project) => project !== 'k8s');
const only = process.argv.slice(2);
const steps = [
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'format', cmd: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck', '--silent'] },
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] },
  { name: 'unit', jest: ['-c', 'jest.config.js'] },
  { name: 'pact-consumers', jest: ['-c', 'jest.pact.config.js', '--selectProjects', 'pact-consumers'] },
  { name: 'pact-providers', jest: ['-c', 'jest.pact.config.js', '--selectProjects', 'pact-providers'] },
  { name: 'e2e', jest: ['-c', 'e2e/jest.config.js', '--runInBand'] },
  // Run on request only (.ci/run): the database and bus tests again, against TEST_DATABASE_URL and AMQP_URL.
  {
    name: 'services',
    onRequest: true,
    jest: ['-c', 'jest.config.js', '--selectProjects', ...nodeProjects],
  },
].filter((step) => (only.length === 0 ? !step.onRequest : only.includes(step.name)));

let passed = 0;
let failed = 0;
const failedSteps = [];
for (const step of steps) {
  const started = Date.now();
  process.stdout.write(`\n=== ${step.name}\n`);
  let status;
  if (step.jest) {
    const out = path.join(results, `${step.name}.json`);
    status = spawnSync(process.execPath, [jest, ...step.jest, '--json', `--outputFile=${out}`], {
      cwd: root,
      stdio: 'inherit',
      env,
    }).status;
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
      if (report.numTotalTests === 0) status = status || 1;
    }
  } else {
    status = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env }).status;
  }
  process.stdout.write(
    `=== ${step.name}: ${status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s\n`,
  );
  if (status !== 0) failedSteps.push(step.name);
}

if (failedSteps.length) process.stdout.write(`\nFailed steps: ${failedSteps.join(', ')}\n`);
writeFileSync(path.join(results, 'summary.json'), JSON.stringify({ passed, failed }));
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failedSteps.length ? 1 : 0);
