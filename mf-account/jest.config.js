module.exports = require('../jest.shared.js')(__dirname, {
  testEnvironment: 'jsdom',
  setupFiles: [require.resolve('../scripts/web-jest-setup.ts')],
});
