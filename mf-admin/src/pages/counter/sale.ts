import {
  COUNTER_MAX_LINES,
  COUNTER_MAX_UNITS_PER_LINE,
  normalEan,
  type CounterArticle,
  type CounterPayment,
  type CounterSaleRequest,
} from '@edicola/contracts';

// The sale on the counter's screen before it is sent (docs/product/counter.md#counter-screen): its lines, the
// totals shown while the customer waits, and how they pay. The server decides the real figures; these are
// for display and to know when the payment covers the total.

export interface SaleLine {
  article: CounterArticle;
  quantity: number;
  /** Gross unit price charged, in euros: the shop's, unless staff changed it with a reason. */
  unitPrice: number;
  priceReason: string | null;
}

export type PaymentMode = 'cash' | 'card' | 'mixed';

export interface PaymentDraft {
  mode: PaymentMode;
  /** Cash the customer handed over, as typed (euros). */
  cashGiven: string;
  /** The card's part of a mixed payment, as typed (euros). */
  cardPart: string;
  /** A gift card's code and the part it pays, as typed (docs/product/counter.md#gift-card-at-the-counter). */
  giftCode?: string;
  giftPart?: string;
}

export const emptyPayment = (): PaymentDraft => ({ mode: 'cash', cashGiven: '', cardPart: '' });

/** Euros rounded to the cent, without the float's noise (0.1 + 0.2). */
export const toCents = (euros: number) => Math.round(euros * 100);
export const fromCents = (cents: number) => cents / 100;

/** An amount as a person types it: "12,50", "12.5", " 20 ". NaN when it is not one. */
export function parseEuros(typed: string): number {
  const text = typed.trim().replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return Number.NaN;
  return Number(text);
}

/** Why an article found cannot go (further) into the sale; null when one more unit may. */
export type Refusal =
  | { kind: 'inactive' }
  | { kind: 'soldOut' }
  | { kind: 'held'; held: number }
  | { kind: 'noMore'; available: number }
  | { kind: 'maxUnits' };

/** The units of `article` the sale already has. */
export const unitsInSale = (lines: SaleLine[], articleId: string) =>
  lines.find((line) => line.article.id === articleId)?.quantity ?? 0;

/**
 * Whether `wanted` units of `article` may be on the sale. `quantity_stock` are the units free to sell; the units an
 * unpaid web order holds are out of it until that order is paid or lapses.
 */
export function refusalOf(article: CounterArticle, wanted: number): Refusal | null {
  if (!article.is_active) return { kind: 'inactive' };
  if (article.quantity_stock === 0)
    return article.held_by_unpaid_orders > 0
      ? { kind: 'held', held: article.held_by_unpaid_orders }
      : { kind: 'soldOut' };
  if (wanted > COUNTER_MAX_UNITS_PER_LINE) return { kind: 'maxUnits' };
  if (wanted > article.quantity_stock) return { kind: 'noMore', available: article.quantity_stock };
  return null;
}

/** The sale with one more unit of `article` (a new line at the end, or +1 on its line), or why not. */
export function addUnit(lines: SaleLine[], article: CounterArticle): SaleLine[] | Refusal {
  const refusal = refusalOf(article, unitsInSale(lines, article.id) + 1);
  if (refusal) return refusal;
  if (lines.some((line) => line.article.id === article.id))
    return lines.map((line) =>
      line.article.id === article.id ? { ...line, article, quantity: line.quantity + 1 } : line,
    );
  if (lines.length >= COUNTER_MAX_LINES) return { kind: 'maxUnits' };
  return [...lines, { article, quantity: 1, unitPrice: article.gross_price, priceReason: null }];
}

export const isRefusal = (value: SaleLine[] | Refusal): value is Refusal => !Array.isArray(value);

/** The line's quantity set to `quantity` (at least 1), or why not. */
export function setQuantity(lines: SaleLine[], articleId: string, quantity: number): SaleLine[] | Refusal {
  const line = lines.find((l) => l.article.id === articleId);
  if (!line || !Number.isInteger(quantity) || quantity < 1) return lines;
  const refusal = quantity > line.quantity ? refusalOf(line.article, quantity) : null;
  if (refusal) return refusal;
  return lines.map((l) => (l.article.id === articleId ? { ...l, quantity } : l));
}

export const lineTotal = (line: SaleLine) => fromCents(toCents(line.unitPrice) * line.quantity);

export const saleTotal = (lines: SaleLine[]) =>
  fromCents(lines.reduce((sum, line) => sum + toCents(line.unitPrice) * line.quantity, 0));

export interface VatShare {
  rate: number;
  total: number;
  taxable: number;
  vat: number;
}

/** VAT per rate, worked back from the gross prices (highest rate first): for display only. */
export function vatShares(lines: SaleLine[]): VatShare[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    const rate = line.article.iva_percentage;
    byRate.set(rate, (byRate.get(rate) ?? 0) + toCents(line.unitPrice) * line.quantity);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, cents]) => {
      const taxable = Math.round(cents / (1 + rate / 100));
      return { rate, total: fromCents(cents), taxable: fromCents(taxable), vat: fromCents(cents - taxable) };
    });
}

export interface PaymentState {
  /** The payments to send, when they cover the total; null while they do not (or an amount is not one). */
  payments: CounterPayment[] | null;
  /** Cash to give back. */
  change: number;
  /** What is still missing. */
  missing: number;
  /** An amount typed that is not one, or a card part above the total. */
  invalid: boolean;
}

/**
 * How the customer pays `total`: a gift card's part first when one is given, then cash (with change), card (the
 * rest), or a card part and cash for the rest.
 */
export function paymentState(total: number, draft: PaymentDraft): PaymentState {
  const amount = (typed: string) => (typed.trim() === '' ? 0 : parseEuros(typed));
  const gift = amount(draft.giftPart ?? '');
  const giftCode = (draft.giftCode ?? '').trim();
  if (Number.isNaN(gift) || toCents(gift) > toCents(total) || (gift > 0 && giftCode === ''))
    return { payments: null, change: 0, missing: total, invalid: true };
  const giftPayments: CounterPayment[] =
    gift > 0 ? [{ method: 'gift_card', amount: fromCents(toCents(gift)), code: giftCode }] : [];
  const rest = paymentsFor(fromCents(toCents(total) - toCents(gift)), draft, amount);
  if (!rest.payments) return rest;
  const others = toCents(gift) === toCents(total) ? [] : rest.payments;
  return { ...rest, payments: [...giftPayments, ...others] };
}

function paymentsFor(total: number, draft: PaymentDraft, amount: (typed: string) => number): PaymentState {
  const due = toCents(total);
  if (draft.mode === 'card')
    return { payments: [{ method: 'card', amount: total }], change: 0, missing: 0, invalid: false };
  const cash = amount(draft.cashGiven);
  const card = draft.mode === 'mixed' ? amount(draft.cardPart) : 0;
  if (Number.isNaN(cash) || Number.isNaN(card) || toCents(card) > due)
    return { payments: null, change: 0, missing: due / 100, invalid: true };
  const paid = toCents(cash) + toCents(card);
  if (paid < due) return { payments: null, change: 0, missing: fromCents(due - paid), invalid: false };
  const payments: CounterPayment[] = [];
  if (card > 0) payments.push({ method: 'card', amount: fromCents(toCents(card)) });
  if (cash > 0 || card === 0) payments.push({ method: 'cash', amount: fromCents(toCents(cash)) });
  return { payments, change: fromCents(paid - due), missing: 0, invalid: false };
}

/** The POST /api/pos/sales body: each line by id, with its price and reason only when staff changed it. */
export function saleRequest(lines: SaleLine[], payments: CounterPayment[]): CounterSaleRequest {
  return {
    lines: lines.map((line) =>
      line.priceReason === null
        ? { article_id: line.article.id, quantity: line.quantity }
        : {
            article_id: line.article.id,
            quantity: line.quantity,
            unit_price: line.unitPrice,
            price_reason: line.priceReason,
          },
    ),
    payments,
  };
}

/**
 * The article a scanned or typed code names at once: the only one found, or the only one whose EAN or SKU is
 * exactly the code (a title search that finds several asks which).
 */
export function exactMatch(code: string, articles: CounterArticle[]): CounterArticle | null {
  if (articles.length === 1) return articles[0]!;
  const ean = normalEan(code.trim());
  const sku = code.trim().toLowerCase();
  const exact = articles.filter((a) => a.ean === ean || a.sku.toLowerCase() === sku);
  return exact.length === 1 ? exact[0]! : null;
}

/** Cash quick buttons: the exact amount, then the notes that cover the total. */
export const QUICK_NOTES = [10, 20, 50] as const;
