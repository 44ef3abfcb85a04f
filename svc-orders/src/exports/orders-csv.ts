import { and } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { ORDER_STATUS_LABELS, orderReference, type OrderFilterQuery } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { orderVatSummary } from '../invoices/document';
import { orderFilterConditions, statusCondition } from '../orders/list';
import { italianDate, romeDay, romeToday } from '../orders/rome-time';
import { decimalComma, paymentMethodLabel, PAYMENT_STATUS_LABELS } from './italian-csv';
import { exportColumns, keysetBatches } from './keyset';

/** The Italian VAT rates, each with its taxable and VAT columns (docs/product/back-office.md#orders-csv). */
const VAT_COLUMNS = [22, 10, 5, 4] as const;

export const ORDERS_CSV_HEADER = [
  'Riferimento',
  'Data',
  'Stato',
  'Cliente',
  'E-mail',
  'Telefono',
  'Indirizzo',
  'Città',
  'CAP',
  'Paese',
  'Metodo di pagamento',
  'Stato pagamento',
  'Demo',
  'Subtotale',
  'Spedizione',
  'Totale',
  'Rimborsato',
  'Tracking',
  'Numero fattura',
  'Canale',
  'Ordine eBay',
  'Codice sconto',
  'Sconto',
  'Ragione sociale',
  'Partita IVA',
  'Codice fiscale',
  ...VAT_COLUMNS.flatMap((rate) => [`Imponibile ${rate}%`, `IVA ${rate}%`]),
  'Non soggetto IVA (0%)',
];

/** `ordini-YYYY-MM-DD.csv`, today in Rome (docs/product/back-office.md#orders-csv). */
export const ordersCsvFilename = (now = new Date()) => `ordini-${romeToday(now)}.csv`;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

type ExportRow = SelectResultFields<typeof exportColumns>;

/**
 * The order's taxable and VAT per rate, exactly as its invoice states them (orderVatSummary): shipping follows the
 * rate of the main goods. A rate outside the Italian ones cannot be sold (the catalog's rates), so it has no column.
 */
function vatSplit(row: ExportRow): string[] {
  const summary = orderVatSummary(row);
  const of = (rate: number) => summary.find((s) => s.rate === rate);
  return [
    ...VAT_COLUMNS.flatMap((rate) => {
      const part = of(rate);
      return part ? [decimalComma(part.taxableCents), decimalComma(part.taxCents)] : ['', ''];
    }),
    of(0) ? decimalComma(of(0)!.taxableCents) : '',
  ];
}

/** The buyer's fiscal data as the order states them (its invoice data): a company's or a person's. */
function buyerFiscal(row: ExportRow): string[] {
  const data = row.invoiceData;
  if (!data?.requires_invoice) return ['', '', ''];
  return data.invoice_type === 'azienda'
    ? [data.ragione_sociale ?? '', data.piva ?? '', data.codice_fiscale_azienda ?? '']
    : ['', '', data.codice_fiscale ?? ''];
}

function csvRow(row: ExportRow): string[] {
  const info = row.customerInfo;
  return [
    orderReference(row.id),
    italianDate(romeDay(row.createdAt)),
    ORDER_STATUS_LABELS[row.status],
    text(info.name),
    text(info.email),
    text(info.phone),
    text(info.address),
    text(info.city),
    text(info.zipCode),
    text(info.country) || row.shippingCountry,
    paymentMethodLabel(row.paymentMethod),
    PAYMENT_STATUS_LABELS[row.paymentStatus],
    row.paymentDemo ? 'Sì' : 'No',
    decimalComma(row.subtotalCents),
    decimalComma(row.shippingCents),
    decimalComma(row.totalCents),
    decimalComma(row.refundedCents ?? 0),
    row.trackingNumber ?? row.packlinkData?.tracking_number ?? '',
    row.invoiceData?.invoice_issued ? (row.invoiceData.invoice_number ?? '') : '',
    row.channel === 'ebay' ? 'eBay' : 'Web',
    row.externalId ?? '',
    row.discountCode ?? '',
    decimalComma(row.discountCents),
    ...buyerFiscal(row),
    ...vatSplit(row),
  ];
}

/**
 * GET /orders/export/csv: the orders of the list's filters in its sort, as CSV rows, a thousand at a time from the
 * database (keyset.ts).
 */
export async function* ordersCsvRows(db: Db, filters: OrderFilterQuery): AsyncGenerator<string[][]> {
  const where = and(...orderFilterConditions(filters), statusCondition(filters));
  for await (const batch of keysetBatches(db, exportColumns, where, filters.sort)) {
    yield batch.map(csvRow);
  }
}
