import { sql, type SQL } from 'drizzle-orm';
import {
  orderReference,
  type CustomerAdminDetail,
  type CustomerListPage,
  type CustomerListQuery,
  type CustomerListRow,
  type CustomerOrderSummary,
  type CustomerTotals,
  type InvoiceData,
  type OrderStatus,
  type PaymentStatus,
} from '@edicola/contracts';
import { notFound, type Db } from '@edicola/platform';
import { customers, orderRecords } from '../db/schema';
import { likeEscaped } from '../orders/list';
import type { CustomerRow } from './mapping';

/*
 * The Clienti section (docs/product/back-office.md#customers): every account, and every guest who ordered on the web
 * shop gathered by the e-mail of their orders, with what they bought.
 */

export const CUSTOMER_NOT_FOUND = 'Cliente non trovato';

/**
 * What an order adds to "spent": the money taken (a payment the provider confirmed or staff recorded, or one being
 * or already given back) less what went back; a demo payment moved no money.
 */
const SPENT = sql`case when o.payment_status in ('paid', 'refunding', 'partially_refunded', 'refunded')
  and not o.payment_demo then o.total_cents - coalesce(o.refunded_cents, 0) else 0 end`;
const TOTALS = sql`count(o.id)::int as order_count, coalesce(sum(${SPENT}), 0)::bigint as spent_cents,
  max(o.created_at) as last_order_at`;
/** A guest's orders: web orders placed without an account, one guest per e-mail whatever its case. */
const GUEST_ORDER = sql`o.customer_id is null and o.channel = 'web'`;
const GUEST_EMAIL = sql`lower(o.customer_info ->> 'email')`;
/** The newest non-null value of the guest's orders. */
const newest = (value: SQL) =>
  sql`(array_agg(${value} order by o.created_at desc) filter (where ${value} is not null))[1]`;

/** Both kinds of customer as one set of rows, each with the text its search looks in. */
const DIRECTORY = sql`
  select 'registered' as kind, c.id::text as id, c.email,
    case when c.tipo_cliente = 'privato'
      then nullif(concat_ws(' ', c.dati_privato ->> 'nome', c.dati_privato ->> 'cognome'), '') end as name,
    case when c.tipo_cliente = 'azienda' then c.dati_azienda ->> 'ragione_sociale' end as company,
    c.city, ${TOTALS}, c.created_at as since,
    concat_ws(' ', c.email, c.dati_privato ->> 'nome', c.dati_privato ->> 'cognome',
      c.dati_privato ->> 'codice_fiscale', c.dati_azienda ->> 'ragione_sociale', c.dati_azienda ->> 'piva',
      c.dati_azienda ->> 'codice_fiscale_azienda', c.dati_azienda ->> 'referente', c.city) as search
  from ${customers} c left join ${orderRecords} o on o.customer_id = c.id
  group by c.id
  union all
  select 'guest', null, ${newest(sql`o.customer_info ->> 'email'`)}, ${newest(sql`o.customer_info ->> 'name'`)},
    ${newest(sql`o.invoice_data ->> 'ragione_sociale'`)}, ${newest(sql`o.customer_info ->> 'city'`)},
    ${TOTALS}, min(o.created_at),
    string_agg(concat_ws(' ', o.customer_info ->> 'name', o.customer_info ->> 'email', o.customer_info ->> 'city',
      o.invoice_data ->> 'ragione_sociale', o.invoice_data ->> 'piva', o.invoice_data ->> 'codice_fiscale',
      o.invoice_data ->> 'codice_fiscale_azienda'), ' ')
  from ${orderRecords} o
  where ${GUEST_ORDER} and o.customer_info ->> 'email' is not null
  group by ${GUEST_EMAIL}`;

/** Part of any of the row's texts, without regard to case or accents. */
const matching = (q: string | undefined) =>
  q
    ? sql`public.unaccent(lower(d.search)) like public.unaccent(${`%${likeEscaped(q.toLowerCase())}%`})`
    : sql`true`;

interface DirectoryRow extends Record<string, unknown> {
  kind: 'registered' | 'guest';
  id: string | null;
  email: string;
  name: string | null;
  company: string | null;
  city: string | null;
  order_count: number;
  spent_cents: string | number;
  last_order_at: string | Date | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const totalsOf = (
  row: Pick<DirectoryRow, 'order_count' | 'spent_cents' | 'last_order_at'>,
): CustomerTotals => ({
  order_count: Number(row.order_count),
  spent_cents: Number(row.spent_cents),
  last_order_at: iso(row.last_order_at),
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * GET /api/admin/customers: one page of the customers matching `q`, who ordered last first (a customer with no order
 * by when they registered), and how many match in all.
 */
export async function listCustomers(db: Db, query: CustomerListQuery): Promise<CustomerListPage> {
  const where = matching(query.q);
  const [counted] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from (${DIRECTORY}) d where ${where}`),
  );
  const total = Number(counted?.total ?? 0);
  const offset = (query.page - 1) * query.page_size;
  const rows =
    offset >= total
      ? []
      : rowsOf<DirectoryRow>(
          await db.execute(sql`
            select d.kind, d.id, d.email, d.name, d.company, d.city, d.order_count, d.spent_cents, d.last_order_at
            from (${DIRECTORY}) d where ${where}
            order by coalesce(d.last_order_at, d.since) desc, d.kind, lower(d.email)
            limit ${query.page_size} offset ${offset}`),
        );
  const page = rows.map((row): CustomerListRow => ({
    kind: row.kind,
    id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    city: row.city,
    ...totalsOf(row),
  }));
  return { customers: page, total, page: query.page, page_size: query.page_size };
}

interface OrderRow extends Record<string, unknown> {
  id: string;
  created_at: string | Date;
  channel: CustomerOrderSummary['channel'];
  status: OrderStatus;
  payment_status: PaymentStatus;
  total_cents: number;
  refunded_cents: number | null;
  customer_info: Record<string, string | null | undefined>;
  invoice_data: InvoiceData | null;
}

/** The orders of a customer (newest first) and their totals. */
async function ordersWhere(db: Db, condition: SQL) {
  const orders = rowsOf<OrderRow>(
    await db.execute(sql`
      select o.id, o.created_at, o.channel, o.status, o.payment_status, o.total_cents, o.refunded_cents,
        o.customer_info, o.invoice_data
      from ${orderRecords} o where ${condition} order by o.created_at desc, o.id desc`),
  );
  const [totals] = rowsOf<DirectoryRow>(
    await db.execute(sql`select ${TOTALS} from ${orderRecords} o where ${condition}`),
  );
  const summaries = orders.map((o): CustomerOrderSummary => ({
    id: o.id,
    reference: orderReference(o.id),
    created_at: iso(o.created_at)!,
    channel: o.channel,
    status: o.status,
    payment_status: o.payment_status,
    total_cents: Number(o.total_cents),
    refunded_cents: Number(o.refunded_cents ?? 0),
  }));
  return { rows: orders, summaries, totals: totalsOf(totals!) };
}

/** GET /api/admin/customers/{id}: an account's page. */
export async function registeredCustomerDetail(db: Db, row: CustomerRow): Promise<CustomerAdminDetail> {
  const { summaries, totals } = await ordersWhere(db, sql`o.customer_id = ${row.id}`);
  const privato = row.tipoCliente === 'privato' ? (row.datiPrivato ?? null) : null;
  return {
    kind: 'registered',
    id: row.id,
    email: row.email,
    name: privato ? `${privato.nome} ${privato.cognome}` : (row.datiAzienda?.ragione_sociale ?? null),
    telefono: row.telefono,
    tipo_cliente: row.tipoCliente,
    dati_privato: privato && { ...privato, codice_fiscale: privato.codice_fiscale ?? null },
    dati_azienda: row.tipoCliente === 'azienda' ? (row.datiAzienda ?? null) : null,
    indirizzo: { street: row.street, city: row.city, province: row.province, cap: row.cap },
    notes: row.notes,
    registered_at: row.createdAt.toISOString(),
    totals,
    orders: summaries,
  };
}

/**
 * GET /api/admin/customers/guest?email=: a guest's page. A guest has no record of their own: the contact and address
 * are those of the newest order, the fiscal data those of the newest order that asked for an invoice.
 */
export async function guestCustomerDetail(db: Db, email: string): Promise<CustomerAdminDetail> {
  const { rows, summaries, totals } = await ordersWhere(
    db,
    sql`${GUEST_ORDER} and ${GUEST_EMAIL} = ${email.trim().toLowerCase()}`,
  );
  const newestOrder = rows[0];
  if (!newestOrder) throw notFound(CUSTOMER_NOT_FOUND);
  const info = newestOrder.customer_info;
  const invoice = rows.find((o) => o.invoice_data?.requires_invoice)?.invoice_data ?? null;
  const company = invoice?.invoice_type === 'azienda' && invoice.ragione_sociale && invoice.piva;
  return {
    kind: 'guest',
    id: null,
    email: info.email ?? email,
    name: info.name ?? null,
    telefono: info.phone ?? null,
    tipo_cliente: invoice?.invoice_type ?? null,
    dati_privato:
      invoice?.invoice_type === 'privato'
        ? { nome: null, cognome: null, codice_fiscale: invoice.codice_fiscale }
        : null,
    dati_azienda: company
      ? {
          ragione_sociale: invoice.ragione_sociale!,
          piva: invoice.piva!,
          codice_fiscale_azienda: invoice.codice_fiscale_azienda ?? invoice.piva!,
          pec: invoice.pec,
          sdi: invoice.sdi,
          referente: null,
        }
      : null,
    indirizzo: info.address
      ? { street: info.address, city: info.city ?? '', province: null, cap: info.zipCode ?? null }
      : null,
    notes: null,
    registered_at: null,
    totals,
    orders: summaries,
  };
}
