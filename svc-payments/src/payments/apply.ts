import type Stripe from 'stripe';
import type { Db } from '@edicola/platform';
import type { PaymentRecord } from '../db/schema';
import { paypalCents, type PaypalCapture } from '../providers/paypal';
import { idOf } from '../providers/stripe';
import { paymentById, paymentByProviderObject, paymentByProviderPayment } from './records';
import { markFailed, markRefunded, markSucceeded, type Transition } from './state';

/**
 * What the providers tell, applied inside the caller's transaction (a verified webhook together with its
 * provider_events mark, or the server's own check with the provider). Each answers true when the payment changed.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function stripePayment(
  tx: Db,
  metadata: Stripe.Metadata | null | undefined,
  ...ids: (string | null)[]
) {
  if (metadata?.payment_id && UUID.test(metadata.payment_id)) {
    const byMeta = await paymentById(tx, metadata.payment_id);
    if (byMeta) return byMeta;
  }
  for (const id of ids) {
    if (!id) continue;
    const found =
      (await paymentByProviderObject(tx, 'stripe', id)) ?? (await paymentByProviderPayment(tx, 'stripe', id));
    if (found) return found;
  }
  return null;
}

export async function applySessionIn(
  { tx, bus, logger }: Transition,
  session: Stripe.Checkout.Session,
): Promise<boolean> {
  const payment = await stripePayment(tx, session.metadata, session.id);
  if (!payment || session.payment_status !== 'paid') return false;
  return markSucceeded({ tx, bus, logger }, payment.id, {
    providerPaymentId: idOf(session.payment_intent) ?? session.id,
    cents: session.amount_total ?? 0,
    currency: session.currency ?? '',
  });
}

export async function applySessionFailedIn(
  { tx, bus }: Transition,
  session: Stripe.Checkout.Session,
  reason: 'declined' | 'expired',
): Promise<boolean> {
  const payment = await stripePayment(tx, session.metadata, session.id);
  if (!payment) return false;
  if (reason === 'declined') return markFailed({ tx, bus }, payment.id, 'declined', 'Pagamento rifiutato');
  // Stripe expires a session by itself only after our own time limit: one expired sooner was expired by us because
  // the buyer gave up or the order was cancelled (that request marks it abandoned too, whichever comes first).
  const early = payment.expiresAt.getTime() > Date.now();
  return markFailed({ tx, bus }, payment.id, early ? 'abandoned' : 'expired', null);
}

export async function applyIntentIn(
  { tx, bus, logger }: Transition,
  intent: Stripe.PaymentIntent,
): Promise<boolean> {
  const payment = await stripePayment(tx, intent.metadata, intent.id);
  if (!payment) return false;
  if (intent.status === 'succeeded') {
    return markSucceeded({ tx, bus, logger }, payment.id, {
      providerPaymentId: intent.id,
      cents: intent.amount_received ?? 0,
      currency: intent.currency ?? '',
    });
  }
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
    return markFailed({ tx, bus }, payment.id, 'declined', 'Pagamento rifiutato');
  }
  return false;
}

/**
 * The refunds of a charge as Stripe lists them (charge.refunded names none of them since the API version of
 * 2022-11-15: only the charge's refunded total). Read before the webhook's transaction, so no transaction waits on
 * Stripe; a failure answers the webhook 502 and Stripe delivers it again.
 */
export async function refundsOfCharge(stripe: Stripe, charge: Stripe.Charge): Promise<Stripe.Refund[]> {
  if (!charge.amount_refunded) return [];
  return stripe.refunds.list({ charge: charge.id, limit: 100 }).autoPagingToArray({ limit: 1000 });
}

/**
 * Refunds Stripe reported (charge.refunded with its listed refunds, refund.created, refund.updated): a refund we
 * made (the refund job, whose metadata names its payment and refund request) or one made in Stripe's dashboard.
 * Each is recorded by its own id, oldest first, so whichever report comes first, and however often, a refund
 * counts once (decision 0027).
 */
export async function applyStripeRefundsIn(
  { tx, bus }: Transition,
  refunds: Stripe.Refund[],
): Promise<boolean> {
  let changed = false;
  const oldestFirst = [...refunds].sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  for (const refund of oldestFirst) {
    if (refund.status !== 'succeeded' && refund.status !== 'pending') continue;
    const payment = await stripePayment(
      tx,
      refund.metadata,
      idOf(refund.payment_intent),
      idOf(refund.charge),
    );
    if (!payment) continue;
    const requestId = refund.metadata?.refund_request_id;
    const recorded = await markRefunded({ tx, bus }, payment.id, {
      id: refund.id,
      cents: refund.amount,
      ...(requestId && UUID.test(requestId) ? { requestId } : {}),
    });
    changed ||= recorded;
  }
  return changed;
}

export async function paypalPaymentOfCapture(tx: Db, capture: PaypalCapture): Promise<PaymentRecord | null> {
  const orderId = capture.supplementary_data?.related_ids?.order_id;
  return (
    (orderId ? await paymentByProviderObject(tx, 'paypal', orderId) : null) ??
    (await paymentByProviderPayment(tx, 'paypal', capture.id))
  );
}

export async function applyCaptureIn(
  { tx, bus, logger }: Transition,
  paymentId: string,
  capture: PaypalCapture,
): Promise<boolean> {
  if (capture.status === 'COMPLETED') {
    return markSucceeded({ tx, bus, logger }, paymentId, {
      providerPaymentId: capture.id,
      cents: paypalCents(capture.amount?.value),
      currency: capture.amount?.currency_code ?? '',
    });
  }
  if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
    return markFailed({ tx, bus }, paymentId, 'declined', 'Pagamento PayPal rifiutato');
  }
  return false;
}
