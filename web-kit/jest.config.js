// Node by default (the API client's tests use its fetch Response); the hooks' tests ask for jsdom in their docblock.
module.exports = require('../jest.shared.js')(__dirname);
