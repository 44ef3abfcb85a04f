import { escapeHtml } from './storefront-page';
import type { PublicArticle } from './storefront-articles';

/**
 * The shop's public pages a search engine should know (docs/product/storefront.md#routes); the back office
 * stays out.
 */
export const PUBLIC_PAGES = ['/', '/prodotti', '/chi-siamo', '/contatto', '/termini'] as const;

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

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function articleUrl(origin: string, id: string): string {
  return `${origin}/prodotti?article=${encodeURIComponent(id)}`;
}

export function sitemapXml(origin: string, articles: PublicArticle[]): string {
  const urls = [
    ...PUBLIC_PAGES.map((path) => `${origin}${path}`),
    ...articles.map((article) => articleUrl(origin, article.id)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}
