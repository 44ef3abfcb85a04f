import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { createWebApp, type WebOptions } from '../src/web';

// The counter's installable app (docs/decisions/0045-counter-screen.md): its manifest, icons and service worker
// are served at /gestione/… with the right types and headers, and the back office's policy admits them, the
// camera and the barcode reader's WebAssembly; the storefront's pages keep the camera off.

const REPO = path.resolve(__dirname, '../..');
const PWA_SOURCES = path.join(REPO, 'mf-admin/public/pwa');

const request = (app: Parameters<typeof supertest>[0]) => ({
  get: (url: string) => supertest(app).get(url).set('Host', 'shop.test'),
});

/** The policy as directive → sources. */
const directives = (policy: string): Record<string, string[]> =>
  Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );

describe("the counter's installable app", () => {
  let base: string;
  let options: WebOptions;

  beforeAll(() => {
    base = mkdtempSync(path.join(tmpdir(), 'edicola-pwa-'));
    // As the build leaves them: mf-admin's rspack config copies public/pwa to dist/pwa.
    mkdirSync(path.join(base, 'mf-admin/dist'), { recursive: true });
    cpSync(PWA_SOURCES, path.join(base, 'mf-admin/dist/pwa'), { recursive: true });
    mkdirSync(path.join(base, 'shell/dist'), { recursive: true });
    writeFileSync(
      path.join(base, 'shell/dist/index.html'),
      '<!doctype html><html><head><title>Edicola</title></head><body></body></html>',
    );
    options = {
      root: base,
      publicOrigins: ['http://shop.test'],
      apiPort: 1,
      apiBaseUrl: 'http://api.test:8080',
      demoMode: true,
    };
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('serves the manifest as application/manifest+json: valid JSON with what an install needs', async () => {
    const res = await request(createWebApp(options)).get('/gestione/cassa.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = JSON.parse(res.text as string) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Edicola — Cassa',
      start_url: '/gestione/cassa',
      scope: '/gestione/',
      display: 'standalone',
    });
    expect(typeof manifest.short_name).toBe('string');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    // Every icon is served as a PNG of the size it claims.
    for (const icon of manifest.icons) {
      const png = await request(createWebApp(options)).get(icon.src).buffer(true);
      expect(png.status).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const body = png.body as Buffer;
      expect(body.subarray(1, 4).toString()).toBe('PNG');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([width, height]);
    }
  });

  it('serves the service worker as JavaScript, never cached stale, with the back office as its scope', async () => {
    const res = await request(createWebApp(options)).get('/gestione/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/gestione/');
    expect(res.text).toBe(readFileSync(path.join(PWA_SOURCES, 'sw.js'), 'utf8'));
  });

  it('answers 404, not the page, when the slice was not built', async () => {
    const app = createWebApp({ ...options, root: path.join(base, 'nothing') });
    const res = await request(app).get('/gestione/sw.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toMatch(/<html/);
  });

  it("lets the back office's pages use workers, the manifest, the camera and WebAssembly; not the storefront's", async () => {
    const app = createWebApp(options);
    const counter = await request(app).get('/gestione/cassa');
    expect(counter.status).toBe(200);
    const csp = directives(counter.headers['content-security-policy'] as string);
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['manifest-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toContain("'wasm-unsafe-eval'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(counter.headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=()');

    const home = await request(app).get('/prodotti');
    expect(directives(home.headers['content-security-policy'] as string)['script-src']).not.toContain(
      "'wasm-unsafe-eval'",
    );
    expect(home.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('keeps the built barcode reader (a hashed .wasm) for a year, as application/wasm', async () => {
    writeFileSync(
      path.join(base, 'mf-admin/dist/zxing_reader.0123abcd.wasm'),
      Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]),
    );
    const res = await request(createWebApp(options)).get('/mf/admin/zxing_reader.0123abcd.wasm');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
