import { apiErrorFrom, ArticleList, Customer } from '@edicola/contracts';

/** How long the checkout waits for an answer; the shipping quote then falls back to the local estimate. */
export const API_TIMEOUT_MS = 8000;
export const SHIPPING_TIMEOUT_MS = 4000;

// Replaced by the contracts' schema once svc-orders publishes it.
const ShippingQuote = {
  parse(data: unknown): { shipping_cost: number } {
    const cost = (data as { shipping_cost?: unknown } | null)?.shipping_cost;
    if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0) throw new Error('bad shipping quote');
    return { shipping_cost: cost };
  },
};

function timeoutSignal(ms: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

// Replaced by the contracts' schemas once svc-orders publishes them.
export interface NewOrder {
  items: { article_id: string; quantity: number }[];
  customer_info: Record<string, string>;
  payment_method: 'transfer';
  total_amount: number;
  order_date: string;
  status: 'pending';
  invoice_data?: object;
  shipping_zone: string;
}
export interface OrderConfirmation {
  order_id: string;
  total_amount: number;
  bank_transfer: { iban: string; holder: string; payment_reason: string; demo: boolean } | null;
}
const OrderConfirmation = { parse: (data: unknown) => data as OrderConfirmation };
export const TOTAL_MISMATCH_DETAIL = 'Errore nel calcolo del totale. Riprova.';

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
      call('/orders', OrderConfirmation, { method: 'POST', body: order, token }),
    /** GET /api/customers/profile: the logged-in customer, to prefill the details form. */
    profile: (token: string, signal?: AbortSignal) =>
      call('/api/customers/profile', Customer, { token, signal }),
  };
}

export type CheckoutApi = ReturnType<typeof createCheckoutApi>;
