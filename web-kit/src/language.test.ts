/** @jest-environment jsdom */
import { pageLanguage } from './language';

describe('pageLanguage', () => {
  it("reads the shell's <html lang>, Italian when it is missing or not a shop language", () => {
    expect(pageLanguage()).toBe('it');
    document.documentElement.setAttribute('lang', 'nl');
    expect(pageLanguage()).toBe('nl');
    document.documentElement.setAttribute('lang', 'xx');
    expect(pageLanguage()).toBe('it');
    expect(pageLanguage(undefined)).toBe('it');
  });
});
