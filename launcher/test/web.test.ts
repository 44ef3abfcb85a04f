import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import supertest from 'supertest';
import { z } from 'zod';
import { sellerSettings } from '@edicola/contracts';
import { loadConfig } from '@edicola/platform';
import { EXAMPLE_SELLER } from '@edicola/web-testing';
import { startWeb } from '../src/distributed';
import { createWebApp, storefrontSeller, type WebOptions } from '../src/web';
import { startArticleApi } from './article-api';

/** The storefront asked as a browser at its configured address, http://shop.test, asks it. */
const request = (app: Parameters<typeof supertest>[0]) => ({
  get: (url: string) => supertest(app).get(url).set('Host', 'shop.test'),
});

const INDEX = `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="description" content="Edicola Napoli: modellismo F1 e collezionabili."><title>Edicola Napoli – Collezionismo e modellismo</title><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>`;
const BUNDLE = `console.log(${JSON.stringify('edicola '.repeat(400))});`;

const ARTICLES = [
  {
    id: 'a1b2',
    slug: 'ferrari-sf-24-leclerc-sainz',
    title: 'Ferrari <SF-24> "Leclerc" & Sainz',
    description: `Modellino in scala 1:18 </script><script>alert(1)</script> ${'dettagliato '.repeat(40)}`,
    photo_url: '/media/articles/sf24.webp',
  },
  { id: 'c3d4', slug: 'casco-ferrari', title: 'Casco Ferrari', description: 'Replica', photo_url: null },
];

/** Writes a built slice like rspack does: the bundle, its .br/.gz twins, its source map, mf-stats.json. */
function writeSlice(dir: string, files: Record<string, string>) {
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), content);
    if (name.endsWith('.js')) {
      writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(content));
      writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(content));
      writeFileSync(path.join(dir, `${name}.map`), '{"version":3,"sources":["/home/dev/secret.ts"]}');
    }
  }
}

const startApi = (hang = false) => startArticleApi(ARTICLES, { hang });

/** The bytes exactly as sent (supertest and fetch would decompress them). */
async function rawGet(app: http.RequestListener, url: string, acceptEncoding: string) {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ headers: http.IncomingHttpHeaders; status: number; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(
            { port, path: url, headers: { 'Accept-Encoding': acceptEncoding, Host: 'shop.test' } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolve({ headers: res.headers, status: res.statusCode!, body: Buffer.concat(chunks) }),
              );
            },
          )
          .on('error', reject);
      },
    );
  } finally {
    server.close();
  }
}

describe('storefront server', () => {
  let base: string;
  let root: string;
  let api: Awaited<ReturnType<typeof startApi>>;
  let options: WebOptions;

  beforeAll(async () => {
    // The checkout sits under a folder with a dot segment, like ~/.local/share/edicola.
    base = mkdtempSync(path.join(tmpdir(), 'edicola-web-'));
    root = path.join(base, '.hidden', 'edicola');
    writeSlice(path.join(root, 'shell/dist'), { 'index.html': INDEX, 'main.0123abcd.js': BUNDLE });
    writeSlice(path.join(root, 'mf-catalog/dist'), {
      'remoteEntry.js': BUNDLE,
      'mf-manifest.json': JSON.stringify({
        id: 'mf_catalog',
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            name: 'CatalogPage',
            assets: { js: { sync: ['938.c0b50df9.js', 'expose.js'] }, css: { sync: ['expose.css'] } },
          },
        ],
      }),
      'mf-stats.json': '{"build":"/home/dev/edicola"}',
    });
    mkdirSync(path.join(root, 'shell/dist/images'));
    writeFileSync(path.join(root, 'shell/dist/images/hero.0123abcd.webp'), 'RIFF');
    api = await startApi();
    options = {
      root,
      publicOrigins: ['http://shop.test'],
      apiPort: 1,
      apiBaseUrl: 'http://api.test:8080',
      apiInternalUrl: api.url,
      demoMode: true,
    };
  });
  afterAll(async () => {
    await api.close();
    rmSync(base, { recursive: true, force: true });
  });

  describe('static files', () => {
    it('sends the brotli twin to a browser that accepts it, with the headers caches need', async () => {
      const res = await rawGet(createWebApp(options), '/main.0123abcd.js', 'gzip, deflate, br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(BUNDLE);
      expect(res.body.length).toBeLessThan(BUNDLE.length / 4);
    });

    it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
      const app = createWebApp(options);
      const gzip = await rawGet(app, '/mf/catalog/remoteEntry.js', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers['access-control-allow-origin']).toBe('*');
      expect(zlib.gunzipSync(gzip.body).toString()).toBe(BUNDLE);
      const plain = await rawGet(app, '/main.0123abcd.js', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(BUNDLE);
    });

    it('sends a bundle without the headers only documents read, a page with them', async () => {
      const app = createWebApp(options);
      for (const file of ['/main.0123abcd.js', '/mf/catalog/remoteEntry.js']) {
        const res = await rawGet(app, file, 'br');
        expect(res.status).toBe(200);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toBeUndefined();
        expect(res.headers['x-frame-options']).toBeUndefined();
        expect(res.headers['permissions-policy']).toBeUndefined();
        expect(res.headers['referrer-policy']).toBeUndefined();
        expect(res.headers['last-modified']).toBeUndefined();
        expect(res.headers['accept-ranges']).toBeUndefined();
        expect(res.headers.etag).toBeDefined();
      }
      const page = await rawGet(app, '/chi-siamo', 'br');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(page.headers['permissions-policy']).toContain('camera=()');
    });

    it('never serves source maps or the federation build statistics', async () => {
      const app = createWebApp(options);
      for (const file of [
        '/main.0123abcd.js.map',
        '/mf/catalog/remoteEntry.js.map',
        '/mf/catalog/mf-stats.json',
        // One letter percent-encoded is the same file for the static server.
        '/main.0123abcd.js.ma%70',
        '/main.0123abcd.js%2Emap',
        '/mf/catalog/remoteEntry.js.%6dap',
        '/mf/catalog/mf-stats.jso%6e',
        '/mf/catalog/mf%2dstats.json',
      ]) {
        const res = await request(app).get(file);
        expect(res.status).toBe(404);
        expect(res.text).not.toContain('/home/dev');
      }
      expect((await request(app).get('/mf/catalog/mf-manifest.json')).status).toBe(200);
    });
  });

  describe('pages', () => {
    it('serves its pages from a checkout whose path has a dot segment', async () => {
      const res = await request(createWebApp(options)).get('/prodotti');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<div id="root"></div>');
    });

    it('puts the runtime configuration inline, safe to embed', async () => {
      const res = await request(createWebApp(options)).get('/');
      const json = /<script type="application\/json" id="edicola-config">([^<]*)<\/script>/.exec(res.text);
      expect(JSON.parse(json![1]!)).toMatchObject({
        apiBaseUrl: 'http://api.test:8080',
        remotes: { mf_catalog: 'http://shop.test/mf/catalog/mf-manifest.json' },
      });
      expect(res.text).toContain('<link rel="preconnect" href="http://api.test:8080" crossorigin />');
    });

    it('hints the remotes and the data a page needs, so they load with the shell, not after it', async () => {
      const res = await request(createWebApp(options)).get('/prodotti');
      const preloads = [...res.text.matchAll(/<link rel="preload" href="([^"]*)" as="(\w+)"/g)].map(
        (m) => `${m[2]} ${m[1]}`,
      );
      expect(preloads).toEqual([
        'fetch /mf/catalog/mf-manifest.json',
        'script /mf/catalog/remoteEntry.js',
        'script /mf/catalog/938.c0b50df9.js',
        'script /mf/catalog/expose.js',
        'style /mf/catalog/expose.css',
        'fetch http://api.test:8080/public/articles',
        'image http://api.test:8080/media/articles/sf24.webp',
      ]);
      // The first visit waits briefly for the article list, so its first photo is hinted too.
      expect(res.text).toContain('as="image"');
      // Another page of the shop needs no catalogue.
      const about = await request(createWebApp(options)).get('/chi-siamo');
      expect(about.text).not.toContain('<link rel="preload" href="/mf/catalog/');
    });

    it("preloads each page's largest image: the home hero, the catalogue's first photo", async () => {
      const app = createWebApp(options);
      const home = await request(app).get('/');
      expect(home.text).toContain(
        '<link rel="preload" href="/images/hero.0123abcd.webp" as="image" fetchpriority="high" />',
      );
      await request(app).get('/sitemap.xml'); // the article list is at hand once fetched
      const catalogue = await request(app).get('/prodotti');
      expect(catalogue.text).toContain(
        '<link rel="preload" href="http://api.test:8080/media/articles/sf24.webp" as="image" fetchpriority="high" />',
      );
      const filtered = await request(app).get('/prodotti?category=caschi');
      expect(filtered.text).not.toContain('as="image"');
    });

    it('gives a shared article link its own preview, every value escaped', async () => {
      const res = await request(createWebApp(options)).get('/prodotti?article=a1b2');
      const title = 'Ferrari &lt;SF-24&gt; &quot;Leclerc&quot; &amp; Sainz – Edicola Napoli';
      expect(res.text).toContain(`<title>${title}</title>`);
      expect(res.text).toContain(`<meta property="og:title" content="${title}" />`);
      expect(res.text).toContain(
        '<meta property="og:image" content="http://api.test:8080/media/articles/sf24.webp" />',
      );
      // Its canonical address: the article's page.
      expect(res.text).toContain(
        '<meta property="og:url" content="http://shop.test/prodotti/ferrari-sf-24-leclerc-sainz" />',
      );
      expect(res.text).toContain('<meta name="twitter:card" content="summary_large_image" />');
      const description = /<meta property="og:description" content="([^"]*)"/.exec(res.text)![1]!;
      expect(description).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(description.length).toBeLessThan(300);
      expect(res.text).not.toContain('<script>alert(1)');
      expect(res.text).toContain(`<meta name="description" content="${description}">`);
    });

    it('falls back to the generic preview for an unknown article or any other page', async () => {
      const app = createWebApp(options);
      for (const url of ['/prodotti?article=nope', '/chi-siamo']) {
        const res = await request(app).get(url);
        expect(res.text).toContain('<title>Edicola Napoli – Collezionismo e modellismo</title>');
        expect(res.text).toContain(
          '<meta property="og:title" content="Edicola Napoli – Collezionismo e modellismo" />',
        );
        expect(res.text).toContain('<meta name="twitter:card" content="summary" />');
        expect(res.text).not.toContain('og:image');
      }
    });
  });

  describe('crawlers', () => {
    it('answers /robots.txt with the back office disallowed and the sitemap named', async () => {
      const res = await request(createWebApp(options)).get('/robots.txt');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.text).toMatch(/^User-agent: \*$/m);
      expect(res.text).toMatch(/^Disallow: \/gestione$/m);
      expect(res.text).toMatch(/^Disallow: \/pagamento-demo$/m);
      expect(res.text).toMatch(/^Disallow: \/checkout\/$/m);
      expect(res.text).toMatch(/^Sitemap: http:\/\/shop\.test\/sitemap\.xml$/m);
    });

    it('indexes one sitemap per language in /sitemap.xml, each with the public pages and categories', async () => {
      const app = createWebApp(options);
      const res = await request(app).get('/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/xml/);
      const files = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(files).toEqual(
        ['it', 'en', 'fr', 'es', 'pt', 'de', 'ru', 'nl'].map((l) => `http://shop.test/sitemaps/${l}.xml`),
      );
      const english = await request(app).get('/sitemaps/en.xml');
      const urls = [...english.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      // These articles are not complete (no price, no photos…): only the pages and the categories.
      expect(urls.slice(0, 7)).toEqual([
        'http://shop.test/en/',
        'http://shop.test/en/prodotti',
        'http://shop.test/en/chi-siamo',
        'http://shop.test/en/contatto',
        'http://shop.test/en/termini',
        'http://shop.test/en/privacy',
        'http://shop.test/en/prodotti/categoria/modellismo',
      ]);
      expect(urls).toHaveLength(13);
      expect(english.text).not.toContain('/gestione');
    });

    it('still answers, without articles, when the API never answers', async () => {
      const hung = await startApi(true);
      try {
        const app = createWebApp({ ...options, apiInternalUrl: hung.url, apiTimeoutMs: 300 });
        const started = Date.now();
        const sitemap = await request(app).get('/sitemaps/it.xml');
        expect(Date.now() - started).toBeLessThan(3000);
        expect(sitemap.status).toBe(200);
        expect(sitemap.text).toContain('<loc>http://shop.test/prodotti</loc>');
        expect(sitemap.text).not.toMatch(/prodotti\/[a-z0-9-]+</);
        const page = await request(app).get('/prodotti?article=a1b2');
        expect(page.status).toBe(200);
        expect(page.text).toContain('<title>Edicola Napoli – Collezionismo e modellismo</title>');
        // The catalogue waits only briefly for its first photo's hint, then answers without it.
        const slowApp = createWebApp({ ...options, apiInternalUrl: hung.url, apiTimeoutMs: 10_000 });
        const asked = Date.now();
        const catalogue = await request(slowApp).get('/prodotti');
        expect(Date.now() - asked).toBeLessThan(2000);
        expect(catalogue.status).toBe(200);
        expect(catalogue.text).not.toContain('as="image"');
      } finally {
        await hung.close();
      }
    });
  });

  describe('errors', () => {
    it('answers a failure with a short text: no stack trace, no file path', async () => {
      const empty = path.join(base, '.empty');
      mkdirSync(empty, { recursive: true });
      const res = await request(createWebApp({ ...options, root: empty })).get('/');
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.text).toBe('Errore del server');
    });

    it('answers a malformed address with a 4xx and no stack trace', async () => {
      const res = await request(createWebApp(options)).get('/%E0%A4%A');
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toMatch(/\bat \S+ \(|node_modules|\/tmp\//);
    });
  });
});

describe('the seller the storefront names (docs/product/storefront.md#seller-identity)', () => {
  const { name, address, cap, city, province, vatNumber } = EXAMPLE_SELLER;
  const LIVE = {
    SHOP_NAME: name,
    SHOP_VAT_NUMBER: vatNumber,
    SHOP_ADDRESS: address,
    SHOP_CAP: cap,
    SHOP_CITY: city,
    SHOP_PROVINCE: province.toLowerCase(),
  };

  it('is the configured one, REA written as province-number, and never marked as demo', () => {
    expect(
      storefrontSeller(loadConfig(z.object(sellerSettings), { ...LIVE, SHOP_REA: 'na 765432' }), {
        demoAllowed: false,
      }),
    ).toEqual({
      ...EXAMPLE_SELLER,
      pec: null,
      email: 'negozio@edicola.example',
    });
  });

  it('is the demo seller, marked, only where a demo is allowed', () => {
    expect(storefrontSeller({}, { demoAllowed: true })).toMatchObject({
      vatNumber: '01234567897',
      demo: true,
    });
    expect(() => storefrontSeller({}, { demoAllowed: false })).toThrow(/SHOP_VAT_NUMBER/);
  });

  it('keeps a live storefront without a complete seller from starting, and refuses a wrong P.IVA or PEC', async () => {
    const { SHOP_CITY: _city, ...withoutCity } = LIVE;
    await expect(startWeb({ DEMO_MODE: 'false', WEB_PORT: '0', ...withoutCity })).rejects.toThrow(
      /SHOP_CITY/,
    );
    await expect(startWeb({ WEB_PORT: '0', SHOP_VAT_NUMBER: '00743110158' })).rejects.toThrow(
      /SHOP_VAT_NUMBER/,
    );
    await expect(startWeb({ WEB_PORT: '0', SHOP_PEC: 'not-an-address' })).rejects.toThrow(/SHOP_PEC/);
  });
});
