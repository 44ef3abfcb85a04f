import { asc, eq } from 'drizzle-orm';
import { centsToEuros, eurosToCents, type ShippingRule, type ShippingRuleInput } from '@edicola/contracts';
import { notFound, type Db } from '@edicola/platform';
import { shippingRules } from '../db/schema';

type Row = typeof shippingRules.$inferSelect;

const euros = (cents: number | null) => (cents === null ? null : centsToEuros(cents));
const cents = (value: number | null) => (value === null ? null : eurosToCents(value));

export function toShippingRule(row: Row): ShippingRule {
  return {
    id: row.id,
    name: row.name,
    zone: row.zone,
    country: row.country,
    rule_type: row.ruleType,
    min_amount: euros(row.minAmountCents),
    max_amount: euros(row.maxAmountCents),
    shipping_cost: euros(row.shippingCostCents),
    free_shipping_threshold: euros(row.freeShippingThresholdCents),
    base_shipping_cost: euros(row.baseShippingCostCents),
    quantity_threshold: row.quantityThreshold,
    quantity_increment_cost: euros(row.quantityIncrementCostCents),
    max_quantity_cost: euros(row.maxQuantityCostCents),
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toColumns(input: ShippingRuleInput) {
  return {
    name: input.name,
    zone: input.zone,
    country: input.country,
    ruleType: input.rule_type,
    minAmountCents: cents(input.min_amount),
    maxAmountCents: cents(input.max_amount),
    shippingCostCents: cents(input.shipping_cost),
    freeShippingThresholdCents: cents(input.free_shipping_threshold),
    baseShippingCostCents: cents(input.base_shipping_cost),
    quantityThreshold: input.quantity_threshold,
    quantityIncrementCostCents: cents(input.quantity_increment_cost),
    maxQuantityCostCents: cents(input.max_quantity_cost),
    isActive: input.is_active,
  };
}

export const RULE_NOT_FOUND = 'Regola di spedizione non trovata';

export async function listShippingRules(db: Db): Promise<ShippingRule[]> {
  const rows = await db
    .select()
    .from(shippingRules)
    .orderBy(asc(shippingRules.createdAt), asc(shippingRules.id));
  return rows.map(toShippingRule);
}

export async function activeShippingRules(db: Db): Promise<Row[]> {
  return db.select().from(shippingRules).where(eq(shippingRules.isActive, true));
}

export async function createShippingRule(db: Db, input: ShippingRuleInput): Promise<ShippingRule> {
  const [row] = await db.insert(shippingRules).values(toColumns(input)).returning();
  return toShippingRule(row!);
}

export async function updateShippingRule(
  db: Db,
  id: string,
  input: ShippingRuleInput,
): Promise<ShippingRule> {
  const [row] = await db
    .update(shippingRules)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(eq(shippingRules.id, id))
    .returning();
  if (!row) throw notFound(RULE_NOT_FOUND);
  return toShippingRule(row);
}

export async function deleteShippingRule(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(shippingRules)
    .where(eq(shippingRules.id, id))
    .returning({ id: shippingRules.id });
  if (deleted.length === 0) throw notFound(RULE_NOT_FOUND);
}
