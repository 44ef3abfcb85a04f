import { describeTranslations, flattenTranslations } from '@edicola/web-testing';
import { catalogTranslations } from './locales';

describeTranslations('catalog', catalogTranslations);

describe('catalog texts required by the SPEC', () => {
  const italian = flattenTranslations(catalogTranslations.it);

  it('uses the Italian texts of the SPEC', () => {
    expect(italian['card.addToCart']).toBe('Aggiungi al Carrello');
    expect(italian['card.unavailable']).toBe('Non Disponibile');
    expect(italian['card.stock']).toBe('Disponibili ({{count}})');
    expect(italian['card.vatExempt']).toBe('(Esente IVA)');
    expect(italian['card.imageUnavailable']).toBe('Immagine non disponibile');
    expect(italian.loadError).toBe('I prodotti verranno caricati a breve. Contattaci per informazioni!');
  });
});
