import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES } from '@edicola/contracts';

const root = path.resolve(__dirname, '../..');

/** The web slices' API clients (each slice's src/api/): every call a browser makes to the services goes through one. */
const CLIENTS = ['shell', 'mf-catalog', 'mf-checkout', 'mf-account', 'mf-admin']
  .flatMap((slice) =>
    readdirSync(path.join(root, slice, 'src/api')).map((file) => `${slice}/src/api/${file}`),
  )
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

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
