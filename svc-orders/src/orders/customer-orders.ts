import { desc, eq } from 'drizzle-orm';
import { centsToEuros, type CustomerOrder } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { orderRecords } from '../db/schema';

/** The orders of one customer, newest first, as the profile's 'I Miei Ordini' lists them. */
export async function ordersOfCustomer(db: Db, customerId: string): Promise<CustomerOrder[]> {
  const rows = await db
    .select()
    .from(orderRecords)
    .where(eq(orderRecords.customerId, customerId))
    .orderBy(desc(orderRecords.createdAt));
  return rows.map((row) => ({
    id: row.id,
    order_date: row.orderDate.toISOString(),
    created_at: row.createdAt.toISOString(),
    status: row.status,
    total_amount: centsToEuros(row.totalCents),
    discount_code: row.discountCode,
    discount_amount: centsToEuros(row.discountCents),
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    items: row.items.map((line) => ({
      article_id: line.article_id,
      title: line.title ?? null,
      quantity: line.quantity,
    })),
    tracking_number: row.trackingNumber,
    packlink_data: row.packlinkData
      ? {
          tracking_number: row.packlinkData.tracking_number ?? null,
          carrier_name: row.packlinkData.carrier_name ?? null,
        }
      : null,
    invoice_number: row.invoiceData?.invoice_issued ? row.invoiceData.invoice_number : null,
  }));
}
