import type Stripe from 'stripe';
import { conflict, HttpError, notFound, type IdempotentRequest, type Logger } from '@edicola/platform';
import type {
  CheckoutSessionResponse,
  CheckoutSessionStatus,
  InternalOrder,
  OnlineCheckoutRequest,
} from '@edicola/contracts';
import type { PaymentRecord } from '../db/schema';
import { STRIPE_MIN_SESSION_MINUTES } from '../providers/mode';
import { isStripeError } from '../providers/stripe';
import { applySessionIn } from './apply';
import { amountDueName, amountDueOf, checkExpectedOrder, demoUrl, safeError } from './common';
import { oncePerKey } from './creation';
import { providerError, webBase, type PaymentDeps } from './deps';
import { internalOrderRequest } from './orders-client';
import { paymentById, paymentByProviderObject, recordAmount, recordProviderObject } from './records';
import { markFailed, orderReference, shopperState } from './state';

export const CHECKOUT_ERROR = 'Errore durante il checkout. Riprova.';
export const SESSION_NOT_FOUND = 'Sessione di pagamento non trovata';

const cents = (value: number) => value / 100;

/** The order's lines at their gross unit price, plus a shipping line: what the buyer sees on Stripe's page. */
export function checkoutLineItems(order: InternalOrder): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const lines = order.items.map((item) => ({
    quantity: item.quantity,
    price_data: {
      currency: 'eur',
      unit_amount: item.unit_gross_cents,
      product_data: { name: item.title },
    },
  }));
  if (order.shipping_cents > 0) {
    lines.push({
      quantity: 1,
      price_data: {
        currency: 'eur',
        unit_amount: order.shipping_cents,
        product_data: { name: 'Spedizione' },
      },
    });
  }
  const sum = lines.reduce((s, l) => s + l.quantity * l.price_data.unit_amount, 0);
  if (sum === amountDueOf(order)) return lines;
  // Never charge anything but what is due: one line for it when the parts do not add up, a gift card paid part of
  // the total, or it is a deposit or a balance.
  return [
    {
      quantity: 1,
      price_data: {
        currency: 'eur',
        unit_amount: amountDueOf(order),
        product_data: { name: amountDueName(order) },
      },
    },
  ];
}

export function sessionUrl(deps: PaymentDeps, web: string, session: Stripe.Checkout.Session): string {
  if (deps.providers.stripe.demo) return demoUrl(web, 'card', session.id);
  if (!session.url) throw providerError(CHECKOUT_ERROR);
  return session.url;
}

/** POST /checkout/session: the pending order (through svc-orders), then a Checkout Session for its total. */
export async function createCardCheckout(
  deps: PaymentDeps,
  body: OnlineCheckoutRequest,
  options: {
    idempotency: IdempotentRequest;
    customerId: string | null;
    origin: string | undefined;
    orderId: string;
    /** The buyer's address: svc-orders limits order creation per address. */
    clientAddress: string;
  },
): Promise<CheckoutSessionResponse> {
  const stripe = deps.providers.stripe;
  const web = webBase(deps, options.origin);
  // The order's cancel token comes with svc-orders' first answer only (a repeat answers null: the checkout keeps its own).
  const answer = (
    payment: PaymentRecord,
    url: string,
    sessionId: string,
    cancelToken: string | null = null,
  ): CheckoutSessionResponse => ({
    url,
    session_id: sessionId,
    order_id: payment.orderId,
    order_reference: orderReference(payment.orderId),
    total_amount: cents(payment.amountCents),
    demo: payment.demo,
    cancel_token: cancelToken,
  });
  return oncePerKey(
    deps,
    options.idempotency,
    {
      orderId: options.orderId,
      method: 'card',
      provider: 'stripe',
      demo: stripe.demo,
      timeoutMinutes: deps.timeoutMinutes,
    },
    async (payment) => {
      const order = await deps.orders.create(
        internalOrderRequest(payment.orderId, 'card', body, options.customerId, options.clientAddress),
      );
      checkExpectedOrder(order, ['card']);
      await recordAmount(deps.database.db, payment.id, amountDueOf(order));
      const session = await openCheckoutSession(deps, payment, order, web);
      const stored = await recordProviderObject(deps.database.db, payment.id, {
        providerObjectId: session.id,
        amountCents: amountDueOf(order),
      });
      return answer(stored, sessionUrl(deps, web, session), session.id, order.cancel_token);
    },
    async (payment) => {
      // Still payable (open, or declined at a first try): the same session again.
      if (!payment.providerObjectId || (payment.status !== 'open' && payment.status !== 'failed')) {
        throw conflict('Questo pagamento non è più aperto: ricomincia il checkout');
      }
      const session = await retrieveSession(deps, payment.providerObjectId);
      return answer(payment, sessionUrl(deps, web, session), session.id);
    },
  );
}

/**
 * The Checkout Session of a payment for what the order has due (POST /checkout/session, and a pre-order's balance),
 * idempotent by the payment's id.
 */
export async function openCheckoutSession(
  deps: PaymentDeps,
  payment: PaymentRecord,
  order: InternalOrder,
  web: string,
): Promise<Stripe.Checkout.Session> {
  const stripe = deps.providers.stripe;
  const metadata = { order_id: order.order_id, payment_id: payment.id };
  try {
    return await stripe.client.checkout.sessions.create(
      {
        mode: 'payment',
        locale: 'it',
        customer_email: order.customer_email,
        client_reference_id: order.order_id,
        line_items: checkoutLineItems(order),
        success_url: `${web}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${web}/checkout/cancelled?session_id={CHECKOUT_SESSION_ID}`,
        metadata,
        payment_intent_data: { metadata },
        // Stripe takes 30 minutes at least, counted from its own clock: two minutes more than ours (our
        // expiry job expires the session first), and never under 31 minutes, so that a shorter limit (demo
        // mode only: live Stripe refuses one at start) is still honoured by that job. From the payment's
        // creation, so a retry sends the same.
        expires_at:
          Math.floor(payment.createdAt.getTime() / 1000) +
          Math.max(deps.timeoutMinutes * 60 + 120, (STRIPE_MIN_SESSION_MINUTES + 1) * 60),
      },
      { idempotencyKey: `checkout-${payment.id}` },
    );
  } catch (error) {
    deps.logger.warn({ err: safeError(error), payment_id: payment.id }, 'stripe checkout session failed');
    throw providerError(CHECKOUT_ERROR);
  }
}

async function retrieveSession(deps: PaymentDeps, id: string): Promise<Stripe.Checkout.Session> {
  try {
    return await deps.providers.stripe.client.checkout.sessions.retrieve(id);
  } catch (error) {
    deps.logger.warn({ err: safeError(error), session_id: id }, 'stripe session retrieve failed');
    throw providerError(CHECKOUT_ERROR);
  }
}

/** Applies what Stripe says of a session (asked with the secret key, so it counts as verified). */
export async function applySession(deps: PaymentDeps, session: Stripe.Checkout.Session): Promise<boolean> {
  return deps.database.db.transaction((tx) =>
    applySessionIn({ tx, bus: deps.bus, logger: deps.logger }, session),
  );
}

function statusOf(payment: PaymentRecord): CheckoutSessionStatus {
  return {
    session_id: payment.providerObjectId ?? '',
    order_id: payment.orderId,
    order_reference: orderReference(payment.orderId),
    total_amount: cents(payment.amountCents),
    status: shopperState(payment),
  };
}

async function cardPayment(deps: PaymentDeps, sessionId: string): Promise<PaymentRecord> {
  const payment = await paymentByProviderObject(deps.database.db, 'stripe', sessionId);
  if (!payment || payment.method !== 'card') throw notFound(SESSION_NOT_FOUND);
  return payment;
}

/** GET /checkout/session/{id}: the payment as this service knows it; while pending, Stripe is asked too. */
export async function cardSessionStatus(
  deps: PaymentDeps,
  sessionId: string,
): Promise<CheckoutSessionStatus> {
  let payment = await cardPayment(deps, sessionId);
  if (payment.status === 'open' || payment.status === 'failed') {
    try {
      const session = await deps.providers.stripe.client.checkout.sessions.retrieve(sessionId);
      if (await applySession(deps, session)) payment = (await paymentById(deps.database.db, payment.id))!;
    } catch (error) {
      // The webhook will tell; the page keeps polling.
      deps.logger.warn({ err: safeError(error), session_id: sessionId }, 'stripe session check failed');
    }
  }
  return statusOf(payment);
}

/**
 * POST /checkout/session/{id}/cancel: the buyer came back without paying. The session is expired at Stripe (so it
 * can no longer be paid) and the payment abandoned, which cancels the order; a session Stripe says is complete is
 * applied as paid instead.
 */
export async function cancelCardSession(
  deps: PaymentDeps,
  sessionId: string,
): Promise<CheckoutSessionStatus> {
  const payment = await cardPayment(deps, sessionId);
  if (payment.status === 'open' || payment.status === 'failed') {
    const paid = await expireStripeSession(deps, sessionId, deps.logger);
    if (!paid) {
      await deps.database.db.transaction((tx) =>
        markFailed({ tx, bus: deps.bus }, payment.id, 'abandoned', null),
      );
    }
  }
  return statusOf((await paymentById(deps.database.db, payment.id))!);
}

/**
 * Expires a Checkout Session at Stripe. True when Stripe said it is complete (then applied as paid): the payment must
 * not be failed. Throws (retry) when Stripe could not be asked.
 */
export async function expireStripeSession(
  deps: PaymentDeps,
  sessionId: string,
  logger: Logger,
): Promise<boolean> {
  const stripe = deps.providers.stripe.client;
  try {
    await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
    return false;
  } catch (error) {
    if (!isStripeError(error) || error.statusCode === undefined || error.statusCode >= 500) {
      logger.warn({ err: safeError(error), session_id: sessionId }, 'stripe session expire failed');
      throw error instanceof HttpError ? error : providerError(CHECKOUT_ERROR);
    }
    // 400: the session is no longer open (complete, or expired already). Ask what it is. 404: Stripe has no such
    // session, which nobody can pay.
    if (error.statusCode === 404) return false;
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(sessionId);
    } catch (retrieveError) {
      logger.warn({ err: safeError(retrieveError), session_id: sessionId }, 'stripe session retrieve failed');
      throw providerError(CHECKOUT_ERROR);
    }
    if (session.status === 'complete' || session.payment_status === 'paid') {
      await applySession(deps, session);
      return session.payment_status === 'paid';
    }
    return false;
  }
}
