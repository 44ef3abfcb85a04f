import { sql, type SQL } from 'drizzle-orm';
import { centsToEuros, type PaymentStats } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { orderRecords } from '../db/schema';

/** Months and years are the shop's, in Naples. */
const ZONE = sql.raw(`'Europe/Rome'`);
const localDate = sql`(${orderRecords.orderDate} at time zone ${ZONE})`;
const now = sql`(now() at time zone ${ZONE})`;
const thisMonth = sql`date_trunc('month', ${now})`;
const previousMonth = sql`(date_trunc('month', ${now}) - interval '1 month')`;
const thisYear = sql`date_trunc('year', ${now})`;
/** An order counts once it was paid; a refund takes its money back out of the revenue. */
const paid = sql`${orderRecords.paymentStatus} in ('paid', 'refunding', 'refunded')`;
const revenue = sql`(${orderRecords.totalCents} - coalesce(${orderRecords.refundedCents}, 0))`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers (pg and PGlite) answer raw SQL with `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * SPEC §3 payment statistics for this month and this year, per payment method; with, for the charts, the
 * previous month's figures and each day's revenue of this month beside the same day of the previous one.
 */
export async function paymentStats(db: Db): Promise<PaymentStats> {
  const inMonth = sql`date_trunc('month', ${localDate}) = ${thisMonth}`;
  const inPreviousMonth = sql`date_trunc('month', ${localDate}) = ${previousMonth}`;
  const inYear = sql`date_trunc('year', ${localDate}) = ${thisYear}`;
  const [period] = await rows<{ month: number; year: number; days: number }>(
    db,
    sql`select extract(month from ${now})::int as month, extract(year from ${now})::int as year,
               extract(day from (${thisMonth} + interval '1 month' - interval '1 day'))::int as days`,
  );
  const methods = await rows<{
    method: string;
    month_count: number;
    month_cents: number;
    year_count: number;
    year_cents: number;
    previous_count: number;
    previous_cents: number;
  }>(
    db,
    sql`select ${orderRecords.paymentMethod} as method,
               (count(*) filter (where ${inMonth}))::int as month_count,
               coalesce(sum(${revenue}) filter (where ${inMonth}), 0)::int as month_cents,
               (count(*) filter (where ${inYear}))::int as year_count,
               coalesce(sum(${revenue}) filter (where ${inYear}), 0)::int as year_cents,
               (count(*) filter (where ${inPreviousMonth}))::int as previous_count,
               coalesce(sum(${revenue}) filter (where ${inPreviousMonth}), 0)::int as previous_cents
          from ${orderRecords}
         where ${paid} and ${localDate} >= least(${thisYear}, ${previousMonth})
         group by ${orderRecords.paymentMethod}
         order by year_cents desc, method`,
  );
  const days = await rows<{ day: number; cents: number; previous_cents: number }>(
    db,
    sql`select extract(day from ${localDate})::int as day,
               coalesce(sum(${revenue}) filter (where ${inMonth}), 0)::int as cents,
               coalesce(sum(${revenue}) filter (where ${inPreviousMonth}), 0)::int as previous_cents
          from ${orderRecords}
         where ${paid} and ${localDate} >= ${previousMonth}
         group by 1`,
  );
  const byDay = new Map(days.map((d) => [d.day, d]));
  const sum = (pick: (m: (typeof methods)[number]) => number) => methods.reduce((t, m) => t + pick(m), 0);
  const daysInMonth = period?.days ?? 31;
  return {
    current_month: period?.month ?? 1,
    current_year: period?.year ?? 1970,
    total_orders_this_month: sum((m) => m.month_count),
    total_revenue_this_month: centsToEuros(sum((m) => m.month_cents)),
    total_orders_this_year: sum((m) => m.year_count),
    total_revenue_this_year: centsToEuros(sum((m) => m.year_cents)),
    payment_methods: methods
      .filter((m) => m.month_count > 0 || m.year_count > 0)
      .map((m) => ({
        payment_method: m.method,
        monthly_count: m.month_count,
        monthly_amount: centsToEuros(m.month_cents),
        yearly_count: m.year_count,
        yearly_amount: centsToEuros(m.year_cents),
      })),
    total_orders_previous_month: sum((m) => m.previous_count),
    total_revenue_previous_month: centsToEuros(sum((m) => m.previous_cents)),
    revenue_by_day: Array.from({ length: daysInMonth }, (_, i) => ({
      day: i + 1,
      amount: centsToEuros(byDay.get(i + 1)?.cents ?? 0),
      previous_amount: centsToEuros(byDay.get(i + 1)?.previous_cents ?? 0),
    })),
  };
}
