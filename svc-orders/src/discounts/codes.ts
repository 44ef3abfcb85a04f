import { desc, eq, inArray, sql } from 'drizzle-orm';
import {
  auditChanges,
  centsToEuros,
  DISCOUNT_DETAILS,
  eurosToCents,
  orderReference,
  type Discount,
  type DiscountInput,
  type DiscountList,
} from '@edicola/contracts';
import { conflict, notFound, type Audit, type Db } from '@edicola/platform';
import { discountCodes, discountUses } from '../db/schema';
import { isUniqueViolation } from '../orders/creation';
import type { DiscountRow } from './rules';

/** The back office's discount codes (docs/product/cart-and-checkout.md#discount-codes): create, edit, pause, uses. */

export const DISCOUNT_NOT_FOUND = 'Codice sconto non trovato';

function toColumns(input: DiscountInput) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === 'percent' ? input.value : input.kind === 'amount' ? eurosToCents(input.value) : 0,
    minTotalCents: input.min_total == null ? null : eurosToCents(input.min_total),
    maxUses: input.max_uses ?? null,
    maxUsesPerCustomer: input.max_uses_per_customer ?? null,
    startsOn: input.starts_at ?? null,
    endsOn: input.ends_at ?? null,
    categories: input.categories ?? [],
    articleIds: input.article_ids ?? [],
    ...(input.paused === undefined ? {} : { paused: input.paused }),
  };
}

function toDiscount(row: DiscountRow, discountedCents = 0): Discount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'amount' ? centsToEuros(row.value) : row.value,
    min_total: row.minTotalCents === null ? null : centsToEuros(row.minTotalCents),
    max_uses: row.maxUses,
    max_uses_per_customer: row.maxUsesPerCustomer,
    starts_at: row.startsOn,
    ends_at: row.endsOn,
    categories: row.categories,
    article_ids: row.articleIds,
    paused: row.paused,
    uses: row.uses,
    discounted_amount: centsToEuros(discountedCents),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const AUDITED = [
  'code',
  'kind',
  'value',
  'min_total',
  'max_uses',
  'max_uses_per_customer',
  'starts_at',
  'ends_at',
  'categories',
  'article_ids',
  'paused',
] as const;

const codeChanges = (before: Discount | null, after: Discount | null) => auditChanges(before, after, AUDITED);

/** A code's name is unique without regard to case: a second one is a 409. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DISCOUNT_DETAILS.duplicate);
    throw error;
  }
}

export function createDiscount(db: Db, input: DiscountInput, audit?: Audit): Promise<Discount> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(discountCodes).values(toColumns(input)).returning();
      const discount = toDiscount(row!);
      await audit?.(tx, {
        entity: 'discount_code',
        entity_id: discount.id,
        action: 'created',
        changes: codeChanges(null, discount),
      });
      return discount;
    }),
  );
}

/** The whole code as the form sends it; `paused` left out keeps it as it is. */
export function updateDiscount(db: Db, id: string, input: DiscountInput, audit?: Audit): Promise<Discount> {
  return changeDiscount(db, id, toColumns(input), 'updated', audit);
}

export function pauseDiscount(db: Db, id: string, paused: boolean, audit?: Audit): Promise<Discount> {
  return changeDiscount(db, id, { paused }, paused ? 'paused' : 'resumed', audit);
}

function changeDiscount(
  db: Db,
  id: string,
  columns: Partial<typeof discountCodes.$inferInsert>,
  action: string,
  audit?: Audit,
): Promise<Discount> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!before) throw notFound(DISCOUNT_NOT_FOUND);
      const [row] = await tx
        .update(discountCodes)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(discountCodes.id, id))
        .returning();
      const discount = toDiscount(row!, await discountedCents(tx, id));
      await audit?.(tx, {
        entity: 'discount_code',
        entity_id: id,
        action,
        changes: codeChanges(toDiscount(before), discount),
      });
      return discount;
    }),
  );
}

async function discountedCents(db: Db, id: string): Promise<number> {
  const [sum] = await db
    .select({ cents: sql<number>`coalesce(sum(${discountUses.amountCents}), 0)::int` })
    .from(discountUses)
    .where(eq(discountUses.discountId, id));
  return sum?.cents ?? 0;
}

/** Every code, newest first, each with the orders that hold a use of it (newest first). */
export async function listDiscounts(db: Db): Promise<DiscountList> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt));
  const uses = rows.length
    ? await db
        .select()
        .from(discountUses)
        .where(
          inArray(
            discountUses.discountId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(desc(discountUses.usedAt))
    : [];
  return {
    discounts: rows.map((row) => {
      const own = uses.filter((use) => use.discountId === row.id);
      return {
        ...toDiscount(
          row,
          own.reduce((sum, use) => sum + use.amountCents, 0),
        ),
        orders: own.map((use) => ({
          order_id: use.orderId,
          order_reference: orderReference(use.orderId),
          email: use.email,
          amount: centsToEuros(use.amountCents),
          used_at: use.usedAt.toISOString(),
        })),
      };
    }),
  };
}
