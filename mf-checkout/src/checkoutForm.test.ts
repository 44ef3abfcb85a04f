import {
  CustomerInfo,
  ITALIAN_POSTCODE_DETAIL,
  POSTCODE_REQUIRED_DETAIL,
  postcodeProblem,
  type Customer,
} from '@edicola/contracts';
import dialogItalian from './locales/dialog/it.json';
import {
  checkDetails,
  customerInfo,
  EMPTY_FORM,
  MAX_LENGTH,
  needsPostcode,
  invoiceData,
  normaliseInput,
  prefill,
  type DetailsField,
  type DetailsForm,
} from './checkoutForm';

const filled: DetailsForm = {
  ...EMPTY_FORM,
  name: 'Mario Rossi',
  email: 'mario.rossi@example.it',
  phone: '+39 081 123 4567',
  address: 'Via Toledo 1',
  city: 'Napoli',
  zipCode: '80132',
};

describe('details form', () => {
  it('requires name, email, phone, address, city and the CAP; notes are optional', () => {
    expect(checkDetails(EMPTY_FORM).missing).toEqual([
      'name',
      'email',
      'phone',
      'address',
      'city',
      'zipCode',
    ]);
    expect(checkDetails({ ...filled, city: '   ' }).missing).toEqual(['city']);
    expect(checkDetails(filled)).toEqual({ missing: [], invalid: {} });
    expect(checkDetails({ ...filled, zipCode: '' }).missing).toEqual(['zipCode']);
  });

  it('requires the CAP as the server does (docs/product/cart-and-checkout.md#postcode): 5 digits in Italy, any elsewhere, none where there are no postcodes', () => {
    expect(checkDetails({ ...filled, zipCode: '8013' }).invalid).toEqual({ zipCode: 'invalidCap' });
    expect(checkDetails({ ...filled, zipCode: '80132-1' }).invalid).toEqual({ zipCode: 'invalidCap' });
    for (const [country, zipCode] of [
      ['NL', '1234 AB'],
      ['PT', '1000-001'],
      ['IE', 'D02 X285'],
      ['GB', 'SW1A 1AA'],
    ] as const) {
      expect(checkDetails({ ...filled, country, zipCode })).toEqual({ missing: [], invalid: {} });
      expect(postcodeProblem(country, zipCode)).toBeNull();
      expect(checkDetails({ ...filled, country, zipCode: ' ' }).missing).toEqual(['zipCode']);
      expect(postcodeProblem(country, ' ')).toBe(POSTCODE_REQUIRED_DETAIL);
    }
    expect(checkDetails({ ...filled, country: 'AE', zipCode: '' })).toEqual({ missing: [], invalid: {} });
    expect(postcodeProblem('AE', '')).toBeNull();
    expect(needsPostcode('AE')).toBe(false);
    expect(needsPostcode('IE')).toBe(true);
    // With an invoice too (the electronic invoice's address needs it).
    const invoice = { ...filled, requires_invoice: true, codice_fiscale: 'RSSMRA85T10A562S' };
    expect(checkDetails({ ...invoice, zipCode: ' ' }).missing).toEqual(['zipCode']);
    expect(checkDetails(invoice)).toEqual({ missing: [], invalid: {} });
  });

  it("limits every field to the server's length and says so with the server's words", () => {
    const limits = { name: 200, phone: 30, address: 300, city: 100, zipCode: 20, notes: 1000, email: 254 };
    for (const [field, max] of Object.entries(limits) as [DetailsField, number][]) {
      expect(MAX_LENGTH[field]).toBe(max);
      expect(normaliseInput(field, 'x'.repeat(max + 5))).toHaveLength(max);
    }
    // A value longer than the limit that did not come from typing (a profile, an old draft) is refused.
    const long = { ...filled, name: 'M'.repeat(201), city: 'N'.repeat(101) };
    expect(checkDetails(long).invalid).toEqual({ name: 'tooLong', city: 'tooLong' });
    expect(checkDetails({ ...filled, name: 'M'.repeat(200) })).toEqual({ missing: [], invalid: {} });
    // The Italian texts are the contract's.
    const texts = dialogItalian.details.problems;
    expect(texts.invalidCap).toBe(ITALIAN_POSTCODE_DETAIL);
    const tooLong = texts.tooLong.replace('{{field}}', 'Il nome completo').replace('{{max}}', '200');
    expect(
      CustomerInfo.safeParse({ ...customerInfo(filled), name: 'M'.repeat(201) }).error?.issues[0]?.message,
    ).toBe(tooLong);
  });

  it('checks the e-mail', () => {
    for (const email of ['mario', 'mario@', 'mario@example', 'ma rio@example.it']) {
      expect(checkDetails({ ...filled, email }).invalid).toEqual({ email: 'invalidEmail' });
    }
  });

  it('a private invoice needs a valid codice fiscale; a company invoice its name, P.IVA and codice fiscale', () => {
    const privato = { ...filled, requires_invoice: true };
    expect(checkDetails(privato).missing).toEqual(['codice_fiscale']);
    expect(checkDetails({ ...privato, codice_fiscale: 'RSSMRA85T10A562X' }).invalid).toEqual({
      codice_fiscale: 'invalidCf',
    });
    expect(checkDetails({ ...privato, codice_fiscale: 'RSSMRA85T10A562S' })).toEqual({
      missing: [],
      invalid: {},
    });

    const azienda: DetailsForm = { ...filled, requires_invoice: true, invoice_type: 'azienda' };
    expect(checkDetails(azienda).missing).toEqual(['ragione_sociale', 'piva', 'codice_fiscale_azienda']);
    expect(
      checkDetails({
        ...azienda,
        ragione_sociale: 'Modellismo Partenopeo S.r.l.',
        piva: '01114601007',
        codice_fiscale_azienda: '01114601006',
        pec: 'non-una-pec',
        sdi: 'ABC12',
      }).invalid,
    ).toEqual({ piva: 'invalidPiva', pec: 'invalidPec', sdi: 'invalidSdi' });
  });

  it('upper-cases the codes and cuts them to their limits (docs/product/cart-and-checkout.md#invoice-section)', () => {
    expect(normaliseInput('codice_fiscale', 'rssmra85t10a562sXYZ')).toBe('RSSMRA85T10A562S');
    expect(normaliseInput('codice_fiscale_azienda', 'abcdefghijklmnopq')).toBe('ABCDEFGHIJKLMNOP');
    expect(normaliseInput('piva', '0111460100612')).toBe('01114601006');
    expect(normaliseInput('sdi', 'abc1234z')).toBe('ABC1234');
    expect(normaliseInput('name', 'mario')).toBe('mario');
  });

  it('sends invoice_data only when an invoice is asked for', () => {
    expect(invoiceData(filled)).toBeUndefined();
    expect(invoiceData({ ...filled, requires_invoice: true, codice_fiscale: 'RSSMRA85T10A562S' })).toEqual({
      requires_invoice: true,
      invoice_type: 'privato',
      codice_fiscale: 'RSSMRA85T10A562S',
      ragione_sociale: null,
      piva: null,
      codice_fiscale_azienda: null,
      pec: null,
      sdi: null,
    });
  });

  it("prefills a private customer's name, e-mail, phone and address without overwriting typed values", () => {
    const mario: Customer = {
      customer_id: 'c1',
      email: 'mario.rossi@example.it',
      telefono: '+39 081 123 4567',
      tipo_cliente: 'privato',
      dati_privato: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: 'RSSMRA85T10A562S' },
      dati_azienda: null,
      indirizzo: { street: 'Via Toledo 1', city: 'Napoli', province: 'NA', cap: '80134' },
    };
    expect(prefill({ ...EMPTY_FORM, phone: '333 1234567' }, mario)).toEqual({
      ...EMPTY_FORM,
      name: 'Mario Rossi',
      email: 'mario.rossi@example.it',
      phone: '333 1234567',
      address: 'Via Toledo 1',
      city: 'Napoli',
      zipCode: '80134',
      codice_fiscale: 'RSSMRA85T10A562S',
    });
  });
});
