import {
  fallbackShippingCents,
  ShippingQuoteQuery,
  ShippingRuleInput,
  zoneOfCountry,
} from '@edicola/contracts';
import { DEFAULT_SHIPPING_RULES } from '../src/shipping/default-rules';
import { quantityIncrements, quoteShipping, ruleQuoteCents, type QuotingRule } from '../src/shipping/quote';

const rule = (fields: Partial<QuotingRule>): QuotingRule => ({
  zone: 'national',
  country: null,
  ruleType: 'amount_based',
  minAmountCents: null,
  maxAmountCents: null,
  shippingCostCents: null,
  freeShippingThresholdCents: null,
  baseShippingCostCents: null,
  quantityThreshold: null,
  quantityIncrementCostCents: null,
  maxQuantityCostCents: null,
  isActive: true,
  ...fields,
});

const defaults = DEFAULT_SHIPPING_RULES.map((r) => rule(r as Partial<QuotingRule>));

describe('quantity rules (docs/product/orders-and-payments.md#quantity-rule)', () => {
  it('gives 9 for 7 items, threshold 3, base 5, increment 2', () => {
    expect(quantityIncrements(7, 3)).toBe(2);
    const r = rule({
      ruleType: 'quantity_based',
      baseShippingCostCents: 500,
      quantityThreshold: 3,
      quantityIncrementCostCents: 200,
    });
    expect(ruleQuoteCents(r, 10_000, 7)).toBe(900);
    expect(ruleQuoteCents(r, 10_000, 1)).toBe(500);
    expect(ruleQuoteCents(r, 10_000, 3)).toBe(500);
    expect(ruleQuoteCents(r, 10_000, 4)).toBe(700);
  });

  it('is capped by the max cost', () => {
    const r = rule({
      ruleType: 'quantity_based',
      baseShippingCostCents: 500,
      quantityThreshold: 1,
      quantityIncrementCostCents: 200,
      maxQuantityCostCents: 1000,
    });
    expect(ruleQuoteCents(r, 0, 3)).toBe(900);
    expect(ruleQuoteCents(r, 0, 4)).toBe(1000);
    expect(ruleQuoteCents(r, 0, 50)).toBe(1000);
  });
});

describe('amount rules', () => {
  const r = rule({
    shippingCostCents: 700,
    minAmountCents: 1000,
    maxAmountCents: 5000,
    freeShippingThresholdCents: 4000,
  });

  it('apply within min and max amount (inclusive) and are free from the threshold up', () => {
    expect(ruleQuoteCents(r, 999, 1)).toBeNull();
    expect(ruleQuoteCents(r, 1000, 1)).toBe(700);
    expect(ruleQuoteCents(r, 3999, 1)).toBe(700);
    expect(ruleQuoteCents(r, 4000, 1)).toBe(0);
    expect(ruleQuoteCents(r, 5000, 1)).toBe(0);
    expect(ruleQuoteCents(r, 5001, 1)).toBeNull();
  });

  it('do not apply when inactive', () => {
    expect(ruleQuoteCents({ ...r, isActive: false }, 2000, 1)).toBeNull();
  });
});

describe('choosing the rule', () => {
  const national = rule({ zone: 'national', shippingCostCents: 900 });
  const eu = rule({ zone: 'eu', shippingCostCents: 1400 });
  const world = rule({ zone: 'international', shippingCostCents: 2500 });
  const france = rule({ zone: 'specific_country', country: 'FR', shippingCostCents: 1100 });

  it('maps countries to zones: IT national, EU members eu, the rest international', () => {
    expect(zoneOfCountry('it')).toBe('national');
    expect(['FR', 'DE', 'ES', 'GR', 'IE', 'SE'].map(zoneOfCountry)).toEqual(Array(6).fill('eu'));
    expect(['US', 'CH', 'GB', 'NO', 'JP'].map(zoneOfCountry)).toEqual(Array(5).fill('international'));
  });

  it('prefers a specific-country rule to its zone', () => {
    const rules = [national, eu, world, france];
    expect(quoteShipping(rules, 'FR', 2000, 1)).toEqual({
      cents: 1100,
      zone: 'eu',
      source: 'specific_country',
    });
    expect(quoteShipping(rules, 'DE', 2000, 1)).toEqual({ cents: 1400, zone: 'eu', source: 'zone' });
    expect(quoteShipping(rules, 'IT', 2000, 1).cents).toBe(900);
    expect(quoteShipping(rules, 'US', 2000, 1).cents).toBe(2500);
  });

  it('falls back to the zone when the country rule does not apply to this amount', () => {
    const smallFrance = { ...france, maxAmountCents: 1000 };
    expect(quoteShipping([eu, smallFrance], 'FR', 2000, 1)).toMatchObject({ cents: 1400, source: 'zone' });
  });

  it('takes the lowest quote among the applicable rules of the zone', () => {
    const free = rule({ zone: 'national', shippingCostCents: 900, freeShippingThresholdCents: 9900 });
    expect(quoteShipping([national, free], 'IT', 10_000, 1).cents).toBe(0);
    expect(quoteShipping([national, free], 'IT', 9_899, 1).cents).toBe(900);
  });

  it('uses the fallback table (docs/product/orders-and-payments.md#fallback-shipping) when no active rule applies', () => {
    expect(quoteShipping([], 'IT', 0, 4)).toEqual({ cents: 1200, zone: 'national', source: 'fallback' });
    expect(quoteShipping([{ ...national, isActive: false }], 'US', 0, 2).cents).toBe(3000);
  });
});

describe('the rules of a new shop quote the fallback table exactly (docs/product/orders-and-payments.md#default-rules)', () => {
  const spec: [string, number, number][] = [
    // national: 9 EUR plus 3 EUR per each full 3 items beyond the first
    ['IT', 1, 900], ['IT', 2, 900], ['IT', 3, 900], ['IT', 4, 1200], ['IT', 6, 1200], ['IT', 7, 1500], ['IT', 10, 1800],
    // EU: 14 for 1-4, 19 for 5-8, 24 for 9-12, then +5 per further 4
    ['FR', 1, 1400], ['FR', 4, 1400], ['FR', 5, 1900], ['FR', 8, 1900], ['FR', 9, 2400], ['FR', 12, 2400], ['FR', 13, 2900], ['FR', 17, 3400],
    // intercontinental: 25, 30, 35 for 1, 2, 3 items, 40 from 4
    ['US', 1, 2500], ['US', 2, 3000], ['US', 3, 3500], ['US', 4, 4000], ['US', 30, 4000],
  ]; // prettier-ignore

  it.each(spec)('%s, %i items: %i cents', (country, quantity, cents) => {
    expect(quoteShipping(defaults, country, 5000, quantity)).toMatchObject({ cents, source: 'zone' });
  });

  it('matches the fallback function for 1..40 items in every zone', () => {
    for (const [country, zone] of [
      ['IT', 'national'],
      ['DE', 'eu'],
      ['JP', 'international'],
    ] as const)
      for (let q = 1; q <= 40; q += 1)
        expect(quoteShipping(defaults, country, 0, q).cents).toBe(fallbackShippingCents(zone, q));
  });
});

describe('rule and quote validation (docs/product/back-office.md#rule-form)', () => {
  const issues = (input: unknown) =>
    ShippingRuleInput.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('needs a name and a country code for specific_country, upper-cased', () => {
    expect(issues({ zone: 'national', shipping_cost: 5 })).toEqual([expect.stringMatching(/^name: /)]);
    expect(issues({ name: 'Francia', zone: 'specific_country', shipping_cost: 5 })).toEqual([
      'country: Il codice paese è obbligatorio per una regola specific_country',
    ]);
    expect(
      ShippingRuleInput.parse({ name: 'Francia', zone: 'specific_country', country: 'fr', shipping_cost: 5 }),
    ).toMatchObject({ country: 'FR', rule_type: 'amount_based' });
  });

  it('defaults to an amount rule in the national zone and needs its cost', () => {
    expect(issues({ name: 'Italia' })).toEqual([
      'shipping_cost: Il costo di spedizione è obbligatorio per una regola amount_based',
    ]);
    expect(ShippingRuleInput.parse({ name: 'Italia', shipping_cost: 0, min_amount: '' })).toMatchObject({
      zone: 'national',
      rule_type: 'amount_based',
      min_amount: null,
      country: null,
    });
  });

  it('needs base cost, items per increment (at least 1) and cost per increment for a quantity rule', () => {
    expect(issues({ name: 'Q', rule_type: 'quantity_based' })).toHaveLength(3);
    expect(
      issues({
        name: 'Q',
        rule_type: 'quantity_based',
        base_shipping_cost: 5,
        quantity_threshold: 0,
        quantity_increment_cost: 2,
      }),
    ).toEqual(['quantity_threshold: Gli articoli per scaglione devono essere almeno 1']);
  });

  it('refuses negative amounts and a max below the min', () => {
    expect(issues({ name: 'X', shipping_cost: -1 })).toEqual([
      'shipping_cost: Il costo di spedizione non può essere negativo',
    ]);
    expect(issues({ name: 'X', shipping_cost: 1, min_amount: 50, max_amount: 10 })).toEqual([
      "max_amount: L'importo massimo non può essere inferiore all'importo minimo",
    ]);
  });

  it('reads the quote query from strings', () => {
    expect(ShippingQuoteQuery.parse({ total_amount: '49.90', quantity: '3', country: 'de' })).toEqual({
      total_amount: 49.9,
      quantity: 3,
      country: 'DE',
    });
    expect(ShippingQuoteQuery.safeParse({ total_amount: '10', quantity: '0' }).success).toBe(false);
  });
});
