const path = require('node:path');
const base = require('../jest.shared.js')(__dirname);

// The launcher's tests start the real services, so their packages resolve to sources too.
module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@edicola/(svc-[a-z]+)$': path.join(__dirname, '../$1/src/index.ts'),
  },
};
