import { desc, eq } from 'drizzle-orm';
import {
  CustomerConsentsAnswer,
  CustomerReviewsAnswer,
  orderReference,
  ROUTES,
  type CustomerDataExport,
} from '@edicola/contracts';
import type { Db, InternalClient } from '@edicola/platform';
import { orderRecords } from '../db/schema';
import { toCustomer, type CustomerRow } from './mapping';

/** The reviews written under the e-mail, as svc-catalog keeps them. */
export async function reviewsWrittenBy(internal: InternalClient, email: string) {
  const answer = await internal.post('svc-catalog', ROUTES['POST /internal/customers/reviews'].path, {
    email,
  });
  return CustomerReviewsAnswer.parse(answer).reviews;
}

/** The consents given with the e-mail, as svc-notify keeps them. */
export async function consentsGivenBy(internal: InternalClient, email: string) {
  const answer = await internal.post('svc-notify', ROUTES['POST /internal/customers/consents'].path, {
    email,
  });
  return CustomerConsentsAnswer.parse(answer);
}

/**
 * A customer's data (docs/product/account.md#data-export): the profile with its address and invoice data, every
 * order of the account with the details given at checkout and its lines, the reviews written (svc-catalog) and the
 * consents given (svc-notify). Staff's notes on the customer are the shop's, not the customer's data, and stay out.
 * A service that does not answer fails the export (an incomplete one would say the shop holds less than it does).
 */
export async function customerDataExport(
  db: Db,
  internal: InternalClient,
  account: CustomerRow,
): Promise<CustomerDataExport> {
  const [reviews, consents] = await Promise.all([
    reviewsWrittenBy(internal, account.email),
    consentsGivenBy(internal, account.email),
  ]);
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
    reviews,
    consents,
  };
}
