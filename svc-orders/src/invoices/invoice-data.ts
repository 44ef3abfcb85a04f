import { INVOICE_CAP_DETAIL, InvoiceDataUpdate, type InvoiceData, type Order } from '@edicola/contracts';
import { conflict, HttpError, notFound, type Audit, type Database, type EventBus } from '@edicola/platform';
import { lockOrder, moveOrder } from '../orders/order-writer';
import { ORDER_NOT_FOUND } from '../orders/queries';
import { orderWithRefunds } from '../orders/refunds';
import { hasRejectedDocument } from '../sdi/documents';
import { INVOICE_ON_CANCELLED } from './issue';

export const INVOICE_DATA_LOCKED = (number: string | null) =>
  `La fattura di questo ordine è già stata emessa${number ? ` (n. ${number})` : ''}: i dati di fatturazione non si possono più cambiare (per correggerla serve una nota di credito)`;

/**
 * The body of PUT /api/orders/{id}/invoice-data, read here rather than by `handle` so that a refusal says only what
 * is wrong ('Codice fiscale non valido'), without the field paths the generic validation adds.
 */
export function parseInvoiceDataUpdate(body: unknown): InvoiceDataUpdate {
  const parsed = InvoiceDataUpdate.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
  throw new HttpError(422, messages.join('; '));
}

const FIELDS = [
  'invoice_type',
  'codice_fiscale',
  'ragione_sociale',
  'piva',
  'codice_fiscale_azienda',
  'sdi',
  'pec',
] as const;

export interface InvoiceDataChange {
  orderId: string;
  update: InvoiceDataUpdate;
  staff: { id: string; username: string };
}

/**
 * PUT /api/orders/{id}/invoice-data (docs/decisions/0033): staff enter or correct the buyer's fiscal data of an order
 * whose invoice is not issued yet; the order then asks for an invoice (requires_invoice). Refused once the invoice is
 * issued (its data are on a document sent to the SdI), unless the SdI rejected it, and on a cancelled order. Audited, and the order's version
 * bumped, in one transaction.
 */
export async function saveInvoiceData(
  database: Database,
  bus: EventBus,
  change: InvoiceDataChange,
  audit?: Audit,
): Promise<Order> {
  const { update } = change;
  const updated = await database.db.transaction(async (tx) => {
    const row = await lockOrder(tx, change.orderId);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const current = row.invoiceData;
    // Once issued the data are on a document sent to the SdI: only its rejection (NS) opens them again, to send it
    // corrected with the same number and date (docs/decisions/0063).
    const correcting = Boolean(current?.invoice_issued) && (await hasRejectedDocument(tx, row.id));
    if (current?.invoice_issued && !correcting) throw conflict(INVOICE_DATA_LOCKED(current.invoice_number));
    if (row.status === 'cancelled') throw conflict(INVOICE_ON_CANCELLED);

    const issued = {
      invoice_issued: correcting,
      invoice_number: correcting ? (current?.invoice_number ?? null) : null,
      invoice_date: correcting ? (current?.invoice_date ?? null) : null,
    };
    const data: InvoiceData =
      update.invoice_type === 'privato'
        ? {
            requires_invoice: true,
            invoice_type: 'privato',
            codice_fiscale: update.codice_fiscale,
            ragione_sociale: null,
            piva: null,
            codice_fiscale_azienda: null,
            pec: null,
            sdi: null,
            ...issued,
          }
        : {
            requires_invoice: true,
            invoice_type: 'azienda',
            codice_fiscale: null,
            ragione_sociale: update.ragione_sociale,
            piva: update.piva,
            codice_fiscale_azienda: update.codice_fiscale_azienda,
            pec: update.pec ?? null,
            sdi: update.sdi ?? null,
            ...issued,
          };

    // The CAP completes an address without a usable one (none, or not 5 digits in Italy); a good one stays.
    const info = row.customerInfo;
    const zip = typeof info.zipCode === 'string' ? info.zipCode.trim() : '';
    const country = typeof info.country === 'string' ? info.country : row.shippingCountry;
    const cap = update.cap ?? null;
    const addsCap = cap !== null && (zip === '' || (country === 'IT' && !/^\d{5}$/.test(zip)));
    if (addsCap && country === 'IT' && !/^\d{5}$/.test(cap)) throw new HttpError(422, INVOICE_CAP_DETAIL);

    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of FIELDS) {
      const before = current?.[field] ?? null;
      if (before !== data[field]) changes[field] = { from: before, to: data[field] };
    }
    if (!current?.requires_invoice)
      changes.requires_invoice = { from: current?.requires_invoice ?? null, to: true };
    if (addsCap) changes.zip_code = { from: zip || null, to: cap };
    return moveOrder(tx, bus, row, {
      at: new Date(),
      by: change.staff,
      fields: { invoiceData: data, ...(addsCap ? { customerInfo: { ...info, zipCode: cap } } : {}) },
      ...(audit && {
        audit: {
          to: audit,
          entry: () => ({ entity: 'order', entity_id: row.id, action: 'invoice_data_updated', changes }),
        },
      }),
    });
  });
  return orderWithRefunds(database.db, updated);
}
