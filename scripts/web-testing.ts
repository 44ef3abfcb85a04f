// Test helpers shared by the slices' Jest tests (imported as @edicola/web-testing; never shipped).
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language, type SellerIdentity } from '@edicola/contracts';
import { SliceTranslationBackend } from '@edicola/web-kit';

type Tree = { [key: string]: string | Tree };

/** `{a: {b: 'x'}}` → `{'a.b': 'x'}`. */
export function flattenTranslations(tree: object, prefix = ''): Record<string, string> {
  return Object.entries(tree as Tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? { ...flat, [path]: value }
      : { ...flat, ...flattenTranslations(value, path) };
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** `card.reviews_one` → `card.reviews`: a plural text is one key whatever forms its language needs. */
const baseKey = (key: string) => key.replace(PLURAL, '');

/** The plural forms i18next asks for in `language` (Intl.PluralRules' categories). */
const pluralForms = (language: string) =>
  [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();

/**
 * Every language has exactly the Italian keys (a plural text counted once, with every form its language's plural
 * rules need), no empty text, and the same placeholders.
 */
export function describeTranslations(namespace: string, translations: Record<Language, object>): void {
  describe(`${namespace} translations`, () => {
    const italian = flattenTranslations(translations.it);
    const italianBase = Object.fromEntries(
      Object.entries(italian).map(([key, text]) => [baseKey(key), text]),
    );

    it.each(LANGUAGES.filter((language) => language !== 'it'))(
      '%s has exactly the Italian keys',
      (language) => {
        const keys = Object.keys(flattenTranslations(translations[language])).map(baseKey);
        expect([...new Set(keys)].sort()).toEqual(Object.keys(italianBase).sort());
      },
    );

    it.each([...LANGUAGES])('%s has every plural form its plural rules need, and no other', (language) => {
      const forms = new Map<string, string[]>();
      for (const key of Object.keys(flattenTranslations(translations[language]))) {
        const form = PLURAL.exec(key)?.[1];
        if (form) forms.set(baseKey(key), [...(forms.get(baseKey(key)) ?? []), form]);
      }
      for (const [key, found] of forms)
        expect(`${key}: ${found.sort().join()}`).toBe(`${key}: ${pluralForms(language).join()}`);
    });

    // Decision 0031: the shop says "Sie" to a German reader, never "du".
    it('de addresses the reader as "Sie"', () => {
      const informal = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b/i;
      const slips = Object.entries(flattenTranslations(translations.de)).filter(([, text]) =>
        informal.test(text),
      );
      expect(slips).toEqual([]);
    });

    it.each([...LANGUAGES])('%s has no empty texts and keeps every placeholder', (language) => {
      for (const [key, text] of Object.entries(flattenTranslations(translations[language]))) {
        expect(`${key}: ${text.trim()}`).not.toBe(`${key}: `);
        expect(placeholders(text)).toEqual(placeholders(italianBase[baseKey(key)] ?? ''));
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
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
    headers: { get: () => null } as unknown as Headers,
  } as Response;
}

/** A Response whose body is not JSON (an HTML error page from a proxy, say). */
export function htmlResponse(status: number): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => JSON.parse('<html>Bad Gateway</html>'),
  } as Response;
}

/** A seller as an operator configures one (docs/product/storefront.md#seller-identity): real-looking, not demo. */
export const EXAMPLE_SELLER: SellerIdentity = {
  name: 'Edicola Esposito S.n.c.',
  address: 'Via Toledo 256',
  cap: '80134',
  city: 'Napoli',
  province: 'NA',
  vatNumber: '00743110157',
  rea: 'NA-765432',
  pec: 'edicolaesposito@pec.it',
  email: 'negozio@edicola-esposito.it',
  demo: false,
};
