import {
  emptyAccountForm,
  formFromCustomer,
  profileUpdate,
  registrationPayload,
  validateAccountForm,
  type AccountFormValues,
} from './accountForm';

const privateForm: AccountFormValues = {
  ...emptyAccountForm('privato'),
  email: ' mario.rossi@example.it ',
  password: 'segreta1',
  password_confirm: 'segreta1',
  telefono: '+39 081 123 4567',
  street: 'Via Toledo 1',
  city: 'Napoli',
  province: 'na',
  cap: '80134',
  nome: 'Mario',
  cognome: 'Rossi',
  codice_fiscale: 'rssmra85t10a562s',
};

const companyForm: AccountFormValues = {
  ...privateForm,
  tipo_cliente: 'azienda',
  nome: '',
  cognome: '',
  codice_fiscale: '',
  ragione_sociale: 'Modellismo Partenopeo S.r.l.',
  piva: '01114601006',
  codice_fiscale_azienda: '01114601006',
  pec: 'amministrazione@pec.example.it',
  sdi: 'abc1234',
  referente: '',
};

describe('validateAccountForm (docs/product/account.md#registration)', () => {
  it('accepts a complete private and a complete company registration', () => {
    expect(validateAccountForm(privateForm, true)).toEqual({});
    expect(validateAccountForm(companyForm, true)).toEqual({});
  });

  it('requires the common fields and the private names; codice fiscale is optional', () => {
    expect(validateAccountForm(emptyAccountForm('privato'), true)).toEqual({
      email: 'required',
      password: 'required',
      password_confirm: 'required',
      telefono: 'required',
      street: 'required',
      city: 'required',
      province: 'required',
      cap: 'required',
      nome: 'required',
      cognome: 'required',
    });
  });

  it('requires ragione sociale, P.IVA and codice fiscale of a company; PEC, SDI, referente optional', () => {
    const errors = validateAccountForm(emptyAccountForm('azienda'), true);
    expect(errors).toMatchObject({
      ragione_sociale: 'required',
      piva: 'required',
      codice_fiscale_azienda: 'required',
    });
    expect(errors).not.toHaveProperty('pec');
    expect(errors).not.toHaveProperty('sdi');
    expect(errors).not.toHaveProperty('referente');
    expect(errors).not.toHaveProperty('nome');
  });

  it('wants passwords of at least 6 characters that match', () => {
    expect(
      validateAccountForm({ ...privateForm, password: '12345', password_confirm: '12345' }, true),
    ).toEqual({
      password: 'passwordLength',
    });
    expect(validateAccountForm({ ...privateForm, password_confirm: 'segreta2' }, true)).toEqual({
      password_confirm: 'passwordMismatch',
    });
    const long = 'x'.repeat(200);
    expect(validateAccountForm({ ...privateForm, password: long, password_confirm: long }, true)).toEqual({});
  });

  it('checks e-mail, province, CAP, codice fiscale, P.IVA, PEC and SDI', () => {
    expect(
      validateAccountForm(
        { ...companyForm, email: 'mario', province: 'NAP', cap: '8013', pec: 'pec', sdi: 'AB12' },
        true,
      ),
    ).toEqual({ email: 'email', province: 'province', cap: 'cap', pec: 'pec', sdi: 'sdi' });
    expect(validateAccountForm({ ...privateForm, codice_fiscale: 'RSSMRA85T10A562A' }, true)).toEqual({
      codice_fiscale: 'codiceFiscale',
    });
    expect(
      validateAccountForm(
        { ...companyForm, piva: '01114601007', codice_fiscale_azienda: '01114601007' },
        true,
      ),
    ).toEqual({ piva: 'piva', codice_fiscale_azienda: 'codiceFiscaleAzienda' });
  });

  it('leaves out the credentials in the profile form', () => {
    expect(
      validateAccountForm({ ...privateForm, email: '', password: '', password_confirm: '' }, false),
    ).toEqual({});
  });
});

describe('payloads', () => {
  it('builds the private registration payload of docs/product/records.md#registration, trimmed and upper-cased', () => {
    expect(registrationPayload(privateForm)).toEqual({
      tipo_cliente: 'privato',
      email: 'mario.rossi@example.it',
      password: 'segreta1',
      telefono: '+39 081 123 4567',
      street: 'Via Toledo 1',
      city: 'Napoli',
      province: 'NA',
      cap: '80134',
      nome: 'Mario',
      cognome: 'Rossi',
      codice_fiscale: 'RSSMRA85T10A562S',
    });
    expect(registrationPayload({ ...privateForm, codice_fiscale: ' ' })).toMatchObject({
      codice_fiscale: null,
    });
  });

  it('builds the company payload with null for the empty optional fields', () => {
    expect(registrationPayload(companyForm)).toEqual({
      tipo_cliente: 'azienda',
      email: 'mario.rossi@example.it',
      password: 'segreta1',
      telefono: '+39 081 123 4567',
      street: 'Via Toledo 1',
      city: 'Napoli',
      province: 'NA',
      cap: '80134',
      ragione_sociale: 'Modellismo Partenopeo S.r.l.',
      piva: '01114601006',
      codice_fiscale_azienda: '01114601006',
      pec: 'amministrazione@pec.example.it',
      sdi: 'ABC1234',
      referente: null,
    });
  });

  it('round-trips a customer through the profile form', () => {
    const customer = {
      customer_id: 'c1',
      email: 'mario.rossi@example.it',
      telefono: '081 000',
      tipo_cliente: 'privato' as const,
      dati_privato: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: null },
      dati_azienda: null,
      indirizzo: { street: 'Via Toledo 1', city: 'Napoli', province: 'NA', cap: '80134' },
    };
    expect(profileUpdate(formFromCustomer(customer))).toEqual({
      telefono: '081 000',
      indirizzo: { street: 'Via Toledo 1', city: 'Napoli', province: 'NA', cap: '80134' },
      dati_privato: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: null },
    });
  });
});
