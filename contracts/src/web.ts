import type { Article } from './catalog';
import type { RuntimeConfig } from './runtime-config';

export const LANGUAGES = ['it', 'en', 'fr', 'es', 'pt', 'de', 'ru', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';
/**
 * The locale each language writes its dates in: one per language, so a page never mixes "December 18, 2026" with
 * "24 November 2026". English is British (a European shop: day before month).
 */
const DATE_LOCALES: Record<Language, string> = {
  it: 'it-IT',
  en: 'en-GB',
  fr: 'fr-FR',
  es: 'es-ES',
  pt: 'pt-PT',
  de: 'de-DE',
  ru: 'ru-RU',
  nl: 'nl-NL',
};
export const dateLocale = (language: string): string =>
  DATE_LOCALES[language as Language] ?? DATE_LOCALES[DEFAULT_LANGUAGE];

/** localStorage key of the chosen language (docs/product/constants.md#languages). */
export const LANGUAGE_STORAGE_KEY = 'language';
/**
 * The chosen language is also kept in a cookie of this name: the storefront server cannot read local storage,
 * and paints its first view of a page in the cookie's language (Italian without one).
 */
export const LANGUAGE_COOKIE = 'language';

/** The `document.cookie` assignment that remembers `language` for a year on the whole site. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The language a Cookie header (or `document.cookie`) names, when it is one of LANGUAGES. */
export function languageFromCookies(cookies: string | undefined): Language | undefined {
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookies ?? '')?.[1]?.trim();
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : undefined;
}

/** localStorage key of the customer's token (docs/product/account.md#customer-sessions). */
export const CUSTOMER_TOKEN_KEY = 'customer_token';

export const REMOTES = ['mf_catalog', 'mf_checkout', 'mf_account', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTES)[number];

/** Props the shell passes to every exposed remote component. */
export interface RemoteProps {
  config: RuntimeConfig;
}

/** DOM CustomEvents the slices talk through; name → detail. */
export interface DomEvents {
  /**
   * Add to the cart. `article` is the catalogue's copy (title, price, VAT, stock): the cart line keeps it
   * (docs/product/records.md#cart-line) and refuses more than `quantity_stock`.
   */
  'edicola:cart-add': { article_id: string; quantity: number; article?: Article };
  /** The cart is listening (mf-checkout has loaded): an add that found nobody while it loaded is sent again. */
  'edicola:cart-ready': Record<string, never>;
  /** Open the cart (`cart`) or the checkout at the choice of payment method (`payment`): mf-checkout listens. */
  'edicola:checkout-open': { step: 'cart' | 'payment' };
  /** The customer logged in (token) or out (null); other slices (checkout prefill) listen. */
  'edicola:customer-session': { token: string | null };
}
export type DomEventName = keyof DomEvents;

/**
 * A slice's texts: Italian, the default language and every language's fallback, ships with the slice's
 * code; the other languages are separate chunks loaded when the visitor's language needs them.
 */
export interface SliceTranslations {
  it: object;
  load(language: Language): Promise<object>;
}
