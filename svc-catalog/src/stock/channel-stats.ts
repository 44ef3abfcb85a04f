import { sql } from 'drizzle-orm';
import { centsToEuros, SalesChannel, type VisitStats } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { stockMovements } from '../db/schema';

const t = stockMovements;
const ZONE = sql.raw(`'Europe/Rome'`);
const localDay = sql`(${t.createdAt} at time zone ${ZONE})::date`;
const today = sql`(now() at time zone ${ZONE})::date`;

/**
 * The units each channel took out of the stock this month and this year (docs/product/counter.md#stock-ledger):
 * its sales less the units that came back (an unpaid order released, a return), and what staff recorded as paid
 * for the sales made elsewhere. Every channel is listed, those with nothing at 0.
 */
export async function unitsByChannel(db: Db): Promise<VisitStats['units_by_channel']> {
  const result = (await db.execute(
    sql`select ${t.channel} as channel,
               coalesce(-sum(${t.delta}) filter (where ${localDay} >= date_trunc('month', ${today})::date), 0)::int
                 as month_units,
               coalesce(-sum(${t.delta}), 0)::int as year_units,
               (sum(${t.amountCents}) filter (where ${localDay} >= date_trunc('month', ${today})::date))::int
                 as month_amount
          from ${t}
         where ${t.channel} is not null and ${t.reason} in ('sale', 'release', 'return')
           and ${localDay} >= date_trunc('year', ${today})::date
         group by ${t.channel}`,
  )) as unknown as {
    rows: { channel: string; month_units: number; year_units: number; month_amount: number | null }[];
  };
  const byChannel = new Map(result.rows.map((row) => [row.channel, row]));
  return SalesChannel.options.map((channel) => {
    const row = byChannel.get(channel);
    return {
      channel,
      month_units: row?.month_units ?? 0,
      year_units: row?.year_units ?? 0,
      month_amount: row?.month_amount == null ? null : centsToEuros(row.month_amount),
    };
  });
}
