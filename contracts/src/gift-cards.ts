import { z } from 'zod';

/**
 * Gift cards and store credit (docs/product/cart-and-checkout.md#gift-cards, docs/decisions/0059-gift-cards.md): a
 * multi-purpose voucher the shop issues with a balance in euros; a code to type, and when it names a customer a
 * credit on their account. It is a means of payment: an order it pays keeps its total and its VAT, the card pays
 * part or all of it. Amounts are euros with two decimals, like every other amount of the HTTP API (money.ts).
 */

/** How long a card is valid when staff give no expiry: a year from its issue. */
export const GIFT_CARD_DEFAULT_VALIDITY_MONTHS = 12;

/** At most this many euros on one card. */
export const GIFT_CARD_MAX_AMOUNT = 1000;

export const GIFT_CARD_CODE_DETAIL = 'Codice del buono regalo non valido';

/**
 * A card's code as typed: 16 letters and digits in groups of four (Crockford's alphabet: no I, L, O or U), case,
 * spaces and dashes do not matter; stored as XXXX-XXXX-XXXX-XXXX.
 */
export const GiftCardCode = z
  .string(GIFT_CARD_CODE_DETAIL)
  .max(40, GIFT_CARD_CODE_DETAIL)
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{16}$/, GIFT_CARD_CODE_DETAIL))
  .transform((value) => value.match(/.{4}/g)!.join('-'));

/** Why staff issued a card: sold at the counter, for cards traded in, as a goodwill gesture, or other. */
export const GiftCardOrigin = z.enum(
  ['counter_sale', 'trade_in', 'goodwill', 'other'],
  'Motivo non valido (vendita al banco, permuta, cortesia o altro)',
);
export type GiftCardOrigin = z.infer<typeof GiftCardOrigin>;

/** POST /api/admin/gift-cards (admin): the amount in euros; `expires_on` a day of Naples, included. */
export const GiftCardInput = z.object({
  amount: z
    .number("L'importo del buono deve essere un numero")
    .positive("L'importo del buono deve essere maggiore di zero")
    .max(GIFT_CARD_MAX_AMOUNT, `L'importo del buono è al massimo ${GIFT_CARD_MAX_AMOUNT} €`)
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      "L'importo del buono: al massimo 2 decimali",
    ),
  expires_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Scadenza: data non valida (AAAA-MM-GG)')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Scadenza: data non valida (AAAA-MM-GG)')
    .nullable()
    .optional(),
  customer_id: z.uuid({ message: 'Cliente non valido' }).nullable().optional(),
  origin: GiftCardOrigin.default('other'),
  note: z.string().trim().max(500, 'La nota è al massimo 500 caratteri').nullable().optional(),
});
export type GiftCardInput = z.infer<typeof GiftCardInput>;

export const GiftCardIdParams = z.object({ id: z.uuid({ message: 'Buono regalo non trovato' }) });
export type GiftCardIdParams = z.infer<typeof GiftCardIdParams>;

/** One movement of a card's balance: issued, spent by an order, given back (unpaid order cancelled), refunded. */
export const GiftCardMovementKind = z.enum(['issued', 'redeemed', 'returned', 'refunded']);
export type GiftCardMovementKind = z.infer<typeof GiftCardMovementKind>;

export const GiftCardMovement = z.object({
  kind: GiftCardMovementKind,
  /** Euros, signed: what the movement added to the balance (negative when spent). */
  amount: z.number(),
  order_id: z.string().nullable(),
  order_reference: z.string().nullable(),
  at: z.string(),
});
export type GiftCardMovement = z.infer<typeof GiftCardMovement>;

export const GiftCard = z.object({
  id: z.string(),
  code: z.string(),
  initial_amount: z.number(),
  balance: z.number(),
  expires_on: z.string(),
  expired: z.boolean(),
  customer_id: z.string().nullable(),
  origin: GiftCardOrigin,
  note: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  movements: z.array(GiftCardMovement),
});
export type GiftCard = z.infer<typeof GiftCard>;

/** GET /api/admin/gift-cards (admin), GET /api/customers/me/gift-cards (the customer's own): newest first. */
export const GiftCardList = z.object({ gift_cards: z.array(GiftCard) });
export type GiftCardList = z.infer<typeof GiftCardList>;

/** POST /public/gift-cards/check: the balance of a code, to show at checkout (rate-limited, takes nothing). */
export const GiftCardCheckRequest = z.object({ code: GiftCardCode });
export type GiftCardCheckRequest = z.infer<typeof GiftCardCheckRequest>;

export const GiftCardCheckResponse = z.object({
  code: z.string(),
  balance: z.number(),
  expires_on: z.string(),
});
export type GiftCardCheckResponse = z.infer<typeof GiftCardCheckResponse>;

/** Why a card is refused: the shopper and the cashier read these. */
export const GIFT_CARD_DETAILS = {
  unknown: 'Buono regalo non valido',
  expired: 'Il buono regalo è scaduto',
  empty: 'Il buono regalo non ha più credito',
  changed: 'Il credito del buono regalo è cambiato nel frattempo: controlla il totale e riprova',
  customerUnknown: 'Cliente non trovato',
  notFound: 'Buono regalo non trovato',
  overBalance: 'Il buono regalo non ha credito sufficiente per questo importo',
  counterCodeMissing: 'Indica il codice del buono regalo',
} as const;
