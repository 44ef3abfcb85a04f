/**
 * PayPal Orders v2 over REST with fetch (PayPal's server SDK cannot take another base address): OAuth client
 * credentials cached until shortly before they expire, PayPal-Request-Id on every call that creates something,
 * a time limit on every call.
 */

export interface PaypalMoney {
  currency_code: string;
  value: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount?: PaypalMoney;
  custom_id?: string;
  links?: PaypalLink[];
  supplementary_data?: { related_ids?: { order_id?: string } };
}

export interface PaypalOrder {
  id: string;
  status: string;
  links?: PaypalLink[];
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: PaypalMoney;
    payments?: { captures?: PaypalCapture[] };
  }[];
}

export interface PaypalRefund {
  id: string;
  status: string;
  amount?: PaypalMoney;
  /** total_refunded_amount: what was refunded of the capture so far, this refund included. */
  seller_payable_breakdown?: { total_refunded_amount?: PaypalMoney };
  links?: PaypalLink[];
}

export interface PaypalWebhookEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  resource: Record<string, unknown>;
  create_time?: string;
}

/** PayPal answered with an error (`name` like UNPROCESSABLE_ENTITY, `issue` like ORDER_NOT_APPROVED). */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string | undefined,
    readonly issue: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'PaypalError';
  }
}

export interface PaypalClientOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com (live), https://api-m.sandbox.paypal.com, or a fake. */
  baseUrl: string;
  timeoutMs?: number;
}

export interface PaypalClient {
  createOrder(body: unknown, requestId: string): Promise<PaypalOrder>;
  getOrder(id: string): Promise<PaypalOrder>;
  captureOrder(id: string, requestId: string): Promise<PaypalOrder>;
  /** Refunds the capture: `amount` (e.g. { value: '12.50', currency_code: 'EUR' }) or, without it, all that is left. */
  refundCapture(captureId: string, requestId: string, amount?: PaypalMoney): Promise<PaypalRefund>;
  /** True when PayPal says the webhook delivery with these headers and body is genuine. */
  verifyWebhookSignature(
    headers: Record<string, string | undefined>,
    event: unknown,
    webhookId: string,
  ): Promise<boolean>;
}

const TOKEN_MARGIN_MS = 60_000;

export function createPaypalClient(options: PaypalClientOptions): PaypalClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (!response.ok || !body.access_token) {
      throw new PaypalError(
        response.status,
        body.error,
        undefined,
        `PayPal OAuth refused (${response.status})`,
      );
    }
    const lifetimeMs = Math.max(0, (body.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS);
    token = { value: body.access_token, expiresAt: Date.now() + lifetimeMs };
    return body.access_token;
  }

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function call<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        prefer: 'return=representation',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (requestId) headers['paypal-request-id'] = requestId;
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
      // A token revoked before its time: fetch a new one once.
      if (response.status === 401 && attempt === 1) {
        token = null;
        continue;
      }
      if (response.ok) return parsed as T;
      const error = (parsed ?? {}) as { name?: string; message?: string; details?: { issue?: string }[] };
      throw new PaypalError(
        response.status,
        error.name,
        error.details?.[0]?.issue,
        `PayPal ${method} ${path.replace(/\/[A-Z0-9]{10,}/g, '/…')} failed (${response.status} ${error.name ?? ''} ${error.details?.[0]?.issue ?? ''})`.trim(),
      );
    }
  }

  return {
    createOrder: (body, requestId) => call('POST', '/v2/checkout/orders', body, requestId),
    getOrder: (id) => call('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`),
    captureOrder: (id, requestId) =>
      call('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, requestId),
    refundCapture: (captureId, requestId, amount) =>
      call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        amount ? { amount } : {},
        requestId,
      ),
    async verifyWebhookSignature(headers, event, webhookId) {
      const h = (name: string) => headers[name] ?? headers[name.toLowerCase()];
      const answer = await call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        {
          auth_algo: h('paypal-auth-algo'),
          cert_url: h('paypal-cert-url'),
          transmission_id: h('paypal-transmission-id'),
          transmission_sig: h('paypal-transmission-sig'),
          transmission_time: h('paypal-transmission-time'),
          webhook_id: webhookId,
          webhook_event: event,
        },
      );
      return answer.verification_status === 'SUCCESS';
    },
  };
}

/** A PayPal amount (a decimal string) in cents; 0 when PayPal gave none or nonsense (then it is not the total). */
export const paypalCents = (value: string | undefined): number => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : 0;
};

/** PayPal amounts are strings with two decimals. */
export const paypalValue = (cents: number) => (cents / 100).toFixed(2);

export const linkOf = (links: PaypalLink[] | undefined, rel: string) =>
  links?.find((l) => l.rel === rel)?.href ?? null;
