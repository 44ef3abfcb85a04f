import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ArticleList, RuntimeConfig, StaffLoginResponse } from '@edicola/contracts';
import { paymentBannerLines, startAllInOne, type AllInOne } from '../src/all-in-one';

// The whole shop in this process, on a fresh data folder and free ports, as `npm start` runs it.
/** Every folder and file under `dir` with its permission bits. */
function modesUnder(dir: string): { file: string; dir: boolean; mode: number }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => {
    const stat = lstatSync(path.join(dir, name));
    return { file: name, dir: stat.isDirectory(), mode: stat.mode & 0o777 };
  });
}

/** A GET with the Host given (fetch would not let a test choose it). */
function statusFor(url: string, host: string): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: hostname, port, path: pathname, headers: { Host: host } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
      .on('error', reject);
  });
}

describe('all-in-one', () => {
  let shop: AllInOne;
  let dataDir: string;
  let umask: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-aio-'));
    // Started as from a shell whose umask is 000, on a folder an earlier version left readable to all.
    chmodSync(dataDir, 0o777);
    mkdirSync(path.join(dataDir, 'earlier'), { mode: 0o777 });
    writeFileSync(path.join(dataDir, 'earlier', 'notes.txt'), 'From: shop', { mode: 0o666 });
    chmodSync(path.join(dataDir, 'earlier'), 0o777);
    chmodSync(path.join(dataDir, 'earlier', 'notes.txt'), 0o666);
    umask = process.umask(0);
    shop = await startAllInOne({
      DATA_DIR: dataDir,
      WEB_PORT: '0',
      API_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      BUS_RELAY_INTERVAL_MS: '20',
      // The shop's pre-sale terms, which svc-orders applies and the terms page states.
      PRESALE_LAPSED_DEPOSIT: 'keep',
      PRESALE_BALANCE_DAYS: '5',
    });
  }, 90_000);
  afterAll(async () => {
    await shop?.stop();
    process.umask(umask);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is healthy with all five services ready', async () => {
    const res = await fetch(`${shop.apiUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      checks: {
        'svc-catalog': 'ok',
        'svc-orders': 'ok',
        'svc-payments': 'ok',
        'svc-notify': 'ok',
        'svc-channels': 'ok',
      },
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
    const emls = () => (existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.eml')) : []);
    while (Date.now() < deadline && emls().length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [file] = emls();
    // Quoted-printable: soft line breaks and "=3D" undone before reading the link.
    const mail = readFileSync(path.join(folder, file!), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(mail).toContain(`${shop.webUrl}/newsletter/unsubscribe?token=`);
  });

  it('keeps DATA_DIR private: folders 0700, files 0600, whatever the umask it was started with', async () => {
    // An e-mail and a login written since the start (the database's log holds the new rows).
    const login = await fetch(`${shop.apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'sbagliata' }),
    });
    expect(login.status).toBe(401);
    const subscribed = await fetch(`${shop.apiUrl}/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'riservato@example.com', name: null }),
    });
    expect(subscribed.status).toBe(200);
    const mail = path.join(dataDir, 'mail');
    const deadline = Date.now() + 10_000;
    while (
      Date.now() < deadline &&
      !(existsSync(mail) && readdirSync(mail).some((f) => f.endsWith('.eml')))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    const entries = modesUnder(dataDir);
    expect(entries.filter((e) => !e.dir).length).toBeGreaterThan(500); // the database's files among them
    expect(entries.some((e) => e.file.startsWith('mail/'))).toBe(true);
    expect(entries.some((e) => e.file === 'earlier/notes.txt')).toBe(true);
    expect(entries.some((e) => e.file.startsWith('keys/'))).toBe(true);
    const open = entries.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600));
    expect(open).toEqual([]);
  }, 30_000);

  it('answers on localhost and 127.0.0.1 with no configuration, and refuses any other host', async () => {
    const webPort = new URL(shop.webUrl).port;
    const apiPort = new URL(shop.apiUrl).port;
    for (const name of ['localhost', '127.0.0.1']) {
      expect(await statusFor(`${shop.webUrl}/config.json`, `${name}:${webPort}`)).toBe(200);
      expect(await statusFor(`${shop.apiUrl}/public/articles`, `${name}:${apiPort}`)).toBe(200);
    }
    expect(await statusFor(`${shop.webUrl}/config.json`, 'evil.example')).toBe(421);
    expect(await statusFor(`${shop.apiUrl}/public/articles`, 'evil.example')).toBe(421);
    expect(await statusFor(`${shop.webUrl}/`, `localhost:${apiPort}`)).toBe(421);
  }, 30_000);

  it('serves the demo catalogue through the gateway', async () => {
    const articles = ArticleList.parse(await (await fetch(`${shop.apiUrl}/public/articles`)).json());
    expect(articles.length).toBeGreaterThanOrEqual(24);
    const photo = await fetch(`${shop.apiUrl}${articles[0]!.photo_url}`);
    expect(photo.headers.get('content-type')).toBe('image/webp');
  });

  it('creates a staff admin with a one-time password that must be changed, then other services accept its token', async () => {
    const notice = shop.notices.find((n) => n.fields.password);
    expect(notice?.fields.username).toBe('admin');
    const login = await fetch(`${shop.apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: notice!.fields.password }),
    });
    const first = StaffLoginResponse.parse(await login.json());
    expect(first.must_change_password).toBe(true);
    const ivaOptions = (token: string) =>
      fetch(`${shop.apiUrl}/api/config/iva-options`, { headers: { authorization: `Bearer ${token}` } });
    expect((await ivaOptions(first.access_token)).status).toBe(403);

    const changed = await fetch(`${shop.apiUrl}/api/auth/password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${first.access_token}` },
      body: JSON.stringify({ old_password: notice!.fields.password, new_password: 'Edicola-Napoli-2026' }),
    });
    const { access_token } = StaffLoginResponse.parse(await changed.json());
    const options = await ivaOptions(access_token);
    expect(options.status).toBe(200);
    expect(await options.json()).toHaveLength(4);
    expect((await ivaOptions(first.access_token)).status).toBe(401);
  });

  it('gives the storefront its runtime config and a strict CSP, and unknown paths get the shell', async () => {
    const res = await fetch(`${shop.webUrl}/config.json`);
    const config = RuntimeConfig.parse(await res.json());
    expect(new URL(config.apiBaseUrl).port).toBe(new URL(shop.apiUrl).port);
    expect(config.remotes.mf_catalog).toBe(`${shop.webUrl}/mf/catalog/mf-manifest.json`);
    expect(config.presaleTerms).toEqual({ lapsedDeposit: 'keep', balanceDays: 5 });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const page = await fetch(`${shop.webUrl}/a/path/that/does/not/exist`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('runs payments in demo mode without keys, and the storefront shows its demo notice', async () => {
    expect(shop.payments).toEqual({ mode: 'demo', stripe: 'demo', paypal: 'demo' });
    const config = RuntimeConfig.parse(await (await fetch(`${shop.webUrl}/config.json`)).json());
    expect(config.demoMode).toBe(true);
    const payments = await (await fetch(`${shop.apiUrl}/payments/config`)).json();
    expect(payments).toMatchObject({ mode: 'demo', methods: { card: 'demo', paypal: 'demo' } });
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

describe('the payments mode of the all-in-one', () => {
  it('lists each payment method in the start banner as live, demo or off', () => {
    expect(paymentBannerLines({ mode: 'demo', stripe: 'demo', paypal: 'demo' })).toEqual([
      '    Carta:      demo  (no money moves)',
      '    Klarna:     demo  (no money moves)',
      '    PayPal:     demo  (no money moves)',
      '    Bonifico:   live',
    ]);
    expect(paymentBannerLines({ mode: 'live', stripe: 'live', paypal: 'off' })).toEqual([
      '    Carta:      live',
      '    Klarna:     live',
      '    PayPal:     off',
      '    Bonifico:   live',
    ]);
  });

  it('refuses a mixed set-up before anything listens, naming what is missing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-aio-mixed-'));
    try {
      await expect(
        startAllInOne({
          DATA_DIR: dataDir,
          WEB_PORT: '0',
          API_PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          STRIPE_SECRET_KEY: 'sk_live_edicola',
          STRIPE_PUBLISHABLE_KEY: 'pk_live_edicola',
          STRIPE_WEBHOOK_SECRET: 'whsec_edicola',
        }),
      ).rejects.toThrow('PAYMENTS_MODE: PayPal has no credentials');
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
