import { desc, eq } from 'drizzle-orm';
import { orderReference, type CustomerDataExport } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { toCustomer, type CustomerRow } from './mapping';

/**
 * What svc-orders holds of a customer (docs/product/account.md#data-export): the profile with its address and
 * invoice data, and every order of the account with the details given at checkout and its lines. Staff's notes on
 * the customer are the shop's, not the customer's data, and stay out.
 */
export async function customerDataExport(db: Db, account: CustomerRow): Promise<CustomerDataExport> {
  const rows = await db
    .select()
    .from(orderRecords)
    .where(eq(orderRecords.customerId, account.id))
    .orderBy(desc(orderRecords.createdAt));
  return {
    exported_at: new Date().toISOString(),
    profile: { ...toCustomer(account), created_at: account.createdAt.toISOString() },
    orders: rows.map((row) => ({
      id: row.id,
      order_reference: orderReference(row.id),
      order_date: row.orderDate.toISOString(),
      status: row.status,
      payment_method: row.paymentMethod,
      payment_status: row.paymentStatus,
      total_cents: row.totalCents,
      shipping_cents: row.shippingCents,
      customer_info: row.customerInfo,
      invoice_data: row.invoiceData ?? null,
      items: row.items.map((line) => ({
        article_id: line.article_id,
        title: line.title ?? null,
        quantity: line.quantity,
        unit_gross_cents: line.unit_gross_cents ?? null,
        line_total_cents: line.line_total_cents ?? null,
      })),
    })),
  };
}
