import type Stripe from 'stripe';
import { conflict, forbidden, HttpError, notFound } from '@edicola/platform';
import type { KlarnaIntentRequest, KlarnaIntentResponse, KlarnaVerifyResponse } from '@edicola/contracts';
import type { PaymentRecord } from '../db/schema';
import { isStripeError } from '../providers/stripe';
import { amountDueOf, checkExpectedOrder, demoUrl, safeError } from './common';
import { oncePerKey } from './creation';
import { providerError, webBase, type PaymentDeps } from './deps';
import {
  paymentById,
  paymentByProviderObject,
  paymentsOfOrder,
  recordAmount,
  recordProviderObject,
} from './records';
import { orderReference, shopperState } from './state';
import { applyIntentIn } from './apply';

export const KLARNA_UNAVAILABLE = 'Klarna non disponibile. Riprova.';
export const KLARNA_INTENT_ERROR = 'Errore nella creazione del pagamento Klarna';
export const KLARNA_VERIFY_NOT_FOUND = 'Pagamento Klarna non trovato';

/**
 * POST /payments/klarna/create-intent: the order exists (POST /orders, pending, klarna or klarna-now); a
 * PaymentIntent for its own total, one per order and method (a repeat answers the same intent: it is retrieved again
 * for its client_secret, which is never stored).
 */
export async function createKlarnaIntent(
  deps: PaymentDeps,
  body: KlarnaIntentRequest,
  options: { origin: string | undefined },
): Promise<KlarnaIntentResponse> {
  const stripe = deps.providers.stripe;
  const web = webBase(deps, options.origin);
  const order = await deps.orders.get(body.order_id).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) throw notFound('Ordine non trovato');
    throw error;
  });
  if (order.payment_method !== 'klarna' && order.payment_method !== 'klarna-now') {
    throw conflict("L'ordine non è da pagare con Klarna");
  }
  const method = order.payment_method;
  const existing = await paymentsOfOrder(deps.database.db, order.order_id);
  // A new intent only for an order still waiting for its payment (a repeat answers the intent it has).
  if (!existing.some((p) => p.method === method)) checkExpectedOrder(order, ['klarna', 'klarna-now']);
  const answer = (payment: PaymentRecord, intent: Stripe.PaymentIntent): KlarnaIntentResponse => {
    if (!intent.client_secret) throw providerError(KLARNA_INTENT_ERROR);
    return {
      client_secret: intent.client_secret,
      payment_intent_id: intent.id,
      order_id: payment.orderId,
      order_reference: orderReference(payment.orderId),
      amount: payment.amountCents / 100,
      demo: payment.demo,
      demo_url: payment.demo ? demoUrl(web, 'klarna', intent.id) : null,
    };
  };
  // One intent per order and method, whoever asks: the order is the scope, the method the key.
  const key = { scope: `order:${order.order_id}`, key: `klarna:${method}`, fingerprint: method };
  return oncePerKey(
    deps,
    key,
    {
      orderId: order.order_id,
      method,
      provider: 'stripe',
      demo: stripe.demo,
      timeoutMinutes: deps.timeoutMinutes,
    },
    async (payment) => {
      await recordAmount(deps.database.db, payment.id, amountDueOf(order));
      const metadata = { order_id: order.order_id, payment_id: payment.id, method };
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.client.paymentIntents.create(
          {
            amount: amountDueOf(order),
            currency: 'eur',
            allowed_payment_method_types: ['klarna'],
            payment_method_options: { klarna: { preferred_locale: 'it-IT' } },
            receipt_email: body.customer_email,
            description: `Ordine ${order.order_reference}`,
            metadata,
          },
          { idempotencyKey: `intent-${payment.id}` },
        );
      } catch (error) {
        deps.logger.warn({ err: safeError(error), payment_id: payment.id }, 'stripe klarna intent failed');
        throw providerError(
          isStripeError(error) && error.statusCode === undefined ? KLARNA_UNAVAILABLE : KLARNA_INTENT_ERROR,
        );
      }
      const stored = await recordProviderObject(deps.database.db, payment.id, {
        providerObjectId: intent.id,
        amountCents: amountDueOf(order),
      });
      return answer(stored, intent);
    },
    async (payment) => {
      if (!payment.providerObjectId) throw providerError(KLARNA_INTENT_ERROR);
      if (payment.status !== 'open' && payment.status !== 'failed') {
        throw conflict('Questo pagamento Klarna non è più aperto');
      }
      return answer(payment, await retrieveIntent(deps, payment.providerObjectId));
    },
  );
}

export async function retrieveIntent(deps: PaymentDeps, id: string): Promise<Stripe.PaymentIntent> {
  try {
    return await deps.providers.stripe.client.paymentIntents.retrieve(id);
  } catch (error) {
    deps.logger.warn({ err: safeError(error), payment_intent: id }, 'stripe intent retrieve failed');
    throw providerError(KLARNA_UNAVAILABLE);
  }
}

/** Applies what Stripe says of an intent (asked with the secret key, so it counts as verified). */
export async function applyIntent(deps: PaymentDeps, intent: Stripe.PaymentIntent): Promise<boolean> {
  return deps.database.db.transaction((tx) =>
    applyIntentIn({ tx, bus: deps.bus, logger: deps.logger }, intent),
  );
}

/**
 * POST /payments/klarna/verify: the return page's parameters, checked on the server (the intent is retrieved with
 * the secret key and its client_secret must match), a succeeded intent applied.
 */
export async function verifyKlarna(
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
  await applyIntent(deps, intent);
  return klarnaPaymentView((await paymentById(db, payment.id))!, intent.status);
}

/** The Klarna payment as the return page and the checkout read it. */
export function klarnaPaymentView(payment: PaymentRecord, intentStatus: string): KlarnaVerifyResponse {
  return {
    payment_intent_id: payment.providerObjectId ?? '',
    intent_status: intentStatus,
    status: shopperState(payment),
    order_id: payment.orderId,
    order_reference: orderReference(payment.orderId),
    total_amount: payment.amountCents / 100,
  };
}
