import { describeTranslations, flattenTranslations } from '@edicola/web-testing';
import { catalogTranslations } from './locales';
import { initTestI18n } from './testSupport';

describeTranslations('catalog', catalogTranslations);

describe('catalog texts required by docs/product/storefront.md#catalogue', () => {
  const italian = flattenTranslations(catalogTranslations.it);

  it('uses the Italian texts of docs/product/storefront.md#catalogue', () => {
    expect(italian['card.addToCart']).toBe('Aggiungi al Carrello');
    expect(italian['card.unavailable']).toBe('Non Disponibile');
    expect(italian['card.stock']).toBe('Disponibili: {{count}}');
    expect(italian['card.soldOut']).toBe('Esaurito');
    expect(italian['card.vatExempt']).toBe('(Esente IVA)');
    expect(italian['card.imageUnavailable']).toBe('Immagine non disponibile');
    expect(italian.loadError).toBe('I prodotti verranno caricati a breve. Contattaci per informazioni!');
  });
});

describe('counts read as the language says them', () => {
  it.each([
    ['it', 1, '4,5/5 · 1 recensione'],
    ['it', 2, '4,5/5 · 2 recensioni'],
    ['en', 1, '4,5/5 · 1 review'],
    ['de', 3, '4,5/5 · 3 Bewertungen'],
    ['ru', 1, '4,5/5 · 1 отзыв'],
    ['ru', 3, '4,5/5 · 3 отзыва'],
    ['ru', 5, '4,5/5 · 5 отзывов'],
    ['ru', 21, '4,5/5 · 21 отзыв'],
  ])('%s, %i reviews', async (language, count, text) => {
    const i18n = await initTestI18n(language);
    await i18n.changeLanguage(language);
    expect(i18n.t('catalog:card.ratingSummary', { rating: '4,5', count })).toBe(text);
  });
});
