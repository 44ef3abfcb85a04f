import { z } from 'zod';
import { isValidCompanyCodiceFiscale, isValidPartitaIva, isValidPersonCodiceFiscale } from './italian-ids';
import { OrderStatus, PaymentStatus } from './order-status';
import { singleLine } from './text';

// Customer accounts (docs/product/records.md#customer, docs/product/account.md#registration). One schema
// serves the registration and profile forms of mf-account and svc-orders, which checks every request with it.

export const TipoCliente = z.enum(['privato', 'azienda'], 'Il tipo cliente deve essere privato o azienda');
export type TipoCliente = z.infer<typeof TipoCliente>;

/** A blank optional field (empty string, null or absent) is null. */
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v),
    schema.nullable(),
  );

const required = (label: string, max: number) =>
  singleLine(`${label} è obbligatorio`)
    .trim()
    .min(1, `${label} è obbligatorio`)
    .max(max, `${label} può avere al massimo ${max} caratteri`);

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 1024;

export const Password = z
  .string('La password è obbligatoria')
  .min(PASSWORD_MIN_LENGTH, 'La password deve essere di almeno 6 caratteri')
  .max(PASSWORD_MAX_LENGTH, `La password può avere al massimo ${PASSWORD_MAX_LENGTH} caratteri`);

export const Email = z
  .string("L'email è obbligatoria")
  .trim()
  .min(1, "L'email è obbligatoria")
  .max(254, "L'email è troppo lunga")
  .pipe(z.email('Inserisci un indirizzo email valido'));

export const Telefono = z
  .string('Il telefono è obbligatorio')
  .trim()
  .min(1, 'Il telefono è obbligatorio')
  .max(30, 'Il telefono può avere al massimo 30 caratteri')
  .regex(/^\+?[0-9][0-9 ./()-]{4,}$/, 'Numero di telefono non valido');

export const Province = z
  .string('La provincia è obbligatoria')
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'La provincia deve essere di 2 lettere');

export const Cap = z
  .string('Il CAP è obbligatorio')
  .trim()
  .regex(/^\d{5}$/, 'Il CAP deve essere di 5 cifre');

export const CodiceFiscale = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isValidPersonCodiceFiscale, 'Codice fiscale non valido');

export const CodiceFiscaleAzienda = z
  .string('Il codice fiscale è obbligatorio')
  .trim()
  .toUpperCase()
  .refine(isValidCompanyCodiceFiscale, 'Codice fiscale non valido');

export const PartitaIva = z
  .string('La partita IVA è obbligatoria')
  .trim()
  .regex(/^\d{11}$/, 'La partita IVA deve essere di 11 cifre')
  .refine(isValidPartitaIva, 'Partita IVA non valida');

export const Pec = z.string().trim().max(254).pipe(z.email('La PEC deve essere un indirizzo email valido'));

export const Sdi = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{7}$/, 'Il codice SDI deve essere di 7 caratteri');

export const Indirizzo = z.object({
  street: required("L'indirizzo", 200),
  city: required('La città', 100),
  province: Province,
  cap: Cap,
});
export type Indirizzo = z.infer<typeof Indirizzo>;

export const DatiPrivato = z.object({
  nome: required('Il nome', 100),
  cognome: required('Il cognome', 100),
  codice_fiscale: orNull(CodiceFiscale),
});
export type DatiPrivato = z.infer<typeof DatiPrivato>;

export const DatiAzienda = z.object({
  ragione_sociale: required('La ragione sociale', 200),
  piva: PartitaIva,
  codice_fiscale_azienda: CodiceFiscaleAzienda,
  pec: orNull(Pec),
  sdi: orNull(Sdi),
  referente: orNull(singleLine().trim().max(100, 'Il referente può avere al massimo 100 caratteri')),
});
export type DatiAzienda = z.infer<typeof DatiAzienda>;

const registrationCommon = {
  email: Email,
  password: Password,
  telefono: Telefono,
  ...Indirizzo.shape,
};

/**
 * POST /api/customers/register: the flat payload of docs/product/records.md#registration, private or company
 * fields by tipo_cliente.
 */
export const CustomerRegistration = z.discriminatedUnion(
  'tipo_cliente',
  [
    z.object({ tipo_cliente: z.literal('privato'), ...registrationCommon, ...DatiPrivato.shape }),
    z.object({ tipo_cliente: z.literal('azienda'), ...registrationCommon, ...DatiAzienda.shape }),
  ],
  'Il tipo cliente deve essere privato o azienda',
);
export type CustomerRegistration = z.infer<typeof CustomerRegistration>;

/** A customer as GET/PUT /api/customers/profile and POST /api/customers/register answer. */
export const Customer = z.object({
  customer_id: z.string(),
  email: z.string(),
  telefono: z.string(),
  tipo_cliente: TipoCliente,
  dati_privato: DatiPrivato.nullable(),
  dati_azienda: DatiAzienda.nullable(),
  indirizzo: Indirizzo,
});
export type Customer = z.infer<typeof Customer>;

/**
 * PUT /api/customers/profile: the fields a customer may change, each optional. The e-mail (the login
 * name) and tipo_cliente are not changed here; they are ignored if sent. Private data is accepted only
 * from a private customer, company data only from a company.
 */
export const CustomerProfileUpdate = z.object({
  telefono: Telefono.optional(),
  indirizzo: Indirizzo.optional(),
  dati_privato: DatiPrivato.optional().nullable(),
  dati_azienda: DatiAzienda.optional().nullable(),
});
export type CustomerProfileUpdate = z.infer<typeof CustomerProfileUpdate>;

export const CustomerLoginRequest = z.object({
  email: z.string("L'email è obbligatoria").trim().min(1, "L'email è obbligatoria").max(254),
  password: z
    .string('La password è obbligatoria')
    .min(1, 'La password è obbligatoria')
    .max(PASSWORD_MAX_LENGTH, `La password può avere al massimo ${PASSWORD_MAX_LENGTH} caratteri`),
});
export type CustomerLoginRequest = z.infer<typeof CustomerLoginRequest>;

export const CustomerLoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  customer_id: z.string(),
  email: z.string(),
  tipo_cliente: TipoCliente,
});
export type CustomerLoginResponse = z.infer<typeof CustomerLoginResponse>;

/** One order in GET /api/customers/orders (newest first): what the profile's 'I Miei Ordini' shows. */
export const CustomerOrder = z.object({
  id: z.string(),
  order_date: z.string(),
  created_at: z.string(),
  status: OrderStatus,
  total_amount: z.number(),
  payment_method: z.string(),
  /** Where the order's payment stands (always sent by svc-orders; optional for older answers). */
  payment_status: PaymentStatus.optional(),
  items: z.array(
    z.object({ article_id: z.string(), title: z.string().nullable(), quantity: z.number().int() }),
  ),
  tracking_number: z.string().nullable(),
  packlink_data: z
    .object({ tracking_number: z.string().nullable(), carrier_name: z.string().nullable() })
    .nullable(),
  /**
   * The invoice's number once issued (its PDF is GET /api/customers/orders/{id}/invoice.pdf), else null; optional for
   * older answers.
   */
  invoice_number: z.string().nullable().optional(),
  /** The discount code the order used and the euros it took off; optional for older answers. */
  discount_code: z.string().nullable().optional(),
  discount_amount: z.number().optional(),
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;

export const CustomerOrderList = z.array(CustomerOrder);
export type CustomerOrderList = z.infer<typeof CustomerOrderList>;
