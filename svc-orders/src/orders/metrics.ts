import { sql } from 'drizzle-orm';
import type { ServiceMetrics } from '@edicola/platform';
import { orderRecords as o } from '../db/schema';

type Rows = { rows: Record<string, unknown>[] };

/** Orders by status and payment state, and the takings of orders paid, read from the orders when scraped. */
export function registerOrderMetrics(metrics: ServiceMetrics): void {
  metrics.gaugeFromDatabase(
    'edicola_orders',
    'Orders by status, payment method and payment state',
    ['status', 'method', 'payment'],
    async (db) =>
      (
        (await db.execute(
          sql`select ${o.status} as status, ${o.paymentMethod} as method, ${o.paymentStatus} as payment,
                count(*)::int as n from ${o} group by 1, 2, 3`,
        )) as unknown as Rows
      ).rows.map((r) => ({
        labels: { status: String(r.status), method: String(r.method), payment: String(r.payment) },
        value: Number(r.n),
      })),
  );
  metrics.gaugeFromDatabase(
    'edicola_revenue_euros',
    'Takings of the orders whose payment was received, by payment method',
    ['method'],
    async (db) =>
      (
        (await db.execute(
          sql`select ${o.paymentMethod} as method, coalesce(sum(${o.totalCents}), 0)::bigint as cents
              from ${o} where ${o.paymentStatus} = 'paid' group by 1`,
        )) as unknown as Rows
      ).rows.map((r) => ({ labels: { method: String(r.method) }, value: Number(r.cents) / 100 })),
  );
}
