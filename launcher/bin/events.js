#!/usr/bin/env node
// `npm run events -- dead-letters | replay <id|--all> | discard <id|--all>`: see `npm run events -- --help`.
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');
const { onProjectNode } = require('./project-node');

const cli = path.resolve(__dirname, '../dist/events-cli.js');
if (!existsSync(cli)) {
  process.stderr.write('edicola: build first (npm run build:services)\n');
  process.exit(1);
}
if (onProjectNode(__filename)) require(cli).main();
