import { z } from 'zod';

/** The provider that takes the money for a method: card and Klarna through Stripe, PayPal through PayPal. */
export const PaymentProvider = z.enum(['stripe', 'paypal']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

/** The online methods (SPEC §3 payment_method); a bank transfer has no online payment. */
export const OnlinePaymentMethod = z.enum(['card', 'klarna', 'klarna-now', 'paypal']);
export type OnlinePaymentMethod = z.infer<typeof OnlinePaymentMethod>;

/** Where an online payment stands, as the shopper's pages read it. */
export const PaymentState = z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']);
export type PaymentState = z.infer<typeof PaymentState>;

/** Why money goes back: a staff 'cancel and refund', or a payment that arrived after its order was cancelled. */
export const RefundReason = z.enum(['cancelled_by_staff', 'paid_after_cancellation']);
export type RefundReason = z.infer<typeof RefundReason>;

/** Why an online payment did not happen. `declined` leaves the order pending; the others cancel it. */
export const PaymentFailureReason = z.enum(['declined', 'expired', 'abandoned']);
export type PaymentFailureReason = z.infer<typeof PaymentFailureReason>;
