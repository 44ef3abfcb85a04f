import { sql } from 'drizzle-orm';
import type { Database, Jobs } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { RELEASE_STOCK_JOB } from '../stock/reservations';

/**
 * Deletes the test orders of a shop about to go live: those never paid (payment pending or failed) and
 * those paid in demo mode (`payment_demo`: no money moved). An order paid for real (even if refunded since)
 * or with an invoice issued is kept: Italian law keeps them 10 years. The stock a deleted order still holds
 * is given back by a job after the commit.
 */
export async function resetPaymentData(database: Database, jobs: Jobs): Promise<number> {
  const deleted = await database.db.transaction(async (tx) => {
    const rows = await tx
      .delete(orderRecords)
      .where(
        sql`(${orderRecords.paymentStatus} in ('pending', 'failed') or ${orderRecords.paymentDemo})
            and coalesce((${orderRecords.invoiceData} ->> 'invoice_issued')::boolean, false) = false`,
      )
      .returning({ id: orderRecords.id });
    for (const { id } of rows)
      await jobs.enqueue(tx, RELEASE_STOCK_JOB, { order_id: id }, { key: `reset:${id}` });
    return rows.length;
  });
  if (deleted > 0) jobs.wake();
  return deleted;
}
