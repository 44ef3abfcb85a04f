// One Jest setup for every workspace: SWC transpiles TypeScript and JSX, workspace packages resolve to
// their sources so tests never need a build first.
const path = require('node:path');

// Test tools send no telemetry, however Jest is started (workers inherit this environment).
process.env.PACT_DO_NOT_TRACK = 'true';

const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = function jestConfig(dir, overrides = {}) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/{src,test}/**/*.test.{ts,tsx}'],
    // Pact tests run in their own ordered phase (consumers write, then providers verify).
    testPathIgnorePatterns: ['/node_modules/', '\\.pact\\.test\\.'],
    transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
    // ESM-only packages that Jest's CommonJS loader must see transpiled.
    transformIgnorePatterns: ['/node_modules/(?!(jose|https-proxy-agent|proxy-agent-negotiate|agent-base)/)'],
    moduleNameMapper: {
      '^@edicola/(contracts|platform|web-kit)$': path.join(__dirname, '$1/src/index.ts'),
      '^@edicola/platform/testing$': path.join(__dirname, 'platform/src/testing/index.ts'),
      '^@edicola/web-testing$': path.join(__dirname, 'scripts/web-testing.ts'),
      '\\.(css)$': path.join(__dirname, 'scripts/jest-style-stub.js'),
    },
    ...overrides,
  };
};
