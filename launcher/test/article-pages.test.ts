import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import supertest from 'supertest';
import { LANGUAGES, categoryOf, type Article, type PublicReview } from '@edicola/contracts';
import { EXAMPLE_SELLER } from '@edicola/web-testing';
import * as shellServer from '../../shell/src/server';
import * as catalogServer from '../../mf-catalog/src/server';
import type { CatalogueRenderer, FirstPaintRenderers } from '../src/storefront-first-paint';
import { createWebApp, type WebOptions } from '../src/web';
import { startStorefrontApi } from './storefront-api';

/**
 * The catalogue's article page and page titles from its sources once they exist (mf-catalog/src/server.tsx);
 * until then small stand-ins speaking the agreed interface.
 */
const catalog = catalogServer as unknown as CatalogueRenderer;
const renderers: FirstPaintRenderers = {
  shell: shellServer,
  catalog: {
    renderCatalogue: catalog.renderCatalogue,
    renderArticle:
      catalog.renderArticle ??
      (({ article }) =>
        `<article class="article-page"><h1>${article.title.replace(/</g, '&lt;')}</h1><img src="${article.photo_url}" width="800" height="800" fetchpriority="high"><button data-replay="add-to-cart:${article.id}">Aggiungi al carrello</button></article>`),
    catalogueMeta:
      catalog.catalogueMeta ??
      ((language, page) => ({
        title: page.article
          ? `${page.article.title} – Edicola Napoli`
          : `Catalogo (${language}) – Edicola Napoli`,
        description: page.article ? page.article.description : 'Il catalogo',
        breadcrumbs: [
          { name: 'Home', path: '/' },
          { name: 'Prodotti', path: '/prodotti' },
          ...(page.category ? [{ name: page.category, path: `/prodotti/categoria/${page.category}` }] : []),
          ...(page.article && categoryOf(page.article.category)
            ? [
                {
                  name: page.article.category,
                  path: `/prodotti/categoria/${categoryOf(page.article.category)}`,
                },
              ]
            : []),
          ...(page.article ? [{ name: page.article.title, path: `/prodotti/${page.article.slug}` }] : []),
        ],
      })),
  },
};

const request = (app: Parameters<typeof supertest>[0]) => ({
  get: (url: string) => supertest(app).get(url).set('Host', 'shop.test').redirects(0),
});

const INDEX = `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="description" content="Edicola Napoli: modellismo F1 e collezionabili."><title>Edicola Napoli – Collezionismo e modellismo</title><script defer src="/main.0123abcd.js"></script></head><body><noscript></noscript><div id="root"></div></body></html>`;

function article(overrides: Partial<Article>): Article {
  return {
    id: '0b6f1f0e-6a0c-4a56-9a43-6f4c1b1f0001',
    slug: 'charizard-ex-151-italiano',
    sku: 'PKM-151-199',
    ean: '4006381333931',
    title: 'Charizard ex 151 italiano',
    description: 'Carta <b>Charizard</b> ex 199/165, set Scarlatto e Violetto 151, lingua italiana.',
    category: 'Pokemon',
    product_type: 'normale',
    availability_date: null,
    price: 100,
    iva_percentage: 22,
    quantity_stock: 1,
    weight: null,
    dimensions: null,
    photo_url: '/media/articles/charizard-front-400.webp',
    photos: [
      {
        id: 'p1',
        url: '/media/articles/charizard-front-400.webp',
        zoom_url: '/media/articles/charizard-front-1600.webp',
        alt: 'Fronte',
      },
      { id: 'p2', url: '/media/articles/charizard-back-400.webp', zoom_url: null, alt: 'Retro' },
    ],
    attributes: { condition: 'near_mint', language: 'it' },
    is_active: true,
    shipping_cost_national: 0,
    shipping_cost_international: 0,
    share_facebook: true,
    share_instagram: false,
    share_whatsapp: false,
    sale_starts_at: null,
    max_per_buyer: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A pre-sale's arrival, 40 days from now (Google takes dates up to a year ahead). */
const ARRIVAL = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const CHARIZARD = article({});
const SF24 = article({
  id: '0b6f1f0e-6a0c-4a56-9a43-6f4c1b1f0002',
  slug: 'ferrari-sf-24-leclerc',
  sku: 'F1-SF24',
  ean: null,
  title: 'Ferrari SF-24 "Leclerc" <1:18>',
  description: 'Modellino </script><script>alert(1)</script>',
  category: 'Modellismo',
  price: 150,
  photos: [],
  photo_url: '/media/articles/sf24-400.webp',
  attributes: { scale: '1:18', maker: 'Bburago' },
  updated_at: '2026-04-01T08:00:00.000Z',
});
const ALBUM = article({
  id: '0b6f1f0e-6a0c-4a56-9a43-6f4c1b1f0003',
  slug: 'album-calciatori-2027',
  sku: 'PAN-2027',
  ean: '96385074',
  title: 'Album Calciatori 2027',
  category: 'Panini',
  iva_percentage: 4,
  price: 3.5,
  quantity_stock: 0,
  product_type: 'prevendita',
  availability_date: ARRIVAL,
  attributes: {},
});
const HIDDEN = article({
  id: '0b6f1f0e-6a0c-4a56-9a43-6f4c1b1f0004',
  slug: 'fuori-catalogo',
  is_active: false,
});
const ARTICLES = [CHARIZARD, SF24, ALBUM, HIDDEN];

const REVIEW: PublicReview = {
  id: 'r1',
  article_id: CHARIZARD.id,
  order_id: null,
  article_title: CHARIZARD.title,
  rating: 5,
  title: 'Perfetta',
  comment: 'Arrivata in condizioni perfette </script>',
  customer_name: 'Gennaro',
  is_verified_purchase: true,
  helpful_count: 0,
  created_at: '2026-02-01T10:00:00.000Z',
  approved: true,
  admin_reply: null,
};

/** Every JSON-LD block of a page, parsed (one script may hold an array). */
function jsonLdOf(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => m[1]!,
  );
  expect(blocks.length).toBeLessThanOrEqual(1);
  return blocks.flatMap((block) => {
    expect(block).not.toContain('<');
    const data = JSON.parse(block) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
}

/**
 * The schema.org checks Google names for its rich results (Product snippets and merchant listings,
 * breadcrumbs, site links search box): the types, the required and recommended properties, absolute URLs,
 * the price's format. Returns the problems found.
 */
function structuredDataProblems(items: Record<string, unknown>[]): string[] {
  const problems: string[] = [];
  const absolute = (value: unknown, where: string) => {
    if (typeof value !== 'string' || !/^https?:\/\/[^/]+\//.test(value))
      problems.push(`${where}: not an absolute URL`);
  };
  for (const item of items) {
    if (item['@context'] !== 'https://schema.org') problems.push(`${String(item['@type'])}: @context`);
    switch (item['@type']) {
      case 'Product': {
        if (typeof item.name !== 'string' || !item.name) problems.push('Product: name');
        if (typeof item.description !== 'string' || !item.description) problems.push('Product: description');
        if (typeof item.sku !== 'string') problems.push('Product: sku');
        const images = item.image as unknown[];
        if (!Array.isArray(images) || images.length === 0) problems.push('Product: image');
        else images.forEach((url, i) => absolute(url, `Product.image[${i}]`));
        if ('gtin13' in item && !/^\d{13}$/.test(String(item.gtin13))) problems.push('Product: gtin13');
        if ('gtin8' in item && !/^\d{8}$/.test(String(item.gtin8))) problems.push('Product: gtin8');
        const offer = item.offers as Record<string, unknown> | undefined;
        if (offer?.['@type'] !== 'Offer') problems.push('Product: offers');
        else {
          absolute(offer.url, 'Offer.url');
          if (
            typeof offer.price !== 'string' ||
            !/^\d+\.\d{2}$/.test(offer.price) ||
            Number(offer.price) <= 0
          )
            problems.push(`Offer: price ${String(offer.price)}`);
          if (offer.priceCurrency !== 'EUR') problems.push('Offer: priceCurrency');
          if (
            ![
              'https://schema.org/InStock',
              'https://schema.org/OutOfStock',
              'https://schema.org/PreOrder',
            ].includes(offer.availability as string)
          )
            problems.push('Offer: availability');
          if (
            offer.availability === 'https://schema.org/PreOrder' &&
            Number.isNaN(Date.parse(String(offer.availabilityStarts)))
          )
            problems.push('Offer: availabilityStarts');
          if (
            !['https://schema.org/NewCondition', 'https://schema.org/UsedCondition'].includes(
              offer.itemCondition as string,
            )
          )
            problems.push('Offer: itemCondition');
          if ((offer.seller as { '@type'?: string })?.['@type'] !== 'Organization')
            problems.push('Offer: seller');
        }
        const rating = item.aggregateRating as Record<string, unknown> | undefined;
        if (rating) {
          const value = Number(rating.ratingValue);
          if (!(value >= 1 && value <= 5) || !(Number(rating.reviewCount) > 0))
            problems.push('AggregateRating');
          if (!Array.isArray(item.review) || item.review.length === 0)
            problems.push('Product: rating without reviews');
        }
        for (const review of (item.review as Record<string, unknown>[] | undefined) ?? []) {
          if ((review.author as { name?: string })?.name === undefined) problems.push('Review: author');
          const given = (review.reviewRating as { ratingValue?: number })?.ratingValue;
          if (!(Number(given) >= 1 && Number(given) <= 5)) problems.push('Review: reviewRating');
        }
        if (((item.review as unknown[] | undefined)?.length ?? 0) > 5)
          problems.push('Product: more than 5 reviews');
        break;
      }
      case 'BreadcrumbList': {
        const list = item.itemListElement as Record<string, unknown>[];
        if (!Array.isArray(list) || list.length < 2) problems.push('BreadcrumbList: itemListElement');
        else
          list.forEach((crumb, i) => {
            if (crumb['@type'] !== 'ListItem' || crumb.position !== i + 1 || !crumb.name)
              problems.push(`ListItem ${i}`);
            absolute(crumb.item, `ListItem ${i}.item`);
          });
        break;
      }
      case 'WebSite': {
        absolute(item.url, 'WebSite.url');
        const action = item.potentialAction as Record<string, unknown> | undefined;
        const template = (action?.target as { urlTemplate?: string })?.urlTemplate;
        if (action?.['@type'] !== 'SearchAction' || !template?.includes('{search_term_string}'))
          problems.push('WebSite: SearchAction');
        absolute(template, 'SearchAction.target');
        if (action?.['query-input'] !== 'required name=search_term_string')
          problems.push('SearchAction: query-input');
        break;
      }
      case 'Organization': {
        if (!item.name) problems.push('Organization: name');
        absolute(item.url, 'Organization.url');
        break;
      }
      default:
        problems.push(`unexpected type ${String(item['@type'])}`);
    }
  }
  return problems;
}

/** A strict XML parse (namespaces checked): the elements as { name (prefixed), attributes, text, children }. */
interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
}
function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlNode = { name: '#document', attributes: {}, text: '', children: [] };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const node: XmlNode = {
      name: tag.name,
      attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value])),
      text: '',
      children: [],
    };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => (stack.at(-1)!.text += text));
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  return root.children[0]!;
}
const childrenNamed = (node: XmlNode, name: string) => node.children.filter((c) => c.name === name);
const textOf = (node: XmlNode, name: string) => childrenNamed(node, name)[0]?.text;

const hreflangsOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)" \/>/.exec(html)?.[1];
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" ?/?>`).exec(html)?.[1];
const firstPaintOf = (html: string) => /<div id="root">(.*)<\/div><\/body>/s.exec(html)?.[1] ?? '';

describe('article pages, languages and what search engines read', () => {
  let base: string;
  let options: WebOptions;
  let api: Awaited<ReturnType<typeof startStorefrontApi>>;

  beforeAll(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'edicola-article-pages-'));
    const root = path.join(base, 'edicola');
    mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
    writeFileSync(path.join(root, 'shell/dist/index.html'), INDEX);
    api = await startStorefrontApi(ARTICLES, {
      formerSlugs: { 'charizard-ex-151': CHARIZARD.slug },
      reviews: { [CHARIZARD.id]: [REVIEW] },
    });
    options = {
      root,
      publicOrigins: ['https://shop.test'],
      apiPort: 1,
      apiBaseUrl: 'https://api.shop.test',
      apiInternalUrl: api.url,
      apiTimeoutMs: 500,
      demoMode: false,
      firstPaint: renderers,
    };
  });
  afterEach(() => api.setDown(false));
  afterAll(async () => {
    await api.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('serves an article page with its own head, its languages, its structured data and its first paint', async () => {
    api.calls.length = 0;
    const res = await request(createWebApp(options)).get(`/prodotti/${CHARIZARD.slug}?utm_source=google`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<html lang="it">/);
    // The catalogue's title for it (catalogueMeta), which starts with the article's own.
    expect(res.text).toMatch(/<title>Charizard ex 151 italiano[^<]*<\/title>/);
    expect(metaOf(res.text, 'description')).toBeTruthy();
    // Canonical: the page itself without the tracking parameter.
    expect(canonicalOf(res.text)).toBe(`https://shop.test/prodotti/${CHARIZARD.slug}`);
    const links = hreflangsOf(res.text);
    expect(links).toEqual([
      ...LANGUAGES.map((l) => [
        l,
        `https://shop.test${l === 'it' ? '' : `/${l}`}/prodotti/${CHARIZARD.slug}`,
      ]),
      ['x-default', `https://shop.test/prodotti/${CHARIZARD.slug}`],
    ]);
    expect(metaOf(res.text, 'og:type')).toBe('product');
    expect(metaOf(res.text, 'og:locale')).toBe('it_IT');
    expect(res.text.match(/og:locale:alternate/g)).toHaveLength(7);
    expect(metaOf(res.text, 'og:image')).toBe(
      'https://api.shop.test/media/articles/charizard-front-800.webp',
    );
    expect(metaOf(res.text, 'twitter:image')).toBe(
      'https://api.shop.test/media/articles/charizard-front-800.webp',
    );
    // The cover, the largest element, preloaded in its sizes.
    expect(res.text).toContain(
      '<link rel="preload" href="https://api.shop.test/media/articles/charizard-front-400.webp" as="image" fetchpriority="high" imagesrcset="https://api.shop.test/media/articles/charizard-front-400.webp 400w, https://api.shop.test/media/articles/charizard-front-800.webp 800w"',
    );
    // The catalogue's article page inside the shell's Layout, its add to cart replayable.
    const paint = firstPaintOf(res.text);
    expect(paint).toMatch(/^<div class="first-paint">/);
    expect(paint).toContain('Charizard ex 151 italiano</h1>');
    expect(paint).toContain(`data-replay="add-to-cart:${CHARIZARD.id}"`);
    expect(res.headers['content-security-policy']).toMatch(/script-src [^;]*'sha256-/);
    // The list is not fetched for an article page.
    expect(api.calls).not.toContain('/public/articles');
    expect(api.calls).toContain(`/public/articles/by-slug/${CHARIZARD.slug}`);

    const data = jsonLdOf(res.text);
    expect(structuredDataProblems(data)).toEqual([]);
    const product = data.find((d) => d['@type'] === 'Product')!;
    expect(product).toMatchObject({
      name: CHARIZARD.title,
      sku: 'PKM-151-199',
      gtin13: '4006381333931',
      image: [
        'https://api.shop.test/media/articles/charizard-front-800.webp',
        'https://api.shop.test/media/articles/charizard-back-800.webp',
      ],
      offers: {
        price: '122.00',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        url: `https://shop.test/prodotti/${CHARIZARD.slug}`,
      },
      aggregateRating: { ratingValue: 5, reviewCount: 1 },
    });
    expect(product.review).toHaveLength(1);
    expect(product.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'Condizione', value: 'near_mint' },
      { '@type': 'PropertyValue', name: 'Lingua', value: 'it' },
    ]);
    const trail = data.find((d) => d['@type'] === 'BreadcrumbList')!;
    expect((trail.itemListElement as { item: string }[]).map((c) => c.item)).toEqual([
      'https://shop.test/',
      'https://shop.test/prodotti',
      'https://shop.test/prodotti/categoria/pokemon',
      `https://shop.test/prodotti/${CHARIZARD.slug}`,
    ]);
  });

  it('serves /de/prodotti/<slug> in German, its addresses in German, no rating without reviews, brand from the maker', async () => {
    const res = await request(createWebApp(options)).get(`/de/prodotti/${SF24.slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<html lang="de">/);
    expect(canonicalOf(res.text)).toBe(`https://shop.test/de/prodotti/${SF24.slug}`);
    expect(metaOf(res.text, 'og:locale')).toBe('de_DE');
    expect(hreflangsOf(res.text)).toHaveLength(9);
    // The shell's texts in German: its noscript and its layout.
    expect(res.text).toContain('<noscript><p class="noscript">Um alle Funktionen des Shops zu nutzen');
    expect(firstPaintOf(res.text)).toContain('aria-label="Hauptnavigation"');
    // Landing on a German page makes German the visitor's choice.
    expect(res.headers['set-cookie']?.[0]).toMatch(/^language=de; Path=\//);
    const data = jsonLdOf(res.text);
    expect(structuredDataProblems(data)).toEqual([]);
    const product = data.find((d) => d['@type'] === 'Product')!;
    expect(product.brand).toEqual({ '@type': 'Brand', name: 'Bburago' });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('gtin13');
    expect((product.offers as { url: string }).url).toBe(`https://shop.test/de/prodotti/${SF24.slug}`);
    // Text from the API cannot close the script element.
    expect(res.text).not.toContain('</script><script>alert(1)');
  });

  it('gives a pre-sale a PreOrder offer with its date, an EAN-8 as gtin8, out of stock otherwise', async () => {
    const res = await request(createWebApp(options)).get(`/en/prodotti/${ALBUM.slug}`);
    const product = jsonLdOf(res.text).find((d) => d['@type'] === 'Product')!;
    expect(structuredDataProblems([product])).toEqual([]);
    expect(product.gtin8).toBe('96385074');
    expect(product.offers).toMatchObject({
      price: '3.64',
      availability: 'https://schema.org/PreOrder',
      availabilityStarts: `${ARRIVAL}T00:00:00.000Z`,
      itemCondition: 'https://schema.org/NewCondition',
    });
  });

  it('sends a former address to the current one for ever, keeping the prefix and the query', async () => {
    const app = createWebApp(options);
    const res = await request(app).get('/en/prodotti/charizard-ex-151?ref=mail');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`/en/prodotti/${CHARIZARD.slug}?ref=mail`);
    const italian = await request(app).get('/prodotti/charizard-ex-151');
    expect(italian.status).toBe(301);
    expect(italian.headers.location).toBe(`/prodotti/${CHARIZARD.slug}`);
  });

  it('answers 404 with a page that leads to the search for an address of no article, in its language', async () => {
    const app = createWebApp(options);
    for (const url of [
      '/prodotti/nessun-articolo',
      `/prodotti/${HIDDEN.slug}`,
      '/prodotti/Maiuscole!',
      '/prodotti/categoria/inesistente',
    ]) {
      const res = await request(app).get(url);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/html/);
      expect(metaOf(res.text, 'robots')).toBe('noindex, follow');
      const paint = firstPaintOf(res.text);
      expect(paint).toContain('<h1>Pagina non trovata</h1>');
      expect(paint).toContain('<form role="search" action="/cerca" method="get">');
    }
    const german = await request(app).get('/de/prodotti/kein-artikel');
    expect(german.status).toBe(404);
    expect(german.text).toContain('<title>Seite nicht gefunden – Edicola Napoli</title>');
    expect(firstPaintOf(german.text)).toContain('action="/de/cerca"');
  });

  it('serves the article page without a first paint, never an error, when the API is down', async () => {
    api.setDown(true);
    const res = await request(createWebApp(options)).get('/prodotti/un-articolo-qualsiasi');
    expect(res.status).toBe(200);
    expect(firstPaintOf(res.text)).toBe('');
    expect(canonicalOf(res.text)).toBe('https://shop.test/prodotti/un-articolo-qualsiasi');
  });

  it('sends a visitor whose language is not Italian to the prefixed address; other pages keep one address', async () => {
    const app = createWebApp(options);
    const res = await request(app).get('/prodotti?category=pokemon').set('Cookie', 'language=en');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/en/prodotti?category=pokemon');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const home = await request(app).get('/').set('Cookie', 'language=fr');
    expect(home.headers.location).toBe('/fr/');
    // An Italian, or no, preference: the page itself, Italian.
    for (const cookie of ['language=it', '', 'language=xx']) {
      const page = await request(app).get('/chi-siamo').set('Cookie', cookie);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/<html lang="it">/);
    }
    // /en is /en/.
    const bare = await request(app).get('/en');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/en/');
    // A page with one address is in the visitor's language there, and not under a prefix.
    const checkout = await request(app).get('/checkout').set('Cookie', 'language=en');
    expect(checkout.status).toBe(200);
    expect(checkout.text).toMatch(/<html lang="en">/);
    const prefixed = await request(app).get('/en/checkout');
    expect(prefixed.status).toBe(301);
    expect(prefixed.headers.location).toBe('/checkout');
    // Unknown prefixes are not languages.
    const unknown = await request(app).get('/xx/prodotti');
    expect(unknown.status).toBe(200);
    expect(unknown.text).toMatch(/<html lang="it">/);
    expect(canonicalOf(unknown.text)).toBe('https://shop.test/xx/prodotti');
  });

  it("paints the shell's own pages in the page's language with their titles", async () => {
    const app = createWebApp(options);
    const about = await request(app).get('/de/chi-siamo');
    expect(about.text).toMatch(/<html lang="de">/);
    expect(about.text).toContain('<title>Über uns – Edicola Napoli</title>');
    expect(firstPaintOf(about.text)).toContain('<h1>Über uns</h1>');
    expect(canonicalOf(about.text)).toBe('https://shop.test/de/chi-siamo');
    const contact = await request(app).get('/contatto');
    expect(firstPaintOf(contact.text)).toContain('<h1>Contatti</h1>');
    const terms = await request(app).get('/nl/termini');
    expect(terms.text).toContain('<title>Algemene verkoopvoorwaarden – Edicola Napoli</title>');
  });

  it('paints the privacy policy at /privacy and /<lang>/privacy, with the seller, its title and its languages (docs/product/storefront.md#privacy)', async () => {
    const app = createWebApp({ ...options, seller: EXAMPLE_SELLER });
    const italian = await request(app).get('/privacy');
    expect(italian.status).toBe(200);
    expect(italian.text).toMatch(/<html lang="it">/);
    expect(italian.text).toContain('<title>Informativa sulla privacy – Edicola Napoli</title>');
    expect(canonicalOf(italian.text)).toBe('https://shop.test/privacy');
    expect(hreflangsOf(italian.text)).toContainEqual(['en', 'https://shop.test/en/privacy']);
    const paint = firstPaintOf(italian.text);
    expect(paint).toContain('<h1>Informativa sulla privacy</h1>');
    expect(paint).toContain('<h2 id="privacy-rights">I tuoi diritti</h2>');
    expect(paint).toContain('art. 2220 del codice civile');
    expect(paint).toContain('P.IVA 00743110157');
    expect(paint).toContain('href="mailto:edicolaesposito@pec.it"');
    // The configuration the shell reads carries the same seller.
    expect(italian.text).toContain('"vatNumber":"00743110157"');

    const english = await request(app).get('/en/privacy');
    expect(english.status).toBe(200);
    expect(english.text).toMatch(/<html lang="en">/);
    expect(english.text).toContain('<title>Privacy policy – Edicola Napoli</title>');
    expect(canonicalOf(english.text)).toBe('https://shop.test/en/privacy');
    expect(firstPaintOf(english.text)).toContain('<h2 id="privacy-rights">Your rights</h2>');
    expect(firstPaintOf(english.text)).toContain('VAT no. 00743110157');
  });

  it('names the demo seller as demo data in every first paint when none is configured', async () => {
    const terms = await request(createWebApp(options)).get('/termini');
    const paint = firstPaintOf(terms.text);
    expect(paint).toContain('<h2 id="terms-seller">Venditore</h2>');
    expect(paint).toContain('P.IVA 01234567897');
    expect(paint.match(/\(dati dimostrativi\)/g)).toHaveLength(2);
  });

  it('gives the pages that need JavaScript a noscript that says so and gives the phone', async () => {
    const app = createWebApp(options);
    for (const url of ['/registrati', '/accedi', '/checkout']) {
      const res = await request(app).get(url);
      expect(res.text).toContain(
        '<noscript><p class="noscript">Questa pagina richiede JavaScript. Attivalo nel browser oppure chiamaci al +39 081 555 0123',
      );
    }
    const home = await request(app).get('/');
    expect(home.text).toContain(
      '<noscript><p class="noscript">Per usare tutte le funzioni del negozio attiva JavaScript',
    );
    expect(home.text.match(/<noscript>/g)).toHaveLength(1);
  });

  it('describes the home page as the WebSite with its search and the shop as the Organization', async () => {
    const res = await request(createWebApp(options)).get('/en/');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<html lang="en">/);
    expect(canonicalOf(res.text)).toBe('https://shop.test/en/');
    expect(hreflangsOf(res.text)).toContainEqual(['x-default', 'https://shop.test/']);
    expect(res.text).toContain('<title>Edicola Napoli – Collectibles and model making in Naples</title>');
    const data = jsonLdOf(res.text);
    expect(structuredDataProblems(data)).toEqual([]);
    expect(data.map((d) => d['@type'])).toEqual(['WebSite', 'Organization']);
    expect(JSON.stringify(data)).toContain('https://shop.test/en/cerca?q={search_term_string}');
  });

  it('serves category pages with their trail, the search results with noindex and no alternates', async () => {
    const app = createWebApp(options);
    const category = await request(app).get('/prodotti/categoria/pokemon?sort=price');
    expect(category.status).toBe(200);
    expect(canonicalOf(category.text)).toBe('https://shop.test/prodotti/categoria/pokemon');
    expect(hreflangsOf(category.text)).toHaveLength(9);
    const data = jsonLdOf(category.text);
    expect(structuredDataProblems(data)).toEqual([]);
    expect(data.map((d) => d['@type'])).toEqual(['BreadcrumbList']);
    const search = await request(app).get('/cerca?q=charizard&condition=mint');
    expect(metaOf(search.text, 'robots')).toBe('noindex, follow');
    expect(hreflangsOf(search.text)).toEqual([]);
    expect(canonicalOf(search.text)).toBe('https://shop.test/cerca?q=charizard');
  });

  it("keeps an order's page, reached by its private link, out of every index", async () => {
    const app = createWebApp(options);
    const order = await request(app).get('/ordini/5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678?t=abc');
    expect(order.status).toBe(200);
    expect(metaOf(order.text, 'robots')).toBe('noindex, nofollow');
    expect(metaOf((await request(app).get('/profilo')).text, 'robots')).toBeUndefined();
  });

  it("names the article's page as the canonical address of /prodotti?article=<id>", async () => {
    const app = createWebApp(options);
    await request(app).get('/sitemap.xml'); // the list at hand
    const res = await request(app).get(`/prodotti?article=${SF24.id}`);
    expect(res.status).toBe(200);
    expect(canonicalOf(res.text)).toBe(`https://shop.test/prodotti/${SF24.slug}`);
    expect(res.text).toContain(
      '<meta property="og:title" content="Ferrari SF-24 &quot;Leclerc&quot; &lt;1:18&gt; – Edicola Napoli" />',
    );
    const unknown = await request(app).get('/prodotti?article=nessuno');
    expect(unknown.status).toBe(200);
    expect(canonicalOf(unknown.text)).toBe('https://shop.test/prodotti');
  });

  it('lists every language sitemap in /sitemap.xml and every page with its alternates and last change in each', async () => {
    const app = createWebApp(options);
    const index = await request(app).get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    const tree = parseXml(index.text);
    expect(tree.name).toBe('sitemapindex');
    const files = childrenNamed(tree, 'sitemap').map((s) => textOf(s, 'loc'));
    expect(files).toEqual(LANGUAGES.map((l) => `https://shop.test/sitemaps/${l}.xml`));

    const german = await request(app).get('/sitemaps/de.xml');
    expect(german.status).toBe(200);
    const urls = childrenNamed(parseXml(german.text), 'url');
    const locs = urls.map((u) => textOf(u, 'loc'));
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://shop.test/de/',
        'https://shop.test/de/prodotti',
        'https://shop.test/de/chi-siamo',
        'https://shop.test/de/prodotti/categoria/pokemon',
        'https://shop.test/de/prodotti/categoria/trucksNew',
        `https://shop.test/de/prodotti/${CHARIZARD.slug}`,
        `https://shop.test/de/prodotti/${SF24.slug}`,
        `https://shop.test/de/prodotti/${ALBUM.slug}`,
      ]),
    );
    expect(locs).not.toContain(`https://shop.test/de/prodotti/${HIDDEN.slug}`);
    expect(locs.length).toBe(6 + 7 + 3);
    const privacy = urls.find((u) => textOf(u, 'loc') === 'https://shop.test/de/privacy')!;
    expect(
      childrenNamed(privacy, 'xhtml:link').map((l) => [l.attributes.hreflang, l.attributes.href]),
    ).toEqual([
      ...LANGUAGES.map((l) => [
        l,
        l === 'it' ? 'https://shop.test/privacy' : `https://shop.test/${l}/privacy`,
      ]),
      ['x-default', 'https://shop.test/privacy'],
    ]);
    const charizard = urls.find(
      (u) => textOf(u, 'loc') === `https://shop.test/de/prodotti/${CHARIZARD.slug}`,
    )!;
    expect(textOf(charizard, 'lastmod')).toBe(CHARIZARD.updated_at);
    const links = childrenNamed(charizard, 'xhtml:link').map((l) => [
      l.attributes.hreflang,
      l.attributes.href,
    ]);
    expect(links).toHaveLength(9);
    expect(links).toContainEqual(['x-default', `https://shop.test/prodotti/${CHARIZARD.slug}`]);
    expect(links).toContainEqual(['ru', `https://shop.test/ru/prodotti/${CHARIZARD.slug}`]);
    const pokemon = urls.find((u) => textOf(u, 'loc') === 'https://shop.test/de/prodotti/categoria/pokemon')!;
    expect(textOf(pokemon, 'lastmod')).toBe(CHARIZARD.updated_at);
    expect((await request(app).get('/sitemaps/xx.xml')).status).toBe(404);
    expect((await request(app).get('/sitemaps/de-2.xml')).status).toBe(404);
    const robots = await request(app).get('/robots.txt');
    expect(robots.text).toContain('Sitemap: https://shop.test/sitemap.xml');
    expect(robots.text).not.toContain('Disallow: /cerca');
  });

  it('publishes the Google Merchant feed with every required attribute of every active article', async () => {
    const res = await request(createWebApp(options)).get('/feeds/google-merchant.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const rss = parseXml(res.text);
    expect(rss.name).toBe('rss');
    expect(rss.attributes.version).toBe('2.0');
    expect(rss.attributes['xmlns:g']).toBe('http://base.google.com/ns/1.0');
    const items = childrenNamed(childrenNamed(rss, 'channel')[0]!, 'item');
    expect(items).toHaveLength(3);
    for (const item of items) {
      const g = (name: string) => textOf(item, `g:${name}`);
      for (const required of [
        'id',
        'title',
        'description',
        'link',
        'image_link',
        'availability',
        'price',
        'condition',
        'brand',
      ])
        expect([required, g(required)]).toEqual([required, expect.any(String)]);
      expect(g('id')!.length).toBeLessThanOrEqual(50);
      expect(g('title')!.length).toBeLessThanOrEqual(150);
      expect(g('description')!.length).toBeLessThanOrEqual(5000);
      expect(g('description')).not.toMatch(/[<>]/);
      expect(g('link')).toMatch(/^https:\/\/shop\.test\/prodotti\/[a-z0-9-]+$/);
      expect(g('image_link')).toMatch(/^https:\/\/api\.shop\.test\/media\/articles\/.+-800\.webp$/);
      expect(g('availability')).toMatch(/^(in_stock|out_of_stock|preorder)$/);
      expect(g('price')).toMatch(/^\d+\.\d{2} EUR$/);
      expect(g('condition')).toMatch(/^(new|used)$/);
      expect(Boolean(g('gtin')) !== (g('identifier_exists') === 'no')).toBe(true);
      expect(g('product_type')).toBeTruthy();
      const shipping = childrenNamed(item, 'g:shipping')[0]!;
      expect([textOf(shipping, 'g:country'), textOf(shipping, 'g:price')]).toEqual(['IT', '9.00 EUR']);
    }
    const byId = (id: string) => items.find((i) => textOf(i, 'g:id') === id)!;
    expect(textOf(byId('PKM-151-199'), 'g:price')).toBe('122.00 EUR');
    expect(textOf(byId('PKM-151-199'), 'g:condition')).toBe('used');
    expect(childrenNamed(byId('PKM-151-199'), 'g:additional_image_link').map((n) => n.text)).toEqual([
      'https://api.shop.test/media/articles/charizard-back-800.webp',
    ]);
    expect(textOf(byId('F1-SF24'), 'g:brand')).toBe('Bburago');
    expect(textOf(byId('F1-SF24'), 'g:identifier_exists')).toBe('no');
    expect(textOf(byId('F1-SF24'), 'g:title')).toBe('Ferrari SF-24 "Leclerc" <1:18>');
    expect(textOf(byId('PAN-2027'), 'g:availability')).toBe('preorder');
    expect(textOf(byId('PAN-2027'), 'g:availability_date')).toBe(`${ARRIVAL}T00:00:00.000Z`);
    expect(textOf(byId('PAN-2027'), 'g:brand')).toBe('Edicola Napoli');
  });
});
