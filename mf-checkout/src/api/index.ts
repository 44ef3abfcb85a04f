import {
  ArticleList,
  CancelOrderResponse,
  CheckoutSessionResponse,
  CheckoutSessionStatus,
  CreateOrderResponse,
  Customer,
  DiscountCheckResponse,
  GiftCardCheckResponse,
  DemoPaymentDecision,
  DemoPaymentView,
  IDEMPOTENCY_HEADER,
  KlarnaIntentResponse,
  KlarnaVerifyResponse,
  PaymentsConfig,
  PaypalCaptureResponse,
  PaypalCreateOrderResponse,
  ShippingQuote,
  type CreateOrderRequest,
  type DemoPaymentKind,
  type KlarnaIntentRequest,
  type OnlineCheckoutRequest,
  CATALOG_ROUTES,
  STOREFRONT_ORDERS_ROUTES,
  PAYMENTS_ROUTES,
} from '@edicola/contracts';
import { createApiClient, pageLanguage, type CallRoute, type Schema } from '@edicola/web-kit';
import type { z } from 'zod';

/** How long the checkout waits for a shipping quote before it falls back to the local estimate. */
export const SHIPPING_TIMEOUT_MS = 4000;

/** What the checkout sends to POST /orders (the request schema's input). */
export type NewOrder = z.input<typeof CreateOrderRequest>;
export type OrderConfirmation = CreateOrderResponse;
/** What the checkout sends to POST /checkout/session and POST /paypal/create-order. */
export type OnlineCheckout = z.input<typeof OnlineCheckoutRequest>;
/** What the checkout sends to POST /payments/klarna/create-intent. */
export type KlarnaIntent = z.input<typeof KlarnaIntentRequest>;

const DEMO_DECISIONS = {
  approve: PAYMENTS_ROUTES['POST /payments/demo/:kind/:id/approve'],
  decline: PAYMENTS_ROUTES['POST /payments/demo/:kind/:id/decline'],
};

/**
 * The checkout slice's calls, through the shared web client (contracts): the catalogue, shipping, orders, the profile
 * and payments. The customer's token is passed per call (the checkout works for guests too).
 */
export function createCheckoutApi(apiBaseUrl: string, fetchImpl?: typeof fetch) {
  const client = createApiClient({ baseUrl: apiBaseUrl, fetchImpl });
  const quick = createApiClient({ baseUrl: apiBaseUrl, fetchImpl, timeoutMs: SHIPPING_TIMEOUT_MS });

  function call<T>(
    route: CallRoute,
    schema: Schema<T>,
    options: {
      params?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
      token?: string | null;
      /** The checkout attempt's key: a retry of the same attempt creates nothing twice. */
      idempotencyKey?: string;
      signal?: AbortSignal;
      /** The shipping quote's shorter time limit. */
      quick?: boolean;
    } = {},
  ): Promise<T> {
    return (options.quick ? quick : client).call<T>(route, {
      params: options.params,
      query: options.query,
      body: options.body,
      signal: options.signal,
      token: options.token ?? undefined,
      headers: options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : undefined,
      schema,
    });
  }

  return {
    /** GET /public/articles: the active catalogue, to repair the cart against. */
    listArticles: (signal?: AbortSignal) =>
      call(CATALOG_ROUTES['GET /public/articles'], ArticleList, { signal }),
    /** GET /shipping/calculate?total_amount&quantity&country → the shipping cost in euros. */
    shippingCost: async (
      query: { total_amount: number; quantity: number; country: string },
      signal?: AbortSignal,
    ) => {
      const quote = await call(STOREFRONT_ORDERS_ROUTES['GET /shipping/calculate'], ShippingQuote, {
        query: {
          total_amount: query.total_amount.toFixed(2),
          quantity: query.quantity,
          country: query.country,
        },
        signal,
        quick: true,
      });
      return quote.shipping_cost;
    },
    /** POST /orders (with the customer's token when logged in) → the order and the transfer details. */
    createOrder: (order: NewOrder, token: string | null, idempotencyKey?: string) =>
      call(STOREFRONT_ORDERS_ROUTES['POST /orders'], CreateOrderResponse, {
        body: { ...order, language: order.language ?? pageLanguage() },
        token,
        idempotencyKey,
      }),
    /**
     * POST /public/discounts/check: what a discount code takes off these lines now (takes no use; the order checks
     * again), or the server's refusal in the shopper's words.
     */
    checkDiscount: (
      body: { code: string; lines: { article_id: string; quantity: number }[] },
      signal?: AbortSignal,
    ) =>
      call(STOREFRONT_ORDERS_ROUTES['POST /public/discounts/check'], DiscountCheckResponse, { body, signal }),
    /** POST /public/gift-cards/check: a gift card's balance (takes nothing; the order decides what it pays). */
    checkGiftCard: (body: { code: string }, signal?: AbortSignal) =>
      call(STOREFRONT_ORDERS_ROUTES['POST /public/gift-cards/check'], GiftCardCheckResponse, {
        body,
        signal,
      }),
    /** POST /orders/{id}/cancel {cancel_token}: the checkout gives up its own unpaid order (openOrder.ts). */
    cancelOrder: (orderId: string, cancelToken: string) =>
      call(STOREFRONT_ORDERS_ROUTES['POST /orders/:id/cancel'], CancelOrderResponse, {
        params: { id: orderId },
        body: { cancel_token: cancelToken },
      }),
    /** GET /api/customers/profile: the logged-in customer, to prefill the details form. */
    profile: (token: string, signal?: AbortSignal) =>
      call(STOREFRONT_ORDERS_ROUTES['GET /api/customers/profile'], Customer, { token, signal }),

    // ---- svc-payments (docs/product/http-routes.md#svc-payments) ----
    /** GET /payments/config: which methods are live, demo or off, and Stripe's publishable key. */
    paymentsConfig: (signal?: AbortSignal) =>
      call(PAYMENTS_ROUTES['GET /payments/config'], PaymentsConfig, { signal }),
    /** POST /checkout/session → the hosted card page's `url` (Stripe Checkout, or the demo page). */
    createCheckoutSession: (body: OnlineCheckout, idempotencyKey: string, token: string | null) =>
      call(PAYMENTS_ROUTES['POST /checkout/session'], CheckoutSessionResponse, {
        body: { ...body, language: body.language ?? pageLanguage() },
        idempotencyKey,
        token,
      }),
    /** GET /checkout/session/{id}: what /checkout/success polls until the server has confirmed the payment. */
    checkoutSessionStatus: (sessionId: string, signal?: AbortSignal) =>
      call(PAYMENTS_ROUTES['GET /checkout/session/:id'], CheckoutSessionStatus, {
        params: { id: sessionId },
        signal,
      }),
    /** POST /checkout/session/{id}/cancel: the shopper came back from the card page without paying. */
    cancelCheckoutSession: (sessionId: string) =>
      call(PAYMENTS_ROUTES['POST /checkout/session/:id/cancel'], CheckoutSessionStatus, {
        params: { id: sessionId },
      }),
    /** POST /payments/klarna/create-intent for a pending Klarna order → the intent (or the demo page). */
    createKlarnaIntent: (body: KlarnaIntent, idempotencyKey: string) =>
      call(PAYMENTS_ROUTES['POST /payments/klarna/create-intent'], KlarnaIntentResponse, {
        body,
        idempotencyKey,
      }),
    /** POST /payments/klarna/verify: the server asks the provider how the intent Klarna returned with stands. */
    verifyKlarna: (body: { payment_intent_id: string; client_secret: string }) =>
      call(PAYMENTS_ROUTES['POST /payments/klarna/verify'], KlarnaVerifyResponse, { body }),
    /** POST /payments/klarna/cancel: 'Annulla' in the Klarna step ends the attempt (its order cancelled at once). */
    cancelKlarna: (body: { payment_intent_id: string; client_secret: string }) =>
      call(PAYMENTS_ROUTES['POST /payments/klarna/cancel'], KlarnaVerifyResponse, { body }),
    /** POST /paypal/cancel-order {order_id}: the buyer came back through PayPal's cancel_url. */
    cancelPaypalOrder: (orderId: string) =>
      call(PAYMENTS_ROUTES['POST /paypal/cancel-order'], PaypalCaptureResponse, {
        body: { order_id: orderId },
      }),
    /** POST /paypal/create-order → PayPal's order and the address where the buyer approves it. */
    createPaypalOrder: (body: OnlineCheckout, idempotencyKey: string, token: string | null) =>
      call(PAYMENTS_ROUTES['POST /paypal/create-order'], PaypalCreateOrderResponse, {
        body: { ...body, language: body.language ?? pageLanguage() },
        idempotencyKey,
        token,
      }),
    /** POST /paypal/capture-order {order_id}: `payment_status` is 'paid' only when the capture completed. */
    capturePaypalOrder: (orderId: string) =>
      call(PAYMENTS_ROUTES['POST /paypal/capture-order'], PaypalCaptureResponse, {
        body: { order_id: orderId },
      }),
    /** GET /payments/demo/{kind}/{id}: what the shop's demo payment page shows. */
    demoPayment: (kind: DemoPaymentKind, id: string, signal?: AbortSignal) =>
      call(PAYMENTS_ROUTES['GET /payments/demo/:kind/:id'], DemoPaymentView, {
        params: { kind, id },
        signal,
      }),
    /** POST /payments/demo/{kind}/{id}/approve|decline → where the provider would send the buyer next. */
    decideDemoPayment: (kind: DemoPaymentKind, id: string, decision: 'approve' | 'decline') =>
      call(DEMO_DECISIONS[decision], DemoPaymentDecision, { params: { kind, id } }),
  };
}

export type CheckoutApi = ReturnType<typeof createCheckoutApi>;
