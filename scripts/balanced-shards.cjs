// Jest's test sequencer with shards of equal length rather than of equal count: `--shard=i/n` takes the test files
// of lane i when they are dealt, longest first, to whichever lane has the least work so far, by the durations
// measured in CI (scripts/test-durations.json; a file not measured yet counts as the median). Every shard deals the
// same way, so each file runs in exactly one. `node scripts/test-durations.mjs` refreshes the figures.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const durations = require('./test-durations.json');

const root = path.resolve(__dirname, '..');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 1;
}

class BalancedShards extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const usual = median(Object.values(durations));
    const measured = tests
      .map((test) => {
        const file = path.relative(root, test.path).split(path.sep).join('/');
        return { test, file, seconds: durations[file] ?? usual };
      })
      .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
    const lanes = Array.from({ length: shardCount }, () => ({ seconds: 0, tests: [] }));
    for (const { test, seconds } of measured) {
      const lane = lanes.reduce((least, next) => (next.seconds < least.seconds ? next : least));
      lane.seconds += seconds;
      lane.tests.push(test);
    }
    return lanes[shardIndex - 1].tests;
  }
}

module.exports = BalancedShards;
