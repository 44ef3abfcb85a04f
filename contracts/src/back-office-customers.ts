import { z } from 'zod';
import { optionalQueryText, queryInt } from './back-office-orders';
import { CustomerConsentsAnswer } from './customer-data';
import { DatiAzienda, DatiPrivato, Email, Indirizzo, TipoCliente } from './customers';
import { OrderStatus, PaymentStatus } from './order-status';
import { OrderChannel } from './orders';

/*
 * The Clienti section of the back office (docs/product/back-office.md#customers): the registered customers and the
 * guests who bought, their orders and what they spent; staff correct a customer's invoice data and keep notes.
 */

export const CUSTOMER_PAGE_SIZE_DEFAULT = 25;
export const CUSTOMER_PAGE_SIZE_MAX = 100;
export const CUSTOMER_NOTES_MAX = 2000;

/**
 * GET /api/admin/customers: `q` finds part of a name, company, e-mail, P.IVA, codice fiscale or city, without regard
 * to case or accents; the page is 1-based.
 */
export const CustomerListQuery = z.object({
  q: optionalQueryText('La ricerca', 100),
  page: queryInt('La pagina', 1, 100_000, 1),
  page_size: queryInt(
    'Il numero di clienti per pagina',
    1,
    CUSTOMER_PAGE_SIZE_MAX,
    CUSTOMER_PAGE_SIZE_DEFAULT,
  ),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

/** A registered account, or the orders of a guest (no account) gathered by their e-mail. */
export const CustomerKind = z.enum(['registered', 'guest']);
export type CustomerKind = z.infer<typeof CustomerKind>;

/** What a customer bought: every order, and what they paid less what went back (paid orders, real money, cents). */
export const CustomerTotals = z.object({
  order_count: z.number().int().nonnegative(),
  spent_cents: z.number().int(),
  last_order_at: z.string().nullable(),
});
export type CustomerTotals = z.infer<typeof CustomerTotals>;

/** One row of the Clienti list: `id` is the account's, null for a guest (whose page is found by `email`). */
export const CustomerListRow = CustomerTotals.extend({
  kind: CustomerKind,
  id: z.string().nullable(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  email: z.string(),
  city: z.string().nullable(),
});
export type CustomerListRow = z.infer<typeof CustomerListRow>;

export const CustomerListPage = z.object({
  customers: z.array(CustomerListRow),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type CustomerListPage = z.infer<typeof CustomerListPage>;

export const CustomerIdParams = z.object({ id: z.uuid('Cliente non trovato') });
export type CustomerIdParams = z.infer<typeof CustomerIdParams>;

/** GET /api/admin/customers/guest?email=: a guest's page, by the e-mail of their orders. */
export const GuestCustomerQuery = z.object({ email: Email });
export type GuestCustomerQuery = z.infer<typeof GuestCustomerQuery>;

/** One order of a customer's page, newest first; the back office's order page is found by `id`. */
export const CustomerOrderSummary = z.object({
  id: z.string(),
  reference: z.string(),
  created_at: z.string(),
  channel: OrderChannel,
  status: OrderStatus,
  payment_status: PaymentStatus,
  total_cents: z.number().int(),
  refunded_cents: z.number().int(),
});
export type CustomerOrderSummary = z.infer<typeof CustomerOrderSummary>;

/**
 * A customer's page (GET /api/admin/customers/{id} and …/guest?email=). A guest's profile and invoice data are those
 * of their newest order (a guest has no account to hold them), `tipo_cliente` from that order's invoice data.
 * svc-orders holds no consent: the newsletter's subscriptions are svc-notify's.
 */
export const CustomerAdminDetail = z.object({
  kind: CustomerKind,
  id: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  telefono: z.string().nullable(),
  tipo_cliente: TipoCliente.nullable(),
  /** A guest's name is one text (`name`): nome and cognome are an account's only. */
  dati_privato: z
    .object({
      nome: z.string().nullable(),
      cognome: z.string().nullable(),
      codice_fiscale: z.string().nullable(),
    })
    .nullable(),
  dati_azienda: z
    .object({
      ragione_sociale: z.string(),
      piva: z.string(),
      codice_fiscale_azienda: z.string(),
      pec: z.string().nullable(),
      sdi: z.string().nullable(),
      referente: z.string().nullable(),
    })
    .nullable(),
  indirizzo: z
    .object({
      street: z.string(),
      city: z.string(),
      province: z.string().nullable(),
      cap: z.string().nullable(),
    })
    .nullable(),
  /** Staff's own notes on an account (never shown to the customer); null for a guest. */
  notes: z.string().nullable(),
  registered_at: z.string().nullable(),
  totals: CustomerTotals,
  orders: z.array(CustomerOrderSummary),
  /**
   * The consents given with the e-mail, as svc-notify keeps them (time, source, text version); absent when svc-notify
   * could not be asked.
   */
  consents: CustomerConsentsAnswer.optional(),
});
export type CustomerAdminDetail = z.infer<typeof CustomerAdminDetail>;

/**
 * PUT /api/admin/customers/{id} (staff): corrects an account's invoice data (private or company data as its own
 * type, the address) with the checks of the customer's own profile form, and the staff's notes. Each part optional;
 * the change is in the audit trail.
 */
export const CustomerStaffUpdate = z.object({
  indirizzo: Indirizzo.optional(),
  dati_privato: DatiPrivato.optional(),
  dati_azienda: DatiAzienda.optional(),
  notes: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string('Le note devono essere un testo')
      .trim()
      .max(CUSTOMER_NOTES_MAX, `Le note possono avere al massimo ${CUSTOMER_NOTES_MAX} caratteri`)
      .nullable()
      .optional(),
  ),
});
export type CustomerStaffUpdate = z.infer<typeof CustomerStaffUpdate>;
