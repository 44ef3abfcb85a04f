import { conflict, HttpError, notFound } from '@edicola/platform';
import type { BalancePaymentResponse, InternalBalancePaymentRequest } from '@edicola/contracts';
import type { PaymentRecord } from '../db/schema';
import { linkOf, type PaypalOrder } from '../providers/paypal';
import { openCheckoutSession, sessionUrl } from './card';
import { amountDueOf, demoUrl, safeError } from './common';
import { oncePerKey } from './creation';
import { providerError, webBase, type PaymentDeps } from './deps';
import { PAYPAL_CREATE_ERROR, paypalOrderBody } from './paypal';
import { paymentsOfOrder, recordAmount, recordProviderObject } from './records';

export const BALANCE_NOT_DUE = "Il saldo di quest'ordine non è da pagare ora";

/** Payments of an order that ended without money: a new balance attempt is a new payment. */
const ENDED = ['expired', 'abandoned', 'failed'];

/**
 * POST /internal/orders/{id}/balance-payment (svc-orders, for the buyer who holds the order's token): a payment for
 * the balance of a pre-order whose unit arrived (docs/decisions/0066-presale-deposits.md), by card (Checkout
 * Session) or PayPal, whatever paid the deposit. One open attempt per order and method: a repeat answers it; one
 * that ended makes room for the next.
 */
export async function createBalancePayment(
  deps: PaymentDeps,
  orderId: string,
  request: InternalBalancePaymentRequest,
): Promise<BalancePaymentResponse> {
  const web = webBase(deps, request.origin ?? undefined);
  const order = await deps.orders.get(orderId).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) throw notFound('Ordine non trovato');
    throw error;
  });
  if (order.status !== 'pending' || order.amount_due_kind !== 'balance') throw conflict(BALANCE_NOT_DUE);
  const method = request.method;
  const provider = method === 'card' ? 'stripe' : 'paypal';
  const ended = (await paymentsOfOrder(deps.database.db, orderId)).filter(
    (p) => p.method === method && p.amountCents === amountDueOf(order) && ENDED.includes(p.status),
  ).length;
  const key = { scope: `order:${orderId}`, key: `balance:${method}:${ended}`, fingerprint: method };
  const amount = amountDueOf(order) / 100;
  const cardUrl = async (payment: PaymentRecord) => {
    const session = await openCheckoutSession(deps, payment, order, web);
    return { session, url: sessionUrl(deps, web, session) };
  };
  const paypalUrl = (paypalOrder: PaypalOrder) => {
    const url = deps.providers.paypal.demo
      ? demoUrl(web, 'paypal', paypalOrder.id)
      : (linkOf(paypalOrder.links, 'payer-action') ?? linkOf(paypalOrder.links, 'approve'));
    if (!url) throw providerError(PAYPAL_CREATE_ERROR);
    return url;
  };
  return oncePerKey(
    deps,
    key,
    {
      orderId,
      method,
      provider,
      demo: method === 'card' ? deps.providers.stripe.demo : deps.providers.paypal.demo,
      timeoutMinutes: deps.timeoutMinutes,
    },
    async (payment) => {
      await recordAmount(deps.database.db, payment.id, amountDueOf(order));
      if (method === 'card') {
        const { session, url } = await cardUrl(payment);
        await recordProviderObject(deps.database.db, payment.id, {
          providerObjectId: session.id,
          amountCents: amountDueOf(order),
        });
        return { url, amount };
      }
      let paypalOrder: PaypalOrder;
      try {
        paypalOrder = await deps.providers.paypal.client.createOrder(
          paypalOrderBody(order, null, web),
          payment.id,
        );
      } catch (error) {
        deps.logger.warn({ err: safeError(error), payment_id: payment.id }, 'paypal create order failed');
        throw providerError(PAYPAL_CREATE_ERROR);
      }
      await recordProviderObject(deps.database.db, payment.id, {
        providerObjectId: paypalOrder.id,
        amountCents: amountDueOf(order),
      });
      return { url: paypalUrl(paypalOrder), amount };
    },
    async (payment) => {
      if (!payment.providerObjectId || payment.status !== 'open') throw conflict(BALANCE_NOT_DUE);
      if (method === 'card') {
        const session = await deps.providers.stripe.client.checkout.sessions.retrieve(
          payment.providerObjectId,
        );
        return { url: sessionUrl(deps, web, session), amount };
      }
      return {
        url: paypalUrl(await deps.providers.paypal.client.getOrder(payment.providerObjectId)),
        amount,
      };
    },
  );
}
