const base = require('../jest.shared.js')(__dirname);

// Journeys in real Chromium against the real shop, started once for the whole run.
module.exports = {
  ...base,
  testMatch: ['<rootDir>/tests/**/*.e2e.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/support/global-setup.js',
  globalTeardown: '<rootDir>/support/global-teardown.js',
  testTimeout: 60_000,
};
