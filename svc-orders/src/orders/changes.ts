import { sql } from 'drizzle-orm';
import type { Db } from '@edicola/platform';
import { orderRecords } from '../db/schema';

const t = orderRecords;

/**
 * GET /api/orders/changes (docs/decisions/0061-order-list-work.md): a token that moves whenever an order is
 * created or changed, since every change goes through the order writer, which sets updated_at (a Packlink
 * tracking number, a payment, another staff member's action). The latest updated_at, to the microsecond, and how
 * many orders carry it: two reads of orders_updated_idx however many orders there are.
 */
export async function ordersVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({
      at: sql<string>`to_char(${t.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      n: sql<number>`count(*)::int`,
    })
    .from(t)
    .where(sql`${t.updatedAt} = (select max(${t.updatedAt}) from ${t})`)
    .groupBy(t.updatedAt);
  return row ? `${row.at}/${row.n}` : 'empty';
}
