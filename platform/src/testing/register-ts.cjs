// Lets a child process started by a test run TypeScript sources as Jest does (SWC, CommonJS), with the
// workspace packages resolved to their sources: `node -r <this file> script.ts`. Tests never need a build.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../..');
const sources = {
  '@edicola/contracts': path.join(root, 'contracts/src/index.ts'),
  '@edicola/platform': path.join(root, 'platform/src/index.ts'),
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, sources[request] ?? request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
