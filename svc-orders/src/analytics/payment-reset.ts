import { asc, sql } from 'drizzle-orm';
import { centsToEuros, orderReference, PaymentResetKind, type PaymentResetPreview } from '@edicola/contracts';
import type { Database, Db, Jobs } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import type { PaymentDeadlines } from '../orders/deadlines';
import { RELEASE_STOCK_JOB } from '../stock/reservations';

const t = orderRecords;

/**
 * Which test orders the reset deletes, and why (docs/decisions/0034-payment-statistics-and-reset.md): those paid in
 * demo mode (no money moved), those never paid whose payment deadline has passed (an order stored before deadlines
 * existed is due counted from its creation, as the sweeper counts it), and those cancelled without ever being paid.
 * Never an order with an invoice issued or that was shipped (status shipped or delivered, or a shipment or tracking
 * number): Italian law keeps invoiced ones 10 years, and goods went out; never a counter sale (its receipt is the
 * RT's). A transfer staff recorded is a payment.
 * One SQL expression for the preview and the delete, evaluated at `now`: null when the order stays.
 */
function kindOf(now: Date, deadlines: PaymentDeadlines) {
  const due = sql`coalesce(${t.paymentDueAt}, ${t.createdAt} + case when ${t.paymentMethod} = 'transfer'
      then make_interval(days => ${deadlines.transferDays}::int)
      else make_interval(mins => ${deadlines.onlineMinutes}::int) end)`;
  const neverPaid = sql`${t.paymentStatus} in ('pending', 'failed') and not ${t.paymentDemo}
      and ${t.transferPayment} is null`;
  // A counter sale is a fiscal document of the RT's: never test data.
  const kept = sql`${t.channel} = 'counter' or coalesce((${t.invoiceData} ->> 'invoice_issued')::boolean, false)
      or ${t.status} in ('shipped', 'delivered')
      or ${t.packlinkShipmentId} is not null or ${t.trackingNumber} is not null`;
  return sql<PaymentResetKind | null>`case
      when ${kept} then null
      when ${t.paymentDemo} then 'demo_paid'
      when ${neverPaid} and ${t.status} = 'cancelled' then 'cancelled_unpaid'
      when ${neverPaid} and ${t.status} = 'pending' and ${due} <= ${now.toISOString()}::timestamptz
        then 'unpaid_expired'
    end`;
}

/** What the reset would delete at `now`: the counts per kind and the orders, oldest first. */
export async function previewPaymentReset(
  db: Db,
  deadlines: PaymentDeadlines,
  now = new Date(),
): Promise<PaymentResetPreview> {
  const kind = kindOf(now, deadlines);
  const rows = await db
    .select({
      id: t.id,
      kind,
      createdAt: t.createdAt,
      customerInfo: t.customerInfo,
      paymentMethod: t.paymentMethod,
      totalCents: t.totalCents,
    })
    .from(t)
    .where(sql`${kind} is not null`)
    .orderBy(asc(t.createdAt), asc(t.id));
  const counts = Object.fromEntries(PaymentResetKind.options.map((k) => [k, 0])) as Record<
    PaymentResetKind,
    number
  >;
  for (const row of rows) counts[row.kind!] += 1;
  return {
    total_orders: rows.length,
    counts,
    orders: rows.map((row) => ({
      id: row.id,
      reference: orderReference(row.id),
      kind: row.kind!,
      created_at: row.createdAt.toISOString(),
      customer_name: typeof row.customerInfo.name === 'string' ? row.customerInfo.name : '',
      payment_method: row.paymentMethod,
      total: centsToEuros(row.totalCents),
    })),
  };
}

/**
 * Deletes the orders the preview lists, its rule applied again in the deleting statement at `now`, so an order paid,
 * invoiced or shipped since the preview stays. The stock a deleted order still holds is given back by a job after
 * the commit.
 */
export async function resetPaymentData(
  database: Database,
  jobs: Jobs,
  deadlines: PaymentDeadlines,
  now = new Date(),
): Promise<number> {
  const deleted = await database.db.transaction(async (tx) => {
    const rows = await tx
      .delete(t)
      .where(sql`${kindOf(now, deadlines)} is not null`)
      .returning({ id: t.id });
    for (const { id } of rows)
      await jobs.enqueue(tx, RELEASE_STOCK_JOB, { order_id: id }, { key: `reset:${id}` });
    return rows.length;
  });
  return deleted;
}
