import { z } from 'zod';

/**
 * Discount codes (docs/product/cart-and-checkout.md#discount-codes, docs/decisions/0057-discount-codes.md): staff
 * create them in the back office, the shopper types one in the cart, the server alone decides what it is worth.
 * Amounts are euros with two decimals, like every other amount of the HTTP API (money.ts).
 */

export const DISCOUNT_KINDS = ['percent', 'amount', 'free_shipping'] as const;
export const DiscountKind = z.enum(
  DISCOUNT_KINDS,
  'Tipo di sconto non valido (percentuale, importo o spedizione gratuita)',
);
export type DiscountKind = z.infer<typeof DiscountKind>;

export const DISCOUNT_CODE_DETAIL =
  'Il codice sconto deve avere da 3 a 32 caratteri: lettere, cifre e trattini';

/** A code as typed: case does not matter (stored and compared upper case), spaces around it neither. */
export const DiscountCode = z
  .string(DISCOUNT_CODE_DETAIL)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, DISCOUNT_CODE_DETAIL);

const day = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}: data non valida (AAAA-MM-GG)`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      `${what}: data non valida (AAAA-MM-GG)`,
    );

const limit = (what: string) =>
  z
    .number(`${what}: deve essere un numero intero`)
    .int(`${what}: deve essere un numero intero`)
    .positive(`${what}: deve essere almeno 1`)
    .max(1_000_000, `${what}: al massimo 1.000.000`);

/**
 * POST /api/admin/discounts and PUT /api/admin/discounts/{id}. `value`: the percentage (1-100) for `percent`,
 * euros for `amount`, ignored (0) for `free_shipping`. `starts_at` and `ends_at` are days of Naples
 * (Europe/Rome), both included. `categories` (category names of the catalogue) and `article_ids` limit the
 * discount to those lines; empty, every line.
 */
export const DiscountInput = z
  .object({
    code: DiscountCode,
    kind: DiscountKind,
    value: z
      .number('Il valore dello sconto deve essere un numero')
      .nonnegative('Il valore dello sconto non può essere negativo')
      .default(0),
    min_total: z
      .number("L'importo minimo deve essere un numero")
      .positive("L'importo minimo deve essere maggiore di zero")
      .max(1_000_000, "L'importo minimo è troppo alto")
      .nullable()
      .optional(),
    max_uses: limit('Utilizzi totali').nullable().optional(),
    max_uses_per_customer: limit('Utilizzi per cliente').nullable().optional(),
    starts_at: day('Inizio validità').nullable().optional(),
    ends_at: day('Fine validità').nullable().optional(),
    categories: z
      .array(
        z.string().trim().min(1, 'Categoria non valida').max(80, 'Categoria: massimo 80 caratteri'),
        'Categorie non valide',
      )
      .max(50, 'Al massimo 50 categorie')
      .optional(),
    article_ids: z
      .array(z.uuid({ message: 'Articolo non valido' }), 'Articoli non validi')
      .max(200, 'Al massimo 200 articoli')
      .optional(),
    paused: z.boolean('Sospeso: vero o falso').optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && (!Number.isInteger(input.value) || input.value < 1 || input.value > 100))
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'La percentuale deve essere un numero intero da 1 a 100',
      });
    if (
      input.kind === 'amount' &&
      (input.value <= 0 ||
        input.value > 100_000 ||
        Math.round(input.value * 100) !== Math.round(input.value * 10000) / 100)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: "L'importo dello sconto deve essere maggiore di zero, in euro e centesimi",
      });
    if (input.starts_at && input.ends_at && input.ends_at < input.starts_at)
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'La fine della validità precede il suo inizio',
      });
  });
export type DiscountInput = z.infer<typeof DiscountInput>;

export const DiscountIdParams = z.object({ id: z.uuid({ message: 'Codice sconto non trovato' }) });
export type DiscountIdParams = z.infer<typeof DiscountIdParams>;

/** One order that used a code, as the back office lists it. */
export const DiscountUse = z.object({
  order_id: z.string(),
  order_reference: z.string(),
  email: z.string(),
  amount: z.number(),
  used_at: z.string(),
});
export type DiscountUse = z.infer<typeof DiscountUse>;

/** A code as the back office sees it; `uses` counts the orders holding it (a cancelled unpaid one gave it back). */
export const Discount = z.object({
  id: z.string(),
  code: z.string(),
  kind: DiscountKind,
  value: z.number(),
  min_total: z.number().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  categories: z.array(z.string()),
  article_ids: z.array(z.string()),
  paused: z.boolean(),
  uses: z.number().int(),
  discounted_amount: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Discount = z.infer<typeof Discount>;

/** GET /api/admin/discounts: every code, newest first, each with the orders that used it. */
export const DiscountList = z.object({
  discounts: z.array(Discount.extend({ orders: z.array(DiscountUse) })),
});
export type DiscountList = z.infer<typeof DiscountList>;

/**
 * POST /public/discounts/check: what a code is worth on these lines, before the checkout. It never takes a use;
 * the order's creation checks everything again.
 */
export const DiscountCheckRequest = z.object({
  code: DiscountCode,
  lines: z
    .array(
      z.object({
        article_id: z.uuid({ message: 'Articolo non valido' }),
        quantity: z
          .number()
          .int('Quantità non valida')
          .positive('Quantità non valida')
          .max(999, 'Quantità non valida'),
      }),
      'Il carrello è vuoto!',
    )
    .min(1, 'Il carrello è vuoto!')
    .max(50, 'Troppe righe nel carrello'),
  email: z.email({ message: 'Indirizzo e-mail non valido' }).max(254).optional().nullable(),
});
export type DiscountCheckRequest = z.infer<typeof DiscountCheckRequest>;

export const DiscountCheckResponse = z.object({
  code: z.string(),
  kind: DiscountKind,
  /** Euros off the lines (0 for free shipping, whose saving is the shipping the checkout quotes). */
  discount_amount: z.number(),
  free_shipping: z.boolean(),
  /** The lines' gross total before the discount, and after it. */
  subtotal_amount: z.number(),
  discounted_subtotal: z.number(),
  lines: z.array(z.object({ article_id: z.string(), discount: z.number() })),
});
export type DiscountCheckResponse = z.infer<typeof DiscountCheckResponse>;

/** Why a code is refused: the shopper reads these (docs/product/cart-and-checkout.md#discount-codes). */
export const DISCOUNT_DETAILS = {
  unknown: 'Codice sconto non valido',
  notYetValid: 'Il codice sconto non è ancora valido',
  expired: 'Il codice sconto è scaduto',
  exhausted: 'Il codice sconto è esaurito',
  usedByCustomer: 'Hai già usato questo codice sconto',
  notApplicable: 'Il codice sconto non si applica agli articoli nel carrello',
  paused: 'Il codice sconto è sospeso',
  duplicate: 'Esiste già un codice sconto con questo nome',
} as const;

/** The minimum not reached, with the minimum in euros as the shop writes it. */
export function discountMinimumDetail(minimumEuros: number): string {
  return `Il codice sconto vale per ordini da almeno ${minimumEuros.toFixed(2).replace('.', ',')} €`;
}
