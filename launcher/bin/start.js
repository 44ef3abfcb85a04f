#!/usr/bin/env node
// `npm start` on a fresh clone: install what is missing (the project's Node 24 with it), build what is missing,
// start the whole shop on the project's Node, started again on it when another Node runs this script.
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const projectNode = require('./project-node');

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

function start() {
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
}

if (projectNode.needsInstall(root)) {
  run(projectNode.installArgs(root), 'installing dependencies and Node (first start only)');
}
if (projectNode.onProjectNode(__filename, process.argv.slice(2), root)) start();
