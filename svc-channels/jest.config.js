module.exports = require('../jest.shared.js')(__dirname);
