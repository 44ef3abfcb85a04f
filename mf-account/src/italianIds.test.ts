import { isValidCodiceFiscale, isValidCompanyCodiceFiscale, isValidPartitaIva } from './italianIds';

describe('Italian tax codes', () => {
  it('accepts codici fiscali with the right check letter, omocodia included', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(isValidCodiceFiscale('rssmra85t10a562s')).toBe(true);
    expect(isValidCodiceFiscale('RSSMRA85T10A56NH')).toBe(true);
  });

  it('refuses a wrong check letter or a malformed code', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562A')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA85T10A562')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA85Z10A562S')).toBe(false);
  });

  it('checks the last digit of a partita IVA', () => {
    expect(isValidPartitaIva('01114601006')).toBe(true);
    expect(isValidPartitaIva('00743110157')).toBe(true);
    expect(isValidPartitaIva('01114601007')).toBe(false);
    expect(isValidPartitaIva('0111460100')).toBe(false);
    expect(isValidPartitaIva('0111460100A')).toBe(false);
  });

  it("takes a company's 11-digit number or a person's code as company codice fiscale", () => {
    expect(isValidCompanyCodiceFiscale('00743110157')).toBe(true);
    expect(isValidCompanyCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(isValidCompanyCodiceFiscale('00743110158')).toBe(false);
  });
});
