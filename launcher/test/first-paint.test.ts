import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import supertest from 'supertest';
import type { Article } from '@edicola/contracts';
import * as shellServer from '../../shell/src/server';
import * as catalogServer from '../../mf-catalog/src/server';
import { ArticleCard } from '../../mf-catalog/src/ui/ArticleCard';
import catalogItalian from '../../mf-catalog/src/locales/it.json';
import { ShopOrigin } from '../../mf-catalog/src/shopOrigin';
import { CLICK_REPLAY_SCRIPT } from '../src/storefront-click-replay';
import type { FirstPaintRenderers } from '../src/storefront-first-paint';
import { createWebApp, type WebOptions } from '../src/web';
import { startArticleApi } from './article-api';

/** The first paint rendered by the slices' components, from their sources (their server builds in production). */
const renderers: FirstPaintRenderers = { shell: shellServer, catalog: catalogServer };

/** The storefront asked as a browser at its configured address, http://shop.test, asks it. */
const request = (app: Parameters<typeof supertest>[0]) => ({
  get: (url: string) => supertest(app).get(url).set('Host', 'shop.test'),
});

const INDEX = `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="description" content="Edicola Napoli: modellismo F1 e collezionabili."><title>Edicola Napoli – Collezionismo e modellismo</title><script defer src="/main.0123abcd.js"></script><link href="/main.0123abcd.css" rel="stylesheet"></head><body><div id="root"></div></body></html>`;

function article(overrides: Partial<Article>): Article {
  return {
    id: 'a1b2',
    slug: 'ferrari-sf-24',
    sku: 'F1-SF24',
    ean: null,
    title: 'Ferrari SF-24',
    description: 'Modellino',
    category: 'Modellismo',
    product_type: 'normale',
    availability_date: null,
    price: 189,
    iva_percentage: 22,
    quantity_stock: 4,
    weight: null,
    dimensions: null,
    photo_url: '/media/articles/sf24.webp',
    photos: [],
    attributes: {},
    is_active: true,
    shipping_cost_national: 0,
    shipping_cost_international: 0,
    share_facebook: true,
    share_instagram: false,
    share_whatsapp: false,
    sale_starts_at: null,
    max_per_buyer: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const ARTICLES: Article[] = [
  article({
    title: 'Ferrari <SF-24> "Leclerc" & Sainz',
    description: 'Scala 1:18 </script><script>alert(1)</script>',
    category: 'modellismo <b>F1</b>',
    sku: '<img src=x onerror=alert(2)>',
  }),
  article({ id: 'c3d4', title: 'Casco Ferrari', category: 'Caschi', photo_url: null, quantity_stock: 0 }),
  article({ id: 'old', title: 'Fuori catalogo', is_active: false }),
  article({
    id: 'e5',
    title: 'Album',
    category: 'Panini',
    iva_percentage: 0,
    price: 3.5,
    product_type: 'prevendita',
    availability_date: '2026-12-18',
  }),
  article({ id: 'f6', title: 'Quarto', category: 'Pokemon' }),
  article({ id: 'g7', title: 'Quinto, oltre la prima fila', category: 'Pokemon' }),
];

/** The first paint inside the root element, or '' when there is none. */
const firstPaintOf = (html: string) => /<div id="root">(.*)<\/div><\/body>/s.exec(html)?.[1] ?? '';
/** A component's markup as the first paint has it: without test ids and React's image preloads. */
const asPainted = (html: string) =>
  html.replace(/ data-testid="[^"]*"/g, '').replace(/<link rel="preload" as="image"[^>]*\/>/g, '');
/** The runtime configuration the page carries. */
const configOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="edicola-config">([^<]*)<\/script>/.exec(html)![1]!);

describe('the first paint of the storefront', () => {
  let base: string;
  let options: WebOptions;
  let api: Awaited<ReturnType<typeof startArticleApi>>;

  beforeAll(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'edicola-first-paint-'));
    const root = path.join(base, 'edicola');
    mkdirSync(path.join(root, 'shell/dist/images'), { recursive: true });
    writeFileSync(path.join(root, 'shell/dist/index.html'), INDEX);
    writeFileSync(path.join(root, 'shell/dist/images/hero.0123abcd.webp'), 'RIFF');
    mkdirSync(path.join(root, 'mf-catalog/dist'), { recursive: true });
    writeFileSync(
      path.join(root, 'mf-catalog/dist/mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          { name: 'CatalogPage', assets: { js: { sync: ['expose.js'] }, css: { sync: ['expose.css'] } } },
        ],
      }),
    );
    api = await startArticleApi(ARTICLES);
    options = {
      root,
      publicOrigins: ['http://shop.test'],
      apiPort: 1,
      apiBaseUrl: 'http://api.test:8080',
      apiInternalUrl: api.url,
      demoMode: true,
      firstPaint: renderers,
    };
  });
  afterAll(async () => {
    await api.close();
    rmSync(base, { recursive: true, force: true });
  });

  it("paints the home page with the shell's own components, in Italian by default", async () => {
    const res = await request(createWebApp(options)).get('/');
    const paint = firstPaintOf(res.text);
    // Exactly what the shell's server render gives (its Layout around the hero), test ids left out.
    const request_ = {
      language: 'it',
      pathname: '/',
      cookiesAccepted: false,
      config: configOf(res.text),
    } as const;
    expect(paint).toBe(asPainted(shellServer.renderHome(request_)));
    expect(paint).toMatch(/^<div class="first-paint"><aside class="cookie-banner" aria-label="[^"]+">/);
    expect(paint).toContain('<h1 id="hero-title">Il paradiso dei collezionisti a Napoli</h1>');
    expect(paint).toContain('<p class="demo-notice">');
    expect(paint).toContain('src="/images/hero.0123abcd.webp"');
    expect(paint).toMatch(/<a aria-current="page" class="active" href="\/"[^>]*>Home<\/a>/);
    expect(paint).toContain('<main id="main" tabindex="-1"><section class="hero"');
    expect(paint).toContain('<footer class="site-footer">');
    // Not inert: its buttons take clicks, replayed on the app (the controls that matter are marked).
    expect(paint).not.toMatch(/inert|aria-hidden="true"><aside/);
    expect(paint).toContain('data-replay="cookie-accept"');
    expect(paint).toContain('data-replay="menu"');
    expect(res.text).toMatch(/<html lang="it">/);
  });

  it('paints the page in the language of its address, Italian without a prefix', async () => {
    const app = createWebApp(options);
    const english = await request(app).get('/en/').set('Cookie', 'cookie_consent=accepted; language=en');
    expect(english.text).toMatch(/<html lang="en">/);
    expect(firstPaintOf(english.text)).toContain(
      '<h1 id="hero-title">A collector&#x27;s paradise in Naples</h1>',
    );
    expect(english.headers.vary).toMatch(/Cookie/);
    await request(app).get('/sitemap.xml');
    const german = await request(app).get('/de/prodotti').set('Cookie', 'language=de');
    expect(german.text).toMatch(/<html lang="de">/);
    const paint = firstPaintOf(german.text);
    expect(paint).toContain('<h1 id="catalog-title">Produktkatalog</h1>');
    expect(paint).toContain('>In den Warenkorb</button>');
    for (const cookie of ['language=xx', 'lang=fr', '', 'language=it']) {
      const res = await request(app).get('/').set('Cookie', cookie);
      expect(res.text).toMatch(/<html lang="it">/);
      expect(firstPaintOf(res.text)).toContain('Il paradiso dei collezionisti a Napoli');
    }
    // A page with one address (no first paint) is in the visitor's language.
    const profile = await request(app).get('/profilo').set('Cookie', 'language=fr');
    expect(profile.text).toMatch(/<html lang="fr">/);
  });

  it('leaves the cookie banner out for a visitor who accepted it (its cookie), and says the page varies by it', async () => {
    const res = await request(createWebApp(options))
      .get('/')
      .set('Cookie', 'lang=fr; cookie_consent=accepted');
    const paint = firstPaintOf(res.text);
    expect(paint).not.toContain('cookie-banner');
    expect(paint).toContain('Il paradiso dei collezionisti a Napoli</h1>');
    expect(res.headers.vary).toMatch(/Cookie/);
    const other = await request(createWebApp(options)).get('/').set('Cookie', 'cookie_consent=later');
    expect(firstPaintOf(other.text)).toContain('cookie-banner');
  });

  it('keeps clicks on the first paint for the app, with an inline script the CSP admits by its hash', async () => {
    const app = createWebApp(options);
    const res = await request(app).get('/');
    const inline = /<script>(.*?)<\/script>/s.exec(res.text)?.[1];
    expect(inline).toBe(CLICK_REPLAY_SCRIPT);
    const hash = createHash('sha256').update(inline!).digest('base64');
    expect(res.headers['content-security-policy']).toMatch(
      new RegExp(`script-src 'self' [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
    // A page without a first paint has neither.
    const profile = await request(app).get('/profilo');
    expect(profile.text).not.toContain('<script>');
    expect(profile.headers['content-security-policy']).not.toContain('sha256-');
  });

  it("starts the shell's entry after the first paint, its download preloaded", async () => {
    const app = createWebApp(options);
    const res = await request(app).get('/');
    const script =
      /<script defer src="(\/first-paint\.[0-9a-f]{8}\.js)" data-entry="\/main\.0123abcd\.js"><\/script>/.exec(
        res.text,
      );
    expect(script).not.toBeNull();
    expect(res.text).toContain(
      '<link rel="preload" href="/main.0123abcd.js" as="script" fetchpriority="low">',
    );
    expect(res.text).not.toContain('<script defer src="/main.0123abcd.js">');
    const js = await request(app).get(script![1]!);
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.text).toContain("getAttribute('data-entry')");
    // A page without a first paint keeps index.html's entry as it is.
    const profile = await request(app).get('/profilo');
    expect(profile.text).toContain('<script defer src="/main.0123abcd.js"></script>');
    expect(firstPaintOf(profile.text)).toBe('');
  });

  it("paints the catalogue's first row with mf-catalog's own ArticleCard, every text from the API escaped", async () => {
    const app = createWebApp(options);
    await request(app).get('/sitemap.xml'); // the article list at hand
    const res = await request(app).get('/prodotti');
    const paint = firstPaintOf(res.text);
    // Its styles apply at once: a stylesheet, not a preload.
    expect(res.text).toContain('<link rel="stylesheet" href="/mf/catalog/expose.css" />');
    expect(res.text).not.toContain('as="style"');
    // The shell's frame around the catalogue slot, which holds the catalogue's own render.
    expect(paint).toMatch(
      /<div class="remote-page"><div class="remote-slot remote-slot-CatalogPage"><div class="first-paint"><section class="cat-page"/,
    );
    expect(paint).toContain('<h1 id="catalog-title">Catalogo prodotti</h1>');
    // Filters count the active articles only, categories compared case-insensitively.
    expect(paint).toMatch(
      /<button type="button" class="cat-filter" aria-pressed="true"[^>]*>Tutti \(5\)<\/button>/,
    );
    expect(paint).toMatch(/>Pokemon<!-- --> \(<!-- -->2<!-- -->\)<\/button>|>Pokemon \(2\)<\/button>/);
    // The first row: four cards, the inactive article skipped.
    const titles = [
      ...paint.matchAll(
        /<h2 id="[^"]*" class="cat-title"><a [^>]*class="cat-title-link"[^>]*>([^<]*)<\/a><\/h2>/g,
      ),
    ].map((m) => m[1]);
    expect(titles).toEqual([
      'Ferrari &lt;SF-24&gt; &quot;Leclerc&quot; &amp; Sainz',
      'Album',
      'Quarto',
      'Quinto, oltre la prima fila',
    ]);
    // Each card is exactly what ArticleCard renders (before its review stats arrive), test ids left out.
    const texts = createInstance({
      lng: 'it',
      resources: { it: { catalog: catalogItalian } },
      defaultNS: 'catalog',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    await texts.init();
    // Sold-out articles come after the available ones (docs/product/storefront.md).
    const active = ARTICLES.filter((a) => a.is_active).sort(
      (a, b) => Number(a.quantity_stock === 0) - Number(b.quantity_stock === 0),
    );
    active.slice(0, 4).forEach((article, index) => {
      const card = renderToStaticMarkup(
        createElement(
          I18nextProvider,
          { i18n: texts },
          createElement(
            ShopOrigin.Provider,
            { value: 'http://shop.test' },
            createElement(
              MemoryRouter,
              null,
              createElement(ArticleCard, {
                article,
                mediaBaseUrl: 'http://api.test:8080',
                // Only the first photo is asked for at once: a phone shows one card above the fold.
                priority: index === 0,
                onReadReviews: () => undefined,
                onWriteReview: () => undefined,
              }),
            ),
          ),
        ),
      );
      expect(paint).toContain(asPainted(card));
    });
    expect(paint.match(/fetchPriority="high"/gi)).toHaveLength(1);
    expect(paint).not.toContain('data-testid');
    expect(paint).toContain(`data-replay="add-to-cart:${active[0]!.id}"`);
    // An article's texts come out as text, never as markup.
    expect(res.text).not.toMatch(/<script>alert|<b>F1|<img src=x/);
    expect(paint).toContain('Scala 1:18 &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(paint).toContain('alt="Ferrari &lt;SF-24&gt; &quot;Leclerc&quot; &amp; Sainz"');
    expect(paint).toContain('modellismo &lt;b&gt;F1&lt;/b&gt;</span>');
    expect(paint).toContain('<dd>&lt;img src=x onerror=alert(2)&gt;</dd>');
    // A card leads to its article's page; sharing lives there, not on the card.
    expect(paint).toContain('<a class="cat-title-link" href="/prodotti/ferrari-sf-24"');
    expect(paint).not.toContain('facebook.com/sharer');
    expect(paint).toContain('Disponibile dal 18 dicembre 2026');
    // The sold-out helmet comes after the available articles: not in the first row.
    expect(paint).not.toContain('Casco Ferrari');
  });

  it('paints only the top of the catalogue without a usable article list, and nothing for a filtered one', async () => {
    const odd = await startArticleApi([
      { id: 'x', title: 'Senza i campi del catalogo', description: '', photo_url: null },
    ]);
    try {
      const app = createWebApp({ ...options, apiInternalUrl: odd.url });
      await request(app).get('/sitemap.xml');
      const paint = firstPaintOf((await request(app).get('/prodotti')).text);
      expect(paint).toContain('<h1 id="catalog-title">Catalogo prodotti</h1>');
      expect(paint).not.toContain('cat-card');
      const filtered = await request(app).get('/prodotti?category=caschi');
      expect(firstPaintOf(filtered.text)).toBe('');
      expect(filtered.text).toContain('<script defer src="/main.0123abcd.js"></script>');
    } finally {
      await odd.close();
    }
  });

  it('sends the page without a first paint, never an error, when the server builds are missing or fail', async () => {
    // No dist-server under the root: the slices were built for the browser only.
    const unbuilt = await request(createWebApp({ ...options, firstPaint: undefined })).get('/');
    expect(unbuilt.status).toBe(200);
    expect(firstPaintOf(unbuilt.text)).toBe('');
    expect(unbuilt.text).toContain('<script defer src="/main.0123abcd.js"></script>');
    const failing: FirstPaintRenderers = {
      shell: {
        renderHome: () => {
          throw new Error('broken build');
        },
        renderCatalogue: () => '',
      },
      catalog: catalogServer,
    };
    const errors: string[] = [];
    const app = createWebApp({
      ...options,
      firstPaint: failing,
      logger: { error: (_f, m) => errors.push(m) },
    });
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(firstPaintOf(res.text)).toBe('');
    expect(errors).toEqual(['storefront first paint failed']);
  });

  it("loads the slices' server builds from dist-server under the root", async () => {
    const root = path.join(base, 'built');
    mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
    writeFileSync(path.join(root, 'shell/dist/index.html'), INDEX);
    for (const slice of ['shell', 'mf-catalog'])
      mkdirSync(path.join(root, slice, 'dist-server'), { recursive: true });
    writeFileSync(
      path.join(root, 'shell/dist-server/server.js'),
      "exports.renderHome = (r) => '<div class=\"first-paint\">home in ' + r.language + '</div>';\n" +
        "exports.renderCatalogue = (r, c) => '<div class=\"first-paint\">' + c + '</div>';\n",
    );
    writeFileSync(
      path.join(root, 'mf-catalog/dist-server/server.js'),
      "exports.renderCatalogue = () => 'catalogue';\n",
    );
    const app = createWebApp({ ...options, root, firstPaint: undefined });
    const res = await request(app).get('/nl/');
    expect(firstPaintOf(res.text)).toBe('<div class="first-paint">home in nl</div>');
    // An older build without the newer renderers: those pages have no first paint, and no failure.
    const about = await request(app).get('/chi-siamo');
    expect(about.status).toBe(200);
    expect(firstPaintOf(about.text)).toBe('');
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const app = createWebApp({ ...options, publicOrigins: undefined }); // the loopback names
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const get = (encoding: string) =>
        fetch(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': encoding } }).then(async (r) => ({
          encoding: r.headers.get('content-encoding'),
          vary: r.headers.get('vary'),
          text: await r.text(), // fetch decodes it
        }));
      const brotli = await get('br, gzip');
      expect(brotli.encoding).toBe('br');
      expect(brotli.vary).toMatch(/Accept-Encoding/);
      expect(brotli.text).toContain('Il paradiso dei collezionisti a Napoli</h1>');
      expect((await get('gzip')).encoding).toBe('gzip');
      expect((await get('identity')).encoding).toBeNull();
    } finally {
      server.close();
    }
  });
});
