import {
  centsToEuros,
  type EventData,
  type OrderDeposit,
  type PaymentIssue,
  type ReservedLine,
} from '@edicola/contracts';
import { HttpError, type Db, type EventBus } from '@edicola/platform';
import type { StoredOrderLine } from '../db/schema';
import { decimalComma } from '../exports/italian-csv';
import { moveOrder, type OrderRow } from '../orders/order-writer';
import type { PaymentOutcome } from '../orders/payment-state';
import { romeDate } from '../invoices/document';
import { takeNextNumber } from '../invoices/numbering';

/**
 * Pre-sale deposits (docs/decisions/0066-presale-deposits.md): a pre-order of an article that asks for a deposit
 * pays that share of its goods now and the rest, with the shipping, when its unit arrives. The deposit is decided
 * here from the article's percent at reservation time, never by the browser.
 */

/** A gift card pays orders in full: a deposit is paid by the payment method (docs/decisions/0066-presale-deposits.md). */
export const PRESALE_GIFT_CARD =
  'Il buono regalo non si usa per l’acconto di una prevendita: paga l’acconto con carta, PayPal, Klarna o bonifico';
export const PRESALE_ALONE =
  "Un articolo in prevendita con acconto si ordina da solo: completa prima quest'ordine, poi gli altri articoli";

/** What a new order stores when it is a pre-order with a deposit. */
export interface PresaleTerms {
  depositCents: number;
  presaleArticleId: string;
  presaleState: 'deposit_due';
}

/**
 * The deposit of an order's reserved lines: `goodsCents` (the goods after any discount, VAT included) times the
 * article's percent, rounded to the cent. Null when no line asks for one; a pre-sale with a deposit shares its order
 * with nothing else (its balance is asked when that one article arrives).
 */
export function presaleTermsOf(reserved: readonly ReservedLine[], goodsCents: number): PresaleTerms | null {
  const withDeposit = reserved.filter((line) => (line.deposit_percent ?? 0) > 0);
  if (withDeposit.length === 0) return null;
  if (reserved.length > 1) throw new HttpError(422, PRESALE_ALONE);
  const line = withDeposit[0]!;
  return {
    depositCents: Math.round((goodsCents * line.deposit_percent!) / 100),
    presaleArticleId: line.article_id,
    presaleState: 'deposit_due',
  };
}

export type PresaleRow = OrderRow & { depositCents: number };
export const isPresale = (row: OrderRow): row is PresaleRow => row.depositCents !== null;

export const balanceCentsOf = (row: PresaleRow) => row.totalCents - row.depositCents;

/** What a payment of the order must take now: its deposit, then its balance once a unit is its own. */
export function presaleAmountDue(row: OrderRow): { cents: number; kind: 'deposit' | 'balance' } | null {
  if (!isPresale(row)) return null;
  if (row.presaleState === 'deposit_due') return { cents: row.depositCents, kind: 'deposit' };
  if (row.presaleState === 'balance_due') return { cents: balanceCentsOf(row), kind: 'balance' };
  return null;
}

/** The pre-order's units: its one line's quantity. */
export const unitsOf = (items: readonly StoredOrderLine[]) =>
  items.reduce((sum, line) => sum + line.quantity, 0);

/** The order's deposit and balance as staff and the buyer see them. */
export function depositOf(row: OrderRow): OrderDeposit | null {
  if (!isPresale(row) || !row.presaleState) return null;
  return {
    state: row.presaleState,
    deposit_amount: centsToEuros(row.depositCents),
    deposit_paid_at: row.depositPaidAt?.toISOString() ?? null,
    balance_amount: centsToEuros(balanceCentsOf(row)),
    balance_due_at: row.balanceDueAt?.toISOString() ?? null,
    short_notified_at: row.shortNotifiedAt?.toISOString() ?? null,
    deposit_kept: row.depositKept,
    deposit_invoice_number: row.depositInvoice?.number ?? null,
  };
}

/** The deposit was paid and the order waits in line; a pre-order still to pay it or to pay its balance. */
export const depositTaken = (row: OrderRow) => isPresale(row) && row.depositPaidAt !== null;

function presaleIssue(row: PresaleRow, data: EventData<'payment.succeeded'>, when: Date): PaymentIssue {
  const due = presaleAmountDue(row);
  return {
    code: 'amount_mismatch',
    detail: `Il fornitore ha incassato ${decimalComma(data.captured_cents)} ${data.captured_currency} per un ordine in prevendita che ${due ? `attendeva ${decimalComma(due.cents)} EUR` : 'non attendeva pagamenti'}: da verificare e rimborsare`,
    payment_id: data.payment_id,
    captured_amount: centsToEuros(data.captured_cents),
    captured_currency: data.captured_currency,
    at: when.toISOString(),
  };
}

/**
 * The deposit's own invoice (TD02) when the buyer asked for invoices: the next number of the year's series, dated
 * the day it was paid (Europe/Rome); the balance's invoice (TD01) deducts it (invoices/document.ts).
 */
async function depositInvoiceFor(
  tx: Db,
  row: PresaleRow,
  paidAt: Date,
): Promise<{ number: string; date: string } | null> {
  if (!row.invoiceData?.requires_invoice) return null;
  const date = romeDate(paidAt);
  const number = await takeNextNumber(tx, {
    year: Number(date.slice(0, 4)),
    kind: 'invoice',
    orderId: row.id,
    issuedOn: date,
  });
  return { number, date };
}

/**
 * payment.succeeded for a pre-order (its row locked): the deposit puts it in line (`waiting`, no payment deadline
 * any more: it waits for a delivery); the balance of a unit it holds makes it paid. Any other amount, or money after
 * the order ended, is flagged for staff (payment_issue) without touching the line: a person refunds it.
 * `afterDeposit` gives the order a unit at once when a delivery left some free.
 */
export async function applyPresalePayment(
  tx: Db,
  bus: EventBus,
  row: PresaleRow,
  data: EventData<'payment.succeeded'>,
  afterDeposit: (tx: Db, order: OrderRow, at: Date) => Promise<void>,
): Promise<PaymentOutcome> {
  const when = new Date();
  const due = row.status === 'pending' ? presaleAmountDue(row) : null;
  const pays = due !== null && data.captured_cents === due.cents && data.captured_currency === 'EUR';
  if (!pays) {
    if (row.paymentIssue?.payment_id === data.payment_id) return 'unchanged';
    await moveOrder(tx, bus, row, { at: when, fields: { paymentIssue: presaleIssue(row, data, when) } });
    return 'unchanged';
  }
  if (due.kind === 'deposit') {
    const after = await moveOrder(tx, bus, row, {
      at: when,
      fields: {
        depositInvoice: await depositInvoiceFor(tx, row, when),
        presaleState: 'waiting',
        depositPaidAt: when,
        paymentDueAt: null,
        paymentIntentId: data.provider_payment_id,
        paymentDemo: data.demo,
      },
    });
    await afterDeposit(tx, after, when);
    return 'payment_recorded';
  }
  await moveOrder(tx, bus, row, {
    at: when,
    status: { to: 'paid', kind: 'payment' },
    fields: {
      presaleState: 'balance_paid',
      paymentStatus: 'paid',
      paymentIntentId: data.provider_payment_id,
      paymentDemo: data.demo,
    },
  });
  return 'paid';
}
