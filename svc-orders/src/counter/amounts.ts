import { HttpError } from '@edicola/platform';
import { centsToEuros, type VatLine } from '@edicola/contracts';
import type { StoredCounterPayment } from '../db/schema';
import { decimalComma } from '../exports/italian-csv';
import { scorporo } from '../invoices/document';

/** A counter line as charged: gross unit price (what the customer pays) and its VAT rate. */
export interface ChargedLine {
  quantity: number;
  unit_gross_cents: number;
  iva_percentage: number;
}

/**
 * The VAT in gross amounts, per rate (docs/product/counter.md#fiscal-receipt): a receipt shows gross prices, and
 * the VAT of each rate is taken out of that rate's gross total once (scorporo), as the RT and the invoices do, not
 * line by line.
 */
export function vatByRate(lines: { gross_cents: number; iva_percentage: number }[]): VatLine[] {
  const byRate = new Map<number, number>();
  for (const line of lines)
    byRate.set(line.iva_percentage, (byRate.get(line.iva_percentage) ?? 0) + line.gross_cents);
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => {
      const taxable = scorporo(gross, rate);
      return {
        iva_percentage: rate,
        taxable: centsToEuros(taxable),
        vat: centsToEuros(gross - taxable),
        total: centsToEuros(gross),
      };
    });
}

export const CARD_OVER_TOTAL_DETAIL =
  'Con la carta si paga al massimo il totale: il resto si dà solo in contanti';

/**
 * The payments of a sale checked against its total: the card and the gift card never pay more than is due, together
 * they cover the total, and the change is what the cash paid beyond the rest. Answers the change, in cents.
 */
export function changeDue(totalCents: number, payments: StoredCounterPayment[]): number {
  // A gift card pays like the card: never beyond the total (its balance stays on it).
  const card = payments
    .filter((p) => p.method === 'card' || p.method === 'gift_card')
    .reduce((sum, p) => sum + p.amount_cents, 0);
  const cash = payments.find((p) => p.method === 'cash')?.amount_cents ?? 0;
  if (card > totalCents) throw new HttpError(422, CARD_OVER_TOTAL_DETAIL);
  const missing = totalCents - card - cash;
  if (missing > 0) {
    throw new HttpError(
      422,
      `Pagamento insufficiente: mancano ${decimalComma(missing)} € su un totale di ${decimalComma(totalCents)} €`,
    );
  }
  if (cash > 0 && card + cash - totalCents >= cash) {
    throw new HttpError(422, 'La carta copre già il totale: togli il pagamento in contanti');
  }
  return cash + card - totalCents;
}

/** The order's payment method for a counter sale: how its money came (the takings' and statistics' method). */
export function counterPaymentMethod(payments: StoredCounterPayment[]): string {
  const methods = new Set(payments.filter((p) => p.amount_cents > 0).map((p) => p.method));
  if (methods.size >= 2) return 'counter_mixed';
  if (methods.has('gift_card')) return 'counter_gift_card';
  return methods.has('card') ? 'counter_card' : 'counter_cash';
}
