import { forbidden, notFound } from '@edicola/platform';
import type { KlarnaVerifyResponse, PaypalCaptureResponse } from '@edicola/contracts';
import { paypalPaymentView } from './paypal';
import { KLARNA_VERIFY_NOT_FOUND, klarnaPaymentView, retrieveIntent } from './klarna';
import type { PaymentDeps } from './deps';
import { cancelIntent } from './expiry';
import { paymentById, paymentByProviderObject } from './records';
import { markFailed } from './state';

/**
 * The buyer gave up on a provider's page or in the checkout (Klarna's 'Annulla', PayPal's cancel_url, the demo page's
 * decline): the attempt is abandoned at once, so payment.failed cancels its order and the stock comes back now rather
 * than at the time limit. A payment already taken is left as it is (the answer then says paid).
 */
async function abandon(deps: PaymentDeps, paymentId: string): Promise<void> {
  await deps.database.db.transaction((tx) => markFailed({ tx, bus: deps.bus }, paymentId, 'abandoned', null));
}

/** POST /payments/klarna/cancel: the intent's client secret proves the caller holds it; the intent is cancelled. */
export async function abandonKlarna(
  deps: PaymentDeps,
  body: { payment_intent_id: string; client_secret: string },
): Promise<KlarnaVerifyResponse> {
  const db = deps.database.db;
  const payment = await paymentByProviderObject(db, 'stripe', body.payment_intent_id);
  if (!payment || (payment.method !== 'klarna' && payment.method !== 'klarna-now')) {
    throw notFound(KLARNA_VERIFY_NOT_FOUND);
  }
  const intent = await retrieveIntent(deps, body.payment_intent_id);
  if (intent.client_secret !== body.client_secret) throw forbidden('Parametri di pagamento non validi');
  if (payment.status === 'open' || payment.status === 'failed') {
    if (!(await cancelIntent(deps, intent.id))) await abandon(deps, payment.id);
  }
  return klarnaPaymentView((await paymentById(db, payment.id))!, intent.status);
}

/**
 * POST /paypal/cancel-order: the buyer came back through PayPal's cancel_url (or declined on the demo page). PayPal
 * has nothing to cancel: an abandoned payment is never captured (capture-order answers 409).
 */
export async function abandonPaypal(
  deps: PaymentDeps,
  paypalOrderId: string,
): Promise<PaypalCaptureResponse> {
  const db = deps.database.db;
  const payment = await paymentByProviderObject(db, 'paypal', paypalOrderId);
  if (!payment) throw notFound('Ordine PayPal non trovato');
  if (payment.status === 'open' || payment.status === 'failed') await abandon(deps, payment.id);
  return paypalPaymentView((await paymentById(db, payment.id))!, paypalOrderId);
}
