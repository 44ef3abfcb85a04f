import type { Customer } from '@edicola/contracts';
import {
  checkDetails,
  EMPTY_FORM,
  invoiceData,
  normaliseInput,
  prefill,
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
  it('requires name, email, phone, address and city; CAP and notes are optional', () => {
    expect(checkDetails(EMPTY_FORM).missing).toEqual(['name', 'email', 'phone', 'address', 'city']);
    expect(checkDetails({ ...filled, city: '   ' }).missing).toEqual(['city']);
    expect(checkDetails(filled)).toEqual({ missing: [], invalid: {} });
    expect(checkDetails({ ...filled, zipCode: '' })).toEqual({ missing: [], invalid: {} });
  });

  it('requires the CAP, 5 digits in Italy, when an invoice is requested', () => {
    const invoice = { ...filled, requires_invoice: true, codice_fiscale: 'RSSMRA85T10A562S' };
    expect(checkDetails({ ...invoice, zipCode: ' ' }).missing).toEqual(['zipCode']);
    expect(checkDetails({ ...invoice, zipCode: '8013' }).invalid).toEqual({ zipCode: 'invalidCap' });
    expect(checkDetails({ ...invoice, country: 'NL', zipCode: '1234 AB' })).toEqual({
      missing: [],
      invalid: {},
    });
    expect(checkDetails(invoice)).toEqual({ missing: [], invalid: {} });
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
