import { z } from 'zod';
import { singleLine } from './text';

// Shipping rules (docs/product/orders-and-payments.md#shipping-rules) and the public quote GET
// /shipping/calculate.

export const ShippingZone = z.enum(
  ['national', 'eu', 'international', 'specific_country'],
  'La zona deve essere national, eu, international o specific_country',
);
export type ShippingZone = z.infer<typeof ShippingZone>;

export const ShippingRuleType = z.enum(
  ['amount_based', 'quantity_based'],
  'Il tipo di regola deve essere amount_based o quantity_based',
);
export type ShippingRuleType = z.infer<typeof ShippingRuleType>;

/**
 * The zones of the cart's select and the country each one is quoted for
 * (docs/product/cart-and-checkout.md#shipping-zone).
 */
export const CartZone = z.enum(
  ['national', 'international', 'intercontinental'],
  'La zona di spedizione deve essere national, international o intercontinental',
);
export type CartZone = z.infer<typeof CartZone>;
export const CART_ZONE_COUNTRY: Record<CartZone, string> = {
  national: 'IT',
  international: 'FR',
  intercontinental: 'US',
};

/** EU member states (ISO 3166-1 alpha-2); IT is the national zone. */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const; // prettier-ignore

export const CountryCode = z
  .string('Il codice paese è obbligatorio')
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Il codice paese deve essere di 2 lettere (ISO)');

/** The zone a country belongs to: IT national, the other EU member states eu, every other country international. */
export function zoneOfCountry(country: string): Exclude<ShippingZone, 'specific_country'> {
  const code = country.toUpperCase();
  if (code === 'IT') return 'national';
  return (EU_COUNTRIES as readonly string[]).includes(code) ? 'eu' : 'international';
}

/** The cart's zone a country ships in: Italy national, the rest of the EU international, the world intercontinental. */
export function cartZoneOfCountry(country: string): CartZone {
  const zone = zoneOfCountry(country);
  return zone === 'national' ? 'national' : zone === 'eu' ? 'international' : 'intercontinental';
}

/** Amounts in euros (two decimals), null when not set. */
const euros = (label: string) =>
  z
    .number(`${label} deve essere un numero`)
    .min(0, `${label} non può essere negativo`)
    .max(100_000, `${label} è troppo alto`)
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      `${label} può avere al massimo 2 decimali`,
    );

/**
 * An empty optional number ('' or null or absent) is null (docs/product/back-office.md#rule-form: empty
 * optional numbers sent as null).
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? null : v), schema.nullable());

/**
 * POST /api/admin/shipping/rules and PUT /admin/shipping/rules/{id}: a rule as staff write it
 * (docs/product/back-office.md#rule-form).
 * Quantity rules quote base_shipping_cost + floor((quantity - 1) / quantity_threshold) × quantity_increment_cost,
 * at most max_quantity_cost; amount rules quote shipping_cost. Either applies only within min_amount..max_amount
 * of the goods total and quotes 0 from free_shipping_threshold up.
 */
export const ShippingRuleInput = z
  .object({
    name: singleLine('Il nome è obbligatorio')
      .trim()
      .min(1, 'Il nome è obbligatorio')
      .max(120, 'Il nome può avere al massimo 120 caratteri'),
    zone: ShippingZone.default('national'),
    country: optional(CountryCode),
    rule_type: ShippingRuleType.default('amount_based'),
    min_amount: optional(euros("L'importo minimo")),
    max_amount: optional(euros("L'importo massimo")),
    shipping_cost: optional(euros('Il costo di spedizione')),
    free_shipping_threshold: optional(euros('La soglia di spedizione gratuita')),
    base_shipping_cost: optional(euros('Il costo base')),
    quantity_threshold: optional(
      z
        .number('Gli articoli per scaglione devono essere un numero intero')
        .int('Gli articoli per scaglione devono essere un numero intero')
        .min(1, 'Gli articoli per scaglione devono essere almeno 1')
        .max(10_000, 'Gli articoli per scaglione sono troppi'),
    ),
    quantity_increment_cost: optional(euros('Il costo per scaglione')),
    max_quantity_cost: optional(euros('Il costo massimo')),
    is_active: z.boolean('is_active deve essere vero o falso').default(true),
  })
  .superRefine((rule, ctx) => {
    const missing = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (rule.zone === 'specific_country' && !rule.country)
      missing('country', 'Il codice paese è obbligatorio per una regola specific_country');
    if (rule.rule_type === 'amount_based' && rule.shipping_cost === null)
      missing('shipping_cost', 'Il costo di spedizione è obbligatorio per una regola amount_based');
    if (rule.rule_type === 'quantity_based') {
      if (rule.base_shipping_cost === null)
        missing('base_shipping_cost', 'Il costo base è obbligatorio per una regola quantity_based');
      if (rule.quantity_threshold === null)
        missing(
          'quantity_threshold',
          'Gli articoli per scaglione sono obbligatori per una regola quantity_based',
        );
      if (rule.quantity_increment_cost === null)
        missing(
          'quantity_increment_cost',
          'Il costo per scaglione è obbligatorio per una regola quantity_based',
        );
    }
    if (rule.min_amount !== null && rule.max_amount !== null && rule.min_amount > rule.max_amount)
      missing('max_amount', "L'importo massimo non può essere inferiore all'importo minimo");
  })
  .transform((rule) => ({ ...rule, country: rule.zone === 'specific_country' ? rule.country : null }));
export type ShippingRuleInput = z.infer<typeof ShippingRuleInput>;

/** A stored rule, as GET /api/admin/shipping/rules lists them and POST/PUT answer. */
export const ShippingRule = z.object({
  id: z.string(),
  name: z.string(),
  zone: ShippingZone,
  country: z.string().nullable(),
  rule_type: ShippingRuleType,
  min_amount: z.number().nullable(),
  max_amount: z.number().nullable(),
  shipping_cost: z.number().nullable(),
  free_shipping_threshold: z.number().nullable(),
  base_shipping_cost: z.number().nullable(),
  quantity_threshold: z.number().int().nullable(),
  quantity_increment_cost: z.number().nullable(),
  max_quantity_cost: z.number().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingRule = z.infer<typeof ShippingRule>;
export const ShippingRuleList = z.array(ShippingRule);

export const ShippingRuleParams = z.object({ id: z.uuid({ message: 'Identificativo regola non valido' }) });
export type ShippingRuleParams = z.infer<typeof ShippingRuleParams>;

/** DELETE /admin/shipping/rules/{id} answers this. */
export const ShippingRuleDeleted = z.object({ message: z.string(), id: z.string() });
export type ShippingRuleDeleted = z.infer<typeof ShippingRuleDeleted>;

/** GET /shipping/calculate?total_amount&quantity&country: total_amount is the goods total (gross, euros). */
export const ShippingQuoteQuery = z.object({
  total_amount: z.coerce
    .number('total_amount deve essere un numero')
    .min(0, 'total_amount non può essere negativo')
    .max(10_000_000, 'total_amount è troppo alto'),
  quantity: z.coerce
    .number('quantity deve essere un numero intero')
    .int('quantity deve essere un numero intero')
    .min(1, 'quantity deve essere almeno 1')
    .max(100_000, 'quantity è troppo alta'),
  country: CountryCode.default('IT'),
});
export type ShippingQuoteQuery = z.infer<typeof ShippingQuoteQuery>;

export const ShippingQuote = z.object({
  shipping_cost: z.number(),
  /** The zone the country was quoted in (national, eu, international). */
  zone: z.enum(['national', 'eu', 'international']),
  country: z.string(),
});
export type ShippingQuote = z.infer<typeof ShippingQuote>;

/**
 * The fallback table of docs/product/orders-and-payments.md#fallback-shipping in cents: what the cart shows
 * when the API cannot be asked, and what the
 * rules seeded in a new shop quote. `zone` is the rule zone (eu = the cart's international, international =
 * the cart's intercontinental).
 */
export function fallbackShippingCents(zone: 'national' | 'eu' | 'international', quantity: number): number {
  const q = Math.max(1, Math.floor(quantity));
  if (zone === 'national') return 900 + 300 * Math.floor((q - 1) / 3);
  if (zone === 'eu') return 1400 + 500 * Math.floor((q - 1) / 4);
  return Math.min(2500 + 500 * (q - 1), 4000);
}

/**
 * POST /api/admin/shipping/preview (staff): what the checkout would quote for a sample cart with the rule
 * being edited saved as it stands (replacing `rule_id`, or added), next to what it quotes today.
 */
export const ShippingPreviewRequest = z.object({
  rule: ShippingRuleInput,
  rule_id: z.uuid('Identificativo regola non valido').nullish(),
  total_amount: z
    .number('Il totale deve essere un numero')
    .min(0, 'Il totale non può essere negativo')
    .max(1_000_000),
  quantity: z
    .number('La quantità deve essere un numero intero')
    .int('La quantità deve essere un numero intero')
    .min(1, 'La quantità deve essere almeno 1')
    .max(10_000),
  country: CountryCode,
});
export type ShippingPreviewRequest = z.input<typeof ShippingPreviewRequest>;

export const ShippingPreview = z.object({
  shipping_cost: z.number(),
  current_shipping_cost: z.number(),
  zone: z.enum(['national', 'eu', 'international']),
  country: z.string(),
});
export type ShippingPreview = z.infer<typeof ShippingPreview>;
