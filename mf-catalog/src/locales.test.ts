import { LANGUAGES } from '@edicola/contracts';
import { catalogTranslations } from './locales';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [path]: value } : { ...flat, ...flatten(value, path) };
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('catalog translations', () => {
  const italian = flatten(catalogTranslations.it);

  it.each(LANGUAGES.filter((language) => language !== 'it'))(
    '%s has exactly the Italian keys',
    (language) => {
      expect(Object.keys(flatten(catalogTranslations[language])).sort()).toEqual(Object.keys(italian).sort());
    },
  );

  it.each([...LANGUAGES])('%s has no empty texts and keeps every placeholder', (language) => {
    const texts = flatten(catalogTranslations[language]);
    for (const [key, text] of Object.entries(texts)) {
      expect(`${key}: ${text.trim()}`).not.toBe(`${key}: `);
      expect(placeholders(text)).toEqual(placeholders(italian[key] ?? ''));
    }
  });

  it('uses the Italian texts of the SPEC', () => {
    expect(italian['card.addToCart']).toBe('Aggiungi al Carrello');
    expect(italian['card.unavailable']).toBe('Non Disponibile');
    expect(italian['card.stock']).toBe('Disponibili ({{count}})');
    expect(italian['card.vatExempt']).toBe('(Esente IVA)');
    expect(italian['card.imageUnavailable']).toBe('Immagine non disponibile');
    expect(italian.loadError).toBe('I prodotti verranno caricati a breve. Contattaci per informazioni!');
  });
});
