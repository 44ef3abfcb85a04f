#!/usr/bin/env node
// CI's image check (.ci/run): builds the base images and one service image with buildah, checks its config
// (user, entrypoint, revision label, health check, the project's Node, size, no dev dependencies, no source
// maps), starts it read-only and unprivileged with podman against the machine's PostgreSQL and RabbitMQ, and
// checks that it answers /healthz and stops cleanly on SIGTERM. Writes test-results/images/summary.json.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBase, buildImage, RUN_FLAGS } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMAGE = 'svc-catalog';
// Node 20's image measured about 231 MB under a 260 MB budget; Node 24's binary is 28 MB larger (decision 0036).
const MAX_SIZE_MB = 290;
const PG = process.env.SMOKE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AMQP = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
// The Node the project pins (docs/decisions/0036-node-24.md), whatever Node runs this check.
const NODE = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies.node;

let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}

function ensureTools() {
  const missing = ['buildah', 'podman', 'runc'].filter(
    (t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0,
  );
  if (missing.length === 0) return;
  console.log(`installing ${missing.join(', ')} (Debian packages)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'buildah', 'podman', 'runc'], { env, stdio: 'ignore' });
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const podman = (args, options = {}) => execFileSync('podman', args, { encoding: 'utf8', ...options });
const inImage = (ref, script) =>
  podman([
    '--runtime',
    'runc',
    'run',
    '--rm',
    '--no-healthcheck',
    ...RUN_FLAGS.slice(2),
    '--network',
    'none',
    '--entrypoint',
    '/usr/bin/node',
    ref,
    '-e',
    script,
  ]).trim();

async function main() {
  ensureTools();
  const started = Date.now();
  const node = buildBase();
  const ref = buildImage(IMAGE, node, 'ci');
  console.log(`built ${ref} in ${Math.round((Date.now() - started) / 1000)} s`);

  const [info] = JSON.parse(podman(['image', 'inspect', ref]));
  const config = info.Config;
  check('runs as the unprivileged user 10001', config.User === '10001:10001', config.User);
  check(
    'starts the service',
    JSON.stringify(config.Entrypoint) === '["/usr/bin/node","/app/start.js"]',
    JSON.stringify(config.Entrypoint),
  );
  check('is labelled with the revision', config.Labels?.['org.opencontainers.image.revision'] === 'ci');
  check(
    'has a health check on /healthz',
    JSON.stringify((info.Healthcheck ?? config.Healthcheck)?.Test ?? []).includes('/healthz'),
  );
  const version = inImage(ref, 'console.log(process.version)');
  check(
    `runs the project's Node ${NODE}`,
    node === NODE && version === `v${NODE}`,
    `${version}, base ${node}`,
  );
  const sizeMb = Math.round(info.Size / 1e6);
  check(`is at most ${MAX_SIZE_MB} MB`, sizeMb <= MAX_SIZE_MB, `${sizeMb} MB`);
  const contents = JSON.parse(
    inImage(
      ref,
      `const fs=require('fs');const has=(p)=>fs.existsSync(p);
       const walk=(d)=>fs.readdirSync(d,{withFileTypes:true}).flatMap(e=>e.isDirectory()?walk(d+'/'+e.name):[d+'/'+e.name]);
       console.log(JSON.stringify({dev:['typescript','jest','eslint','@rspack/core'].filter(m=>has('/app/node_modules/'+m)),
         maps:walk('/app/svc-catalog/dist').concat(walk('/app/platform/dist')).filter(f=>f.endsWith('.map')).length,
         sources:walk('/app/svc-catalog').filter(f=>f.endsWith('.ts')&&!f.endsWith('.d.ts')).length}))`,
    ),
  );
  check('carries no dev dependencies', contents.dev.length === 0, contents.dev.join(', '));
  check(
    'carries no source maps or TypeScript sources',
    contents.maps === 0 && contents.sources === 0,
    JSON.stringify(contents),
  );

  const port = await freePort();
  const database = `image_check_${Date.now()}`;
  const admin = (sql) => execFileSync('psql', [PG, '-qc', sql], { stdio: 'ignore' });
  admin(`create database ${database}`);
  const url = new URL(PG);
  url.pathname = `/${database}`;
  const name = `edicola-image-check-${port}`;
  const container = spawn(
    'podman',
    [
      '--runtime',
      'runc',
      'run',
      '--rm',
      '--name',
      name,
      '--no-healthcheck',
      ...RUN_FLAGS.slice(2),
      '--network',
      'host',
      '--read-only',
      '--tmpfs',
      '/tmp',
      '--cap-drop',
      'ALL',
      '--security-opt',
      'no-new-privileges',
      '-e',
      `PORT=${port}`,
      '-e',
      'HOST=127.0.0.1',
      '-e',
      `DATABASE_URL=${url}`,
      '-e',
      `AMQP_URL=${AMQP}`,
      '-e',
      `BUS_QUEUE_PREFIX=imagecheck${port}.`,
      '-e',
      'DATA_DIR=/tmp/edicola',
      '-e',
      'SHUTDOWN_GRACE_MS=3000',
      '-e',
      'INTERNAL_TOKEN_SECRET=image-check-internal-secret-0123456789',
      ref,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  container.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => container.on('exit', (code) => resolve(code)));
  let health = null;
  for (let i = 0; i < 60 && health === null; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    health = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status,
      () => null,
    );
  }
  check(
    'starts read-only and unprivileged, and answers /healthz',
    health === 200,
    health === null ? stderr.slice(-500) : String(health),
  );
  const stopAt = Date.now();
  spawnSync('podman', ['kill', '--signal', 'TERM', name]);
  const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))]);
  check('stops on SIGTERM within its grace', code === 0, `exit ${code} after ${Date.now() - stopAt} ms`);
  spawnSync('podman', ['rm', '-f', name]);
  admin(`drop database ${database}`);
}

main()
  .catch((error) => check('image check ran', false, String(error?.stack ?? error)))
  .finally(() => {
    const out = path.join(root, 'test-results', 'images');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'summary.json'), JSON.stringify({ passed, failed }));
    console.log(`\n${passed} passed, ${failed} failed`);
    process.exitCode = failed ? 1 : 0;
  });
