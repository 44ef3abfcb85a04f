import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { DISCOUNT_DETAILS } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { discountCodes, discountUses } from '../db/schema';
import { refuseCode, type DiscountRow } from './rules';

/**
 * The uses of a code (docs/decisions/0057-discount-codes.md): one per order, taken in the transaction that stores
 * the order by a conditional update (the row stays locked until the commit, so the last use goes to one order
 * only and the per-customer count is read after every earlier taker committed), given back in the transaction
 * that cancels the order while unpaid.
 */

/** The code of that name, whatever its case, or the 'unknown' refusal. */
export async function codeNamed(db: Db, code: string): Promise<DiscountRow> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, code.trim().toUpperCase()));
  if (!row) throw refuseCode(DISCOUNT_DETAILS.unknown);
  return row;
}

/** The uses of a code by an e-mail (compared lower-cased: a guest is their e-mail). */
async function usesBy(db: Db, discountId: string, email: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(discountUses)
    .where(and(eq(discountUses.discountId, discountId), eq(discountUses.email, email.trim().toLowerCase())));
  return row?.count ?? 0;
}

/** The per-customer limit, checked before the order is written (and again when the use is taken). */
export async function checkCustomerUses(db: Db, code: DiscountRow, email: string): Promise<void> {
  if (code.maxUsesPerCustomer !== null && (await usesBy(db, code.id, email)) >= code.maxUsesPerCustomer)
    throw refuseCode(DISCOUNT_DETAILS.usedByCustomer);
}

/** Takes one use for the order, in its transaction: refused when the code was paused or used up meanwhile. */
export async function takeUse(
  tx: Db,
  code: DiscountRow,
  use: { orderId: string; email: string; amountCents: number; at: Date },
): Promise<void> {
  const [taken] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, code.id),
        eq(discountCodes.paused, false),
        or(isNull(discountCodes.maxUses), lt(discountCodes.uses, discountCodes.maxUses)),
      ),
    )
    .returning({ id: discountCodes.id });
  if (!taken) {
    const [now] = await tx.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    throw refuseCode(now?.paused ? DISCOUNT_DETAILS.paused : DISCOUNT_DETAILS.exhausted);
  }
  await checkCustomerUses(tx, code, use.email);
  await tx.insert(discountUses).values({
    orderId: use.orderId,
    discountId: code.id,
    email: use.email.trim().toLowerCase(),
    amountCents: use.amountCents,
    usedAt: use.at,
  });
}

/** Gives an order's use back (its cancellation before payment): a no-op for an order without one. */
export async function giveUseBack(tx: Db, orderId: string): Promise<void> {
  const [use] = await tx.delete(discountUses).where(eq(discountUses.orderId, orderId)).returning();
  if (!use) return;
  await tx
    .update(discountCodes)
    .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
    .where(eq(discountCodes.id, use.discountId));
}
