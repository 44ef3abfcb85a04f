// Every workspace's unit and integration tests in one run; the journeys in e2e/ run apart, against the
// started shop (e2e/jest.config.js).
const { existsSync } = require('node:fs');
const path = require('node:path');
const { workspaces } = require('./package.json');

module.exports = {
  projects: workspaces
    .filter((w) => w !== 'e2e' && existsSync(path.join(__dirname, w, 'jest.config.js')))
    .map((w) => `<rootDir>/${w}/jest.config.js`),
};
