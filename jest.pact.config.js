// Pact: consumer tests write contracts/pacts/*.json, provider tests verify them against the real apps.
// Run consumers first (--selectProjects pact-consumers), then providers.
const path = require('node:path');
const shared = require('./jest.shared.js');

const project = (name, pattern) => ({
  ...shared(__dirname),
  displayName: name,
  roots: ['<rootDir>'],
  testMatch: [pattern],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleNameMapper: {
    ...shared(__dirname).moduleNameMapper,
    '^@edicola/(svc-[a-z]+)$': path.join(__dirname, '$1/src/index.ts'),
  },
});

module.exports = {
  // As jest.config.js: a limit against a hung test (a global option).
  testTimeout: 30_000,
  projects: [
    project('pact-consumers', '**/*.consumer.pact.test.{ts,tsx}'),
    project('pact-providers', '**/*.provider.pact.test.{ts,tsx}'),
  ],
};
