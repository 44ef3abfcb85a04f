import type Stripe from 'stripe';
import { isStripeError } from '../providers/stripe';
import { applyIntent } from './klarna';
import { expireStripeSession, safeError } from './card';
import { wake, type PaymentDeps } from './deps';
import { paymentById, type ExpirePayload } from './records';
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
  if (payment.providerObjectId && payment.provider === 'stripe') {
    if (payment.method === 'card') {
      if (await expireStripeSession(deps, payment.providerObjectId, deps.logger)) return;
    } else if (await cancelIntent(deps, payment.providerObjectId)) {
      return;
    }
  }
  const changed = await deps.database.db.transaction((tx) =>
    // The reason says it all: no detail.
    markFailed({ tx, bus: deps.bus }, payment.id, reason, null),
  );
  if (changed) wake(deps);
}

/** Cancels a Klarna intent; true when Stripe says it succeeded meanwhile (then applied). */
async function cancelIntent(deps: PaymentDeps, id: string): Promise<boolean> {
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
