#!/usr/bin/env node
// `npm run images [-- name…]`: the base images from the project's Node (images/base.sh), then one image per
// service and front-end slice from images/Containerfile, tagged with the git revision. Needs buildah (Debian's
// package) and the npm registry (each image's build stage runs `npm ci` from the lock).
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const IMAGES = [
  'svc-catalog',
  'svc-orders',
  'svc-payments',
  'svc-notify',
  'svc-channels',
  'web',
  'mf-catalog',
  'mf-checkout',
  'mf-account',
  'mf-admin',
];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The limits buildah's steps run under here: lower than the machine's, which a container may not raise. */
export const RUN_FLAGS = ['--runtime', 'runc', '--ulimit', 'nofile=4096:4096', '--ulimit', 'nproc=4096:4096'];

export function revision() {
  return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
}

export function buildBase() {
  const out = execFileSync(path.join(root, 'images/base.sh'), { cwd: root, encoding: 'utf8' });
  return out.trim().split('\n').at(-1).split(':').at(-1);
}

export function buildImage(name, nodeVersion, tag = revision()) {
  const ref = `localhost/edicola/${name}:${tag}`;
  const result = spawnSync(
    'buildah',
    [
      'bud',
      '--quiet',
      '--format',
      'docker',
      '--network',
      'host',
      ...RUN_FLAGS,
      '--build-arg',
      `NODE_VERSION=${nodeVersion}`,
      '--build-arg',
      `IMAGE=${name}`,
      '--build-arg',
      `REVISION=${tag}`,
      '-f',
      'images/Containerfile',
      '-t',
      ref,
      '.',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`buildah bud of ${name} failed`);
  return ref;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2);
  const names = wanted.length ? wanted : IMAGES;
  const unknown = names.filter((n) => !IMAGES.includes(n));
  if (unknown.length) {
    console.error(`unknown image(s): ${unknown.join(', ')}; the images are ${IMAGES.join(', ')}`);
    process.exit(2);
  }
  const node = buildBase();
  for (const name of names) {
    const started = Date.now();
    console.log(`${buildImage(name, node)}  (${Math.round((Date.now() - started) / 1000)} s)`);
  }
}
