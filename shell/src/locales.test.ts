import { LANGUAGES } from '@edicola/contracts';
import { shellTranslations } from './locales';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [path]: value } : { ...flat, ...flatten(value, path) };
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('shell translations', () => {
  const italian = flatten(shellTranslations.it);

  it.each(LANGUAGES.filter((language) => language !== 'it'))(
    '%s has exactly the Italian keys',
    (language) => {
      expect(Object.keys(flatten(shellTranslations[language])).sort()).toEqual(Object.keys(italian).sort());
    },
  );

  it.each([...LANGUAGES])('%s has no empty texts and keeps every placeholder', (language) => {
    const texts = flatten(shellTranslations[language]);
    for (const [key, text] of Object.entries(texts)) {
      expect(`${key}: ${text.trim()}`).not.toBe(`${key}: `);
      expect(placeholders(text)).toEqual(placeholders(italian[key] ?? ''));
    }
  });
});

describe('shell texts required by the SPEC', () => {
  it.each([...LANGUAGES])('%s states the 14-day withdrawal, the hours and the terms', (language) => {
    const texts = shellTranslations[language];
    expect(texts.footer.withdrawal).toMatch(/14/);
    expect(texts.hours.times).toMatch(/8[:h]00.*13[:h]00.*16[:h]00.*20[:h]00/);
    expect(texts.terms.withdrawal).toMatch(/14/);
    expect(texts.terms.refund).toMatch(/14/);
    expect(texts.terms.warranty).toMatch(/2/);
    expect(texts.terms.lastModified).toMatch(/15.*2025/);
  });
});
