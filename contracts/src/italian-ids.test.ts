import {
  codiceFiscaleCheckLetter,
  isValidCompanyCodiceFiscale,
  isValidPartitaIva,
  isValidPersonCodiceFiscale,
} from './italian-ids';

describe('partita IVA', () => {
  it.each([
    ['00743110157', 'the example of docs/product/orders-and-payments.md#fiscal-identifiers'],
    ['00159560366', 'Ferrari S.p.A.'],
    ['00905811006', 'Eni S.p.A.'],
    ['00488410010', 'Telecom Italia S.p.A.'],
  ])('accepts %s (%s)', (piva) => {
    expect(isValidPartitaIva(piva)).toBe(true);
  });

  it.each([
    ['00743110158', 'wrong check digit'],
    ['00159560363', 'wrong check digit'],
    ['0074311015', '10 digits'],
    ['007431101577', '12 digits'],
    ['0074311015A', 'a letter'],
    ['IT00743110157', 'country prefix'],
    ['', 'empty'],
  ])('refuses %s (%s)', (piva) => {
    expect(isValidPartitaIva(piva)).toBe(false);
  });
});

describe('codice fiscale of a person', () => {
  it('computes the check letter', () => {
    expect(codiceFiscaleCheckLetter('RSSMRA85T10A562')).toBe('S');
  });

  it.each([
    ['RSSMRA85T10A562S', 'plain'],
    ['RSSMRA85T10A56NH', 'omocodia: the last digit replaced by N'],
    ['RSSMRAURTMLARSNL', 'omocodia: every digit replaced'],
  ])('accepts %s (%s)', (cf) => {
    expect(isValidPersonCodiceFiscale(cf)).toBe(true);
  });

  it.each([
    ['RSSMRA85T10A562T', 'wrong check letter'],
    ['RSSMRA85T10A56NS', 'omocodia letter without its own check letter'],
    ['RSSMRA85Z10A562S', 'Z is no month'],
    ['rssmra85t10a562s', 'lower case (the schemas upper-case first)'],
    ['RSSMRA85T10A562', '15 characters'],
    ['00743110157', 'a company number'],
  ])('refuses %s (%s)', (cf) => {
    expect(isValidPersonCodiceFiscale(cf)).toBe(false);
  });
});

describe('codice fiscale of a company', () => {
  it('accepts the 11-digit number (P.IVA algorithm) and a sole trader personal code', () => {
    expect(isValidCompanyCodiceFiscale('00484960588')).toBe(true); // Eni S.p.A.
    expect(isValidCompanyCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
  });

  it('refuses a wrong check digit or letter', () => {
    expect(isValidCompanyCodiceFiscale('00484960589')).toBe(false);
    expect(isValidCompanyCodiceFiscale('RSSMRA85T10A562X')).toBe(false);
  });
});
