import {
  COUNTRIES_WITHOUT_POSTCODE,
  CUSTOMER_INFO_LIMITS,
  isValidCompanyCodiceFiscale,
  isValidPartitaIva,
  isValidPersonCodiceFiscale,
  type Customer,
} from '@edicola/contracts';

/**
 * The details form (docs/product/cart-and-checkout.md#details-form): customer_info plus the invoice section.
 */
export interface DetailsForm {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  zipCode: string;
  /** The shipping country (ISO code, '' until chosen): the cart's zone follows from it. */
  country: string;
  notes: string;
  requires_invoice: boolean;
  invoice_type: 'privato' | 'azienda';
  codice_fiscale: string;
  ragione_sociale: string;
  piva: string;
  codice_fiscale_azienda: string;
  pec: string;
  sdi: string;
}

export type DetailsField = keyof DetailsForm;

export const EMPTY_FORM: DetailsForm = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  zipCode: '',
  country: 'IT',
  notes: '',
  requires_invoice: false,
  invoice_type: 'privato',
  codice_fiscale: '',
  ragione_sociale: '',
  piva: '',
  codice_fiscale_azienda: '',
  pec: '',
  sdi: '',
};

/**
 * Field limits: the server's (contracts' customer_info and invoice data, docs/product/constants.md#field-limits),
 * so a too long value is stopped in the form. The CAP is not the registration's 5: the cart ships to Europe and
 * beyond (NL '1234 AB', PT '1000-001').
 */
export const MAX_LENGTH: Partial<Record<DetailsField, number>> = {
  ...CUSTOMER_INFO_LIMITS,
  email: 254,
  codice_fiscale: 16,
  ragione_sociale: 200,
  codice_fiscale_azienda: 16,
  piva: 11,
  pec: 254,
  sdi: 7,
};
export const UPPERCASE: ReadonlySet<DetailsField> = new Set([
  'codice_fiscale',
  'codice_fiscale_azienda',
  'sdi',
]);

/**
 * A typed value as the form keeps it: cut to the field's limit, upper-cased where
 * docs/product/cart-and-checkout.md#invoice-section says so.
 */
export function normaliseInput(field: DetailsField, value: string): string {
  const cased = UPPERCASE.has(field) ? value.toUpperCase() : value;
  const max = MAX_LENGTH[field];
  return max ? cased.slice(0, max) : cased;
}

const REQUIRED: DetailsField[] = ['name', 'email', 'phone', 'address', 'city', 'country'];
const COMPANY_REQUIRED: DetailsField[] = ['ragione_sociale', 'piva', 'codice_fiscale_azienda'];

// A practical e-mail check: something@domain.tld, no spaces (the server checks it again).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldProblem =
  'invalidEmail' | 'invalidCf' | 'invalidPiva' | 'invalidPec' | 'invalidSdi' | 'invalidCap' | 'tooLong';

/** The form needs a CAP unless the country has no postcodes (contracts' postcodeProblem, the server's rule). */
export const needsPostcode = (country: string) => !COUNTRIES_WITHOUT_POSTCODE.includes(country);

export interface DetailsCheck {
  /** Required fields left blank, in the order of the form ('CAMPI OBBLIGATORI MANCANTI'). */
  missing: DetailsField[];
  /** Filled fields with a wrong value. */
  invalid: Partial<Record<DetailsField, FieldProblem>>;
}

/**
 * Checks the form as docs/product/cart-and-checkout.md#details-form asks; an empty result means it can be
 * sent.
 */
export function checkDetails(form: DetailsForm): DetailsCheck {
  const blank = (field: DetailsField) => String(form[field]).trim() === '';
  // The CAP, in the form's order: required unless the country has no postcodes, 5 digits in Italy.
  const required = needsPostcode(form.country)
    ? [...REQUIRED.slice(0, REQUIRED.indexOf('country')), 'zipCode' as const, 'country' as const]
    : [...REQUIRED];
  if (form.requires_invoice && form.invoice_type === 'privato') required.push('codice_fiscale');
  if (form.requires_invoice && form.invoice_type === 'azienda') required.push(...COMPANY_REQUIRED);
  const missing = required.filter(blank);

  const invalid: DetailsCheck['invalid'] = {};
  for (const field of sentFields(form)) {
    const max = MAX_LENGTH[field];
    if (max && String(form[field]).trim().length > max) invalid[field] = 'tooLong';
  }
  if (!blank('email') && !invalid.email && !EMAIL.test(form.email.trim())) invalid.email = 'invalidEmail';
  if (form.country === 'IT' && !blank('zipCode') && !/^\d{5}$/.test(form.zipCode.trim()))
    invalid.zipCode = 'invalidCap';
  if (form.requires_invoice && form.invoice_type === 'privato' && !blank('codice_fiscale')) {
    if (!isValidPersonCodiceFiscale(form.codice_fiscale.trim())) invalid.codice_fiscale = 'invalidCf';
  }
  if (form.requires_invoice && form.invoice_type === 'azienda') {
    if (!blank('piva') && !isValidPartitaIva(form.piva.trim())) invalid.piva = 'invalidPiva';
    if (!blank('codice_fiscale_azienda') && !isValidCompanyCodiceFiscale(form.codice_fiscale_azienda.trim()))
      invalid.codice_fiscale_azienda = 'invalidCf';
    if (!blank('pec') && !EMAIL.test(form.pec.trim())) invalid.pec = 'invalidPec';
    if (!blank('sdi') && !/^[A-Z0-9]{7}$/.test(form.sdi.trim())) invalid.sdi = 'invalidSdi';
  }
  return { missing, invalid };
}

const CUSTOMER_FIELDS: DetailsField[] = ['name', 'email', 'phone', 'address', 'city', 'zipCode', 'notes'];
const INVOICE_FIELDS = {
  privato: ['codice_fiscale'],
  azienda: ['ragione_sociale', 'piva', 'codice_fiscale_azienda', 'pec', 'sdi'],
} as const satisfies Record<DetailsForm['invoice_type'], DetailsField[]>;

/** The text fields the order carries (the invoice's only when one is asked for). */
function sentFields(form: DetailsForm): DetailsField[] {
  return form.requires_invoice ? [...CUSTOMER_FIELDS, ...INVOICE_FIELDS[form.invoice_type]] : CUSTOMER_FIELDS;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** customer_info of the order (docs/product/records.md#customer-info). */
export function customerInfo(form: DetailsForm) {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    address: form.address.trim(),
    city: form.city.trim(),
    zipCode: form.zipCode.trim(),
    notes: form.notes.trim(),
    country: form.country,
  };
}

/**
 * invoice_data of the order (docs/product/records.md#invoice-data), or undefined when no invoice is asked
 * for.
 */
export function invoiceData(form: DetailsForm) {
  if (!form.requires_invoice) return undefined;
  const company = form.invoice_type === 'azienda';
  return {
    requires_invoice: true,
    invoice_type: form.invoice_type,
    codice_fiscale: company ? null : orNull(form.codice_fiscale),
    ragione_sociale: company ? orNull(form.ragione_sociale) : null,
    piva: company ? orNull(form.piva) : null,
    codice_fiscale_azienda: company ? orNull(form.codice_fiscale_azienda) : null,
    pec: company ? orNull(form.pec) : null,
    sdi: company ? orNull(form.sdi) : null,
  };
}

/** The form prefilled from a logged-in customer's profile; a company's invoice data is required and locked. */
export function prefill(form: DetailsForm, customer: Customer): DetailsForm {
  const keep = (current: string, value: string | null | undefined) =>
    current.trim() ? current : (value ?? '');
  const privato = customer.dati_privato;
  const azienda = customer.dati_azienda;
  const name = privato
    ? `${privato.nome} ${privato.cognome}`
    : (azienda?.referente ?? azienda?.ragione_sociale);
  const next: DetailsForm = {
    ...form,
    name: keep(form.name, name),
    email: keep(form.email, customer.email),
    phone: keep(form.phone, customer.telefono),
    address: keep(form.address, customer.indirizzo.street),
    city: keep(form.city, customer.indirizzo.city),
    zipCode: keep(form.zipCode, customer.indirizzo.cap),
  };
  if (customer.tipo_cliente === 'azienda' && azienda) {
    return {
      ...next,
      requires_invoice: true,
      invoice_type: 'azienda',
      ragione_sociale: azienda.ragione_sociale,
      piva: azienda.piva,
      codice_fiscale_azienda: azienda.codice_fiscale_azienda,
      pec: azienda.pec ?? '',
      sdi: azienda.sdi ?? '',
    };
  }
  if (privato?.codice_fiscale)
    return { ...next, codice_fiscale: form.codice_fiscale || privato.codice_fiscale };
  return next;
}
