import {
  isValidCompanyCodiceFiscale,
  isValidPartitaIva,
  isValidPersonCodiceFiscale,
  type Customer,
  type CustomerProfileUpdate,
  type CustomerRegistration,
  type TipoCliente,
} from '@edicola/contracts';

/**
 * Every field of the registration form (docs/product/account.md#registration); the profile form uses all but
 * the credentials.
 */
export interface AccountFormValues {
  tipo_cliente: TipoCliente;
  email: string;
  password: string;
  password_confirm: string;
  telefono: string;
  street: string;
  city: string;
  province: string;
  cap: string;
  nome: string;
  cognome: string;
  codice_fiscale: string;
  ragione_sociale: string;
  piva: string;
  codice_fiscale_azienda: string;
  pec: string;
  sdi: string;
  referente: string;
}
export type AccountField = Exclude<keyof AccountFormValues, 'tipo_cliente'>;

/** The limits of docs/product/constants.md#field-limits, used as maxLength on the inputs too. */
export const MAX_LENGTH: Partial<Record<AccountField, number>> = {
  province: 2,
  cap: 5,
  codice_fiscale: 16,
  piva: 11,
  codice_fiscale_azienda: 16,
  sdi: 7,
};

/** Fields typed upper-case whatever the keyboard does. */
export const UPPERCASE: ReadonlySet<AccountField> = new Set([
  'province',
  'codice_fiscale',
  'codice_fiscale_azienda',
  'sdi',
]);

export const emptyAccountForm = (tipo_cliente: TipoCliente = 'privato'): AccountFormValues => ({
  tipo_cliente,
  email: '',
  password: '',
  password_confirm: '',
  telefono: '',
  street: '',
  city: '',
  province: '',
  cap: '',
  nome: '',
  cognome: '',
  codice_fiscale: '',
  ragione_sociale: '',
  piva: '',
  codice_fiscale_azienda: '',
  pec: '',
  sdi: '',
  referente: '',
});

/** The fields the form shows, in order, for a customer type; the profile form has no credentials. */
export function visibleFields(tipo: TipoCliente, withCredentials: boolean): AccountField[] {
  const credentials: AccountField[] = withCredentials ? ['email', 'password', 'password_confirm'] : [];
  const own: AccountField[] =
    tipo === 'privato'
      ? ['nome', 'cognome', 'codice_fiscale']
      : ['ragione_sociale', 'piva', 'codice_fiscale_azienda', 'pec', 'sdi', 'referente'];
  return [...credentials, ...own, 'telefono', 'street', 'city', 'province', 'cap'];
}

export const REQUIRED: ReadonlySet<AccountField> = new Set([
  'email',
  'password',
  'password_confirm',
  'telefono',
  'street',
  'city',
  'province',
  'cap',
  'nome',
  'cognome',
  'ragione_sociale',
  'piva',
  'codice_fiscale_azienda',
]);

/** Error keys of the `errors` group of the account translations. */
export type FieldError =
  | 'required'
  | 'email'
  | 'passwordLength'
  | 'passwordMismatch'
  | 'province'
  | 'cap'
  | 'codiceFiscale'
  | 'piva'
  | 'codiceFiscaleAzienda'
  | 'pec'
  | 'sdi';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address as the forms accept it (the server checks it again). */
export const isEmailAddress = (text: string) => EMAIL.test(text);

/**
 * The first problem of each visible field, in the form's order (docs/product/account.md#registration). Empty
 * when all is well.
 */
export function validateAccountForm(
  values: AccountFormValues,
  withCredentials: boolean,
): Partial<Record<AccountField, FieldError>> {
  const errors: Partial<Record<AccountField, FieldError>> = {};
  const value = (field: AccountField) => values[field].trim();
  for (const field of visibleFields(values.tipo_cliente, withCredentials)) {
    const text = field === 'password' || field === 'password_confirm' ? values[field] : value(field);
    if (!text) {
      if (REQUIRED.has(field)) errors[field] = 'required';
      continue;
    }
    const problem = checkField(field, text, values);
    if (problem) errors[field] = problem;
  }
  return errors;
}

function checkField(field: AccountField, text: string, values: AccountFormValues): FieldError | null {
  switch (field) {
    case 'email':
      return EMAIL.test(text) ? null : 'email';
    case 'pec':
      return EMAIL.test(text) ? null : 'pec';
    case 'password':
      return text.length >= 6 ? null : 'passwordLength';
    case 'password_confirm':
      return text === values.password ? null : 'passwordMismatch';
    case 'province':
      return /^[A-Za-z]{2}$/.test(text) ? null : 'province';
    case 'cap':
      return /^\d{5}$/.test(text) ? null : 'cap';
    case 'codice_fiscale':
      return isValidPersonCodiceFiscale(text.toUpperCase()) ? null : 'codiceFiscale';
    case 'piva':
      return isValidPartitaIva(text) ? null : 'piva';
    case 'codice_fiscale_azienda':
      return isValidCompanyCodiceFiscale(text.toUpperCase()) ? null : 'codiceFiscaleAzienda';
    case 'sdi':
      return /^[A-Za-z0-9]{7}$/.test(text) ? null : 'sdi';
    default:
      return null;
  }
}

const optional = (text: string) => text.trim() || null;
const upper = (text: string) => text.trim().toUpperCase();

function address(values: AccountFormValues) {
  return {
    street: values.street.trim(),
    city: values.city.trim(),
    province: upper(values.province),
    cap: values.cap.trim(),
  };
}

function companyData(values: AccountFormValues) {
  return {
    ragione_sociale: values.ragione_sociale.trim(),
    piva: values.piva.trim(),
    codice_fiscale_azienda: upper(values.codice_fiscale_azienda),
    pec: optional(values.pec),
    sdi: optional(values.sdi)?.toUpperCase() ?? null,
    referente: optional(values.referente),
  };
}

function privateData(values: AccountFormValues) {
  return {
    nome: values.nome.trim(),
    cognome: values.cognome.trim(),
    codice_fiscale: optional(values.codice_fiscale)?.toUpperCase() ?? null,
  };
}

/**
 * The registration payload of docs/product/records.md#registration: common fields plus the private or the
 * company ones.
 */
export function registrationPayload(values: AccountFormValues): CustomerRegistration {
  const common = {
    email: values.email.trim(),
    password: values.password,
    telefono: values.telefono.trim(),
    ...address(values),
  };
  return values.tipo_cliente === 'privato'
    ? { ...common, tipo_cliente: 'privato', ...privateData(values) }
    : { ...common, tipo_cliente: 'azienda', ...companyData(values) };
}

/** PUT /api/customers/profile body: the Customer shape's editable parts. */
export function profileUpdate(values: AccountFormValues): CustomerProfileUpdate {
  return {
    telefono: values.telefono.trim(),
    indirizzo: address(values),
    ...(values.tipo_cliente === 'privato'
      ? { dati_privato: privateData(values) }
      : { dati_azienda: companyData(values) }),
  };
}

/** The profile form filled from the customer as the server has it. */
export function formFromCustomer(customer: Customer): AccountFormValues {
  const { dati_privato: p, dati_azienda: a, indirizzo: i } = customer;
  return {
    ...emptyAccountForm(customer.tipo_cliente),
    email: customer.email,
    telefono: customer.telefono,
    street: i.street,
    city: i.city,
    province: i.province,
    cap: i.cap,
    nome: p?.nome ?? '',
    cognome: p?.cognome ?? '',
    codice_fiscale: p?.codice_fiscale ?? '',
    ragione_sociale: a?.ragione_sociale ?? '',
    piva: a?.piva ?? '',
    codice_fiscale_azienda: a?.codice_fiscale_azienda ?? '',
    pec: a?.pec ?? '',
    sdi: a?.sdi ?? '',
    referente: a?.referente ?? '',
  };
}
