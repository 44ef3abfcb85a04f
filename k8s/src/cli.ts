import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { staleFiles, writeGenerated, K8S_DIR } from './files';
import { ENVIRONMENTS, type Environment } from './layout';
import {
  initialRemotes,
  pointerConfigMap,
  POINTER,
  POINTER_FILE,
  rollbackPointer,
  serviceSteps,
  sliceSteps,
  toYaml,
  type PointerMap,
  type Step,
} from './release';
import { STATIC_SLICES, type StaticSlice } from './shop';

const USAGE = `usage: node k8s/dist/cli.js <command>
  generate                                   write every manifest from the deployment table
  check                                      fail when a generated manifest is out of date
  deploy <service> <revision> --env E        migrations (Job), then the service at that image tag
  release <slice> <version> --env E          a front-end slice's version, then the remotes pointer flipped to it
  rollback --env E                           the remotes pointer back to what it was before the last release
  init-pointer <version> --env E             the first remotes pointer, every slice at that version
  add --dry-run to print the kubectl calls instead of running them`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const envName = args[args.indexOf('--env') + 1];
const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--env');
const [command, first, second] = positional;

function environment(): Environment {
  const env = ENVIRONMENTS.find((e) => e.name === envName);
  return env ?? fail(`--env must be one of ${ENVIRONMENTS.map((e) => e.name).join(', ')}\n${USAGE}`);
}

const render = (dir: string) =>
  execFileSync('kubectl', ['kustomize', path.join(K8S_DIR, dir)], { encoding: 'utf8' });

function run(steps: Step[]) {
  for (const step of steps) {
    process.stdout.write(`kubectl ${step.args.join(' ')}\n`);
    if (dryRun) {
      if (step.input) process.stdout.write(`${step.input.replace(/^/gm, '    ')}\n`);
      continue;
    }
    const result = spawnSync('kubectl', step.args, {
      input: step.input,
      stdio: ['pipe', 'inherit', 'inherit'],
    });
    if (result.status !== 0) fail(`stopped: kubectl ${step.args.slice(2).join(' ')} failed`);
  }
}

function currentPointer(env: Environment): PointerMap {
  if (dryRun)
    return { data: { [POINTER_FILE]: JSON.stringify(initialRemotes(env, 'current')) }, annotations: {} };
  const raw = execFileSync(
    'kubectl',
    ['--namespace', env.namespace, 'get', 'configmap', POINTER, '-o', 'json'],
    {
      encoding: 'utf8',
    },
  );
  const map = JSON.parse(raw) as {
    data?: Record<string, string>;
    metadata: { annotations?: Record<string, string> };
  };
  return { data: map.data ?? {}, annotations: map.metadata.annotations ?? {} };
}

const applyPointer = (env: Environment, pointer: PointerMap): Step => ({
  args: ['--namespace', env.namespace, 'apply', '-f', '-'],
  input: toYaml([pointerConfigMap(env, pointer)]),
});

if (command === 'generate') {
  process.stdout.write(`k8s: ${writeGenerated()} manifests written\n`);
} else if (command === 'check') {
  const stale = staleFiles();
  if (stale.length) fail(`k8s: out of date (run npm run generate -w k8s):\n  ${stale.join('\n  ')}`);
  process.stdout.write('k8s: every generated manifest is up to date\n');
} else if (command === 'deploy' && first && second) {
  const env = environment();
  run(serviceSteps(env, first, second, render(`${first}/overlays/${env.name}`)));
} else if (command === 'release' && first && second) {
  const env = environment();
  if (!STATIC_SLICES.includes(first as StaticSlice))
    fail(`unknown slice ${first}: ${STATIC_SLICES.join(', ')}`);
  const slice = first as StaticSlice;
  run(sliceSteps(env, slice, second, render(`${slice}/overlays/${env.name}`), currentPointer(env)));
} else if (command === 'rollback') {
  const env = environment();
  run([applyPointer(env, rollbackPointer(currentPointer(env)))]);
} else if (command === 'init-pointer' && first) {
  const env = environment();
  run([
    applyPointer(env, {
      data: { [POINTER_FILE]: JSON.stringify(initialRemotes(env, first), null, 2) },
      annotations: {},
    }),
  ]);
} else {
  fail(USAGE);
}
