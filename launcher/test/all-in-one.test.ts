import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ArticleList, RuntimeConfig, StaffLoginResponse } from '@edicola/contracts';
import { startAllInOne, type AllInOne } from '../src/all-in-one';

// The whole shop in this process, on a fresh data folder and free ports, as `npm start` runs it.
describe('all-in-one', () => {
  let shop: AllInOne;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-aio-'));
    shop = await startAllInOne({
      DATA_DIR: dataDir,
      WEB_PORT: '0',
      API_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      BUS_RELAY_INTERVAL_MS: '20',
    });
  }, 90_000);
  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is healthy with all four services ready', async () => {
    const res = await fetch(`${shop.apiUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      checks: { 'svc-catalog': 'ok', 'svc-orders': 'ok', 'svc-payments': 'ok', 'svc-notify': 'ok' },
    });
  });

  it('links e-mails to the storefront it serves, whatever its port', async () => {
    const res = await fetch(`${shop.apiUrl}/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'lettore@example.com', name: null }),
    });
    expect(res.status).toBe(200);
    const folder = path.join(dataDir, 'mail');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(existsSync(folder) && readdirSync(folder).length > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [file] = readdirSync(folder);
    const mail = readFileSync(path.join(folder, file!), 'utf8').replace(/=\r?\n/g, '');
    expect(mail).toContain(`${shop.webUrl}/newsletter/unsubscribe?token=`);
  });

  it('serves the demo catalogue through the gateway', async () => {
    const articles = ArticleList.parse(await (await fetch(`${shop.apiUrl}/public/articles`)).json());
    expect(articles.length).toBeGreaterThanOrEqual(24);
    const photo = await fetch(`${shop.apiUrl}${articles[0]!.photo_url}`);
    expect(photo.headers.get('content-type')).toBe('image/webp');
  });

  it('creates a staff admin with a one-time password that logs in, and other services accept its token', async () => {
    const notice = shop.notices.find((n) => n.fields.password);
    expect(notice?.fields.username).toBe('admin');
    const login = await fetch(`${shop.apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: notice!.fields.password }),
    });
    const { access_token } = StaffLoginResponse.parse(await login.json());
    const options = await fetch(`${shop.apiUrl}/api/config/iva-options`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(options.status).toBe(200);
    expect(await options.json()).toHaveLength(4);
  });

  it('gives the storefront its runtime config and a strict CSP, and unknown paths get the shell', async () => {
    const res = await fetch(`${shop.webUrl}/config.json`);
    const config = RuntimeConfig.parse(await res.json());
    expect(new URL(config.apiBaseUrl).port).toBe(new URL(shop.apiUrl).port);
    expect(config.remotes.mf_catalog).toBe(`${shop.webUrl}/mf/catalog/mf-manifest.json`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const page = await fetch(`${shop.webUrl}/a/path/that/does/not/exist`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('lets the storefront origin call the API (CORS) and nobody else', async () => {
    const origin = `http://localhost:${new URL(shop.webUrl).port}`;
    const allowed = await fetch(`${shop.apiUrl}/public/articles`, { headers: { origin } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    const other = await fetch(`${shop.apiUrl}/public/articles`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('all-in-one on a data folder another shop holds', () => {
  it('refuses to start instead of opening the embedded database twice', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-aio-held-'));
    // A live process that is not this one: the one that started the tests.
    writeFileSync(path.join(dataDir, 'shop.pid'), String(process.ppid));
    try {
      await expect(
        startAllInOne({
          DATA_DIR: dataDir,
          WEB_PORT: '0',
          API_PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
        }),
      ).rejects.toThrow(`is in use by the shop running as process ${process.ppid}`);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
