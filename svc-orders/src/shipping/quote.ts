import { fallbackShippingCents, zoneOfCountry } from '@edicola/contracts';
import type { ShippingZone, ShippingRuleType } from '@edicola/contracts';

/** A rule as the quote needs it (amounts in cents). */
export interface QuotingRule {
  zone: ShippingZone;
  country: string | null;
  ruleType: ShippingRuleType;
  minAmountCents: number | null;
  maxAmountCents: number | null;
  shippingCostCents: number | null;
  freeShippingThresholdCents: number | null;
  baseShippingCostCents: number | null;
  quantityThreshold: number | null;
  quantityIncrementCostCents: number | null;
  maxQuantityCostCents: number | null;
  isActive: boolean;
}

/**
 * Increments of a quantity rule: one per full `threshold` items beyond the first, i.e. ceil(q / t) − 1.
 * The example of docs/product/orders-and-payments.md#quantity-rule (7 items, threshold 3, base 5, increment
 * 2) gives 5 + 2 × 2 = 9, and the fallback table
 * (national 9 + 3 per full 3 items beyond the first; EU 14 + 5 per 4 items) is this formula exactly.
 */
export function quantityIncrements(quantity: number, threshold: number): number {
  return Math.floor((Math.max(1, quantity) - 1) / Math.max(1, threshold));
}

/**
 * What one rule quotes for goods worth `totalCents` (gross) and `quantity` items, or null when it does not
 * apply: outside min_amount..max_amount (both inclusive), or missing what its type needs. From
 * free_shipping_threshold up it quotes 0.
 */
export function ruleQuoteCents(rule: QuotingRule, totalCents: number, quantity: number): number | null {
  if (!rule.isActive) return null;
  if (rule.minAmountCents !== null && totalCents < rule.minAmountCents) return null;
  if (rule.maxAmountCents !== null && totalCents > rule.maxAmountCents) return null;
  if (rule.freeShippingThresholdCents !== null && totalCents >= rule.freeShippingThresholdCents) return 0;
  if (rule.ruleType === 'amount_based') return rule.shippingCostCents;
  if (rule.baseShippingCostCents === null || rule.quantityThreshold === null) return null;
  const cost =
    rule.baseShippingCostCents +
    quantityIncrements(quantity, rule.quantityThreshold) * (rule.quantityIncrementCostCents ?? 0);
  return rule.maxQuantityCostCents === null ? cost : Math.min(cost, rule.maxQuantityCostCents);
}

export interface Quote {
  cents: number;
  zone: 'national' | 'eu' | 'international';
  /**
   * 'specific_country', 'zone' or 'fallback' (no active rule applied:
   * docs/product/orders-and-payments.md#fallback-shipping).
   */
  source: 'specific_country' | 'zone' | 'fallback';
}

/**
 * The shipping cost for a country: the active specific_country rules of that country when one of them applies,
 * else the rules of its zone (IT national, EU member states eu, the rest international); among applicable rules
 * the lowest quote wins; with none, the fallback table
 * (docs/product/orders-and-payments.md#fallback-shipping).
 */
export function quoteShipping(
  rules: QuotingRule[],
  country: string,
  totalCents: number,
  quantity: number,
): Quote {
  const code = country.toUpperCase();
  const zone = zoneOfCountry(code);
  const cheapest = (candidates: QuotingRule[]) => {
    const quotes = candidates
      .map((rule) => ruleQuoteCents(rule, totalCents, quantity))
      .filter((cents): cents is number => cents !== null);
    return quotes.length ? Math.min(...quotes) : null;
  };
  const specific = cheapest(rules.filter((r) => r.zone === 'specific_country' && r.country === code));
  if (specific !== null) return { cents: specific, zone, source: 'specific_country' };
  const zonal = cheapest(rules.filter((r) => r.zone === zone));
  if (zonal !== null) return { cents: zonal, zone, source: 'zone' };
  return { cents: fallbackShippingCents(zone, quantity), zone, source: 'fallback' };
}
