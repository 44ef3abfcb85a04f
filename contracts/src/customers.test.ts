import { CustomerLoginRequest, CustomerProfileUpdate, CustomerRegistration } from './customers';

const privato = {
  email: ' Anna.Esposito@Example.it ',
  password: 'segreto',
  telefono: '+39 081 555 1234',
  tipo_cliente: 'privato',
  street: 'Via Toledo 256',
  city: 'Napoli',
  province: 'na',
  cap: '80132',
  nome: 'Anna',
  cognome: 'Esposito',
  codice_fiscale: 'rssmra85t10a562s',
};

const azienda = {
  email: 'ordini@ferrari.example',
  password: 'una password lunga e sicura',
  telefono: '0536 949111',
  tipo_cliente: 'azienda',
  street: 'Via Abetone Inferiore 4',
  city: 'Maranello',
  province: 'MO',
  cap: '41053',
  ragione_sociale: 'Ferrari S.p.A.',
  piva: '00159560366',
  codice_fiscale_azienda: '00159560366',
  pec: null,
  sdi: 'abc1234',
  referente: '',
};

const issues = (input: unknown) => {
  const result = CustomerRegistration.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('CustomerRegistration', () => {
  it('normalises a private registration: e-mail trimmed, province and codice fiscale upper-cased', () => {
    const parsed = CustomerRegistration.parse(privato);
    expect(parsed).toMatchObject({
      email: 'Anna.Esposito@Example.it',
      province: 'NA',
      codice_fiscale: 'RSSMRA85T10A562S',
    });
  });

  it('accepts a private customer without codice fiscale (null or blank)', () => {
    expect(CustomerRegistration.parse({ ...privato, codice_fiscale: null })).toMatchObject({
      codice_fiscale: null,
    });
    expect(CustomerRegistration.parse({ ...privato, codice_fiscale: '' })).toMatchObject({
      codice_fiscale: null,
    });
  });

  it('accepts a company, upper-cases the SDI, and turns blank optional fields into null', () => {
    expect(CustomerRegistration.parse(azienda)).toMatchObject({
      tipo_cliente: 'azienda',
      sdi: 'ABC1234',
      pec: null,
      referente: null,
    });
  });

  it('gives the Italian messages of the form rules', () => {
    expect(issues({ ...privato, password: '12345' })).toEqual([
      'password: La password deve essere di almeno 6 caratteri',
    ]);
    expect(issues({ ...privato, province: 'Napoli' })).toEqual([
      'province: La provincia deve essere di 2 lettere',
    ]);
    expect(issues({ ...privato, cap: '8013' })).toEqual(['cap: Il CAP deve essere di 5 cifre']);
    expect(issues({ ...privato, codice_fiscale: 'RSSMRA85T10A562T' })).toEqual([
      'codice_fiscale: Codice fiscale non valido',
    ]);
    expect(issues({ ...privato, email: 'anna.example.it' })).toEqual([
      'email: Inserisci un indirizzo email valido',
    ]);
    expect(issues({ ...azienda, piva: '00159560363' })).toEqual(['piva: Partita IVA non valida']);
    expect(issues({ ...azienda, sdi: 'ABC12' })).toEqual(['sdi: Il codice SDI deve essere di 7 caratteri']);
    expect(issues({ ...azienda, pec: 'non-una-pec' })).toEqual([
      'pec: La PEC deve essere un indirizzo email valido',
    ]);
  });

  it('requires the company fields of a company and the names of a private customer', () => {
    const { ragione_sociale: _r, piva: _p, codice_fiscale_azienda: _c, ...incomplete } = azienda;
    expect(issues(incomplete).map((i) => i.split(':')[0])).toEqual([
      'ragione_sociale',
      'piva',
      'codice_fiscale_azienda',
    ]);
    expect(issues({ ...privato, nome: ' ' })).toEqual(['nome: Il nome è obbligatorio']);
    expect(issues({ ...privato, tipo_cliente: 'ente' })).toEqual([
      'tipo_cliente: Il tipo cliente deve essere privato o azienda',
    ]);
  });

  it('allows long passwords but bounds them', () => {
    expect(issues({ ...privato, password: 'x'.repeat(1024) })).toEqual([]);
    expect(issues({ ...privato, password: 'x'.repeat(1025) })).toHaveLength(1);
  });

  it('accepts an 11-digit codice fiscale for a company and refuses a wrong one', () => {
    expect(issues({ ...azienda, codice_fiscale_azienda: '00484960588' })).toEqual([]);
    expect(issues({ ...azienda, codice_fiscale_azienda: '00484960589' })).toEqual([
      'codice_fiscale_azienda: Codice fiscale non valido',
    ]);
  });
});

describe('CustomerProfileUpdate and CustomerLoginRequest', () => {
  it('validates the nested address', () => {
    const result = CustomerProfileUpdate.safeParse({
      indirizzo: { street: 'Via Roma 1', city: 'Napoli', province: 'n', cap: '80100' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['indirizzo', 'province']);
  });

  it('requires both login fields', () => {
    expect(CustomerLoginRequest.safeParse({ email: '', password: 'x' }).success).toBe(false);
    expect(CustomerLoginRequest.safeParse({ email: 'a@b.it' }).success).toBe(false);
    expect(CustomerLoginRequest.parse({ email: ' a@b.it ', password: 'x' })).toEqual({
      email: 'a@b.it',
      password: 'x',
    });
  });
});
