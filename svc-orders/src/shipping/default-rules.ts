import { sql } from 'drizzle-orm';
import type { Db } from '@edicola/platform';
import { shippingRules } from '../db/schema';

type NewRule = typeof shippingRules.$inferInsert;

const quantityRule = (rule: Partial<NewRule>): NewRule => ({
  name: '',
  ruleType: 'quantity_based',
  minAmountCents: null,
  maxAmountCents: null,
  shippingCostCents: null,
  freeShippingThresholdCents: null,
  maxQuantityCostCents: null,
  isActive: true,
  ...rule,
});

/**
 * The rules a new shop starts with: they quote exactly the fallback table
 * (docs/product/orders-and-payments.md#fallback-shipping). Fixed ids, so replicas
 * starting together insert them once.
 */
export const DEFAULT_SHIPPING_RULES: NewRule[] = [
  quantityRule({
    id: '5d1b0c52-7f0e-4b8e-9a57-000000000001',
    name: 'Italia: 9 € più 3 € ogni 3 articoli oltre il primo',
    zone: 'national',
    baseShippingCostCents: 900,
    quantityThreshold: 3,
    quantityIncrementCostCents: 300,
  }),
  quantityRule({
    id: '5d1b0c52-7f0e-4b8e-9a57-000000000002',
    name: 'Europa: 14 € fino a 4 articoli, più 5 € ogni 4 articoli',
    zone: 'eu',
    baseShippingCostCents: 1400,
    quantityThreshold: 4,
    quantityIncrementCostCents: 500,
  }),
  quantityRule({
    id: '5d1b0c52-7f0e-4b8e-9a57-000000000003',
    name: 'Extra-Europa: 25 €, più 5 € per articolo, massimo 40 €',
    zone: 'international',
    baseShippingCostCents: 2500,
    quantityThreshold: 1,
    quantityIncrementCostCents: 500,
    maxQuantityCostCents: 4000,
  }),
];

/** Seeds the default rules when the shop has no shipping rule at all. */
export async function seedDefaultShippingRules(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(shippingRules);
  if ((row?.count ?? 0) > 0) return false;
  await db.insert(shippingRules).values(DEFAULT_SHIPPING_RULES).onConflictDoNothing();
  return true;
}
