import { z } from 'zod';
import { HttpError } from '@edicola/platform';

/**
 * Packlink PRO's REST API (docs/product/orders-and-payments.md#shipments; the calls Packlink's own e-commerce
 * module core makes): base
 * address `https://api.packlink.com/v1/`, header `Authorization: <api key>` (no "Bearer"), JSON both ways, errors
 * `{"messages":[{"message": ...}]}`. Every call is timed out and fails with a PacklinkError carrying Packlink's
 * status and message. Never call it inside a database transaction.
 */

export interface PacklinkAddress {
  name: string;
  surname: string;
  company?: string;
  street1: string;
  zip_code: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string;
  email: string;
}

/** Whole centimetres, kilograms (Packlink's units). */
export interface PacklinkPackage {
  weight: number;
  length: number;
  width: number;
  height: number;
}

export interface QuoteQuery {
  from: { country: string; zip: string };
  to: { country: string; zip: string };
  packages: PacklinkPackage[];
}

/** One service of GET services, the fields the shop reads (Packlink sends many more). */
export const PacklinkService = z.looseObject({
  id: z.union([z.number(), z.string()]).transform(String),
  carrier_name: z.string(),
  name: z.string(),
  price: z.looseObject({
    total_price: z.number(),
    base_price: z.number().optional(),
    tax_price: z.number().optional(),
  }),
  transit_time: z.string().nullish(),
  transit_hours: z.union([z.number(), z.string()]).nullish(),
});
export type PacklinkService = z.infer<typeof PacklinkService>;

export interface CreateShipmentInput {
  service_id: string;
  /** ≤ 60 characters. */
  content: string;
  contentvalue: number;
  shipment_custom_reference: string;
  from: PacklinkAddress;
  to: PacklinkAddress;
  packages: PacklinkPackage[];
}

/** GET shipments/{ref}: the fields the shop reads. */
export const PacklinkShipment = z.looseObject({
  reference: z.string().optional(),
  shipment_reference: z.string().optional(),
  shipment_custom_reference: z.string().nullish(),
  state: z.string(),
  carrier: z.string().nullish(),
  service: z.string().nullish(),
  service_id: z.union([z.number(), z.string()]).nullish(),
  trackings: z.array(z.string()).nullish(),
  tracking_url: z.string().nullish(),
  price: z.looseObject({ total_price: z.number().optional() }).nullish(),
});
export type PacklinkShipment = z.infer<typeof PacklinkShipment>;

const CreatedShipment = z
  .looseObject({ reference: z.string().optional(), shipment_reference: z.string().optional() })
  .refine((v) => v.reference ?? v.shipment_reference, 'no shipment reference in the answer')
  .transform((v) => ({ reference: (v.reference ?? v.shipment_reference)! }));

const TrackingHistory = z.looseObject({
  history: z
    .array(
      z.looseObject({
        timestamp: z.union([z.number(), z.string()]),
        description: z.string(),
        city: z.string().nullish(),
      }),
    )
    .default([]),
});
export type PacklinkTracking = z.infer<typeof TrackingHistory>;

/** A failed Packlink call: `status` is Packlink's (0 when it did not answer), `message` its own words. */
export class PacklinkError extends Error {
  constructor(
    readonly status: number,
    readonly packlinkMessage: string,
  ) {
    super(`Packlink ${status || 'unreachable'}: ${packlinkMessage}`);
    this.name = 'PacklinkError';
  }
}

export interface PacklinkClientOptions {
  apiKey: string;
  /** e.g. https://api.packlink.com/v1/ (a trailing slash is added when missing). */
  baseUrl: string;
  /** Per call; default 15 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface PacklinkClient {
  readonly baseUrl: string;
  services(query: QuoteQuery): Promise<PacklinkService[]>;
  createShipment(input: CreateShipmentInput): Promise<{ reference: string }>;
  /** null when Packlink has no such shipment (404). */
  shipment(reference: string): Promise<PacklinkShipment | null>;
  /** The label PDFs' addresses: empty while the shipment is not ready. */
  labels(reference: string): Promise<string[]>;
  tracking(reference: string): Promise<PacklinkTracking>;
  registerCallback(url: string): Promise<void>;
  /** Downloads one label PDF (the key is sent only to Packlink's own host). */
  download(url: string): Promise<Buffer>;
}

function messageOf(body: unknown, fallback: string): string {
  const messages = (body as { messages?: { message?: unknown }[] } | null)?.messages;
  const first = Array.isArray(messages) ? messages[0]?.message : undefined;
  if (typeof first === 'string' && first.trim()) return first.trim().slice(0, 300);
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message.trim().slice(0, 300) : fallback;
}

/** The query string of GET services, with Packlink's bracketed keys. */
export function servicesQuery(query: QuoteQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.set('from[country]', query.from.country);
  params.set('from[zip]', query.from.zip);
  params.set('to[country]', query.to.country);
  params.set('to[zip]', query.to.zip);
  params.set('source', 'PRO');
  query.packages.forEach((p, i) => {
    params.set(`packages[${i}][weight]`, String(p.weight));
    params.set(`packages[${i}][length]`, String(Math.ceil(p.length)));
    params.set(`packages[${i}][width]`, String(Math.ceil(p.width)));
    params.set(`packages[${i}][height]`, String(Math.ceil(p.height)));
  });
  return params;
}

export function createPacklinkClient(options: PacklinkClientOptions): PacklinkClient {
  const baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const doFetch = options.fetch ?? fetch;
  const origin = new URL(baseUrl).origin;

  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    const url = new URL(path, baseUrl);
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          Authorization: options.apiKey,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new PacklinkError(0, timedOut ? `no answer within ${timeoutMs} ms` : 'connection failed');
    }
    return response;
  }

  async function call(method: string, path: string, body?: unknown, allow404 = false): Promise<unknown> {
    const response = await send(method, path, body);
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (allow404 && response.status === 404) return undefined;
    if (!response.ok) {
      throw new PacklinkError(response.status, messageOf(json, response.statusText || 'error'));
    }
    return json;
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new PacklinkError(502, `unexpected answer to ${what}`);
    return parsed.data;
  }

  const ref = (reference: string) => encodeURIComponent(reference);

  return {
    baseUrl,
    async services(query) {
      const answer = await call('GET', `services?${servicesQuery(query).toString()}`);
      return parse(z.array(PacklinkService), answer ?? [], 'GET services');
    },
    async createShipment(input) {
      const answer = await call('POST', 'shipments', {
        ...input,
        content: input.content.slice(0, 60),
        currency: 'EUR',
        source: 'PRO',
        platform: 'PRO',
        platform_country: 'IT',
      });
      return parse(CreatedShipment, answer, 'POST shipments');
    },
    async shipment(reference) {
      const answer = await call('GET', `shipments/${ref(reference)}`, undefined, true);
      return answer === undefined ? null : parse(PacklinkShipment, answer, 'GET shipments/{ref}');
    },
    async labels(reference) {
      const answer = await call('GET', `shipments/${ref(reference)}/labels`, undefined, true);
      return answer === undefined ? [] : parse(z.array(z.string()), answer ?? [], 'GET labels');
    },
    async tracking(reference) {
      const answer = await call('GET', `shipments/${ref(reference)}/track`);
      return parse(TrackingHistory, answer ?? {}, 'GET track');
    },
    async registerCallback(url) {
      await call('POST', 'shipments/callback', { url });
    },
    async download(url) {
      const target = new URL(url, baseUrl);
      let response: Response;
      try {
        response = await doFetch(target, {
          headers: target.origin === origin ? { Authorization: options.apiKey } : {},
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new PacklinkError(0, 'label download failed');
      }
      if (!response.ok) throw new PacklinkError(response.status, 'label download failed');
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

/** A Packlink failure as the shop answers it: 502 with Italian words and Packlink's own message. */
export function packlinkHttpError(error: unknown, what: string): HttpError {
  if (error instanceof PacklinkError) {
    return new HttpError(502, `${what}: Packlink ha risposto ${error.packlinkMessage}`);
  }
  return new HttpError(502, `${what}: Packlink non raggiungibile`);
}
