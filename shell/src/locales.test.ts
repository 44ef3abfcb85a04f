import { LANGUAGES } from '@edicola/contracts';
import { describeTranslations } from '@edicola/web-testing';
import { shellTranslations } from './locales';

describeTranslations('shell', shellTranslations);

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
