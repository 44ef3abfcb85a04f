import type Stripe from 'stripe';
import { badRequest, type Db } from '@edicola/platform';
import {
  applyIntentIn,
  applySessionFailedIn,
  applySessionIn,
  applyStripeRefundsIn,
  refundsOfCharge,
} from '../payments/apply';
import { safeError } from '../payments/common';
import { providerError, type PaymentDeps } from '../payments/deps';
import { firstSeen } from './dedup';

export const BAD_SIGNATURE = 'Firma del webhook non valida';
export const REFUNDS_UNREADABLE = 'Rimborsi Stripe non leggibili ora: il webhook verrà ripetuto';

/**
 * A Stripe webhook delivery: the signature checked on the raw body (400 when it does not verify), the event stored
 * by its id (a repeat is acknowledged with no second effect) and applied in the same transaction. Events may come
 * late or out of order: the state machine never moves a payment backwards.
 */
export async function handleStripeWebhook(
  deps: PaymentDeps,
  rawBody: Buffer | string,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const stripe = deps.providers.stripe;
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('missing signature');
    event = stripe.client.webhooks.constructEvent(rawBody, signature, stripe.webhookSecret);
  } catch {
    deps.logger.warn('stripe webhook with a bad signature refused');
    throw badRequest(BAD_SIGNATURE);
  }
  let refunds: Stripe.Refund[] = [];
  if (event.type === 'charge.refunded') {
    try {
      refunds = await refundsOfCharge(stripe.client, event.data.object);
    } catch (error) {
      deps.logger.warn({ err: safeError(error), event_id: event.id }, 'stripe refunds could not be listed');
      throw providerError(REFUNDS_UNREADABLE);
    }
  }
  let changed = false;
  const fresh = await deps.database.db.transaction(async (tx) => {
    if (!(await firstSeen(tx, 'stripe', event.id, event.type))) return false;
    changed = await applyStripeEvent(tx, deps, event, refunds);
    return true;
  });
  deps.logger.info({ event_id: event.id, type: event.type, duplicate: !fresh, changed }, 'stripe webhook');
  return { received: true, duplicate: !fresh };
}

async function applyStripeEvent(
  tx: Db,
  deps: PaymentDeps,
  event: Stripe.Event,
  chargeRefunds: Stripe.Refund[],
) {
  const t = { tx, bus: deps.bus, logger: deps.logger };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return applySessionIn(t, event.data.object);
    case 'checkout.session.async_payment_failed':
      return applySessionFailedIn(t, event.data.object, 'declined');
    case 'checkout.session.expired':
      return applySessionFailedIn(t, event.data.object, 'expired');
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      return applyIntentIn(t, event.data.object);
    case 'charge.refunded':
      return applyStripeRefundsIn(t, chargeRefunds);
    case 'refund.created':
    case 'refund.updated':
      return applyStripeRefundsIn(t, [event.data.object]);
    default:
      return false;
  }
}
