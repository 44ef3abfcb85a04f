import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  centsToEuros,
  orderReference,
  type CounterReceipt,
  type CounterSale,
  type CounterStatus,
  type RtMode,
} from '@edicola/contracts';
import { notFound, type Db } from '@edicola/platform';
import {
  counterClosures,
  counterReturns,
  counterSales,
  orderRecords,
  type CounterReturnRow,
  type CounterSaleRow,
  type StoredReceipt,
} from '../db/schema';
import { nextDay, romeDayStart, romeToday } from '../orders/rome-time';
import { vatByRate } from './amounts';

type OrderRow = typeof orderRecords.$inferSelect;

const receiptView = (mode: RtMode, receipt: StoredReceipt | null): CounterReceipt => ({
  mode,
  serial: receipt?.serial ?? null,
  document_number: receipt?.document_number ?? null,
  z_number: receipt?.z_number ?? null,
  printed_at: receipt?.printed_at ?? null,
});

function saleView(order: OrderRow, sale: CounterSaleRow, returns: CounterReturnRow[]): CounterSale {
  const returned = new Map<string, number>();
  for (const ret of returns)
    for (const line of ret.lines)
      returned.set(line.article_id, (returned.get(line.article_id) ?? 0) + line.quantity);
  return {
    id: order.id,
    reference: orderReference(order.id),
    status: sale.state,
    cashier: sale.cashier,
    created_at: sale.createdAt.toISOString(),
    lines: order.items.map((item) => {
      const change = sale.priceChanges[item.article_id];
      return {
        article_id: item.article_id,
        sku: item.sku ?? '',
        title: item.title ?? '',
        quantity: item.quantity,
        unit_price: centsToEuros(item.unit_gross_cents ?? 0),
        iva_percentage: item.iva_percentage ?? 0,
        line_total: centsToEuros(item.line_total_cents ?? 0),
        price_change: change
          ? { list_price: centsToEuros(change.list_gross_cents), reason: change.reason }
          : null,
        returned_quantity: returned.get(item.article_id) ?? 0,
      };
    }),
    total: centsToEuros(order.totalCents),
    vat: vatByRate(
      order.items.map((item) => ({
        gross_cents: item.line_total_cents ?? 0,
        iva_percentage: item.iva_percentage ?? 0,
      })),
    ),
    payments: sale.payments.map((p) => ({ method: p.method, amount: centsToEuros(p.amount_cents) })),
    change: centsToEuros(sale.changeCents),
    receipt: receiptView(sale.rtMode, sale.receipt),
    problem: sale.state === 'printing' ? sale.problem : null,
    returns: returns.map((ret) => ({
      id: ret.id,
      kind: ret.kind,
      created_at: ret.createdAt.toISOString(),
      cashier: ret.cashier,
      lines: ret.lines.map((line) => ({
        article_id: line.article_id,
        title: line.title,
        quantity: line.quantity,
      })),
      amount: centsToEuros(ret.amountCents),
      refund_method: ret.refundMethod,
      receipt: receiptView(sale.rtMode, ret.receipt),
    })),
    refunded: centsToEuros(order.refundedCents ?? 0),
  };
}

async function salesWhere(db: Db, where: SQL | undefined): Promise<CounterSale[]> {
  const rows = await db
    .select({ order: orderRecords, sale: counterSales })
    .from(counterSales)
    .innerJoin(orderRecords, eq(orderRecords.id, counterSales.orderId))
    .where(where)
    .orderBy(desc(counterSales.createdAt));
  if (rows.length === 0) return [];
  const returns = await db
    .select()
    .from(counterReturns)
    .where(
      inArray(
        counterReturns.orderId,
        rows.map((row) => row.sale.orderId),
      ),
    )
    .orderBy(asc(counterReturns.createdAt));
  return rows.map(({ order, sale }) =>
    saleView(
      order,
      sale,
      returns.filter((ret) => ret.orderId === sale.orderId),
    ),
  );
}

/** GET /api/pos/sales/{id}: 404 for an id that is not a counter sale. */
export async function counterSale(db: Db, id: string): Promise<CounterSale> {
  const [sale] = await salesWhere(db, eq(counterSales.orderId, id));
  if (!sale) throw notFound('Vendita non trovata');
  return sale;
}

/** GET /api/pos/sales?day=: the sales of a Rome day (today when absent), newest first. */
export async function counterSalesOf(db: Db, day = romeToday()) {
  const where = and(
    gte(counterSales.createdAt, romeDayStart(day)),
    lt(counterSales.createdAt, romeDayStart(nextDay(day))),
  );
  return { day, sales: await salesWhere(db, where) };
}

/** GET /api/pos/status. */
export async function counterStatus(db: Db, mode: RtMode, mayChangePrices: boolean): Promise<CounterStatus> {
  const [printing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(counterSales)
    .where(eq(counterSales.state, 'printing'));
  const [last] = await db
    .select({ at: counterClosures.closedAt })
    .from(counterClosures)
    .where(eq(counterClosures.state, 'closed'))
    .orderBy(desc(counterClosures.closedAt))
    .limit(1);
  return {
    rt_mode: mode,
    printing: printing?.n ?? 0,
    last_closure_at: last?.at?.toISOString() ?? null,
    may_change_prices: mayChangePrices,
  };
}
