import {
  apiErrorFrom,
  ArticleList,
  CreateOrderResponse,
  Customer,
  ShippingQuote,
  type CreateOrderRequest,
} from '@edicola/contracts';
import type { z } from 'zod';

/** How long the checkout waits for an answer; the shipping quote then falls back to the local estimate. */
export const API_TIMEOUT_MS = 8000;
export const SHIPPING_TIMEOUT_MS = 4000;

function timeoutSignal(ms: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** What the checkout sends to POST /orders (the request schema's input). */
export type NewOrder = z.input<typeof CreateOrderRequest>;
export type OrderConfirmation = CreateOrderResponse;

interface Schema<T> {
  parse(data: unknown): T;
}

/** The checkout slice's one way to talk to the API: the catalogue, shipping, orders and the profile. */
export function createCheckoutApi(apiBaseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function call<T>(
    path: string,
    schema: Schema<T>,
    options: {
      method?: 'GET' | 'POST';
      body?: unknown;
      token?: string | null;
      signal?: AbortSignal;
      timeoutMs?: number;
    } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const response = await fetchImpl(`${base}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: timeoutSignal(options.timeoutMs ?? API_TIMEOUT_MS, options.signal),
    });
    if (!response.ok) throw await apiErrorFrom(response);
    return schema.parse(await response.json());
  }

  return {
    /** GET /public/articles: the active catalogue, to repair the cart against. */
    listArticles: (signal?: AbortSignal) => call('/public/articles', ArticleList, { signal }),
    /** GET /shipping/calculate?total_amount&quantity&country → the shipping cost in euros. */
    shippingCost: async (
      query: { total_amount: number; quantity: number; country: string },
      signal?: AbortSignal,
    ) => {
      const params = new URLSearchParams({
        total_amount: query.total_amount.toFixed(2),
        quantity: String(query.quantity),
        country: query.country,
      });
      const quote = await call(`/shipping/calculate?${params}`, ShippingQuote, {
        signal,
        timeoutMs: SHIPPING_TIMEOUT_MS,
      });
      return quote.shipping_cost;
    },
    /** POST /orders (with the customer's token when logged in) → the order and the transfer details. */
    createOrder: (order: NewOrder, token: string | null) =>
      call('/orders', CreateOrderResponse, { method: 'POST', body: order, token }),
    /** GET /api/customers/profile: the logged-in customer, to prefill the details form. */
    profile: (token: string, signal?: AbortSignal) =>
      call('/api/customers/profile', Customer, { token, signal }),
  };
}

export type CheckoutApi = ReturnType<typeof createCheckoutApi>;
