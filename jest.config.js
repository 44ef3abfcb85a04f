// Every workspace's unit and integration tests in one run; the journeys in e2e/ run apart, against the
// started shop (e2e/jest.config.js).
const { existsSync } = require('node:fs');
const path = require('node:path');
const { workspaces } = require('./package.json');

module.exports = {
  // A limit against a hung test, not a speed check (speed is measured in bench/): CI runs two steps at once on two
  // cores, where a test that takes 2 s alone can take 10. A global option: Jest ignores it in a project's config.
  testTimeout: 30_000,
  // CI's unit shards, of equal length by measured durations (also a global option).
  testSequencer: path.join(__dirname, 'scripts/balanced-shards.cjs'),
  projects: workspaces
    .filter((w) => w !== 'e2e' && existsSync(path.join(__dirname, w, 'jest.config.js')))
    .map((w) => `<rootDir>/${w}/jest.config.js`),
};
