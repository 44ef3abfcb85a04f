import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAllInOne, type AllInOne } from '../src/all-in-one';

function rawGet(base: string, rawPath: string): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: rawPath }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
      .on('error', reject);
  });
}

// Internal calls in the one process of `npm start`: through a loopback-only port, with real internal tokens.
describe('all-in-one: internal calls and the gateway in front of them', () => {
  let shop: AllInOne;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-internal-'));
    shop = await startAllInOne({
      DATA_DIR: dataDir,
      WEB_PORT: '0',
      API_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    });
  }, 90_000);
  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets one service call another’s internal endpoint with its client', async () => {
    const orders = shop.services['svc-orders'].context;
    await expect(orders.internal.get('svc-catalog', '/internal/whoami')).resolves.toEqual({
      service: 'svc-catalog',
      caller: 'svc-orders',
    });
    const payments = shop.services['svc-payments'].context;
    await expect(payments.internal.get('svc-orders', '/internal/whoami')).resolves.toEqual({
      service: 'svc-orders',
      caller: 'svc-payments',
    });
  });

  it('refuses the same call inside a transaction, at once', async () => {
    const orders = shop.services['svc-orders'].context;
    const started = Date.now();
    await expect(
      orders.database.db.transaction(() => orders.internal.get('svc-catalog', '/internal/whoami')),
    ).rejects.toThrow(/inside a database transaction/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers text holding a NUL byte with 422, not 500 (staff login)', async () => {
    const res = await fetch(`${shop.apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'adm\u0000in', password: 'whatever-password' }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      'Il testo non può contenere il carattere nullo (\\u0000)',
    );
  });

  it('never lets the public API reach /internal/, however the path is spelt', async () => {
    expect(await rawGet(shop.apiUrl, '/internal/whoami')).toBe(404);
    expect(await rawGet(shop.apiUrl, '/public/articles/../../internal/whoami')).toBe(404);
    expect(await rawGet(shop.apiUrl, '/public/articles/%2e%2e/%2e%2e/internal/whoami')).toBe(400);
  });
});
