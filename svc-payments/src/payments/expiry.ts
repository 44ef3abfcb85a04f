import type Stripe from 'stripe';
import { isStripeError } from '../providers/stripe';
import { applyIntent } from './klarna';
import { expireStripeSession } from './card';
import { safeError } from './common';
import type { PaymentDeps } from './deps';
import { paymentById, paymentsOfOrder, type ExpirePayload } from './records';
import { markFailed } from './state';

/**
 * Job payments.expire (key: the payment id, run at creation + PAYMENT_TIMEOUT_MINUTES; again at once when the order is
 * cancelled). A payment still open (or declined) is expired at the provider first, so it can no longer be paid
 * (Checkout Session expired, Klarna intent cancelled; PayPal has nothing to call: a later capture is refused), then
 * marked expired with payment.failed, which cancels the order and gives the stock back. When the provider says it
 * was paid meanwhile, that is applied instead.
 */
export async function expirePayment(deps: PaymentDeps, payload: ExpirePayload): Promise<void> {
  const payment = await paymentById(deps.database.db, payload.payment_id);
  if (!payment || (payment.status !== 'open' && payment.status !== 'failed')) return;
  const reason = payload.reason ?? 'expired';
  // An off provider (live mode without its keys) has nothing to call: nobody can pay through it.
  if (payment.providerObjectId && payment.provider === 'stripe' && deps.providers.stripe.mode !== 'off') {
    if (payment.method === 'card') {
      if (await expireStripeSession(deps, payment.providerObjectId, deps.logger)) return;
    } else if (await cancelIntent(deps, payment.providerObjectId)) {
      return;
    }
  }
  await deps.database.db.transaction((tx) =>
    // The reason says it all: no detail.
    markFailed({ tx, bus: deps.bus }, payment.id, reason, null),
  );
}

/** Cancels a Klarna intent; true when Stripe says it succeeded meanwhile (then applied). */
export async function cancelIntent(deps: PaymentDeps, id: string): Promise<boolean> {
  const stripe = deps.providers.stripe.client;
  try {
    await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel-${id}` });
    return false;
  } catch (error) {
    if (!isStripeError(error) || error.statusCode === undefined || error.statusCode >= 500) {
      deps.logger.warn({ err: safeError(error), payment_intent: id }, 'stripe intent cancel failed');
      throw error;
    }
    // 404: Stripe has no such intent (a demo restarted), which nobody can pay.
    if (error.statusCode === 404) return false;
    const intent: Stripe.PaymentIntent = await stripe.paymentIntents.retrieve(id);
    if (intent.status === 'succeeded') {
      await applyIntent(deps, intent);
      return true;
    }
    return false;
  }
}

/** Payment states in which the provider took the money. */
const MONEY_TAKEN = ['succeeded', 'partially_refunded', 'refunding', 'refunded'];

/**
 * POST /internal/orders/{id}/expire-payments (svc-orders, before it cancels an unpaid order): every attempt of the
 * order still open (or declined) is expired now, the provider asked first as the expiry job does. True when an
 * attempt took money: then svc-orders leaves the order to payment.succeeded. A provider that cannot be reached
 * throws, and svc-orders cancels nothing.
 */
export async function expireOrderPayments(deps: PaymentDeps, orderId: string): Promise<boolean> {
  for (const payment of await paymentsOfOrder(deps.database.db, orderId, ['open', 'failed'])) {
    await expirePayment(deps, { payment_id: payment.id, reason: 'expired' });
  }
  const after = await paymentsOfOrder(deps.database.db, orderId);
  return after.some((payment) => MONEY_TAKEN.includes(payment.status));
}
