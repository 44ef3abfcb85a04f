import { z } from 'zod';
import { CustomerLanguage } from './language';

/**
 * Pre-sale deposits and arrivals (docs/product/orders-and-payments.md#deposits, docs/decisions/0066): a pre-order
 * pays a deposit now and the balance when its unit arrives.
 */

/** Where a pre-order with a deposit stands (svc-orders' presale_state). */
export const PresaleState = z.enum([
  'deposit_due',
  'waiting',
  'balance_due',
  'balance_paid',
  'lapsed',
  'withdrawn',
]);
export type PresaleState = z.infer<typeof PresaleState>;

/** An order's deposit and balance, as staff and the buyer see them; amounts in euros. */
export const OrderDeposit = z.object({
  state: PresaleState,
  deposit_amount: z.number(),
  deposit_paid_at: z.string().nullable(),
  balance_amount: z.number(),
  /** Set once a unit is the order's: until when the balance may be paid. */
  balance_due_at: z.string().nullable(),
  /** A delivery came short of this order: it waits for the next one unless the buyer takes the deposit back. */
  short_notified_at: z.string().nullable(),
  /** The deposit the shop kept (its terms) after the balance was not paid in time. */
  deposit_kept: z.boolean(),
  /** The deposit's invoice (TD02) number, when the buyer asked for invoices. */
  deposit_invoice_number: z.string().nullable(),
});
export type OrderDeposit = z.infer<typeof OrderDeposit>;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/articles/{id}/arrivals: what the supplier delivered of a pre-sale article. */
export const ArrivalRequest = z.object({
  quantity: z
    .number('Indica quante unità sono arrivate')
    .int('Le unità arrivate devono essere un numero intero')
    .min(1, 'Indica almeno una unità arrivata')
    .max(100_000, 'Troppe unità in una consegna'),
  arrived_on: z
    .string('Indica la data di arrivo')
    .regex(isoDay, 'Data di arrivo non valida (AAAA-MM-GG)')
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Data di arrivo non valida'),
});
export type ArrivalRequest = z.infer<typeof ArrivalRequest>;

/**
 * POST /internal/articles/{id}/arrivals: the delivery svc-catalog took, under the id it chose (a repeat of the call
 * answers the same arrival) and the staff member who recorded it.
 */
export const InternalArrivalRequest = ArrivalRequest.extend({
  arrival_id: z.uuid(),
  recorded_by: z.object({ id: z.uuid(), username: z.string().min(1).max(200) }),
});
export type InternalArrivalRequest = z.infer<typeof InternalArrivalRequest>;

/** The arrival's outcome: pre-orders given a unit (balance requested), those told it was short, units left over. */
export const ArrivalResult = z.object({
  arrival_id: z.string(),
  allocated_orders: z.number().int().nonnegative(),
  short_orders: z.number().int().nonnegative(),
  free_units: z.number().int().nonnegative(),
});
export type ArrivalResult = z.infer<typeof ArrivalResult>;

/** POST /orders/{id}/presale-choice: after a short delivery, wait for the next one or take the deposit back. */
export const PresaleChoiceRequest = z.object({
  token: z.string('Link non valido').min(1, 'Link non valido').max(500, 'Link non valido'),
  choice: z.enum(['wait', 'refund'], 'Scegli se attendere la prossima consegna o riavere l’acconto'),
});
export type PresaleChoiceRequest = z.infer<typeof PresaleChoiceRequest>;

/** POST /orders/{id}/balance-payment: pay the balance of a pre-order whose unit arrived. */
export const BalancePaymentRequest = z.object({
  token: z.string('Link non valido').min(1, 'Link non valido').max(500, 'Link non valido'),
  method: z.enum(['card', 'paypal'], 'Metodo di pagamento non valido (carta o PayPal)'),
});
export type BalancePaymentRequest = z.infer<typeof BalancePaymentRequest>;

/** Where the buyer goes to pay: the provider's page (the shop's demo page in demo mode). */
export const BalancePaymentResponse = z.object({ url: z.string(), amount: z.number() });
export type BalancePaymentResponse = z.infer<typeof BalancePaymentResponse>;

/** POST /internal/orders/{id}/balance-payment (svc-orders → svc-payments): a payment for the balance due. */
export const InternalBalancePaymentRequest = z.object({
  method: z.enum(['card', 'paypal']),
  origin: z.string().nullable(),
});
export type InternalBalancePaymentRequest = z.infer<typeof InternalBalancePaymentRequest>;

/**
 * order.presale_notice: what a pre-order's buyer is told, in their language: a unit is theirs (pay the balance by
 * `due_at`), a delivery came short of them (wait or take the deposit back), the release date moved, the balance came
 * too late (deposit refunded or kept).
 */
export const PresaleNotice = z.object({
  notice_id: z.string(),
  order_id: z.string(),
  kind: z.enum(['balance_requested', 'short_delivery', 'release_date_changed', 'lapsed']),
  order_token: z.string(),
  customer_email: z.email(),
  customer_name: z.string(),
  language: CustomerLanguage,
  article_title: z.string(),
  deposit_cents: z.number().int().nonnegative(),
  balance_cents: z.number().int().nonnegative(),
  due_at: z.iso.datetime({ offset: true }).nullable(),
  availability_date: z.string().nullable(),
  /** Only for `lapsed`: the deposit went back (true) or the shop kept it (false, its terms). */
  deposit_refunded: z.boolean(),
});
export type PresaleNotice = z.infer<typeof PresaleNotice>;
