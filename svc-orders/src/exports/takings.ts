import { and, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { EXEMPT_NATURA, orderVatSummary, spreadInProportion } from '../invoices/document';
import { italianDate, romeDay, romeDayStart } from '../orders/rome-time';
import { decimalComma, paymentMethodLabel } from './italian-csv';
import { keysetBatches } from './keyset';

const t = orderRecords;

export const TAKINGS_CSV_HEADER = [
  'Data',
  'Aliquota IVA',
  'Metodo di pagamento',
  'Imponibile',
  'IVA',
  'Totale',
  'Rimborsato',
  'Canale',
];

const CHANNEL_LABELS = { web: 'Web', counter: 'Banco', ebay: 'eBay' } as const;

export const takingsCsvFilename = (month: string) => `incassi-${month}.csv`;

/**
 * Which orders are takings: those whose money was taken for real — payment_status paid, refunding,
 * partially_refunded or refunded (a provider's payment of the whole total, or a bank transfer staff recorded), and
 * not a demo payment (no money moved). Pending, failed and demo orders are not takings, whatever their status.
 * The day of the takings is the day the money came: the day a transfer was received (as staff recorded it), else
 * the day of the order (an online payment is taken at the checkout). A refund counts on the day the provider
 * confirmed it (refunded_at), in the month it falls in, spread over the order's rates in proportion to their gross.
 * The figures per rate are the invoice's (orderVatSummary): shipping follows the rate of the order's main goods.
 * The same orders paid in demo mode (`demo: true`) are what the payment statistics show apart as demo.
 */
const moneyTaken = (demo: boolean) =>
  and(
    inArray(t.paymentStatus, ['paid', 'refunding', 'partially_refunded', 'refunded']),
    eq(t.paymentDemo, demo),
  );

/**
 * One fact of the takings, per VAT rate: an order's money taken on a day (`taken`, gross = taxable + vat), or
 * part of a refund given back on a day (`refund`, gross is what went back). The takings export and the payment
 * statistics both add these up (docs/decisions/0034-payment-statistics-and-reset.md).
 */
export interface TakingsFact {
  kind: 'taken' | 'refund';
  orderId: string;
  /** Where it was sold: the web shop, the counter or eBay. */
  channel: 'web' | 'counter' | 'ebay';
  day: string;
  rate: number;
  method: string;
  taxable: number;
  vat: number;
  gross: number;
}

/**
 * The takings facts whose day falls in [from, to) (Rome days, YYYY-MM-DD), in batches; demo payments instead of
 * real ones with `demo`. Orders are read in keyset batches.
 */
export async function* takingsFacts(
  db: Db,
  from: string,
  to: string,
  { demo = false }: { demo?: boolean } = {},
): AsyncGenerator<TakingsFact[]> {
  const start = romeDayStart(from);
  const end = romeDayStart(to);
  const receivedOn = sql`${t.transferPayment}->>'received_on'`;
  const where = and(
    moneyTaken(demo),
    or(
      and(ne(t.paymentMethod, 'transfer'), gte(t.createdAt, start), lt(t.createdAt, end)),
      and(eq(t.paymentMethod, 'transfer'), sql`${receivedOn} >= ${from}`, sql`${receivedOn} < ${to}`),
      and(gte(t.refundedAt, start), lt(t.refundedAt, end)),
    ),
  );
  const select = {
    id: t.id,
    channel: t.channel,
    createdAt: t.createdAt,
    paymentMethod: t.paymentMethod,
    transferPayment: t.transferPayment,
    items: t.items,
    shippingCents: t.shippingCents,
    refundedCents: t.refundedCents,
    refundedAt: t.refundedAt,
  };
  for await (const batch of keysetBatches(db, select, where, 'oldest', 500)) {
    const facts: TakingsFact[] = [];
    for (const order of batch) {
      const parts = orderVatSummary(order).sort((a, b) => a.rate - b.rate);
      const method = order.paymentMethod;
      const takenDay =
        method === 'transfer' && order.transferPayment
          ? order.transferPayment.received_on
          : romeDay(order.createdAt);
      if (takenDay >= from && takenDay < to) {
        for (const part of parts)
          facts.push({
            kind: 'taken',
            orderId: order.id,
            channel: order.channel,
            day: takenDay,
            rate: part.rate,
            method,
            taxable: part.taxableCents,
            vat: part.taxCents,
            gross: part.taxableCents + part.taxCents,
          });
      }
      const refunded = order.refundedCents ?? 0;
      if (refunded > 0 && order.refundedAt) {
        const refundDay = romeDay(order.refundedAt);
        if (refundDay >= from && refundDay < to) {
          const shares = spreadInProportion(
            refunded,
            parts.map((part) => part.taxableCents + part.taxCents),
          );
          parts.forEach((part, i) =>
            facts.push({
              kind: 'refund',
              orderId: order.id,
              channel: order.channel,
              day: refundDay,
              rate: part.rate,
              method,
              taxable: 0,
              vat: 0,
              gross: shares[i]!,
            }),
          );
        }
      }
    }
    yield facts;
  }
}

interface Bucket {
  day: string;
  channel: 'web' | 'counter' | 'ebay';
  rate: string;
  method: string;
  taxable: number;
  vat: number;
  gross: number;
  refunded: number;
}

const rateLabel = (rate: number) => (rate === 0 ? EXEMPT_NATURA : `${rate}%`);

/** The first day of the month after YYYY-MM, YYYY-MM-DD. */
export function nextMonthFirst(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/**
 * GET /api/exports/takings.csv?month=YYYY-MM: per day, per channel (web, counter or eBay), per VAT rate (or Natura), per
 * payment method, the taxable amount, the VAT, the gross and what was refunded, days in order.
 */
export async function takingsRows(db: Db, month: string): Promise<string[][]> {
  const buckets = new Map<string, Bucket>();
  for await (const facts of takingsFacts(db, `${month}-01`, nextMonthFirst(month))) {
    for (const fact of facts) {
      const key = `${fact.day}|${fact.channel}|${fact.rate}|${fact.method}`;
      let b = buckets.get(key);
      if (!b) {
        b = {
          day: fact.day,
          channel: fact.channel,
          rate: rateLabel(fact.rate),
          method: fact.method,
          taxable: 0,
          vat: 0,
          gross: 0,
          refunded: 0,
        };
        buckets.set(key, b);
      }
      if (fact.kind === 'taken') {
        b.gross += fact.gross;
        b.taxable += fact.taxable;
        b.vat += fact.vat;
      } else b.refunded += fact.gross;
    }
  }
  const ordered = [...buckets.values()].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      b.channel.localeCompare(a.channel) ||
      a.rate.localeCompare(b.rate, 'en', { numeric: true }) ||
      a.method.localeCompare(b.method),
  );
  return ordered.map((b) => [
    italianDate(b.day),
    b.rate,
    paymentMethodLabel(b.method),
    decimalComma(b.taxable),
    decimalComma(b.vat),
    decimalComma(b.gross),
    decimalComma(b.refunded),
    CHANNEL_LABELS[b.channel],
  ]);
}

/** The takings as one batch for streamCsv (a month holds a few thousand rows at most: days × rates × methods). */
export async function* takingsCsvRows(db: Db, month: string): AsyncGenerator<string[][]> {
  yield await takingsRows(db, month);
}
