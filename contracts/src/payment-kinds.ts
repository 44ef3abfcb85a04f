import { z } from 'zod';

/** The provider that takes the money for a method: card and Klarna through Stripe, PayPal through PayPal. */
export const PaymentProvider = z.enum(['stripe', 'paypal']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

/**
 * The online methods (docs/product/orders-and-payments.md#payment-methods); a bank transfer has no online
 * payment.
 */
export const OnlinePaymentMethod = z.enum(['card', 'klarna', 'klarna-now', 'paypal']);
export type OnlinePaymentMethod = z.infer<typeof OnlinePaymentMethod>;

/** Where an online payment stands, as the shopper's pages read it. */
export const PaymentState = z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']);
export type PaymentState = z.infer<typeof PaymentState>;

/**
 * Why money goes back: a staff 'cancel and refund', a payment that arrived after its order was cancelled, a
 * payment whose amount or currency differs from the order's total (the provider's captured figure), or a staff
 * partial refund of chosen lines or an amount (POST /api/orders/{id}/refunds; the staff's own words are on the
 * order's refund).
 */
export const RefundReason = z.enum([
  'cancelled_by_staff',
  'paid_after_cancellation',
  'amount_mismatch',
  'partial_refund',
  // A pre-order's deposit going back: a short delivery the buyer would not wait for, or a balance not paid in time.
  'presale_deposit',
]);
export type RefundReason = z.infer<typeof RefundReason>;

/** Why an online payment did not happen. Each ends the attempt: its still-pending order is cancelled. */
export const PaymentFailureReason = z.enum(['declined', 'expired', 'abandoned']);
export type PaymentFailureReason = z.infer<typeof PaymentFailureReason>;

/**
 * How the shop takes online payments (PAYMENTS_MODE): `demo` talks to the in-process fakes for every provider,
 * `live` to the real providers that have credentials (the others are off).
 */
export const PaymentsMode = z.enum(['demo', 'live']);
export type PaymentsMode = z.infer<typeof PaymentsMode>;

/** One payment method's state: taking real money, the demo stand-in, or not offered. Bank transfer is always live. */
export const PaymentMethodMode = z.enum(['live', 'demo', 'off']);
export type PaymentMethodMode = z.infer<typeof PaymentMethodMode>;
