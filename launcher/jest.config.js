const path = require('node:path');
const base = require('../jest.shared.js')(__dirname);

// The launcher's tests start the real services, so their packages resolve to sources too; the first paint's
// tests render the shell's and mf-catalog's components from their sources (their server.tsx).
module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@edicola/(svc-[a-z]+)$': path.join(__dirname, '../$1/src/index.ts'),
    '\\.webp$': path.join(__dirname, 'test/image-stub.js'),
  },
};
