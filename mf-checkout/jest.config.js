module.exports = require('../jest.shared.js')(__dirname, {
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/src/jestSetup.ts'],
});
