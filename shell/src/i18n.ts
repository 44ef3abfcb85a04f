import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  languageCookie,
  languageFromCookies,
  pathLanguage,
  PRIVACY_PATH,
  unprefixedPath,
  type Language,
} from '@edicola/contracts';
import { SliceTranslationBackend } from '@edicola/web-kit';
import it from './locales/it.json';

/** Native names for the language selector; they read the same in every language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  it: 'Italiano',
  en: 'English',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
  ru: 'Русский',
  nl: 'Nederlands',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The visitor's language: local storage (docs/product/constants.md#languages), else the cookie that mirrors
 * it, else Italian.
 */
function storedLanguage(storage: Storage): Language {
  try {
    const saved = storage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage refused: the cookie may still tell.
  }
  return languageFromCookies(document.cookie) ?? DEFAULT_LANGUAGE;
}

/**
 * The page's language as the visitor sees it: `<html lang>`, and the cookie the storefront server reads to
 * paint the next page's first view in it (launcher/src/storefront-language.ts).
 */
function showLanguage(language: string) {
  document.documentElement.setAttribute('lang', language);
  if (isLanguage(language)) document.cookie = languageCookie(language);
}

/** Italian ships with the code; each other language is a chunk of its own, loaded when it is chosen. */
const loadShellTexts = (language: Language): Promise<object> =>
  import(`./locales/${language}.json`).then((module: { default: object }) => module.default);

/** The privacy policy's texts, in every language a chunk loaded only where the policy is shown. */
export const PRIVACY_NAMESPACE = 'privacy';
const loadPrivacyTexts = (language: Language): Promise<object> =>
  import(`./locales/privacy/${language}.json`).then((module: { default: object }) => module.default);

/**
 * The language of the first render: the address's prefix (`/de/prodotti` is German, and becomes the visitor's
 * preference: docs/decisions/0051-article-pages-and-search.md), else the preference.
 */
function startLanguage(storage: Storage, pathname: string): Language {
  const language = pathLanguage(pathname);
  if (!language) return storedLanguage(storage);
  remember(language, storage);
  return language;
}

function remember(language: Language, storage: Storage) {
  try {
    storage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage; the language still changes for this visit.
  }
}

/**
 * Initialises the one i18next instance every slice shares (a federation singleton). Only Italian (the
 * default and every language's fallback) is bundled; the backend loads the visitor's language for the
 * shell and for each namespace a remote adds when it loads (registerNamespace), and on a language change
 * i18next loads every namespace's texts before it switches. The first render is already in the address's
 * language (no flash of Italian on `/de/…`).
 */
export async function initI18n(
  storage: Storage = window.localStorage,
  pathname: string = window.location.pathname,
): Promise<i18n> {
  const backend = new SliceTranslationBackend();
  backend.add('shell', loadShellTexts);
  backend.add(PRIVACY_NAMESPACE, loadPrivacyTexts);
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', showLanguage);
  }
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: startLanguage(storage, pathname),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      // A visit that starts on the policy has its texts before the first render, as the server painted it.
      ns: unprefixedPath(pathname) === PRIVACY_PATH ? ['shell', PRIVACY_NAMESPACE] : ['shell'],
      defaultNS: 'shell',
      resources: { [DEFAULT_LANGUAGE]: { shell: it } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
    });
  showLanguage(i18next.language);
  return i18next;
}

/**
 * Switches every slice's texts and remembers the choice (docs/product/constants.md#languages: local storage
 * 'language').
 */
export async function changeLanguage(language: Language, storage: Storage = window.localStorage) {
  remember(language, storage);
  await i18next.changeLanguage(language);
}
