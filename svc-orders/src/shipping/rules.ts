import { asc, eq } from 'drizzle-orm';
import {
  auditChanges,
  centsToEuros,
  eurosToCents,
  type ShippingRule,
  type ShippingRuleInput,
} from '@edicola/contracts';
import { notFound, type Audit, type Db } from '@edicola/platform';
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

/** A rule's columns (amounts in cents): also what the quote reads of a draft rule. */
export function toColumns(input: ShippingRuleInput) {
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

/** What the audit trail records of a rule: every field a staff user sets. */
const AUDITED = [
  'name',
  'zone',
  'country',
  'rule_type',
  'min_amount',
  'max_amount',
  'shipping_cost',
  'free_shipping_threshold',
  'base_shipping_cost',
  'quantity_threshold',
  'quantity_increment_cost',
  'max_quantity_cost',
  'is_active',
] as const;

const ruleChanges = (before: ShippingRule | null, after: ShippingRule | null) =>
  auditChanges(before, after, AUDITED);

export async function createShippingRule(
  db: Db,
  input: ShippingRuleInput,
  audit?: Audit,
): Promise<ShippingRule> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(shippingRules).values(toColumns(input)).returning();
    const rule = toShippingRule(row!);
    await audit?.(tx, {
      entity: 'shipping_rule',
      entity_id: rule.id,
      action: 'created',
      changes: ruleChanges(null, rule),
    });
    return rule;
  });
}

export async function updateShippingRule(
  db: Db,
  id: string,
  input: ShippingRuleInput,
  audit?: Audit,
): Promise<ShippingRule> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(shippingRules).where(eq(shippingRules.id, id)).for('update');
    if (!before) throw notFound(RULE_NOT_FOUND);
    const [row] = await tx
      .update(shippingRules)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(eq(shippingRules.id, id))
      .returning();
    const rule = toShippingRule(row!);
    await audit?.(tx, {
      entity: 'shipping_rule',
      entity_id: id,
      action: 'updated',
      changes: ruleChanges(toShippingRule(before), rule),
    });
    return rule;
  });
}

export async function deleteShippingRule(db: Db, id: string, audit?: Audit): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(shippingRules).where(eq(shippingRules.id, id)).returning();
    if (!deleted) throw notFound(RULE_NOT_FOUND);
    await audit?.(tx, {
      entity: 'shipping_rule',
      entity_id: id,
      action: 'deleted',
      changes: ruleChanges(toShippingRule(deleted), null),
    });
  });
}
