import { conflict, notFound, type IdempotentRequest } from '@edicola/platform';
import type {
  InternalOrder,
  OnlineCheckoutRequest,
  PaypalCaptureResponse,
  PaypalCreateOrderResponse,
} from '@edicola/contracts';
import type { PaymentRecord } from '../db/schema';
import { linkOf, PaypalError, paypalValue, type PaypalCapture, type PaypalOrder } from '../providers/paypal';
import { amountDueOf, checkExpectedOrder, demoUrl, safeError } from './common';
import { oncePerKey } from './creation';
import { providerError, webBase, type PaymentDeps } from './deps';
import { internalOrderRequest } from './orders-client';
import { paymentById, paymentByProviderObject, recordAmount, recordProviderObject } from './records';
import { orderReference, shopperState } from './state';
import { applyCaptureIn } from './apply';

export const PAYPAL_CREATE_ERROR = "Errore nella creazione dell'ordine PayPal";
export const PAYPAL_NOT_COMPLETED = 'Pagamento PayPal non completato';
export const PAYPAL_ERROR = 'Errore con PayPal. Riprova o scegli un altro metodo di pagamento.';
export const PAYPAL_CLOSED = 'Il tempo per questo pagamento è scaduto: l’ordine è stato annullato';

export const BRAND_NAME = 'Edicola';

/**
 * The PayPal order for a shop order: amounts with breakdown, items, the buyer's way back. Without the checkout's
 * body (a pre-order's balance, paid later) PayPal is given no address.
 */
export function paypalOrderBody(order: InternalOrder, body: OnlineCheckoutRequest | null, web: string) {
  const items = order.items.map((item) => ({
    name: item.title.slice(0, 127),
    sku: item.sku.slice(0, 127),
    quantity: String(item.quantity),
    unit_amount: { currency_code: 'EUR', value: paypalValue(item.unit_gross_cents) },
  }));
  const itemTotal = order.items.reduce((s, i) => s + i.unit_gross_cents * i.quantity, 0);
  const discount = order.discount_cents ?? 0;
  // A gift card's part is a payment, not a PayPal discount: the breakdown is left out when one paid part of it, as
  // for a deposit or a balance.
  const consistent =
    itemTotal + order.shipping_cents - discount === order.total_cents &&
    amountDueOf(order) === order.total_cents;
  const a = body?.shipping_address;
  // The address goes to PayPal only with its real country: the cart's zone (abroad) names none.
  const zone = body?.shipping_zone ?? 'national';
  const country = a ? (a.country ?? (zone === 'national' ? 'IT' : null)) : null;
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: order.order_id,
        custom_id: order.order_id,
        invoice_id: order.order_reference,
        description: `Ordine ${order.order_reference}`,
        amount: {
          currency_code: 'EUR',
          value: paypalValue(amountDueOf(order)),
          ...(consistent
            ? {
                breakdown: {
                  item_total: { currency_code: 'EUR', value: paypalValue(itemTotal) },
                  shipping: { currency_code: 'EUR', value: paypalValue(order.shipping_cents) },
                  // The order's discount code (docs/product/cart-and-checkout.md#discount-codes).
                  ...(discount > 0
                    ? { discount: { currency_code: 'EUR', value: paypalValue(discount) } }
                    : {}),
                },
              }
            : {}),
        },
        ...(consistent ? { items } : {}),
        ...(a && body && country
          ? {
              shipping: {
                name: { full_name: (a.name ?? body.customer_name).slice(0, 300) },
                address: {
                  address_line_1: a.address.slice(0, 300),
                  admin_area_2: a.city.slice(0, 120),
                  ...(a.zipCode ? { postal_code: a.zipCode } : {}),
                  country_code: country,
                },
              },
            }
          : {}),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: `${web}/checkout/success?provider=paypal`,
          cancel_url: `${web}/checkout/cancelled?provider=paypal`,
          locale: 'it-IT',
          brand_name: BRAND_NAME,
          user_action: 'PAY_NOW',
          shipping_preference: country ? 'SET_PROVIDED_ADDRESS' : 'NO_SHIPPING',
        },
      },
    },
  };
}

/** POST /paypal/create-order: the pending order (through svc-orders), then PayPal's order for its total. */
export async function createPaypalOrder(
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
): Promise<PaypalCreateOrderResponse> {
  const paypal = deps.providers.paypal;
  const web = webBase(deps, options.origin);
  // The order's cancel token comes with svc-orders' first answer only (a repeat answers null: the checkout keeps its own).
  const answer = (
    payment: PaymentRecord,
    paypalOrder: PaypalOrder,
    cancelToken: string | null = null,
  ): PaypalCreateOrderResponse => {
    const approve = paypal.demo
      ? demoUrl(web, 'paypal', paypalOrder.id)
      : (linkOf(paypalOrder.links, 'payer-action') ?? linkOf(paypalOrder.links, 'approve'));
    if (!approve) throw providerError(PAYPAL_CREATE_ERROR);
    return {
      order_id: paypalOrder.id,
      shop_order_id: payment.orderId,
      order_reference: orderReference(payment.orderId),
      total_amount: payment.amountCents / 100,
      approve_url: approve,
      demo: payment.demo,
      cancel_token: cancelToken,
    };
  };
  return oncePerKey(
    deps,
    options.idempotency,
    {
      orderId: options.orderId,
      method: 'paypal',
      provider: 'paypal',
      demo: paypal.demo,
      timeoutMinutes: deps.timeoutMinutes,
    },
    async (payment) => {
      const order = await deps.orders.create(
        internalOrderRequest(payment.orderId, 'paypal', body, options.customerId, options.clientAddress),
      );
      checkExpectedOrder(order, ['paypal']);
      await recordAmount(deps.database.db, payment.id, amountDueOf(order));
      let paypalOrder: PaypalOrder;
      try {
        paypalOrder = await paypal.client.createOrder(paypalOrderBody(order, body, web), payment.id);
      } catch (error) {
        deps.logger.warn({ err: safeError(error), payment_id: payment.id }, 'paypal create order failed');
        throw providerError(PAYPAL_CREATE_ERROR);
      }
      const stored = await recordProviderObject(deps.database.db, payment.id, {
        providerObjectId: paypalOrder.id,
        amountCents: amountDueOf(order),
      });
      return answer(stored, paypalOrder, order.cancel_token);
    },
    async (payment) => {
      if (!payment.providerObjectId || payment.status !== 'open') {
        throw conflict('Questo pagamento non è più aperto: ricomincia il checkout');
      }
      try {
        return answer(payment, await paypal.client.getOrder(payment.providerObjectId));
      } catch (error) {
        deps.logger.warn({ err: safeError(error), payment_id: payment.id }, 'paypal get order failed');
        throw providerError(PAYPAL_CREATE_ERROR);
      }
    },
  );
}

const captureOf = (order: PaypalOrder): PaypalCapture | null =>
  order.purchase_units?.[0]?.payments?.captures?.[0] ?? null;

/** Applies a capture PayPal reported in its answer: COMPLETED → succeeded, DECLINED → failed. */
export async function applyCapture(
  deps: PaymentDeps,
  paymentId: string,
  capture: PaypalCapture,
): Promise<boolean> {
  return deps.database.db.transaction((tx) =>
    applyCaptureIn({ tx, bus: deps.bus, logger: deps.logger }, paymentId, capture),
  );
}

/**
 * POST /paypal/capture-order: captures the approved PayPal order. Only a COMPLETED capture is `paid`; a payment that
 * expired or was abandoned is refused without capturing (409).
 */
export async function capturePaypalOrder(
  deps: PaymentDeps,
  paypalOrderId: string,
): Promise<PaypalCaptureResponse> {
  const db = deps.database.db;
  const payment = await paymentByProviderObject(db, 'paypal', paypalOrderId);
  if (!payment) throw notFound('Ordine PayPal non trovato');
  if (payment.status === 'expired' || payment.status === 'abandoned') throw conflict(PAYPAL_CLOSED);
  if (payment.status === 'open' || payment.status === 'failed') {
    let captured: PaypalOrder;
    try {
      captured = await deps.providers.paypal.client.captureOrder(paypalOrderId, `capture-${payment.id}`);
    } catch (error) {
      if (error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
        captured = await deps.providers.paypal.client.getOrder(paypalOrderId);
      } else if (error instanceof PaypalError && error.status === 422) {
        deps.logger.info({ payment_id: payment.id, issue: error.issue }, 'paypal capture refused');
        throw conflict(PAYPAL_NOT_COMPLETED);
      } else {
        deps.logger.warn({ err: safeError(error), payment_id: payment.id }, 'paypal capture failed');
        throw providerError(PAYPAL_ERROR);
      }
    }
    const capture = captureOf(captured);
    if (capture) await applyCapture(deps, payment.id, capture);
  }
  return paypalPaymentView((await paymentById(db, payment.id))!, paypalOrderId);
}

/** The PayPal payment as the return pages read it. */
export function paypalPaymentView(payment: PaymentRecord, paypalOrderId: string): PaypalCaptureResponse {
  return {
    payment_status: shopperState(payment),
    order_id: paypalOrderId,
    shop_order_id: payment.orderId,
    order_reference: orderReference(payment.orderId),
    total_amount: payment.amountCents / 100,
  };
}
