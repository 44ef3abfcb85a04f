import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES } from '@edicola/contracts';

const root = path.resolve(__dirname, '../..');

/** The web slices' API clients: every call a browser makes to the services goes through one of these. */
const CLIENTS = [
  ...readdirSync(path.join(root, 'mf-admin/src/api')).map((file) => `mf-admin/src/api/${file}`),
  'mf-catalog/src/api.ts',
  'mf-checkout/src/api.ts',
  'mf-account/src/api.ts',
  'shell/src/api.ts',
].filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

const source = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the web clients and the route table (contracts’ ROUTES)', () => {
  it('call only routes of the table', () => {
    const called = CLIENTS.flatMap((file) =>
      [...source(file).matchAll(/ROUTES\['([^']+)'\]/g)].map((match) => `${file}: ${match[1]}`),
    );
    expect(called.length).toBeGreaterThanOrEqual(60);
    const unknown = called.filter((call) => !(call.split(': ')[1]! in ROUTES));
    expect(unknown).toEqual([]);
  });

  it('take every path from the table, none written out', () => {
    const written = CLIENTS.flatMap((file) =>
      [...source(file).matchAll(/['"`]\/[A-Za-z.]/g)].map((match) => `${file} at ${match.index}`),
    );
    expect(written).toEqual([]);
  });
});
