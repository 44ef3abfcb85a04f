import { orderReference, type InvoiceData } from '@edicola/contracts';
import type { customers, orderRecords } from '../db/schema';
import type { ShopFiscal } from './shop-fiscal';

type OrderRow = typeof orderRecords.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/**
 * The fiscal content of an invoice (TD01) or a credit note (TD04), computed once and rendered twice (PDF and
 * FatturaPA XML), so both files always say the same. Amounts in integer cents.
 *
 * The shop's prices include VAT (consumer prices). Per VAT rate the taxable amount is the gross total "scorporato"
 * (round(gross × 100 / (100 + rate))) and the tax the rest, so the document's total is exactly what the customer
 * paid; each line's net amount is its own scorporo, the rate's rounding cent put on its largest line.
 */

/**
 * 0 % lines: newspapers and periodicals whose VAT the publisher pays
 * (docs/product/orders-and-payments.md#vat-exempt-lines).
 */
export const EXEMPT_NATURA = 'N2.2';
export const EXEMPT_REFERENCE = 'Operazione non soggetta - art. 74 c.1 lett. c DPR 633/72';
/** Exempt amounts above this carry the 2 € stamp duty (DPR 642/72), paid virtually by the shop. */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
export const STAMP_DUTY_CENTS = 200;

export interface Buyer {
  type: 'privato' | 'azienda';
  /** The company's name, or the person's full name. */
  name: string;
  /** A person's first and last names when known apart (their account's, for the codice fiscale invoiced). */
  person: { nome: string; cognome: string } | null;
  codiceFiscale: string | null;
  piva: string | null;
  sdi: string | null;
  pec: string | null;
  address: string;
  cap: string;
  city: string;
  province: string | null;
  country: string;
}

export interface DocumentLine {
  description: string;
  quantity: number;
  /** Net unit price in euros with up to 8 decimals, as FatturaPA writes it ('8.19672131'). */
  unitNet: string;
  netCents: number;
  rate: number;
  natura: string | null;
}

export interface VatSummary {
  rate: number;
  natura: string | null;
  reference: string | null;
  taxableCents: number;
  taxCents: number;
}

export interface FiscalDocument {
  /** TD01 invoice, TD02 a pre-order's deposit invoice (acconto), TD04 credit note. */
  type: 'TD01' | 'TD02' | 'TD04';
  number: string;
  date: string;
  shop: ShopFiscal;
  buyer: Buyer;
  lines: DocumentLine[];
  summary: VatSummary[];
  totalCents: number;
  stampDuty: boolean;
  /** The invoice a credit note corrects, or the deposit invoice (TD02) an invoice deducts. */
  related: { number: string; date: string } | null;
  reason: string | null;
  orderReference: string;
  paymentMethod: string;
  /** What a gift card paid of the total: a means of payment, never a line (docs/decisions/0059-gift-cards.md). */
  giftCardCents?: number;
}

interface GrossLine {
  description: string;
  quantity: number;
  grossCents: number;
  rate: number;
}

/** 'YYYY-MM-DD' of an instant in Europe/Rome (the shop's calendar). */
export function romeDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

export const scorporo = (grossCents: number, rate: number) => Math.round((grossCents * 100) / (100 + rate));

function unitPrice(netCents: number, quantity: number): string {
  const fixed = (netCents / quantity / 100).toFixed(8);
  return fixed.replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** Lines with their gross amounts → net lines and the summary per rate (see the module's comment). */
export function priceLines(grossLines: GrossLine[]): {
  lines: DocumentLine[];
  summary: VatSummary[];
  totalCents: number;
} {
  const rates = [...new Set(grossLines.map((l) => l.rate))].sort((a, b) => b - a);
  const lines: DocumentLine[] = grossLines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitNet: '',
    netCents: scorporo(l.grossCents, l.rate),
    rate: l.rate,
    natura: l.rate === 0 ? EXEMPT_NATURA : null,
  }));
  const summary: VatSummary[] = rates.map((rate) => {
    const gross = grossLines.filter((l) => l.rate === rate).reduce((sum, l) => sum + l.grossCents, 0);
    const taxable = scorporo(gross, rate);
    const ofRate = lines.filter((l) => l.rate === rate);
    const drift = taxable - ofRate.reduce((sum, l) => sum + l.netCents, 0);
    if (drift !== 0) {
      const largest = ofRate.reduce((a, b) => (b.netCents > a.netCents ? b : a));
      largest.netCents += drift;
    }
    return {
      rate,
      natura: rate === 0 ? EXEMPT_NATURA : null,
      reference: rate === 0 ? EXEMPT_REFERENCE : null,
      taxableCents: taxable,
      taxCents: gross - taxable,
    };
  });
  for (const line of lines) line.unitNet = unitPrice(line.netCents, line.quantity);
  const totalCents = grossLines.reduce((sum, l) => sum + l.grossCents, 0);
  return { lines, summary, totalCents };
}

/**
 * The order's lines, and its shipping as a line of its own with the VAT treatment of the main goods (art. 12). A
 * line's share of a discount code lowers its amount, so its PrezzoUnitario is the discounted one and its
 * description names the code and the discount (docs/decisions/0057-discount-codes.md).
 */
export function orderGrossLines(
  row: Pick<OrderRow, 'items' | 'shippingCents'> & { discountCode?: string | null },
): GrossLine[] {
  const goods: GrossLine[] = row.items.map((item) => {
    const name = [item.sku, item.title].filter(Boolean).join(' - ') || item.article_id;
    const discount = item.discount_cents ?? 0;
    return {
      description: discount > 0 ? `${name} (sconto ${row.discountCode ?? ''} -${euro(discount)} EUR)` : name,
      quantity: item.quantity,
      grossCents: (item.line_total_cents ?? (item.unit_gross_cents ?? 0) * item.quantity) - discount,
      rate: item.iva_percentage ?? 0,
    };
  });
  if (row.shippingCents > 0) {
    goods.push({
      description: 'Spese di spedizione',
      quantity: 1,
      grossCents: row.shippingCents,
      rate: mainRate(goods),
    });
  }
  return goods;
}

/**
 * An order's gross, taxable and VAT per rate, shipping included, exactly as its invoice states them: the takings
 * export reads the same figures as the invoices.
 */
export const orderVatSummary = (row: Pick<OrderRow, 'items' | 'shippingCents'>): VatSummary[] =>
  priceLines(orderGrossLines(row)).summary;

/** The rate of the goods that weigh most in the order (the rate an accessory supply such as shipping follows). */
function mainRate(goods: GrossLine[]): number {
  const byRate = new Map<number, number>();
  for (const line of goods) byRate.set(line.rate, (byRate.get(line.rate) ?? 0) + line.grossCents);
  let best = 22;
  let bestGross = -1;
  for (const [rate, gross] of byRate) {
    if (gross > bestGross || (gross === bestGross && rate > best)) [best, bestGross] = [rate, gross];
  }
  return best;
}

/** An exempt (0 %) taxable amount above 77,47 € needs the stamp duty. */
export const needsStampDuty = (summary: VatSummary[]) =>
  summary.filter((s) => s.rate === 0).reduce((sum, s) => sum + s.taxableCents, 0) >
  STAMP_DUTY_THRESHOLD_CENTS;

const accountPerson = (account: CustomerRow | null, data: InvoiceData) =>
  account?.datiPrivato && account.datiPrivato.codice_fiscale === data.codice_fiscale
    ? { nome: account.datiPrivato.nome, cognome: account.datiPrivato.cognome }
    : null;

/** The name and surname an erased customer's invoiced order kept from the account (customers/erasure.ts). */
function erasedPerson(info: Record<string, unknown>): { nome: string; cognome: string } | null {
  const p = info.invoice_person as { nome?: unknown; cognome?: unknown } | undefined;
  return typeof p?.nome === 'string' && typeof p.cognome === 'string'
    ? { nome: p.nome, cognome: p.cognome }
    : null;
}

/**
 * The buyer of an order's invoice: its invoice data (a company: ragione sociale, P.IVA, codice fiscale, SDI or PEC; a
 * person: the order's name and codice fiscale) and its address, the account's CAP and province filling the gaps.
 */
export function buyerOf(row: OrderRow, data: InvoiceData, account: CustomerRow | null): Buyer {
  const info = row.customerInfo;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const company = data.invoice_type === 'azienda';
  const country = str(info.country) ?? row.shippingCountry ?? 'IT';
  return {
    type: data.invoice_type,
    name: company ? (data.ragione_sociale ?? '') : (str(info.name) ?? ''),
    person: company ? null : (accountPerson(account, data) ?? erasedPerson(info)),
    codiceFiscale: company ? data.codice_fiscale_azienda : data.codice_fiscale,
    piva: company ? data.piva : null,
    sdi: company ? data.sdi : null,
    pec: company ? data.pec : null,
    address: str(info.address) ?? account?.street ?? '',
    cap: str(info.zipCode) ?? account?.cap ?? '',
    city: str(info.city) ?? account?.city ?? '',
    province: country === 'IT' ? ((account?.province ?? str(info.province))?.toUpperCase() ?? null) : null,
    country,
  };
}

/**
 * The invoice (TD01) of an order whose invoice is issued. A pre-order whose deposit had its own invoice (TD02)
 * deducts it: a negative line of the deposit at the goods' rate, the TD02 named in DatiFattureCollegate, so the
 * document's total is the balance (docs/decisions/0066-presale-deposits.md).
 */
export function invoiceDocument(
  row: OrderRow,
  shop: ShopFiscal,
  account: CustomerRow | null,
): FiscalDocument {
  const data = row.invoiceData!;
  const deposit = row.depositInvoice && row.depositCents ? row.depositInvoice : null;
  const grossLines = orderGrossLines(row);
  if (deposit) {
    grossLines.push({
      description: `Acconto fattura n. ${deposit.number} del ${deposit.date.split('-').reverse().join('/')}`,
      quantity: 1,
      grossCents: -row.depositCents!,
      rate: row.items[0]?.iva_percentage ?? 22,
    });
  }
  const priced = priceLines(grossLines);
  return {
    type: 'TD01',
    number: data.invoice_number!,
    date: data.invoice_date!,
    shop,
    buyer: buyerOf(row, data, account),
    ...priced,
    stampDuty: needsStampDuty(priced.summary),
    related: deposit,
    reason: null,
    orderReference: orderReference(row.id),
    paymentMethod: row.paymentMethod,
    giftCardCents: row.giftCardCents,
  };
}

/**
 * The deposit invoice (TD02, fattura di acconto) of a pre-order: the deposit is taxed when paid (art. 6 DPR
 * 633/72), one line at the goods' rate.
 */
export function depositInvoiceDocument(
  row: OrderRow,
  shop: ShopFiscal,
  account: CustomerRow | null,
): FiscalDocument {
  const data = row.invoiceData!;
  const invoice = row.depositInvoice!;
  const item = row.items[0]!;
  const name = [item.sku, item.title].filter(Boolean).join(' - ') || item.article_id;
  const priced = priceLines([
    {
      description: `Acconto sull'ordine ${orderReference(row.id)}: ${name}`,
      quantity: 1,
      grossCents: row.depositCents ?? 0,
      rate: item.iva_percentage ?? 22,
    },
  ]);
  return {
    type: 'TD02',
    number: invoice.number,
    date: invoice.date,
    shop,
    buyer: buyerOf(row, data, account),
    ...priced,
    stampDuty: needsStampDuty(priced.summary),
    related: null,
    reason: null,
    orderReference: orderReference(row.id),
    paymentMethod: row.paymentMethod,
  };
}

/** `amount` spread over `weights` in proportion, in whole cents adding up to it (largest remainders first). */
export function spreadInProportion(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / sum);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Spreads a refund over the invoice's rates in proportion to their gross amounts (largest remainder), so the credit
 * note corrects each rate by its share: the refund names an amount, not which goods it gives back.
 */
export function spreadRefund(
  summary: VatSummary[],
  refundCents: number,
): { rate: number; grossCents: number }[] {
  if (summary.length === 0) return [{ rate: 22, grossCents: refundCents }];
  const shares = spreadInProportion(
    refundCents,
    summary.map((s) => s.taxableCents + s.taxCents),
  );
  return summary
    .map((s, i) => ({ rate: s.rate, grossCents: shares[i]! }))
    .filter((share) => share.grossCents > 0);
}

/** A credit note (TD04) of a refund of the order's issued invoice. */
export function creditNoteDocument(
  row: OrderRow,
  shop: ShopFiscal,
  account: CustomerRow | null,
  note: {
    number: string;
    issuedOn: string;
    amountCents: number;
    reason: string;
    invoiceNumber: string;
    invoiceDate: string;
  },
): FiscalDocument {
  const invoice = invoiceDocument(row, shop, account);
  const reference = orderReference(row.id);
  const priced = priceLines(
    spreadRefund(invoice.summary, note.amountCents).map((share) => ({
      description: `Rimborso sull'ordine ${reference}: ${note.reason}`,
      quantity: 1,
      grossCents: share.grossCents,
      rate: share.rate,
    })),
  );
  return {
    ...invoice,
    type: 'TD04',
    number: note.number,
    date: note.issuedOn,
    ...priced,
    stampDuty: needsStampDuty(priced.summary),
    related: { number: note.invoiceNumber, date: note.invoiceDate },
    reason: note.reason,
  };
}

/** 1234 → '12.34' (FatturaPA's amounts: two decimals, a point). */
export const amount2 = (cents: number) => (cents / 100).toFixed(2);
/** 1234 → '12,34' (how an Italian reads an amount). */
export const euro = (cents: number) =>
  new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
