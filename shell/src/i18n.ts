import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@edicola/contracts';
import { shellTranslations } from './locales';

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

function storedLanguage(storage: Storage): Language {
  try {
    const saved = storage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * Initialises the one i18next instance every slice shares (a federation singleton). Remotes add their
 * own namespaces to it when they load.
 */
export async function initI18n(storage: Storage = window.localStorage): Promise<i18n> {
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [language, { shell: shellTranslations[language] }]),
  );
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', (language) => document.documentElement.setAttribute('lang', language));
  }
  await i18next.use(initReactI18next).init({
    lng: storedLanguage(storage),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['shell'],
    defaultNS: 'shell',
    resources,
    interpolation: { escapeValue: false },
  });
  document.documentElement.setAttribute('lang', i18next.language);
  return i18next;
}

/** Switches every slice's texts and remembers the choice (SPEC §9: local storage 'language'). */
export async function changeLanguage(language: Language, storage: Storage = window.localStorage) {
  try {
    storage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage; the language still changes for this visit.
  }
  await i18next.changeLanguage(language);
}
