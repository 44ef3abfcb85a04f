import type { ShippingRule, ShippingRuleType, ShippingZone } from '@edicola/contracts';

export interface RuleDraft {
  name: string;
  zone: ShippingZone;
  country: string;
  rule_type: ShippingRuleType;
  min_amount: string;
  max_amount: string;
  shipping_cost: string;
  free_shipping_threshold: string;
  base_shipping_cost: string;
  quantity_threshold: string;
  quantity_increment_cost: string;
  max_quantity_cost: string;
  is_active: boolean;
}

/** docs/product/constants.md#defaults: a new rule is amount_based in the national zone. */
export const emptyRule = (): RuleDraft => ({
  name: '',
  zone: 'national',
  country: '',
  rule_type: 'amount_based',
  min_amount: '',
  max_amount: '',
  shipping_cost: '',
  free_shipping_threshold: '',
  base_shipping_cost: '',
  quantity_threshold: '',
  quantity_increment_cost: '',
  max_quantity_cost: '',
  is_active: true,
});

const text = (value: number | null) => (value === null ? '' : String(value));

export function ruleDraftOf(rule: ShippingRule): RuleDraft {
  return {
    name: rule.name,
    zone: rule.zone,
    country: rule.country ?? '',
    rule_type: rule.rule_type,
    min_amount: text(rule.min_amount),
    max_amount: text(rule.max_amount),
    shipping_cost: text(rule.shipping_cost),
    free_shipping_threshold: text(rule.free_shipping_threshold),
    base_shipping_cost: text(rule.base_shipping_cost),
    quantity_threshold: text(rule.quantity_threshold),
    quantity_increment_cost: text(rule.quantity_increment_cost),
    max_quantity_cost: text(rule.max_quantity_cost),
    is_active: rule.is_active,
  };
}

/**
 * An empty optional number is sent as null (docs/product/back-office.md#rule-form); '12,50' reads as 12.5.
 */
const numberOrNull = (value: string) => {
  const trimmed = value.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
};

/** The request body: the country upper case for specific_country (else null), numbers or null. */
export function rulePayload(draft: RuleDraft) {
  const amountRule = draft.rule_type === 'amount_based';
  return {
    name: draft.name.trim(),
    zone: draft.zone,
    country: draft.zone === 'specific_country' ? draft.country.trim().toUpperCase() || null : null,
    rule_type: draft.rule_type,
    min_amount: numberOrNull(draft.min_amount),
    max_amount: numberOrNull(draft.max_amount),
    shipping_cost: amountRule ? numberOrNull(draft.shipping_cost) : null,
    free_shipping_threshold: numberOrNull(draft.free_shipping_threshold),
    base_shipping_cost: amountRule ? null : numberOrNull(draft.base_shipping_cost),
    quantity_threshold: amountRule ? null : numberOrNull(draft.quantity_threshold),
    quantity_increment_cost: amountRule ? null : numberOrNull(draft.quantity_increment_cost),
    max_quantity_cost: amountRule ? null : numberOrNull(draft.max_quantity_cost),
    is_active: draft.is_active,
  };
}

/** The first rule of docs/product/back-office.md#rule-form the draft breaks (a locale key), or null. */
export function ruleProblem(draft: RuleDraft): string | null {
  const payload = rulePayload(draft);
  if (!payload.name) return 'shipping.errors.name';
  if (draft.zone === 'specific_country' && !/^[A-Z]{2}$/.test(payload.country ?? ''))
    return 'shipping.errors.country';
  const amounts = [
    payload.min_amount,
    payload.max_amount,
    payload.shipping_cost,
    payload.free_shipping_threshold,
    payload.base_shipping_cost,
    payload.quantity_increment_cost,
    payload.max_quantity_cost,
  ];
  if (amounts.some((v) => v !== null && (Number.isNaN(v) || v < 0))) return 'shipping.errors.negative';
  if (draft.rule_type === 'amount_based' && payload.shipping_cost === null) return 'shipping.errors.cost';
  if (draft.rule_type === 'quantity_based') {
    if (payload.base_shipping_cost === null || payload.quantity_increment_cost === null)
      return 'shipping.errors.quantity';
    if (
      payload.quantity_threshold === null ||
      !Number.isInteger(payload.quantity_threshold) ||
      payload.quantity_threshold < 1
    )
      return 'shipping.errors.threshold';
  }
  return null;
}
