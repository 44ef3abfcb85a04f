import { and, eq } from 'drizzle-orm';
import { notFound, type Db } from '@edicola/platform';
import { creditNotes, customers, orderRecords } from '../db/schema';
import type { CancelTokens } from '../orders/cancel-token';
import { ORDER_NOT_FOUND } from '../orders/queries';
import { creditNoteDocument, depositInvoiceDocument, invoiceDocument, type FiscalDocument } from './document';
import { INVOICE_NOT_ISSUED } from './issue';
import type { ShopFiscal } from './shop-fiscal';

export const CREDIT_NOTE_NOT_FOUND = 'Nota di credito non trovata';

/**
 * Who may read: staff any order, a customer only their own (another's, or a guest's, is not found), the holder of
 * the order page's link only that order (a wrong token is not found either, docs/decisions/0055).
 */
export type Reader =
  | { kind: 'staff' }
  | { kind: 'customer'; customerId: string }
  | { kind: 'link'; token: string; tokens: CancelTokens };

const mayRead = (reader: Reader, row: { id: string; customerId: string | null }) =>
  reader.kind === 'staff' ||
  (reader.kind === 'customer' && row.customerId === reader.customerId) ||
  (reader.kind === 'link' && reader.tokens.matches(row.id, reader.token));

async function issuedOrder(db: Db, orderId: string, reader: Reader) {
  const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, orderId));
  if (!row || !mayRead(reader, row)) throw notFound(ORDER_NOT_FOUND);
  if (!row.invoiceData?.invoice_issued) throw notFound(INVOICE_NOT_ISSUED);
  const account = row.customerId
    ? ((await db.select().from(customers).where(eq(customers.id, row.customerId)))[0] ?? null)
    : null;
  return { row, account };
}

/** The invoice of an order as a document to render; 404 while not issued. */
export async function invoiceOf(
  db: Db,
  shop: ShopFiscal,
  orderId: string,
  reader: Reader,
): Promise<FiscalDocument> {
  const { row, account } = await issuedOrder(db, orderId, reader);
  return invoiceDocument(row, shop, account);
}

export const DEPOSIT_INVOICE_NOT_FOUND = "L'ordine non ha una fattura di acconto";

/** A pre-order's deposit invoice (TD02) as a document to render; 404 when it has none. */
export async function depositInvoiceOf(
  db: Db,
  shop: ShopFiscal,
  orderId: string,
  reader: Reader,
): Promise<FiscalDocument> {
  const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, orderId));
  if (!row || !mayRead(reader, row)) throw notFound(ORDER_NOT_FOUND);
  if (!row.depositInvoice || !row.invoiceData) throw notFound(DEPOSIT_INVOICE_NOT_FOUND);
  const account = row.customerId
    ? ((await db.select().from(customers).where(eq(customers.id, row.customerId)))[0] ?? null)
    : null;
  return depositInvoiceDocument(row, shop, account);
}

/** One credit note of an order as a document to render. */
export async function creditNoteOf(
  db: Db,
  shop: ShopFiscal,
  orderId: string,
  number: string,
  reader: Reader,
): Promise<FiscalDocument> {
  const { row, account } = await issuedOrder(db, orderId, reader);
  const [note] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, orderId), eq(creditNotes.number, number)));
  if (!note) throw notFound(CREDIT_NOTE_NOT_FOUND);
  return creditNoteDocument(row, shop, account, note);
}
