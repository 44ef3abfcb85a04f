import { LANGUAGES } from '@edicola/contracts';
import { accountTranslations } from './locales';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [path]: value } : { ...flat, ...flatten(value, path) };
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('account translations', () => {
  const italian = flatten(accountTranslations.it);

  it.each(LANGUAGES.filter((language) => language !== 'it'))(
    '%s has exactly the Italian keys',
    (language) => {
      expect(Object.keys(flatten(accountTranslations[language])).sort()).toEqual(Object.keys(italian).sort());
    },
  );

  it.each([...LANGUAGES])('%s has no empty texts and keeps every placeholder', (language) => {
    const texts = flatten(accountTranslations[language]);
    for (const [key, text] of Object.entries(texts)) {
      expect(`${key}: ${text.trim()}`).not.toBe(`${key}: `);
      expect(placeholders(text)).toEqual(placeholders(italian[key] ?? ''));
    }
  });
});
