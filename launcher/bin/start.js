#!/usr/bin/env node
// `npm start` on a fresh clone: install what is missing, build what is missing, start the whole shop.
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '../..');
const env = { ...process.env, SCARF_ANALYTICS: 'false' };

function run(args, what) {
  process.stdout.write(`edicola: ${what}…\n`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    process.stderr.write(`edicola: ${what} failed (npm ${args.join(' ')})\n`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  run(['install', '--no-audit', '--no-fund'], 'installing dependencies (first start only)');
}

// The TypeScript projects compiled for Node, and the slices rspack builds for the browser.
const services = require(path.join(root, 'tsconfig.build.json')).references.map((ref) => ref.path);
const slices = require(path.join(root, 'package.json')).workspaces.filter((w) =>
  existsSync(path.join(root, w, 'rspack.config.mjs')),
);
if (services.some((dir) => !existsSync(path.join(root, dir, 'dist')))) {
  run(['run', 'build:services'], 'building the services');
}
for (const slice of slices) {
  if (
    !existsSync(path.join(root, slice, 'dist', 'index.html')) &&
    !existsSync(path.join(root, slice, 'dist', 'mf-manifest.json'))
  ) {
    run(['run', 'build', '-w', slice], `building ${slice}`);
  }
}

process.argv[2] = process.argv[2] ?? 'all-in-one';
require(path.join(root, 'launcher', 'dist', 'cli.js'));
