const { readFileSync, rmSync } = require('node:fs');
const path = require('node:path');

module.exports = async function globalTeardown() {
  const state = JSON.parse(
    readFileSync(path.resolve(__dirname, '../../test-results/e2e-state.json'), 'utf8'),
  );
  const child = globalThis.__EDICOLA_SHOP__;
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(state.dataDir, { recursive: true, force: true });
};
