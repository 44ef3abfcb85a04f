import {
  CATEGORIES,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PRIVACY_PATH,
  articlePath,
  categoryOf,
  categoryPath,
  localizedPath,
  type Article,
  type Language,
} from '@edicola/contracts';
import { escapeHtml } from './storefront-page';

/**
 * The shop's public pages a search engine should know (docs/product/storefront.md#routes); the back office
 * stays out.
 */
export const PUBLIC_PAGES = ['/', '/prodotti', '/chi-siamo', '/contatto', '/termini', PRIVACY_PATH] as const;

/** Paths no crawler should visit: the back office, the customer's own pages and the payment pages. */
export const DISALLOWED = [
  '/gestione',
  '/profilo',
  '/ordini',
  '/accedi',
  '/registrati',
  '/checkout/',
  '/payment-success',
  '/pagamento-demo',
] as const;

/** The most addresses one sitemap file may list (sitemaps.org): a language with more is split. */
export const SITEMAP_URL_LIMIT = 50_000;

/**
 * robots.txt: the search results (/cerca) stay crawlable on purpose: they carry `noindex`, which a crawler
 * must be allowed to read (docs/product/article-pages.md#structured-data).
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** An unprefixed path in every language plus x-default (the Italian address): the page's alternates. */
export function alternates(origin: string, path: string): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGES.map((language) => ({
      hreflang: language,
      href: `${origin}${localizedPath(language, path)}`,
    })),
    { hreflang: 'x-default', href: `${origin}${localizedPath(DEFAULT_LANGUAGE, path)}` },
  ];
}

interface SitemapEntry {
  /** Unprefixed path. */
  path: string;
  lastmod?: string;
}

/** Every page of the sitemaps: the public pages, each category page, each active article's page. */
export function sitemapEntries(articles: Article[]): SitemapEntry[] {
  const active = articles.filter((article) => article.is_active && article.slug);
  const latest = (list: Article[]) =>
    list.reduce<string | undefined>((max, a) => (!max || a.updated_at > max ? a.updated_at : max), undefined);
  const categories = CATEGORIES.map(({ slug }) => ({
    path: categoryPath(slug),
    lastmod: latest(active.filter((article) => categoryOf(article.category) === slug)),
  }));
  return [
    ...PUBLIC_PAGES.map((path) => ({ path, lastmod: path === '/prodotti' ? latest(active) : undefined })),
    ...categories,
    ...active.map((article) => ({ path: articlePath(article.slug), lastmod: article.updated_at })),
  ];
}

/** The files of the sitemap index: one per language, split in parts of SITEMAP_URL_LIMIT addresses. */
export function sitemapFiles(articles: Article[]): string[] {
  const parts = Math.max(1, Math.ceil(sitemapEntries(articles).length / SITEMAP_URL_LIMIT));
  return LANGUAGES.flatMap((language) =>
    Array.from({ length: parts }, (_, i) => (i === 0 ? `${language}.xml` : `${language}-${i + 1}.xml`)),
  );
}

/** /sitemap.xml: the index of the language sitemaps (/sitemaps/<lang>.xml). */
export function sitemapIndexXml(origin: string, articles: Article[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapFiles(articles).map(
      (file) => `  <sitemap><loc>${escapeHtml(`${origin}/sitemaps/${file}`)}</loc></sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** The file name of a language sitemap ('en.xml', 'en-2.xml') as language and part (1-based); undefined if none. */
export function sitemapFile(name: string): { language: Language; part: number } | undefined {
  const match = /^([a-z]{2})(?:-(\d+))?\.xml$/.exec(name);
  const language = match?.[1] as Language | undefined;
  if (!match || !language || !LANGUAGES.includes(language)) return undefined;
  const part = match[2] ? Number(match[2]) : 1;
  return part >= 2 || !match[2] ? { language, part } : undefined;
}

/**
 * One language's sitemap (or part of it): each page at its address in that language, with its alternates in
 * the eight languages and x-default, and when it last changed. Undefined for a part past the last.
 */
export function languageSitemapXml(
  origin: string,
  articles: Article[],
  language: Language,
  part = 1,
): string | undefined {
  const entries = sitemapEntries(articles).slice((part - 1) * SITEMAP_URL_LIMIT, part * SITEMAP_URL_LIMIT);
  if (entries.length === 0 && part > 1) return undefined;
  const url = ({ path, lastmod }: SitemapEntry) =>
    [
      `  <url><loc>${escapeHtml(`${origin}${localizedPath(language, path)}`)}</loc>`,
      ...(lastmod ? [`<lastmod>${escapeHtml(lastmod)}</lastmod>`] : []),
      ...alternates(origin, path).map(
        (link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeHtml(link.href)}"/>`,
      ),
      '</url>',
    ].join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map(url),
    '</urlset>',
    '',
  ].join('\n');
}
