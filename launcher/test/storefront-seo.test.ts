import type { Article } from '@edicola/contracts';
import {
  SITEMAP_URL_LIMIT,
  languageSitemapXml,
  sitemapFile,
  sitemapFiles,
  sitemapIndexXml,
} from '../src/storefront-seo';

/** `count` active articles, as much of each as the sitemaps read. */
const articles = (count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      ({
        id: String(i),
        slug: `articolo-${i}`,
        category: 'Pokemon',
        is_active: true,
        updated_at: '2026-05-01T00:00:00.000Z',
      }) as Article,
  );

describe('language sitemaps', () => {
  it('splits a language past 50,000 addresses into numbered parts, every address listed once', () => {
    const many = articles(SITEMAP_URL_LIMIT);
    // 6 public pages + 7 categories + the articles: one part and a few addresses more.
    expect(sitemapFiles(many).filter((f) => f.startsWith('en'))).toEqual(['en.xml', 'en-2.xml']);
    expect(sitemapIndexXml('https://shop.test', many)).toContain(
      '<loc>https://shop.test/sitemaps/en-2.xml</loc>',
    );
    const count = (xml: string | undefined) => xml?.match(/<url>/g)?.length ?? 0;
    const first = languageSitemapXml('https://shop.test', many, 'en', 1);
    const second = languageSitemapXml('https://shop.test', many, 'en', 2);
    expect(count(first)).toBe(SITEMAP_URL_LIMIT);
    expect(count(second)).toBe(13);
    expect(second).toContain(`<loc>https://shop.test/en/prodotti/articolo-${SITEMAP_URL_LIMIT - 1}</loc>`);
    expect(languageSitemapXml('https://shop.test', many, 'en', 3)).toBeUndefined();
  });

  it('knows the file names of the languages only', () => {
    expect(sitemapFile('de.xml')).toEqual({ language: 'de', part: 1 });
    expect(sitemapFile('de-2.xml')).toEqual({ language: 'de', part: 2 });
    for (const name of ['xx.xml', 'de-1.xml', 'de-0.xml', 'de.txt', '../de.xml'])
      expect(sitemapFile(name)).toBeUndefined();
    // A small shop: one file per language.
    expect(sitemapFiles(articles(3))).toHaveLength(8);
    expect(languageSitemapXml('https://shop.test', articles(3), 'it', 2)).toBeUndefined();
  });
});
