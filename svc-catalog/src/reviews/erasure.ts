import { eq, sql } from 'drizzle-orm';
import { ERASED_REVIEW_AUTHOR, erasedCustomerEmail, type EventData } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { purchases, reviews } from '../db/schema';

/**
 * An erased customer's reviews stay, under the name "Cliente" and without the address; the purchases that made them
 * verified lose the address too (docs/product/account.md#erasure). Answers whether a review changed. Done twice,
 * the second finds nothing.
 */
export async function eraseReviewer(db: Db, erased: EventData<'customer.erased'>): Promise<boolean> {
  const email = erased.email.trim().toLowerCase();
  const pseudonym = erasedCustomerEmail(erased.customer_id);
  const changed = await db
    .update(reviews)
    .set({ customerName: ERASED_REVIEW_AUTHOR, customerEmail: pseudonym })
    .where(eq(sql`lower(trim(${reviews.customerEmail}))`, email))
    .returning({ id: reviews.id });
  await db
    .update(purchases)
    .set({ customerEmail: pseudonym })
    .where(eq(sql`lower(trim(${purchases.customerEmail}))`, email));
  return changed.length > 0;
}
