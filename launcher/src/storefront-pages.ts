import {
  CATALOGUE_PATH,
  CATEGORIES,
  PRIVACY_PATH,
  SEARCH_PATH,
  SLUG_PATTERN,
  type CategorySlug,
} from '@edicola/contracts';

/**
 * Which storefront page an address (without its language prefix) is, for the server's head and first paint
 * (docs/product/article-pages.md#addresses): the pages search engines index, and `other` for the ones the
 * shell's router alone shows (account, checkout, back office, unknown addresses).
 */
export type StorefrontPage =
  | { kind: 'home' }
  | { kind: 'catalogue' }
  | { kind: 'category'; category: CategorySlug }
  | { kind: 'article'; slug: string }
  | { kind: 'search' }
  | { kind: 'static'; page: 'about' | 'contact' | 'terms' | 'privacy' }
  | { kind: 'notFound' }
  | { kind: 'other'; needsScript: boolean; noindex?: boolean };

const STATIC = {
  '/chi-siamo': 'about',
  '/contatto': 'contact',
  '/termini': 'terms',
  [PRIVACY_PATH]: 'privacy',
} as const;

/** The pages that cannot work without JavaScript: their `<noscript>` says so and gives the phone. */
const NEEDS_SCRIPT = /^\/(registrati|accedi|checkout|carrello|profilo|ordini)(\/|$)/;

const ORDER_PAGE = /^\/ordini\/[^/]+$/;

export function storefrontPage(path: string): StorefrontPage {
  if (path === '/' || path === '/home') return { kind: 'home' };
  if (path === CATALOGUE_PATH) return { kind: 'catalogue' };
  if (path === SEARCH_PATH) return { kind: 'search' };
  if (path in STATIC) return { kind: 'static', page: STATIC[path as keyof typeof STATIC] };
  const category = /^\/prodotti\/categoria\/([^/]+)$/.exec(path)?.[1];
  if (category !== undefined) {
    const known = CATEGORIES.find((c) => c.slug === category);
    return known ? { kind: 'category', category: known.slug } : { kind: 'notFound' };
  }
  const slug = /^\/prodotti\/([^/]+)$/.exec(path)?.[1];
  if (slug !== undefined) {
    return SLUG_PATTERN.test(slug) && slug !== 'categoria' && slug.length <= 160
      ? { kind: 'article', slug }
      : { kind: 'notFound' };
  }
  if (path.startsWith(`${CATALOGUE_PATH}/`)) return { kind: 'notFound' };
  // An order's page (docs/product/account.md#order-page) is reached by a private link: never in an index.
  if (ORDER_PAGE.test(path)) return { kind: 'other', needsScript: true, noindex: true };
  return { kind: 'other', needsScript: NEEDS_SCRIPT.test(path) };
}
