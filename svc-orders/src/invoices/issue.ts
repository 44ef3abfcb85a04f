import { eq } from 'drizzle-orm';
import type { InvoiceData, InvoiceRequest, NextInvoiceNumber, Order } from '@edicola/contracts';
import { conflict, notFound, type Audit, type Database, type Db, type EventBus } from '@edicola/platform';
import { customers, orderRecords } from '../db/schema';
import { lockOrder, moveOrder } from '../orders/order-writer';
import { ORDER_NOT_FOUND } from '../orders/queries';
import { orderWithRefunds } from '../orders/refunds';
import { queueForSdi } from '../sdi/documents';
import { romeDate } from './document';
import { chronologyClash, latestDate, nextSeq, takeNumber } from './numbering';

type OrderRow = typeof orderRecords.$inferSelect;

/** 2026-03-05 → 05/03/2026. */
const italianDate = (iso: string) => iso.split('-').reverse().join('/');

export const INVOICE_ALREADY_ISSUED = (number: string | null) =>
  `La fattura di questo ordine è già stata emessa${number ? ` (n. ${number})` : ''}`;
export const INVOICE_NUMBER_USED = (number: string, year: number) =>
  `Il numero fattura ${number} è già stato usato nel ${year}: scegli il numero successivo libero`;
export const INVOICE_ON_CANCELLED = "L'ordine è annullato: non si emette fattura";
export const INVOICE_DATE_IN_FUTURE = 'La data della fattura non può essere successiva a oggi';
export const INVOICE_BUYER_DATA_MISSING =
  "L'ordine non ha dati di fatturazione e il cliente non ha un account con codice fiscale o partita IVA: servono i dati fiscali dell'acquirente per emettere la fattura";
export const INVOICE_CAP_MISSING =
  "Manca il CAP dell'indirizzo del cliente (5 cifre): è obbligatorio nella fattura";
export const INVOICE_OUT_OF_ORDER = (
  number: string,
  date: string,
  other: { number: string; issuedOn: string },
) =>
  `Il numero ${number} del ${italianDate(date)} non rispetta l'ordine cronologico: la fattura ${other.number} è del ${italianDate(other.issuedOn)}`;
export const INVOICE_NOT_ISSUED = 'La fattura di questo ordine non è stata emessa';

/**
 * The buyer's fiscal data for an order that asked for no invoice
 * (docs/product/orders-and-payments.md#invoice-when allows the invoice all the same): the
 * customer's account, if it has what an invoice needs (a company's data; a person's codice fiscale). A guest's order
 * without invoice data cannot be invoiced: an invoice names its buyer (decision 0026).
 */
async function invoiceDataFromAccount(tx: Db, row: OrderRow): Promise<InvoiceData | null> {
  if (!row.customerId) return null;
  const [account] = await tx.select().from(customers).where(eq(customers.id, row.customerId));
  if (!account) return null;
  const empty = { invoice_issued: false, invoice_number: null, invoice_date: null };
  if (account.tipoCliente === 'azienda' && account.datiAzienda) {
    const company = account.datiAzienda;
    return {
      requires_invoice: true,
      invoice_type: 'azienda',
      codice_fiscale: null,
      ragione_sociale: company.ragione_sociale,
      piva: company.piva,
      codice_fiscale_azienda: company.codice_fiscale_azienda,
      pec: company.pec ?? null,
      sdi: company.sdi ?? null,
      ...empty,
    };
  }
  const cf = account.datiPrivato?.codice_fiscale;
  if (!cf) return null;
  return {
    requires_invoice: true,
    invoice_type: 'privato',
    codice_fiscale: cf,
    ragione_sociale: null,
    piva: null,
    codice_fiscale_azienda: null,
    pec: null,
    sdi: null,
    ...empty,
  };
}

async function capOf(tx: Db, row: OrderRow): Promise<string | null> {
  const zip = row.customerInfo.zipCode;
  if (typeof zip === 'string' && zip.trim() !== '') return zip.trim();
  if (!row.customerId) return null;
  const [account] = await tx
    .select({ cap: customers.cap })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  return account?.cap ?? null;
}

export interface InvoiceIssuing {
  orderId: string;
  request: InvoiceRequest;
  staff: { id: string; username: string };
}

export const INVOICE_ON_STOCK_CONFLICT =
  "L'ordine eBay non ha ancora preso i suoi pezzi dal magazzino: risolvi prima il conflitto, poi emetti la fattura";

/**
 * PUT /orders/{id}/invoice (docs/product/orders-and-payments.md#invoice-issue): the order's invoice gets its
 * number and date and is marked issued. Allowed
 * when the order asked for an invoice not yet issued, or has no invoice data (then its account's fiscal data are
 * used). The number is taken in the year's series in the same transaction (409 when already used); audited. The
 * document goes to the SdI after the commit (sdi/documents.ts).
 */
export async function issueInvoice(
  database: Database,
  bus: EventBus,
  issuing: InvoiceIssuing,
  audit?: Audit,
): Promise<Order> {
  const { invoice_number: number, invoice_date: date } = issuing.request;
  const year = Number(date.slice(0, 4));
  if (date > romeDate(new Date())) throw conflict(INVOICE_DATE_IN_FUTURE);
  const updated = await database.db.transaction(async (tx) => {
    const row = await lockOrder(tx, issuing.orderId);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (row.status === 'cancelled') throw conflict(INVOICE_ON_CANCELLED);
    // Its lines' VAT rates are provisional until its units are taken (channels/external-orders.ts).
    if (row.stockConflict) throw conflict(INVOICE_ON_STOCK_CONFLICT);
    const current = row.invoiceData;
    if (current?.invoice_issued) throw conflict(INVOICE_ALREADY_ISSUED(current.invoice_number));
    const data = current?.requires_invoice ? current : await invoiceDataFromAccount(tx, row);
    if (!data) throw conflict(INVOICE_BUYER_DATA_MISSING);
    const cap = await capOf(tx, row);
    const country =
      typeof row.customerInfo.country === 'string' ? row.customerInfo.country : row.shippingCountry;
    if (!cap || (country === 'IT' && !/^\d{5}$/.test(cap))) throw conflict(INVOICE_CAP_MISSING);
    const clash = await chronologyClash(tx, number, date);
    if (clash) throw conflict(INVOICE_OUT_OF_ORDER(number, date, clash));
    if (!(await takeNumber(tx, { number, kind: 'invoice', orderId: row.id, issuedOn: date }))) {
      throw conflict(INVOICE_NUMBER_USED(number, year));
    }
    await queueForSdi(tx, { orderId: row.id, kind: 'invoice', number, issuedOn: date });
    const issued: InvoiceData = {
      ...data,
      invoice_issued: true,
      invoice_number: number,
      invoice_date: date,
    };
    return moveOrder(tx, bus, row, {
      at: new Date(),
      by: issuing.staff,
      fields: { invoiceData: issued },
      ...(audit && {
        audit: {
          to: audit,
          entry: () => ({
            entity: 'order',
            entity_id: row.id,
            action: 'invoice_issued',
            changes: {
              invoice_number: { from: null, to: number },
              invoice_date: { from: null, to: date },
              ...(current?.requires_invoice ? {} : { invoice_type: { from: null, to: data.invoice_type } }),
            },
          }),
        },
      }),
    });
  });
  return orderWithRefunds(database.db, updated);
}

/** GET /api/invoices/next-number: the next free number of the year and the date to give it (today, Europe/Rome). */
export async function nextInvoiceNumber(db: Db, year?: number): Promise<NextInvoiceNumber> {
  const today = romeDate(new Date());
  const thisYear = Number(today.slice(0, 4));
  const wanted = year ?? thisYear;
  // Another year's number goes with a date of that year: its last day when past, its first when ahead.
  const date = wanted === thisYear ? today : wanted < thisYear ? `${wanted}-12-31` : `${wanted}-01-01`;
  // Never before the series' latest date (numbers follow the dates).
  const latest = await latestDate(db, wanted);
  return {
    invoice_number: `${await nextSeq(db, wanted)}/${wanted}`,
    invoice_date: latest && latest > date ? latest : date,
  };
}
