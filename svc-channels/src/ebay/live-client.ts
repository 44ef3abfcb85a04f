import type { Logger } from '@edicola/platform';
import {
  EbayError,
  type EbayApi,
  type EbayOrder,
  type InventoryItem,
  type Offer,
  type PriceQuantityResult,
  type TokenSource,
} from './api';

export interface EbayApiOptions {
  /** `https://api.ebay.com`, `https://api.sandbox.ebay.com`, or the fake eBay's base (…/demo/ebay). */
  baseUrl: string;
  tokens: TokenSource;
  fetch?: typeof fetch;
  logger?: Logger;
  /** One call's limit, answer included; past it the call is EbayError(0). */
  timeoutMs?: number;
}

const INVENTORY = '/sell/inventory/v1';
const FULFILLMENT = '/sell/fulfillment/v1';
const MARKETPLACE = 'EBAY_IT';
const LANGUAGE = 'it-IT';

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: string;
  body?: unknown;
  /** eBay requires Content-Language on inventory items and offers (PROVIDERS.md, eBay Sell APIs). */
  contentLanguage?: boolean;
  /** A 404 answers null instead of an error (a SKU, offer or order eBay does not have). */
  missingIsNull?: boolean;
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Retry-After as eBay sends it: seconds, or an HTTP date. */
function retryAfterMs(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** eBay's error message: `errors[0].message` (longMessage is not always there), else the HTTP status. */
function messageOf(status: number, body: unknown): string {
  const errors = (body as { errors?: { message?: unknown }[] } | null)?.errors;
  const message = Array.isArray(errors) ? errors[0]?.message : undefined;
  return typeof message === 'string' && message ? message : `eBay ha risposto ${status}`;
}

/**
 * getOrders' filter as eBay documents it: `lastmodifieddate:[<ISO>..]` with the brackets percent-encoded
 * (PROVIDERS.md, eBay Sell APIs: `[]{|}` are encoded; the colons of the date stay as they are).
 */
export function lastModifiedFilter(since: Date): string {
  return `lastmodifieddate:%5B${since.toISOString()}..%5D`;
}

/**
 * The shop's client of eBay's Sell APIs (Inventory and Fulfillment) with the seller's user token. Each call is
 * made once: the callers' jobs back off and try again (EbayError.retryable), except that a 401 invalidates the
 * token and the call is made once more with a fresh one.
 */
export function createEbayApi(options: EbayApiOptions): EbayApi {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function send(call: Call, token: string): Promise<Answer> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      'Accept-Language': LANGUAGE,
      'X-EBAY-C-MARKETPLACE-ID': MARKETPLACE,
    };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    if (call.contentLanguage) headers['Content-Language'] = LANGUAGE;
    const url = `${base}${call.path}${call.query ? `?${call.query}` : ''}`;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      options.logger?.warn({ err: error, method: call.method, path: call.path }, 'eBay not reached');
      throw new EbayError(
        0,
        timedOut ? `eBay non ha risposto entro ${timeoutMs} ms` : 'eBay non raggiungibile',
      );
    }
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { status: response.status, headers: response.headers, body };
  }

  async function request(call: Call): Promise<Answer | null> {
    let token = await options.tokens.accessToken();
    let answer = await send(call, token);
    if (answer.status === 401) {
      options.tokens.invalidate(token);
      token = await options.tokens.accessToken();
      answer = await send(call, token);
    }
    if (answer.status === 404 && call.missingIsNull) return null;
    if (answer.status >= 400) {
      const error = new EbayError(
        answer.status,
        messageOf(answer.status, answer.body),
        retryAfterMs(answer.headers.get('retry-after')),
      );
      options.logger?.warn(
        { method: call.method, path: call.path, status: answer.status, ebayError: error.message },
        'eBay refused a call',
      );
      throw error;
    }
    return answer;
  }

  const path = encodeURIComponent;

  return {
    async createInventoryLocation(key, location) {
      try {
        await request({
          method: 'POST',
          path: `${INVENTORY}/location/${path(key)}`,
          body: {
            name: location.name,
            location: { address: location.address },
            locationTypes: ['WAREHOUSE'],
            merchantLocationStatus: 'ENABLED',
          },
        });
      } catch (error) {
        // eBay answers 409 (errorId 25803) to a key it already has: the location the shop wants is there.
        if (error instanceof EbayError && error.status === 409) return;
        throw error;
      }
    },

    async putInventoryItem(sku, item) {
      await request({
        method: 'PUT',
        path: `${INVENTORY}/inventory_item/${path(sku)}`,
        body: item,
        contentLanguage: true,
      });
    },

    async getInventoryItem(sku) {
      const answer = await request({
        method: 'GET',
        path: `${INVENTORY}/inventory_item/${path(sku)}`,
        missingIsNull: true,
      });
      return answer ? (answer.body as InventoryItem) : null;
    },

    async getInventoryItems(offset, limit) {
      const answer = await request({
        method: 'GET',
        path: `${INVENTORY}/inventory_item`,
        query: `limit=${limit}&offset=${offset}`,
      });
      const body = answer!.body as { total?: number; inventoryItems?: (InventoryItem & { sku: string })[] };
      return { total: body.total ?? 0, inventoryItems: body.inventoryItems ?? [] };
    },

    async createOffer(offer) {
      const answer = await request({
        method: 'POST',
        path: `${INVENTORY}/offer`,
        body: offer,
        contentLanguage: true,
      });
      return { offerId: (answer!.body as { offerId: string }).offerId };
    },

    async updateOffer(offerId, offer) {
      await request({
        method: 'PUT',
        path: `${INVENTORY}/offer/${path(offerId)}`,
        body: offer,
        contentLanguage: true,
      });
    },

    async getOffers(sku) {
      // eBay answers 404 when the SKU has no offer.
      const answer = await request({
        method: 'GET',
        path: `${INVENTORY}/offer`,
        query: `sku=${path(sku)}&marketplace_id=${MARKETPLACE}`,
        missingIsNull: true,
      });
      return answer ? ((answer.body as { offers?: Offer[] }).offers ?? []) : [];
    },

    async publishOffer(offerId) {
      const answer = await request({ method: 'POST', path: `${INVENTORY}/offer/${path(offerId)}/publish` });
      return { listingId: (answer!.body as { listingId: string }).listingId };
    },

    async withdrawOffer(offerId) {
      await request({ method: 'POST', path: `${INVENTORY}/offer/${path(offerId)}/withdraw` });
    },

    async bulkUpdatePriceQuantity(requests) {
      // 200 when every entry succeeded, 207 when some did not: the answer says which.
      const answer = await request({
        method: 'POST',
        path: `${INVENTORY}/bulk_update_price_quantity`,
        body: { requests },
      });
      return (answer!.body as { responses?: PriceQuantityResult[] }).responses ?? [];
    },

    async getOrders(since, offset, limit) {
      const answer = await request({
        method: 'GET',
        path: `${FULFILLMENT}/order`,
        query: `filter=${lastModifiedFilter(since)}&limit=${limit}&offset=${offset}`,
      });
      const body = answer!.body as { total?: number; orders?: EbayOrder[] };
      return { total: body.total ?? 0, orders: body.orders ?? [] };
    },

    async getOrder(orderId) {
      const answer = await request({
        method: 'GET',
        path: `${FULFILLMENT}/order/${path(orderId)}`,
        missingIsNull: true,
      });
      return answer ? (answer.body as EbayOrder) : null;
    },

    async createShippingFulfillment(orderId, fulfillment) {
      const answer = await request({
        method: 'POST',
        path: `${FULFILLMENT}/order/${path(orderId)}/shipping_fulfillment`,
        body: fulfillment,
      });
      // eBay answers 201 with the new fulfillment's URI in Location (…/shipping_fulfillment/{fulfillmentId}).
      const location = answer!.headers.get('location') ?? '';
      // The tracking is recorded either way: an answer without it is not a reason to send the parcel twice.
      const fromBody = (answer!.body as { fulfillmentId?: string } | null)?.fulfillmentId;
      return { fulfillmentId: fromBody ?? decodeURIComponent(location.split('/').pop() ?? '') };
    },
  };
}
