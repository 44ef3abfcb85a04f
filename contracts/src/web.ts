import type { Article } from './catalog';
import type { RuntimeConfig } from './runtime-config';

export const LANGUAGES = ['it', 'en', 'fr', 'es', 'pt', 'de', 'ru', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';
/**
 * The visitor's language as the shell shows it (`<html lang>`): sent with orders, payments, reviews and newsletter
 * subscriptions so that the e-mails about them are written in it. Italian when none is set.
 */
export function pageLanguage(doc: Document | undefined = globalThis.document): Language {
  const lang = doc?.documentElement.getAttribute('lang');
  return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : DEFAULT_LANGUAGE;
}

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
 * Dispatches a slice event and tells whether a listener received it: every listener registered with
 * onDomEvent acknowledges (cancels the event), so `false` means the receiving slice is not on the page
 * (e.g. mf-checkout failed to load and nobody keeps the cart).
 */
export function emitDomEvent<N extends DomEventName>(name: N, detail: DomEvents[N]): boolean {
  const delivered = !window.dispatchEvent(new CustomEvent(name, { detail, cancelable: true }));
  return delivered;
}

/**
 * Dispatches a slice event, and when nobody receives it yet, waits up to `ms` for `readyEvent` (the
 * receiving slice announcing it has loaded) to dispatch it once more. Resolves whether it was received.
 */
export function emitDomEventWhenReady<N extends DomEventName>(
  name: N,
  detail: DomEvents[N],
  readyEvent: DomEventName,
  ms: number,
): Promise<boolean> {
  if (emitDomEvent(name, detail)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      window.removeEventListener(readyEvent, onReady);
      resolve(emitDomEvent(name, detail));
    };
    const timer = setTimeout(() => {
      window.removeEventListener(readyEvent, onReady);
      resolve(false);
    }, ms);
    window.addEventListener(readyEvent, onReady);
  });
}

export function onDomEvent<N extends DomEventName>(
  name: N,
  listener: (detail: DomEvents[N]) => void,
): () => void {
  const handler = (event: Event) => {
    event.preventDefault(); // the acknowledgement emitDomEvent reads
    listener((event as CustomEvent<DomEvents[N]>).detail);
  };
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}

/**
 * A slice's texts: Italian, the default language and every language's fallback, ships with the slice's
 * code; the other languages are separate chunks loaded when the visitor's language needs them.
 */
export interface SliceTranslations {
  it: object;
  load(language: Language): Promise<object>;
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The i18next backend of the shared instance (the shell installs it): each slice adds its namespace's
 * loader, and i18next asks it for the languages it needs (the current one, on every language change).
 */
export class SliceTranslationBackend {
  static readonly type = 'backend';
  readonly type = 'backend';
  private readonly loaders = new Map<string, SliceTranslations['load']>();

  init(): void {}

  add(namespace: string, load: SliceTranslations['load']): void {
    this.loaders.set(namespace, load);
  }

  read(language: string, namespace: string, callback: (error: unknown, data: object | null) => void): void {
    const load = this.loaders.get(namespace);
    if (!load || !isLanguage(language)) {
      callback(new Error(`no ${language} texts for ${namespace}`), null);
      return;
    }
    load(language).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error, null),
    );
  }
}

/** What registerNamespace needs of the shared i18next instance. */
export interface TranslationRegistry {
  isInitialized: boolean;
  on(event: 'initialized', listener: () => void): unknown;
  hasResourceBundle(language: string, namespace: string): boolean;
  addResourceBundle(
    language: string,
    namespace: string,
    resources: object,
    deep?: boolean,
    overwrite?: boolean,
  ): unknown;
  loadNamespaces(namespaces: string): Promise<unknown>;
  services?: { backendConnector?: { backend?: unknown } };
}

/**
 * Adds a slice's namespace to the shared i18next instance the shell initialises: Italian at once, the
 * visitor's language through the shell's backend (components wait for it in their Suspense boundary).
 */
export function registerNamespace(
  instance: TranslationRegistry,
  namespace: string,
  translations: SliceTranslations,
): void {
  if (!instance.isInitialized) {
    instance.on('initialized', () => registerNamespace(instance, namespace, translations));
    return;
  }
  if (!instance.hasResourceBundle(DEFAULT_LANGUAGE, namespace)) {
    instance.addResourceBundle(DEFAULT_LANGUAGE, namespace, translations.it, true, false);
  }
  // Each slice bundles its own copy of this module: the backend is recognised by shape, not by class.
  const backend = instance.services?.backendConnector?.backend as
    Partial<SliceTranslationBackend> | undefined;
  if (typeof backend?.add !== 'function') return;
  backend.add(namespace, translations.load);
  // Also makes the namespace one that every later language change loads before it switches.
  void instance.loadNamespaces(namespace);
}
