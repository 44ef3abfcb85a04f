import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// CI's unit shards are dealt by the durations in scripts/test-durations.json (scripts/balanced-shards.cjs): a key
// that names no file of this checkout (a path of the clone the figures came from, say) is never looked up, and
// the shards fall back to dealing by name.
const ROOT = path.join(__dirname, '..', '..');

describe('the unit tests’ measured durations', () => {
  const durations = JSON.parse(
    readFileSync(path.join(ROOT, 'scripts', 'test-durations.json'), 'utf8'),
  ) as Record<string, number>;

  it('name test files of this checkout, relative to its root', () => {
    const keys = Object.keys(durations);
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((file) => file.startsWith('.') || path.isAbsolute(file))).toEqual([]);
    // A file removed since the figures were taken may linger until the next refresh; most must be found.
    const found = keys.filter((file) => existsSync(path.join(ROOT, file)));
    expect(found.length / keys.length).toBeGreaterThan(0.9);
  });
});
