const base = require('../jest.shared.js')(__dirname, {
  testEnvironment: 'jsdom',
  setupFiles: [require.resolve('../scripts/web-jest-setup.ts')],
});

// Images are addresses in the bundle; a stub is enough in jsdom.
module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '\\.webp$': require.resolve('../scripts/jest-style-stub.js'),
  },
};
