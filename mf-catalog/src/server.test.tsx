/**
 * @jest-environment node
 */
// The storefront server's renders (server.tsx), in Node as the server runs them: no window, no fetch.
import type { Article, RuntimeConfig } from '@edicola/contracts';
import { catalogueMeta, renderArticle, renderCatalogue } from './server';
import { makeArticle } from './testSupport';

const config: RuntimeConfig = {
  apiBaseUrl: 'https://api.edicola.test',
  mediaBaseUrl: 'https://media.edicola.test',
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const charizard: Article = makeArticle({
  id: 'c1',
  slug: 'charizard-ex-151-italiano',
  title: 'Charizard ex 151 italiano',
  category: 'Pokemon',
  description: `Carta singola della serie Scarlatto e Violetto 151, in condizioni Near Mint. ${'Spedita protetta. '.repeat(12)}`,
  photo_url: '/media/articles/front-400.webp',
  photos: [
    { id: 'f', url: '/media/articles/front-400.webp', zoom_url: null, alt: 'Fronte' },
    { id: 'b', url: '/media/articles/back-400.webp', zoom_url: null, alt: 'Retro' },
  ],
  attributes: { condition: 'near_mint', language: 'it' },
  share_facebook: true,
});

describe('renderArticle', () => {
  it('renders the article page from its data: title, cover with srcset first, add button, reviews', () => {
    const html = renderArticle({
      language: 'it',
      config,
      origin: 'https://edicola.test',
      pathname: '/prodotti/charizard-ex-151-italiano',
      article: charizard,
      reviews: [
        {
          id: 'r1',
          article_id: 'c1',
          order_id: null,
          article_title: null,
          rating: 5,
          title: 'Perfetta',
          comment: 'Come da foto.',
          customer_name: 'Ciro',
          is_verified_purchase: false,
          helpful_count: 0,
          created_at: '2026-01-01T00:00:00.000Z',
          approved: true,
          admin_reply: null,
        },
      ],
      summary: { average_rating: 5, total_reviews: 1 },
    });
    expect(html).toContain('<h1 id="article-title" class="cat-article-title">Charizard ex 151 italiano</h1>');
    const cover = html.indexOf('alt="Fronte"');
    expect(cover).toBeGreaterThan(0);
    expect(cover).toBeLessThan(html.indexOf('alt="Retro"'));
    expect(html).toContain(
      'srcSet="https://media.edicola.test/media/articles/front-400.webp 400w, https://media.edicola.test/media/articles/front-800.webp 800w"',
    );
    // Only the cover is asked for before the app runs; the other slides' photos wait in <noscript>.
    const slides = html.slice(html.indexOf('cat-gallery-track'), html.indexOf('cat-gallery-thumbs'));
    expect(slides.match(/<img[^>]*class="cat-gallery-photo"/g)).toHaveLength(2);
    expect(slides).toMatch(/<noscript><img[^>]*alt="Retro"/);
    expect(slides).not.toMatch(/<noscript><img[^>]*alt="Fronte"/);
    expect(html).toContain('data-replay="add-to-cart:c1"');
    expect(html).toContain('Near Mint');
    expect(html).toContain('Perfetta');
    expect(html).toContain(encodeURIComponent('https://edicola.test/prodotti/charizard-ex-151-italiano'));
  });

  it('renders in the language of its address, with localized links', () => {
    const html = renderArticle({
      language: 'de',
      config,
      origin: 'https://edicola.test',
      pathname: '/de/prodotti/charizard-ex-151-italiano',
      article: charizard,
      reviews: [],
    });
    expect(html).toContain('In den Warenkorb');
    expect(html).toContain('href="/de/prodotti/categoria/pokemon"');
    expect(html).toContain('Charizard ex 151 italiano'); // titles stay as staff wrote them
  });
});

describe('renderCatalogue', () => {
  it("renders a category page's heading and only its articles", () => {
    const html = renderCatalogue({
      language: 'it',
      config,
      origin: 'https://edicola.test',
      pathname: '/prodotti/categoria/pokemon',
      articles: [charizard, makeArticle({ id: 'm1', title: 'Ferrari F40 1:43' })],
    });
    expect(html).toContain('<h1 id="catalog-title">Pokemon</h1>');
    expect(html).toContain('Charizard ex 151 italiano');
    expect(html).not.toContain('Ferrari F40 1:43');
    expect(html).toContain('href="/prodotti/charizard-ex-151-italiano"');
  });
});

describe('catalogueMeta', () => {
  it('gives an article its title as written, its description cut near 155 characters and its breadcrumbs', () => {
    const meta = catalogueMeta('it', { article: charizard });
    expect(meta.title).toBe('Charizard ex 151 italiano – Edicola Napoli');
    expect(meta.description.length).toBeLessThanOrEqual(155);
    expect(meta.description.endsWith('…')).toBe(true);
    expect(meta.description.startsWith('Carta singola della serie Scarlatto e Violetto 151')).toBe(true);
    expect(meta.breadcrumbs).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Prodotti', path: '/prodotti' },
      { name: 'Pokemon', path: '/prodotti/categoria/pokemon' },
      { name: 'Charizard ex 151 italiano', path: '/prodotti/charizard-ex-151-italiano' },
    ]);
    expect(catalogueMeta('en', { article: charizard }).breadcrumbs[1]).toEqual({
      name: 'Products',
      path: '/prodotti',
    });
  });

  it('translates the catalogue, a category, the search and a missing article', () => {
    expect(catalogueMeta('it', {}).title).toBe('Catalogo prodotti – Edicola Napoli');
    expect(catalogueMeta('en', { category: 'caschi' })).toEqual({
      title: 'Helmets – Product catalogue – Edicola Napoli',
      description: 'Every item in the Helmets category of our shop in Naples.',
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: 'Products', path: '/prodotti' },
        { name: 'Helmets', path: '/prodotti/categoria/caschi' },
      ],
    });
    expect(catalogueMeta('de', { search: true }).title).toBe('Im Shop suchen – Edicola Napoli');
    expect(catalogueMeta('it', { notFound: true }).title).toBe('Articolo non trovato – Edicola Napoli');
    for (const language of ['it', 'en', 'fr', 'es', 'pt', 'de', 'ru', 'nl'] as const) {
      const meta = catalogueMeta(language, { category: 'pokemon' });
      expect(meta.description).not.toMatch(/\{\{|categoryPage/);
    }
  });
});
