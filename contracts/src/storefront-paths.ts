import { categoryOf, type CategorySlug } from './categories';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './web';

/**
 * The storefront's addresses per language (docs/decisions/0051-article-pages-and-search.md): Italian at the
 * root, every other language under its code (`/en/prodotti/…`); the path segments stay Italian. Only the pages
 * a search engine indexes carry the prefix (LOCALIZED_PATHS); the rest (account, checkout, back office) are in
 * the visitor's chosen language at one address.
 */
export const CATALOGUE_PATH = '/prodotti';
export const SEARCH_PATH = '/cerca';
/** The privacy policy (docs/product/storefront.md#privacy), linked from the footer, the sign-up and the checkout. */
export const PRIVACY_PATH = '/privacy';
export const articlePath = (slug: string) => `${CATALOGUE_PATH}/${slug}`;
export const categoryPath = (slug: CategorySlug) => `${CATALOGUE_PATH}/categoria/${slug}`;
/** The article page of an article, or its category's page, as a relative path without language. */
export const categoryPathOf = (category: string) => {
  const slug = categoryOf(category);
  return slug ? categoryPath(slug) : CATALOGUE_PATH;
};

/** The account's pages of a forgotten password (docs/product/account.md#password-reset): one address each. */
export const PASSWORD_FORGOTTEN_PATH = '/password-dimenticata';
/** The page the reset e-mail links to, with ?token=. */
export const PASSWORD_RESET_PATH = '/reimposta-password';

/**
 * The order page of an order's signed link (docs/product/account.md#order-page): one address in every language,
 * like the account's pages; `token` is the order's token (without it only the signed-in owner may open it). With a
 * `language` other than Italian the address carries its prefix, which the shop takes as the page's language and
 * drops: the link of an e-mail opens the page in the e-mail's language.
 */
export const orderPagePath = (orderId: string, token?: string, language?: Language) =>
  `${language && language !== DEFAULT_LANGUAGE ? `/${language}` : ''}/ordini/${orderId}${
    token === undefined ? '' : `?t=${encodeURIComponent(token)}`
  }`;

/** The pages that exist in every language, each at its own address. */
const LOCALIZED = [
  /^\/$/,
  /^\/home$/,
  /^\/prodotti(\/.*)?$/,
  /^\/cerca$/,
  /^\/chi-siamo$/,
  /^\/contatto$/,
  /^\/termini$/,
  /^\/privacy$/,
];
export const isLocalizedPath = (path: string) => LOCALIZED.some((pattern) => pattern.test(path));

const PREFIXED = new RegExp(`^/(${LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).join('|')})(?=/|$)`);

/** The language an address names by its prefix; undefined for an address without one. */
export function pathLanguage(pathname: string): Language | undefined {
  return PREFIXED.exec(pathname)?.[1] as Language | undefined;
}

/** The address without its language prefix ('/en/prodotti' → '/prodotti', '/en' → '/'). */
export function unprefixedPath(pathname: string): string {
  const language = pathLanguage(pathname);
  if (!language) return pathname;
  return pathname.slice(language.length + 1) || '/';
}

/** `path` (without prefix) in `language`: as it is for Italian and for pages that have one address. */
export function localizedPath(language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE || !isLocalizedPath(path.split(/[?#]/)[0]!)) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}
