import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { centsToEuros, NOTHING_TO_CLOSE_DETAIL, type CounterClosure, type RtMode } from '@edicola/contracts';
import { conflict, HttpError, type Database } from '@edicola/platform';
import {
  counterClosures,
  counterReturns,
  counterSales,
  orderRecords,
  type CounterClosureRow,
} from '../db/schema';
import { romeDay } from '../orders/rome-time';
import { vatByRate } from './amounts';
import { beginAttempt } from './printing';
import { RtRefused, type FiscalPrinter } from './rt/fiscal-printer';
import type { Cashier } from './sales';

export const PRINTING_BEFORE_CLOSURE_DETAIL =
  'Ci sono documenti in attesa della stampante fiscale: la chiusura si fa quando sono stampati';

type Summary = Omit<CounterClosure, 'id' | 'day' | 'closed_at' | 'cashier' | 'rt_mode' | 'z_number'>;

/** The totals of the sales and returns a closure counts: per payment method and per VAT rate. */
async function summaryOf(database: Database, closureId: string): Promise<Summary> {
  const db = database.db;
  const sales = await db
    .select({ payments: counterSales.payments, change: counterSales.changeCents, items: orderRecords.items })
    .from(counterSales)
    .innerJoin(orderRecords, eq(orderRecords.id, counterSales.orderId))
    .where(eq(counterSales.closureId, closureId));
  const returns = await db.select().from(counterReturns).where(eq(counterReturns.closureId, closureId));
  const methods = { cash: { sales: 0, returns: 0 }, card: { sales: 0, returns: 0 } };
  const gross: { gross_cents: number; iva_percentage: number }[] = [];
  for (const sale of sales) {
    // A gift card brings no money into the till: it was paid when the card was issued.
    for (const p of sale.payments) if (p.method !== 'gift_card') methods[p.method].sales += p.amount_cents;
    // The change went back out of the drawer: cash takings are what stayed in it.
    methods.cash.sales -= sale.change;
    for (const item of sale.items)
      gross.push({ gross_cents: item.line_total_cents!, iva_percentage: item.iva_percentage! });
  }
  for (const ret of returns) {
    methods[ret.refundMethod].returns += ret.amountCents;
    for (const line of ret.lines)
      gross.push({ gross_cents: -line.amount_cents, iva_percentage: line.iva_percentage });
  }
  const totalSales = methods.cash.sales + methods.card.sales;
  const totalReturns = methods.cash.returns + methods.card.returns;
  return {
    sales_count: sales.length,
    returns_count: returns.length,
    by_method: (['cash', 'card'] as const).map((method) => ({
      method,
      sales: centsToEuros(methods[method].sales),
      returns: centsToEuros(methods[method].returns),
      net: centsToEuros(methods[method].sales - methods[method].returns),
    })),
    by_vat: vatByRate(gross),
    total_sales: centsToEuros(totalSales),
    total_returns: centsToEuros(totalReturns),
    net: centsToEuros(totalSales - totalReturns),
  };
}

export function toClosure(row: CounterClosureRow): CounterClosure {
  const summary = row.summary as Summary;
  return {
    id: row.id,
    day: row.day,
    closed_at: (row.closedAt ?? row.createdAt).toISOString(),
    cashier: row.cashier,
    rt_mode: row.rtMode,
    z_number: row.zNumber,
    ...summary,
  };
}

/**
 * POST /api/pos/closures (docs/product/counter.md#closure): every completed sale and return not closed yet is
 * counted in a new closure (in one transaction, so a sale made meanwhile goes to the next one), then the RT prints
 * its Z report, once, under the closure's id. A closure whose Z report failed stays `closing` and is the one the
 * next call finishes. Refused while a document waits for the printer, and when there is nothing to close.
 */
export async function closeDay(
  deps: { database: Database; printer: FiscalPrinter | null; mode: RtMode },
  cashier: Cashier,
): Promise<CounterClosure> {
  const db = deps.database.db;
  const [open] = await db.select().from(counterClosures).where(eq(counterClosures.state, 'closing'));
  let closure = open;
  if (!closure) {
    closure = await db.transaction(async (tx) => {
      const printing = await tx
        .select({ id: counterSales.orderId })
        .from(counterSales)
        .where(and(isNull(counterSales.closureId), eq(counterSales.state, 'printing')));
      const printingReturns = await tx
        .select({ id: counterReturns.id })
        .from(counterReturns)
        .where(and(isNull(counterReturns.closureId), eq(counterReturns.state, 'printing')));
      if (printing.length + printingReturns.length > 0) throw conflict(PRINTING_BEFORE_CLOSURE_DETAIL);
      const id = randomUUID();
      const now = new Date();
      const [row] = await tx
        .insert(counterClosures)
        .values({
          id,
          day: romeDay(now),
          rtMode: deps.mode,
          state: 'closing',
          cashier: cashier.username,
          createdAt: now,
        })
        .returning();
      const sales = await tx
        .update(counterSales)
        .set({ closureId: id })
        .where(and(isNull(counterSales.closureId), eq(counterSales.state, 'completed')))
        .returning({ id: counterSales.orderId });
      const returns = await tx
        .update(counterReturns)
        .set({ closureId: id })
        .where(and(isNull(counterReturns.closureId), inArray(counterReturns.state, ['completed'])))
        .returning({ id: counterReturns.id });
      if (sales.length + returns.length === 0) throw conflict(NOTHING_TO_CLOSE_DETAIL);
      return row!;
    });
  }
  let zNumber: number | null = null;
  let raw: { request: string; response: string } | null = null;
  if (deps.printer && closure.rtMode !== 'off') {
    try {
      const attempt = await beginAttempt(
        db,
        counterClosures,
        counterClosures.id,
        closure.id,
        closure.attempt,
      );
      const report = await deps.printer.dailyClosure({ reference: closure.id }, attempt);
      zNumber = report.zNumber;
      raw = { request: report.request, response: report.response };
    } catch (error) {
      const detail =
        error instanceof RtRefused
          ? `La stampante fiscale ha rifiutato la chiusura: ${error.message}`
          : 'La stampante fiscale non risponde: la chiusura resta in sospeso, riprova quando è raggiungibile';
      throw new HttpError(503, detail);
    }
  }
  const summary = await summaryOf(deps.database, closure.id);
  const [closed] = await db
    .update(counterClosures)
    .set({
      state: 'closed',
      zNumber,
      summary,
      rawRequest: raw?.request ?? null,
      rawResponse: raw?.response ?? null,
      closedAt: new Date(),
    })
    .where(eq(counterClosures.id, closure.id))
    .returning();
  return toClosure(closed!);
}

/** GET /api/pos/closures: the last 60 closures, newest first. */
export async function listClosures(database: Database): Promise<CounterClosure[]> {
  const rows = await database.db
    .select()
    .from(counterClosures)
    .where(eq(counterClosures.state, 'closed'))
    .orderBy(desc(counterClosures.createdAt))
    .limit(60);
  return rows.map(toClosure);
}
