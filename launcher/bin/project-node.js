#!/usr/bin/env node
// The shop runs on its own Node, the `node` devDependency (the official binary from npm, under
// node_modules/node/bin), whatever Node the machine has (docs/decisions/0036-node-24.md). The launcher's
// scripts install it when missing and re-run themselves on it. Run directly (`npm test`'s pretest), it installs
// what is missing and exits.
'use strict';
const { existsSync, readFileSync, realpathSync } = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '../..');

/** The version of Node the project pins (root package.json, devDependencies.node). */
function wantedVersion(root = ROOT) {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies.node;
}

/** Where npm puts the project's Node binary. */
function binary(root = ROOT) {
  return path.join(root, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
}

/** The installed `node` package's version, or null when it is not installed. */
function installedVersion(root = ROOT) {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules', 'node', 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** True when `npm install` has to run: a fresh clone, or the pinned Node missing or another version. */
function needsInstall(root = ROOT) {
  return (
    !existsSync(path.join(root, 'node_modules', '.package-lock.json')) ||
    !existsSync(binary(root)) ||
    installedVersion(root) !== wantedVersion(root)
  );
}

/** True when this process already runs on the project's binary. */
function isProjectNode(execPath = process.execPath, root = ROOT) {
  try {
    return realpathSync(execPath) === realpathSync(binary(root));
  } catch {
    return false;
  }
}

/**
 * The arguments of the install: `npm install` run by npm on the pinned Node, fetched first by `npm exec` into
 * npm's cache, so that npm checks the dependencies' engines against the Node that will run them (run on an
 * older machine Node, npm warns EBADENGINE for every package that needs a newer one).
 */
function installArgs(root = ROOT) {
  return [
    'exec',
    '--yes',
    `--package=node@${wantedVersion(root)}`,
    '--',
    'npm',
    'install',
    '--no-audit',
    '--no-fund',
  ];
}

/** Runs the install; false when it failed. */
function install(root = ROOT, env = process.env) {
  const result = spawnSync('npm', installArgs(root), { cwd: root, stdio: 'inherit', env });
  return result.status === 0;
}

/** PATH with the project's binaries first, as npm scripts have it: `node` in a child is the project's. */
function withProjectPath(env, root = ROOT) {
  const bin = path.join(root, 'node_modules', '.bin');
  return { ...env, PATH: [bin, env.PATH].filter(Boolean).join(path.delimiter) };
}

/**
 * Runs `script` with `args` again on the project's Node and ends this process as that one ends: same exit
 * code, or the same signal. Signals sent to this process (a `kill`, a supervisor's stop) reach the child.
 */
function rerun(script, args, { root = ROOT, env = process.env, node = binary(root) } = {}) {
  const child = spawn(node, [script, ...args], { stdio: 'inherit', env: withProjectPath(env, root) });
  const forward = (signal) => child.kill(signal);
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);
  child.on('error', (error) => {
    process.stderr.write(`edicola: could not start ${node}: ${error.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

/**
 * For the launcher's scripts: true when the caller should go on (it runs on the project's Node); otherwise the
 * script has been started again on it, and the caller must do nothing more.
 */
function onProjectNode(script, args = process.argv.slice(2), root = ROOT) {
  if (isProjectNode(process.execPath, root)) return true;
  if (!existsSync(binary(root))) {
    process.stderr.write(`edicola: Node ${wantedVersion(root)} is not installed here: run npm install\n`);
    process.exit(1);
  }
  // Started again and still not on it: stop rather than start itself forever.
  if (process.env.EDICOLA_RERUN) {
    process.stderr.write(`edicola: ${process.execPath} is not ${binary(root)}\n`);
    process.exit(1);
  }
  rerun(script, args, { root, env: { ...process.env, EDICOLA_RERUN: '1' } });
  return false;
}

module.exports = {
  wantedVersion,
  binary,
  installedVersion,
  needsInstall,
  isProjectNode,
  installArgs,
  install,
  withProjectPath,
  rerun,
  onProjectNode,
};

if (require.main === module && needsInstall()) {
  process.stdout.write(`edicola: installing dependencies and Node ${wantedVersion()}…\n`);
  if (!install()) {
    process.stderr.write('edicola: installing dependencies failed\n');
    process.exit(1);
  }
}
