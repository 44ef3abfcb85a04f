import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Article } from '@edicola/contracts';
import { translate } from '../src/storefront-first-paint';
import { createWebApp, type WebOptions } from '../src/web';
import { startArticleApi } from './article-api';

const INDEX = `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="description" content="Edicola Napoli: modellismo F1 e collezionabili."><title>Edicola Napoli – Collezionismo e modellismo</title><script defer src="/main.0123abcd.js"></script><link href="/main.0123abcd.css" rel="stylesheet"></head><body><div id="root"></div></body></html>`;
const repo = path.resolve(__dirname, '..', '..');

function article(overrides: Partial<Article>): Article {
  return {
    id: 'a1b2',
    sku: 'F1-SF24',
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
    is_active: true,
    shipping_cost_national: 0,
    shipping_cost_international: 0,
    share_facebook: true,
    share_instagram: false,
    share_whatsapp: false,
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
    // The Italian texts, as the slices ship them.
    for (const slice of ['shell', 'mf-catalog']) {
      mkdirSync(path.join(root, slice, 'src/locales'), { recursive: true });
      writeFileSync(
        path.join(root, slice, 'src/locales/it.json'),
        readFileSync(path.join(repo, slice, 'src/locales/it.json')),
      );
    }
    api = await startArticleApi(ARTICLES);
    options = {
      root,
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

  it('paints the home hero with the HTML, inert and hidden from assistive technology', async () => {
    const res = await request(createWebApp(options)).get('/');
    const paint = firstPaintOf(res.text);
    expect(paint).toMatch(/^<div class="first-paint" inert aria-hidden="true"><aside class="cookie-banner">/);
    expect(paint).toContain('<h1>Il paradiso dei collezionisti a Napoli</h1>');
    expect(paint).toContain('<p class="demo-notice">');
    expect(paint).toContain('fetchpriority="high" src="/images/hero.0123abcd.webp">');
    expect(paint).toContain('<a aria-current="page" class="active" href="/">Home</a>');
    expect(paint).toContain('<main id="main"><section class="hero">');
  });

  it('leaves the cookie banner out for a visitor who accepted it (its cookie), and says the page varies by it', async () => {
    const res = await request(createWebApp(options))
      .get('/')
      .set('Cookie', 'lang=fr; cookie_consent=accepted');
    const paint = firstPaintOf(res.text);
    expect(paint).not.toContain('cookie-banner');
    expect(paint).toContain('<h1>Il paradiso dei collezionisti a Napoli</h1>');
    expect(res.headers.vary).toMatch(/Cookie/);
    const other = await request(createWebApp(options)).get('/').set('Cookie', 'cookie_consent=later');
    expect(firstPaintOf(other.text)).toContain('cookie-banner');
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
    const about = await request(app).get('/chi-siamo');
    expect(about.text).toContain('<script defer src="/main.0123abcd.js"></script>');
    expect(firstPaintOf(about.text)).toBe('');
  });

  it("paints the catalogue's first row, every text from the API escaped", async () => {
    const app = createWebApp(options);
    await request(app).get('/sitemap.xml'); // the article list at hand
    const res = await request(app).get('/prodotti').set('Host', 'shop.test');
    const paint = firstPaintOf(res.text);
    // Its styles apply at once: a stylesheet, not a preload.
    expect(res.text).toContain('<link rel="stylesheet" href="/mf/catalog/expose.css" />');
    expect(res.text).not.toContain('as="style"');
    expect(paint).toContain('<h1>Catalogo prodotti</h1>');
    // Filters count the active articles only, categories compared case-insensitively.
    expect(paint).toContain(
      '<button type="button" class="cat-filter" aria-pressed="true">Tutti (5)</button>',
    );
    expect(paint).toContain('>Pokemon (2)</button>');
    expect(paint).toContain('class="cat-filter cat-filter-panini" aria-pressed="false">Panini (1)</button>');
    // The first row: four cards, the inactive article skipped.
    const titles = [...paint.matchAll(/<h2 class="cat-title">([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      'Ferrari &lt;SF-24&gt; &quot;Leclerc&quot; &amp; Sainz',
      'Casco Ferrari',
      'Album',
      'Quarto',
    ]);
    // An article's texts come out as text, never as markup.
    expect(res.text).not.toMatch(/<script>alert|<b>F1|<img src=x/);
    expect(paint).toContain('Scala 1:18 &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(paint).toContain('alt="Ferrari &lt;SF-24&gt; &quot;Leclerc&quot; &amp; Sainz"');
    expect(paint).toContain('modellismo &lt;b&gt;F1&lt;/b&gt;</span>');
    expect(paint).toContain('<dd>&lt;img src=x onerror=alert(2)&gt;</dd>');
    expect(paint).toContain(
      'href="https://www.facebook.com/sharer/sharer.php?u=http%3A%2F%2Fshop.test%2Fprodotti%3Farticle%3Da1b2&amp;quote=',
    );
    // Prices, VAT and stock as the card shows them; only the first photo is fetched at once.
    expect(paint).toContain('189,00\u00a0€ <span class="cat-vat">+ IVA 22%</span>');
    expect(paint).toContain('<strong>230,58\u00a0€</strong>');
    expect(paint).toContain('<span class="cat-vat">(Esente IVA)</span>');
    expect(paint).toContain('<p class="cat-availability">Disponibile dal 18 dicembre 2026</p>');
    expect(paint).toContain('<span class="cat-badge cat-badge-prevendita">Prevendita</span>');
    expect(paint).toContain('<button type="button" class="cat-add" disabled>Non Disponibile</button>');
    expect(paint).toContain('<img class="cat-photo cat-photo-failed" alt="Immagine non disponibile"');
    expect(paint.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(paint).toContain(
      'loading="eager" fetchpriority="high" src="http://api.test:8080/media/articles/sf24.webp">',
    );
  });

  it('paints only the top of the catalogue without a usable article list, and nothing for a filtered one', async () => {
    const odd = await startArticleApi([
      { id: 'x', title: 'Senza i campi del catalogo', description: '', photo_url: null },
    ]);
    try {
      const app = createWebApp({ ...options, apiInternalUrl: odd.url });
      await request(app).get('/sitemap.xml');
      const paint = firstPaintOf((await request(app).get('/prodotti')).text);
      expect(paint).toContain('<h1>Catalogo prodotti</h1>');
      expect(paint).not.toContain('cat-card');
      const filtered = await request(app).get('/prodotti?category=caschi');
      expect(firstPaintOf(filtered.text)).toBe('');
      expect(filtered.text).toContain('<script defer src="/main.0123abcd.js"></script>');
    } finally {
      await odd.close();
    }
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const app = createWebApp(options);
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
      expect(brotli.text).toContain('<h1>Il paradiso dei collezionisti a Napoli</h1>');
      expect((await get('gzip')).encoding).toBe('gzip');
      expect((await get('identity')).encoding).toBeNull();
    } finally {
      server.close();
    }
  });
});

describe('translate', () => {
  const texts = { card: { stock: 'Disponibili ({{count}})', plain: 'Testo' } };
  it('looks a dotted key up and fills its values', () => {
    expect(translate(texts, 'card.stock', { count: 3 })).toBe('Disponibili (3)');
    expect(translate(texts, 'card.plain')).toBe('Testo');
  });
  it('answers the key itself for a missing text, like i18next', () => {
    expect(translate(texts, 'card.none')).toBe('card.none');
    expect(translate(texts, 'card')).toBe('card');
  });
});
