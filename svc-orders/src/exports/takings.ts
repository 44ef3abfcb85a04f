import { and, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { EXEMPT_NATURA, orderVatSummary, spreadInProportion } from '../invoices/document';
import { italianDate, romeDay, romeDayStart } from '../orders/rome-time';
import { decimalComma, PAYMENT_METHOD_LABELS } from './italian-csv';
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
];

export const takingsCsvFilename = (month: string) => `incassi-${month}.csv`;

/**
 * Which orders are takings: those whose money was taken for real — payment_status paid, refunding,
 * partially_refunded or refunded (a provider's payment of the whole total, or a bank transfer staff recorded), and
 * not a demo payment (no money moved). Pending, failed and demo orders are not takings, whatever their status.
 * The day of the takings is the day the money came: the day a transfer was received (as staff recorded it), else
 * the day of the order (an online payment is taken at the checkout). A refund counts on the day the provider
 * confirmed it (refunded_at), in the month it falls in, spread over the order's rates in proportion to their gross.
 * The figures per rate are the invoice's (orderVatSummary): shipping follows the rate of the order's main goods.
 */
const moneyTaken = and(
  inArray(t.paymentStatus, ['paid', 'refunding', 'partially_refunded', 'refunded']),
  eq(t.paymentDemo, false),
);

interface Bucket {
  day: string;
  rate: string;
  method: string;
  taxable: number;
  vat: number;
  gross: number;
  refunded: number;
}

const rateLabel = (rate: number) => (rate === 0 ? EXEMPT_NATURA : `${rate}%`);

/**
 * GET /api/exports/takings.csv?month=YYYY-MM: per day, per VAT rate (or Natura), per payment method, the taxable
 * amount, the VAT, the gross and what was refunded, days in order. Orders are read in keyset batches.
 */
export async function takingsRows(db: Db, month: string): Promise<string[][]> {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const nextFirst = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  const start = romeDayStart(first);
  const end = romeDayStart(nextFirst);
  const receivedOn = sql`${t.transferPayment}->>'received_on'`;
  const where = and(
    moneyTaken,
    or(
      and(ne(t.paymentMethod, 'transfer'), gte(t.createdAt, start), lt(t.createdAt, end)),
      and(eq(t.paymentMethod, 'transfer'), sql`${receivedOn} >= ${first}`, sql`${receivedOn} < ${nextFirst}`),
      and(gte(t.refundedAt, start), lt(t.refundedAt, end)),
    ),
  );
  const buckets = new Map<string, Bucket>();
  const bucket = (day: string, rate: number, method: string) => {
    const key = `${day}|${rate}|${method}`;
    let b = buckets.get(key);
    if (!b) {
      b = { day, rate: rateLabel(rate), method, taxable: 0, vat: 0, gross: 0, refunded: 0 };
      buckets.set(key, b);
    }
    return b;
  };
  const select = {
    createdAt: t.createdAt,
    paymentMethod: t.paymentMethod,
    transferPayment: t.transferPayment,
    items: t.items,
    shippingCents: t.shippingCents,
    refundedCents: t.refundedCents,
    refundedAt: t.refundedAt,
  };
  for await (const batch of keysetBatches(db, select, where, 'oldest', 500)) {
    for (const order of batch) {
      const parts = orderVatSummary(order).sort((a, b) => a.rate - b.rate);
      const takenDay =
        order.paymentMethod === 'transfer' && order.transferPayment
          ? order.transferPayment.received_on
          : romeDay(order.createdAt);
      if (takenDay >= first && takenDay < nextFirst) {
        for (const part of parts) {
          const b = bucket(takenDay, part.rate, order.paymentMethod);
          b.gross += part.taxableCents + part.taxCents;
          b.taxable += part.taxableCents;
          b.vat += part.taxCents;
        }
      }
      const refunded = order.refundedCents ?? 0;
      if (refunded > 0 && order.refundedAt) {
        const refundDay = romeDay(order.refundedAt);
        if (refundDay >= first && refundDay < nextFirst) {
          const shares = spreadInProportion(
            refunded,
            parts.map((part) => part.taxableCents + part.taxCents),
          );
          parts.forEach(
            (part, i) => (bucket(refundDay, part.rate, order.paymentMethod).refunded += shares[i]!),
          );
        }
      }
    }
  }
  const ordered = [...buckets.values()].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      a.rate.localeCompare(b.rate, 'en', { numeric: true }) ||
      a.method.localeCompare(b.method),
  );
  return ordered.map((b) => [
    italianDate(b.day),
    b.rate,
    PAYMENT_METHOD_LABELS[b.method as PaymentMethod] ?? b.method,
    decimalComma(b.taxable),
    decimalComma(b.vat),
    decimalComma(b.gross),
    decimalComma(b.refunded),
  ]);
}

/** The takings as one batch for streamCsv (a month holds a few thousand rows at most: days × rates × methods). */
export async function* takingsCsvRows(db: Db, month: string): AsyncGenerator<string[][]> {
  yield await takingsRows(db, month);
}
