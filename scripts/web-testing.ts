// Test helpers shared by the slices' Jest tests (imported as @edicola/web-testing; never shipped).
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, SliceTranslationBackend, type Language } from '@edicola/contracts';

type Tree = { [key: string]: string | Tree };

/** `{a: {b: 'x'}}` → `{'a.b': 'x'}`. */
export function flattenTranslations(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? { ...flat, [path]: value }
      : { ...flat, ...flattenTranslations(value, path) };
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

/** Every language has exactly the Italian keys, no empty text, and the same placeholders. */
export function describeTranslations(namespace: string, translations: Record<Language, Tree>): void {
  describe(`${namespace} translations`, () => {
    const italian = flattenTranslations(translations.it);

    it.each(LANGUAGES.filter((language) => language !== 'it'))(
      '%s has exactly the Italian keys',
      (language) => {
        expect(Object.keys(flattenTranslations(translations[language])).sort()).toEqual(
          Object.keys(italian).sort(),
        );
      },
    );

    it.each([...LANGUAGES])('%s has no empty texts and keeps every placeholder', (language) => {
      for (const [key, text] of Object.entries(flattenTranslations(translations[language]))) {
        expect(`${key}: ${text.trim()}`).not.toBe(`${key}: `);
        expect(placeholders(text)).toEqual(placeholders(italian[key] ?? ''));
      }
    });
  });
}

/**
 * The shared i18next instance as the shell leaves it (initialised, with the backend that loads languages
 * other than Italian), then the slice's namespace added and the language's texts loaded.
 */
export async function initTestI18n(register: (instance: i18n) => void, language = 'it'): Promise<i18n> {
  if (!i18next.isInitialized) {
    await i18next
      .use(new SliceTranslationBackend())
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: 'it',
        ns: [],
        resources: {},
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
      });
  }
  register(i18next);
  await i18next.changeLanguage(language);
  return i18next;
}

/** A minimal fetch Response for jsdom, where the real one is not available. */
export function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

/** A Response whose body is not JSON (an HTML error page from a proxy, say). */
export function htmlResponse(status: number): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => JSON.parse('<html>Bad Gateway</html>'),
  } as Response;
}
