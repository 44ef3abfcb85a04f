import { ERROR_CODES, eurosToCents, type KlarnaIntentResponse } from '@edicola/contracts';
import { ApiError } from '@edicola/web-kit';
import type { CheckoutApi, NewOrder, OnlineCheckout, OrderConfirmation } from './api';
import type { PricedLine } from './cart';
import { customerInfo, invoiceData, type DetailsForm } from './checkoutForm';
import { cancelOpenOrder, rememberOpenOrder } from './openOrder';
import { clearKlarnaRecord, saveKlarnaRecord, type AttemptKeys } from './payments';
import type { CheckoutPaymentMethod } from './ui/PaymentStep';
import type { Zone } from './shipping';

/** What the shopper confirms: the cart, the details and the total they saw. */
export interface CheckoutOrder {
  api: CheckoutApi;
  lines: readonly PricedLine[];
  zone: Zone;
  form: DetailsForm;
  /** Subtotal less the discount plus shipping in euros: the server refuses it when it is not its own. */
  total: number;
  /** The discount code the cart applied (docs/product/cart-and-checkout.md#discount-codes); null for none. */
  discountCode?: string | null;
  /** The gift card the cart applied (docs/product/cart-and-checkout.md#gift-cards); null for none. */
  giftCardCode?: string | null;
  /** The card pays the whole total: the order is placed and paid without a provider. */
  giftCardCovers?: boolean;
  /** The logged-in customer's token; null for a guest. */
  token: string | null;
}

/** A checkout order with the Idempotency-Key of its attempt. */
export interface Submission extends CheckoutOrder {
  key: string;
}

/** Why a submit failed; the dialog says it in the shopper's language. */
export type CheckoutFailure =
  /** Placing the order, or cancelling the earlier attempt's open order, failed. */
  | { reason: 'order'; error: unknown }
  /** The card session came without the card page's address, or not at all. */
  | { reason: 'cardPage' }
  | { reason: 'paypalRefused'; error: ApiError }
  /** PayPal or the payments service failed (5xx, no answer). */
  | { reason: 'paypalUnavailable' }
  /** The Klarna order is placed, but its payment could not be created. */
  | { reason: 'klarnaIntent'; method: 'klarna' | 'klarna-now'; detail?: string };

/** Where a submit leads: the next step of the checkout, or the failure to tell. */
export type SubmitResult =
  | { next: 'done'; confirmation: OrderConfirmation }
  | { next: 'redirect'; url: string }
  | { next: 'klarna'; intent: KlarnaIntentResponse }
  | { next: 'failed'; failure: CheckoutFailure };

const failed = (failure: CheckoutFailure): SubmitResult => ({ next: 'failed', failure });
const orderFailed = (error: unknown) => failed({ reason: 'order', error });

/** The server computed another total (prices or shipping changed since the cart was shown). */
export function isTotalMismatch(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422 && error.code === ERROR_CODES.totalMismatch;
}

/** Prices or stock may have changed: the cart is to be checked against the catalogue again. */
export function recheckCart(failure: CheckoutFailure): boolean {
  if (failure.reason === 'order' && failure.error instanceof ApiError) {
    return failure.error.status === 409 || failure.error.status === 422;
  }
  return failure.reason === 'paypalRefused' && failure.error.status === 409;
}

const itemsOf = (lines: readonly PricedLine[]) =>
  lines.map((line) => ({ article_id: line.article_id, quantity: line.quantity }));

const discountOf = (order: CheckoutOrder) => ({
  ...(order.discountCode ? { discount_code: order.discountCode } : {}),
  ...(order.giftCardCode ? { gift_card_code: order.giftCardCode } : {}),
});

/** POST /orders: transfer and Klarna. */
function orderBody(order: Submission, method: 'transfer' | 'klarna' | 'klarna-now'): NewOrder {
  return {
    items: itemsOf(order.lines),
    customer_info: customerInfo(order.form),
    total_amount: order.total,
    order_date: new Date().toISOString(),
    status: 'pending',
    invoice_data: invoiceData(order.form),
    shipping_zone: order.zone,
    payment_method: method,
    ...discountOf(order),
  };
}

/** POST /checkout/session (card, no name in the address) and POST /paypal/create-order (with it). */
function onlineBody(order: Submission, nameInAddress: boolean): OnlineCheckout {
  const info = customerInfo(order.form);
  return {
    items: itemsOf(order.lines),
    customer_email: info.email,
    customer_name: info.name,
    shipping_address: {
      name: nameInAddress ? info.name : null,
      phone: info.phone,
      address: info.address,
      city: info.city,
      zipCode: info.zipCode,
      notes: info.notes,
      country: info.country,
    },
    invoice_data: invoiceData(order.form) ?? null,
    shipping_zone: order.zone,
    total_amount: order.total,
    ...discountOf(order),
  };
}

/** Bank transfer: the order is placed, the confirmation shows how to pay. */
export async function submitTransfer(order: Submission): Promise<SubmitResult> {
  try {
    const confirmation = await order.api.createOrder(orderBody(order, 'transfer'), order.token, order.key);
    return { next: 'done', confirmation };
  } catch (error) {
    return orderFailed(error);
  }
}

/**
 * Card: the hosted card page. The cart stays until the success page: it is removed there
 * (docs/product/cart-and-checkout.md#success-page).
 */
export async function submitCard(order: Submission): Promise<SubmitResult> {
  try {
    const session = await order.api.createCheckoutSession(onlineBody(order, false), order.key, order.token);
    if (session.cancel_token) {
      rememberOpenOrder({ order_id: session.order_id, cancel_token: session.cancel_token });
    }
    return { next: 'redirect', url: session.url };
  } catch (error) {
    return error instanceof ApiError ? orderFailed(error) : failed({ reason: 'cardPage' });
  }
}

/** PayPal: the page where the buyer approves PayPal's order. */
export async function submitPaypal(order: Submission): Promise<SubmitResult> {
  try {
    const created = await order.api.createPaypalOrder(onlineBody(order, true), order.key, order.token);
    if (created.cancel_token) {
      rememberOpenOrder({ order_id: created.shop_order_id, cancel_token: created.cancel_token });
    }
    return { next: 'redirect', url: created.approve_url };
  } catch (error) {
    if (isTotalMismatch(error)) return orderFailed(error);
    if (error instanceof ApiError && error.status < 500) return failed({ reason: 'paypalRefused', error });
    return failed({ reason: 'paypalUnavailable' });
  }
}

/** Klarna (pay in 3 or pay now): the order first, then the payment intent for its own total. */
export async function submitKlarna(
  order: Submission,
  method: 'klarna' | 'klarna-now',
): Promise<SubmitResult> {
  let placed: OrderConfirmation;
  try {
    placed = await order.api.createOrder(orderBody(order, method), order.token, order.key);
  } catch (error) {
    return orderFailed(error);
  }
  rememberOpenOrder(placed);
  const info = customerInfo(order.form);
  saveKlarnaRecord({
    cart: order.lines,
    customer: { ...info, order_id: placed.order_id, payment_method: method },
  });
  try {
    const intent = await order.api.createKlarnaIntent(
      {
        order_id: placed.order_id,
        amount: placed.total_amount,
        currency: 'EUR',
        customer_email: info.email,
        customer_name: info.name,
        billing_address: {
          line1: info.address,
          city: info.city,
          postal_code: info.zipCode,
          country: 'IT',
        },
        line_items: placed.items.map((item) => ({
          name: item.title,
          quantity: item.quantity,
          unit_amount: eurosToCents(item.unit_gross),
        })),
      },
      order.key,
    );
    return { next: 'klarna', intent };
  } catch (error) {
    clearKlarnaRecord();
    return failed({
      reason: 'klarnaIntent',
      method,
      detail: error instanceof ApiError ? error.detail : undefined,
    });
  }
}

/**
 * Sends the checkout with the chosen method. The order of an earlier attempt still open (the buyer came back
 * and chose again) is cancelled first; the same cart, details and method again (a retry) keep the attempt's
 * Idempotency-Key.
 */
export async function submitCheckout(
  method: CheckoutPaymentMethod,
  order: CheckoutOrder,
  attempts: AttemptKeys,
): Promise<SubmitResult> {
  try {
    if (await cancelOpenOrder(order.api)) attempts.reset();
  } catch (error) {
    return orderFailed(error);
  }
  const { zone, form, total } = order;
  const key = attempts.keyFor({
    items: itemsOf(order.lines),
    zone,
    form,
    method,
    total,
    ...discountOf(order),
  });
  const submission = { ...order, key };
  // Nothing is left to pay: POST /orders places the order, which the card pays at once.
  if (order.giftCardCovers && order.giftCardCode) return submitTransfer(submission);
  switch (method) {
    case 'transfer':
      return submitTransfer(submission);
    case 'card':
      return submitCard(submission);
    case 'paypal':
      return submitPaypal(submission);
    case 'klarna':
    case 'klarna-now':
      return submitKlarna(submission, method);
  }
}
