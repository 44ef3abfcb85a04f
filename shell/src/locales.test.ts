import { SHOP } from './shopInfo';
import { LANGUAGES } from '@edicola/contracts';
import { describeTranslations } from '@edicola/web-testing';
import { shellTranslations } from './locales';
import { privacyTranslations } from './locales/privacy';

describeTranslations('shell', shellTranslations);
describeTranslations('privacy', privacyTranslations);

describe('shell texts required by docs/product/storefront.md', () => {
  it.each([...LANGUAGES])('%s states the 14-day withdrawal, the hours and the terms', (language) => {
    const texts = shellTranslations[language];
    expect(texts.footer.withdrawal).toMatch(/14/);
    expect(texts.hours.times).toMatch(/{{morning}}.*{{afternoon}}/);
    expect(texts.terms.withdrawal).toMatch(/14/);
    expect(texts.terms.refund).toMatch(/14/);
    expect(texts.terms.warranty).toMatch(/2/);
    expect(texts.terms.lastModified).toMatch(/15.*2025/);
  });
});

describe('shop configuration', () => {
  it('keeps the opening hours of docs/product/storefront.md#shop-details in one place: Mon-Sat 8:00-13:00 and 16:00-20:00', () => {
    expect(SHOP.openingHours).toEqual({
      days: { from: 1, to: 6 },
      slots: [
        { opens: '8:00', closes: '13:00' },
        { opens: '16:00', closes: '20:00' },
      ],
    });
    expect(SHOP.marketplaces).toHaveLength(2);
    expect(SHOP.social.map((social) => social.id)).toEqual(['facebook', 'instagram']);
  });
});
