import { randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { endpoint, type Route, type RouteName } from '@edicola/contracts';
import { conflict, notFound, routeServer, type InputSchemas } from '@edicola/platform';
import type { InventoryItem, Offer, PriceQuantity, ShippingFulfillment } from '../api';
import { consentPage, errorPage, listingPage } from './pages';
import { openStore, type FakeEbayState, type FakeOffer, type FakeOrder } from './store';

export type { FakeEbayState } from './store';

/** Where the fake is mounted in svc-channels (the route table's `/demo/ebay/...` paths). */
export const FAKE_EBAY_PREFIX = '/demo/ebay';

export interface FakeEbayOptions {
  /** Where the state is kept across restarts; in memory without it. */
  stateFile?: string;
  /** The fake's address as browsers and the shop reach it, e.g. `http://localhost:8080/demo/ebay`. */
  publicBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The shop's callback, where the consent page sends the browser (what eBay maps the RuName to). */
  redirectUrl: string;
  /** eBay's: access tokens 2 hours, refresh tokens 18 months. Shorter in tests. */
  accessTokenTtlMs?: number;
  refreshTokenTtlMs?: number;
  /** The demo seller's eBay user name (GET /commerce/identity/v1/user/). */
  sellerUsername?: string;
  /** Shipping the demo buyer pays, in euros as eBay writes amounts ("6.90"). */
  deliveryCost?: string;
  now?: () => Date;
}

/** One request the fake received: what tests count. */
export interface FakeEbayCall {
  method: string;
  /** Relative to /demo/ebay, without the query: `/sell/inventory/v1/bulk_update_price_quantity`. */
  path: string;
  at: Date;
}

/** Makes eBay misbehave for tests: an HTTP status instead of an answer, or a slow answer. */
export interface FakeEbayFaults {
  /** The next `count` calls to eBay's APIs answer `status` (429 with Retry-After, 500, 503). */
  fail(status: number, count: number, options?: { retryAfterSeconds?: number }): void;
  /** Every call to eBay's APIs answers `status` for the next `ms` milliseconds. */
  failFor(status: number, ms: number, options?: { retryAfterSeconds?: number }): void;
  /** Every call to eBay's APIs waits `ms` before it is handled (0: no delay). */
  delay(ms: number): void;
  clear(): void;
}

export interface FakeEbay {
  /** Express router with paths relative to /demo/ebay: mount it with `router.use(FAKE_EBAY_PREFIX, fake.router)`. */
  router: Router;
  faults: FakeEbayFaults;
  calls: FakeEbayCall[];
  /** A demo buyer buys `quantity` of a listed SKU: its order id. Throws FakeEbayRefusal when eBay would not sell. */
  buy(sku: string, quantity: number, buyer?: string, options?: { paymentPending?: boolean }): string;
  /** The buyer of an order still awaiting payment pays (eBay then lists it). */
  pay(orderId: string): void;
  /** eBay cancels the order and refunds the buyer; the units go back on sale. */
  cancel(orderId: string): void;
  /** The listing's page on the fake eBay. */
  listingUrl(listingId: string): string;
  state: FakeEbayState;
}

/** What eBay would not let a buyer do, in Italian (the demo routes answer it as 409 `{detail}`). */
export class FakeEbayRefusal extends Error {}
export class FakeEbayNotFound extends Error {}

const HOUR = 3_600_000;
const MAX_BULK_REQUESTS = 25;
const MAX_ORDERS_PAGE = 200;
const MAX_ORDER_IDS = 50;
// eBay's ConditionEnum (sell_inventory v1.18).
const CONDITIONS = new Set([
  'NEW',
  'LIKE_NEW',
  'NEW_OTHER',
  'NEW_WITH_DEFECTS',
  'CERTIFIED_REFURBISHED',
  'EXCELLENT_REFURBISHED',
  'VERY_GOOD_REFURBISHED',
  'GOOD_REFURBISHED',
  'SELLER_REFURBISHED',
  'USED_EXCELLENT',
  'USED_VERY_GOOD',
  'USED_GOOD',
  'USED_ACCEPTABLE',
  'FOR_PARTS_OR_NOT_WORKING',
  'PRE_OWNED_EXCELLENT',
  'PRE_OWNED_FAIR',
]);

/** An answer in eBay's error shape: `{"errors":[{errorId, domain, category, message}]}`. */
class EbayFault extends Error {
  constructor(
    readonly status: number,
    readonly errors: { errorId: number; message: string }[],
    readonly domain = 'API_INVENTORY',
    readonly retryAfterSeconds?: number,
  ) {
    super(errors[0]?.message ?? 'error');
  }
}

const fault = (status: number, errorId: number, message: string, domain?: string) =>
  new EbayFault(status, [{ errorId, message }], domain);
const userError = (message: string) => fault(400, 25002, `A user error has occurred. ${message}`);
const itemNotFound = () =>
  fault(404, 25710, "We didn't find the resource/entity you are requesting. Please verify the request");
const offerNotFound = () => fault(404, 25713, 'This Offer is not available.');
const orderNotFound = () => fault(404, 32100, 'Invalid order ID.', 'API_FULFILLMENT');

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isAmount = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{1,7}(\.\d{1,2})?$/.test(v) && Number(v) > 0;
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const money = (value: number) => ({ value: value.toFixed(2), currency: 'EUR' });

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The fake eBay of EBAY_MODE=demo and of the tests (docs/decisions/0047-fake-ebay.md): the Sell APIs' paths,
 * bodies and errors the shop uses (PROVIDERS.md, eBay Sell APIs), with eBay's OAuth, a demo buyer and faults.
 */
export function createFakeEbay(options: FakeEbayOptions): FakeEbay {
  const store = openStore(options.stateFile);
  const { state } = store;
  const now = () => options.now?.() ?? new Date();
  const accessTtl = options.accessTokenTtlMs ?? 2 * HOUR;
  const refreshTtl = options.refreshTokenTtlMs ?? 18 * 30 * 24 * HOUR;
  const seller = options.sellerUsername ?? 'edicola_napoli_demo';
  const deliveryCost = Number(options.deliveryCost ?? '6.90');
  const publicBase = options.publicBaseUrl.replace(/\/+$/, '');
  const calls: FakeEbayCall[] = [];

  const nextNumber = () => ++state.sequence;
  const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

  // --- faults ---------------------------------------------------------------------------------------------
  let failures: { status: number; remaining: number; until: number; retryAfterSeconds: number }[] = [];
  let delayMs = 0;
  const faults: FakeEbayFaults = {
    fail(status, count, opts) {
      failures.push({
        status,
        remaining: count,
        until: Infinity,
        retryAfterSeconds: opts?.retryAfterSeconds ?? 2,
      });
    },
    failFor(status, ms, opts) {
      failures.push({
        status,
        remaining: Infinity,
        until: Date.now() + ms,
        retryAfterSeconds: opts?.retryAfterSeconds ?? 2,
      });
    },
    delay(ms) {
      delayMs = ms;
    },
    clear() {
      failures = [];
      delayMs = 0;
    },
  };

  function injectedFault(): EbayFault | null {
    failures = failures.filter((f) => f.remaining > 0 && f.until > Date.now());
    const failure = failures[0];
    if (!failure) return null;
    failure.remaining -= 1;
    if (failure.status === 429)
      return new EbayFault(
        429,
        [
          {
            errorId: 2001,
            message: 'Too many requests. The request limit has been reached for the resource.',
          },
        ],
        'ACCESS',
        failure.retryAfterSeconds,
      );
    return fault(
      failure.status,
      failure.status === 503 ? 2003 : 25001,
      failure.status === 503
        ? 'Service unavailable. Please try again later.'
        : 'A system error has occurred. Try again later.',
      'API_INVENTORY',
    );
  }

  // --- tokens ---------------------------------------------------------------------------------------------
  function issueAccessToken() {
    const at = now().getTime();
    for (const [token, { expiresAt }] of Object.entries(state.accessTokens))
      if (expiresAt <= at) delete state.accessTokens[token];
    const token = secret('v^1.1#i^1#demo#');
    state.accessTokens[token] = { expiresAt: at + accessTtl };
    return token;
  }

  function requireToken(req: Request, _res: Response, next: NextFunction) {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const known = token ? state.accessTokens[token] : undefined;
    if (!known || known.expiresAt <= now().getTime())
      return next(new EbayFault(401, [{ errorId: 1001, message: 'Invalid access token' }], 'OAuth'));
    next();
  }

  function requireContentLanguage(req: Request) {
    if (!req.headers['content-language'])
      throw fault(400, 25709, 'Invalid value for header Content-Language.');
  }

  // --- listings -------------------------------------------------------------------------------------------
  const listedQuantity = (offer: FakeOffer) =>
    Math.min(
      offer.availableQuantity ?? 0,
      state.items[offer.sku]?.availability.shipToLocationAvailability.quantity ?? 0,
    );

  function publishProblems(offer: Offer): string[] {
    const problems: string[] = [];
    const item = state.items[offer.sku];
    if (!item) return [`The inventory item ${offer.sku} does not exist.`];
    if (!nonEmpty(item.product?.title)) problems.push('The title is missing.');
    if (!nonEmpty(item.product?.description) && !nonEmpty(offer.listingDescription))
      problems.push('The description is missing.');
    if (!Array.isArray(item.product?.imageUrls) || item.product.imageUrls.length === 0)
      problems.push('At least one picture is required.');
    if (!nonEmpty(item.condition)) problems.push('The item condition is missing.');
    if (!isAmount(offer.pricingSummary?.price?.value)) problems.push('The price is missing or not valid.');
    if (!isCount(offer.availableQuantity)) problems.push('The availableQuantity is missing.');
    else if (listedQuantity(offer as FakeOffer) < 1) problems.push('The quantity must be greater than 0.');
    if (!nonEmpty(offer.categoryId)) problems.push('The categoryId is missing.');
    if (!nonEmpty(offer.merchantLocationKey)) problems.push('The merchantLocationKey is missing.');
    else if (!state.locations[offer.merchantLocationKey])
      problems.push(`The merchantLocationKey ${offer.merchantLocationKey} does not exist.`);
    const policies = offer.listingPolicies;
    if (!nonEmpty(policies?.fulfillmentPolicyId)) problems.push('The fulfillmentPolicyId is missing.');
    if (!nonEmpty(policies?.paymentPolicyId)) problems.push('The paymentPolicyId is missing.');
    if (!nonEmpty(policies?.returnPolicyId)) problems.push('The returnPolicyId is missing.');
    return problems;
  }

  function refuseUnpublishable(offer: Offer) {
    const problems = publishProblems(offer);
    if (problems.length)
      throw new EbayFault(
        400,
        problems.map((p) => ({ errorId: 25002, message: `A user error has occurred. ${p}` })),
      );
  }

  /** The offer fields eBay checks on create and update (the rest only at publish). */
  function checkOfferBody(body: unknown): asserts body is Offer {
    if (!isObject(body)) throw userError('The request body is missing.');
    if (!nonEmpty(body.sku)) throw userError('The sku is missing.');
    if (body.marketplaceId !== 'EBAY_IT') throw userError('Invalid value for marketplaceId.');
    if (body.format !== 'FIXED_PRICE') throw userError('Invalid value for format.');
    if (body.availableQuantity !== undefined && !isCount(body.availableQuantity))
      throw userError('The availableQuantity must be a whole number, 0 or more.');
    const price = (body.pricingSummary as { price?: { value?: unknown; currency?: unknown } } | undefined)
      ?.price;
    if (price !== undefined && (!isAmount(price.value) || price.currency !== 'EUR'))
      throw userError('The price is not valid.');
  }

  const offersOf = (sku: string) => Object.values(state.offers).filter((o) => o.sku === sku);

  // --- orders ---------------------------------------------------------------------------------------------
  const at = () => now().toISOString();

  function buy(sku: string, quantity: number, buyer?: string, opts?: { paymentPending?: boolean }): string {
    const offer = offersOf(sku).find((o) => o.status === 'PUBLISHED');
    const item = state.items[sku];
    if (!offer || !item) throw new FakeEbayRefusal('Questo oggetto non è in vendita su eBay (demo)');
    const available = listedQuantity(offer);
    if (available < quantity)
      throw new FakeEbayRefusal(
        available === 0
          ? 'Questo oggetto è esaurito su eBay (demo)'
          : `Su eBay (demo) ne restano solo ${available}`,
      );
    // eBay takes the units sold off the item and off the offer: the listing shows what is left.
    item.availability.shipToLocationAvailability.quantity -= quantity;
    offer.availableQuantity -= quantity;
    const n = nextNumber();
    const digits = String(1e11 + n);
    const orderId = `${digits.slice(0, 2)}-${digits.slice(2, 7)}-${digits.slice(7)}`;
    const name = buyer?.trim() || 'Maria Esposito';
    const username = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${n}`;
    const email = `${randomBytes(8).toString('hex')}@members.ebay.com`;
    const unit = Number(offer.pricingSummary.price.value);
    const date = at();
    const order: FakeOrder = {
      orderId,
      creationDate: date,
      lastModifiedDate: date,
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: opts?.paymentPending ? 'PENDING' : 'PAID',
      cancelStatus: { cancelState: 'NONE_REQUESTED' },
      buyer: { username, buyerRegistrationAddress: { email, fullName: name } },
      pricingSummary: { total: money(unit * quantity + deliveryCost), deliveryCost: money(deliveryCost) },
      fulfillmentStartInstructions: [
        {
          shippingStep: {
            shipTo: {
              fullName: name,
              contactAddress: {
                addressLine1: 'Via Toledo 256',
                city: 'Napoli',
                stateOrProvince: 'NA',
                postalCode: '80134',
                countryCode: 'IT',
              },
              primaryPhone: { phoneNumber: '3331234567' },
              email,
            },
          },
        },
      ],
      lineItems: [
        {
          lineItemId: String(10_000_000_000 + n),
          sku,
          title: item.product.title,
          quantity,
          // eBay's lineItemCost is the line's: the unit price times the quantity.
          lineItemCost: money(unit * quantity),
          legacyItemId: offer.listing?.listingId,
          lineItemFulfillmentStatus: 'NOT_STARTED',
        },
      ],
      fulfillmentHrefs: [],
    };
    state.orders[orderId] = order;
    store.save();
    return orderId;
  }

  function orderOf(orderId: string): FakeOrder {
    const order = state.orders[orderId];
    if (!order) throw new FakeEbayNotFound('Ordine eBay (demo) non trovato');
    return order;
  }

  function pay(orderId: string) {
    const order = orderOf(orderId);
    if (order.orderPaymentStatus !== 'PENDING') throw new FakeEbayRefusal('Questo ordine è già pagato');
    order.orderPaymentStatus = 'PAID';
    order.lastModifiedDate = at();
    store.save();
  }

  function cancel(orderId: string) {
    const order = orderOf(orderId);
    if (order.cancelStatus.cancelState === 'CANCELED')
      throw new FakeEbayRefusal('Questo ordine eBay (demo) è già annullato');
    if (order.orderFulfillmentStatus !== 'NOT_STARTED')
      throw new FakeEbayRefusal('Questo ordine eBay (demo) è già stato spedito');
    order.cancelStatus = { cancelState: 'CANCELED' };
    order.orderPaymentStatus = 'FULLY_REFUNDED';
    order.lastModifiedDate = at();
    for (const line of order.lineItems) {
      const item = line.sku ? state.items[line.sku] : undefined;
      if (item) item.availability.shipToLocationAvailability.quantity += line.quantity;
      const offer = line.sku ? offersOf(line.sku)[0] : undefined;
      if (offer) offer.availableQuantity += line.quantity;
    }
    store.save();
  }

  /** getOrders' filter: `lastmodifieddate:[from..]` or `[from..to]`, the same for creationdate. */
  function parseFilter(filter: string): (order: FakeOrder) => boolean {
    const tests: ((order: FakeOrder) => boolean)[] = [];
    for (const part of filter.split(/,(?=[a-z]+:)/)) {
      const match = /^(lastmodifieddate|creationdate):\[(.*?)\.\.(.*?)\]$/.exec(part.trim());
      const statuses = /^orderfulfillmentstatus:\{([A-Z_|]+)\}$/.exec(part.trim());
      if (match) {
        const from = Date.parse(match[2]!);
        const to = match[3] ? Date.parse(match[3]) : Infinity;
        if (Number.isNaN(from) || Number.isNaN(to))
          throw fault(400, 30800, `Invalid filter: ${part}`, 'API_FULFILLMENT');
        const field = match[1] === 'creationdate' ? 'creationDate' : 'lastModifiedDate';
        tests.push((o) => Date.parse(o[field]) >= from && Date.parse(o[field]) <= to);
      } else if (statuses) {
        const allowed = statuses[1]!.split('|');
        tests.push((o) => allowed.includes(o.orderFulfillmentStatus));
      } else {
        throw fault(400, 30800, `Invalid filter: ${part}`, 'API_FULFILLMENT');
      }
    }
    return (order) => tests.every((t) => t(order));
  }

  // --- the routes -----------------------------------------------------------------------------------------
  type FakeRoute = Extract<RouteName, `${string} /demo/ebay/${string}`>;
  type Handler = (
    input: { body: unknown; params: Record<string, string> },
    req: Request,
    res: Response,
  ) => unknown;

  const noContent = (res: Response) => {
    res.status(204).end();
  };

  const handlers: Record<FakeRoute, Handler> = {
    'GET /demo/ebay/oauth2/authorize': (_input, req, res) => {
      const query = req.query as Record<string, unknown>;
      res.type('html');
      if (
        query.client_id !== options.clientId ||
        query.response_type !== 'code' ||
        !nonEmpty(query.redirect_uri)
      ) {
        res
          .status(400)
          .send(
            errorPage('Richiesta di consenso non valida: applicazione o indirizzo di ritorno sconosciuti.'),
          );
        return;
      }
      const code = secret('v^1.1#i^1#code#');
      state.codes[code] = { redirectUri: query.redirect_uri, expiresAt: now().getTime() + 5 * 60_000 };
      store.save();
      const back = new URL(options.redirectUrl);
      back.searchParams.set('code', code);
      if (typeof query.state === 'string') back.searchParams.set('state', query.state);
      back.searchParams.set('expires_in', '299');
      res.send(consentPage(back.toString()));
    },

    'POST /demo/ebay/identity/v1/oauth2/token': (_input, req, res) => {
      const header = req.headers.authorization ?? '';
      const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
      if (!header.startsWith('Basic ') || !sameSecret(header.slice(6), expected)) {
        res.status(401).json({ error: 'invalid_client', error_description: 'client authentication failed' });
        return;
      }
      const form = (isObject(req.body) ? req.body : {}) as Record<string, unknown>;
      const time = now().getTime();
      if (form.grant_type === 'authorization_code') {
        const code = typeof form.code === 'string' ? state.codes[form.code] : undefined;
        if (!code || code.expiresAt <= time || code.redirectUri !== form.redirect_uri) {
          res.status(400).json({
            error: 'invalid_grant',
            error_description:
              'the provided authorization grant code is invalid or was issued to another client',
          });
          return;
        }
        delete state.codes[form.code as string];
        const refreshToken = secret('v^1.1#i^1#refresh#');
        state.refreshTokens[refreshToken] = { expiresAt: time + refreshTtl };
        const accessToken = issueAccessToken();
        store.save();
        return {
          access_token: accessToken,
          expires_in: Math.floor(accessTtl / 1000),
          refresh_token: refreshToken,
          refresh_token_expires_in: Math.floor(refreshTtl / 1000),
          token_type: 'User Access Token',
        };
      }
      if (form.grant_type === 'refresh_token') {
        const known =
          typeof form.refresh_token === 'string' ? state.refreshTokens[form.refresh_token] : undefined;
        if (!known || known.expiresAt <= time) {
          res.status(400).json({
            error: 'invalid_grant',
            error_description:
              'the provided authorization refresh token is invalid or was issued to another client',
          });
          return;
        }
        const accessToken = issueAccessToken();
        store.save();
        return {
          access_token: accessToken,
          expires_in: Math.floor(accessTtl / 1000),
          token_type: 'User Access Token',
        };
      }
      res.status(400).json({
        error: 'unsupported_grant_type',
        error_description: 'grant type in request is not supported by the authorization server',
      });
    },

    'GET /demo/ebay/commerce/identity/v1/user': () => ({
      userId: 'demo0seller0id',
      username: seller,
      accountType: 'BUSINESS',
      registrationMarketplaceId: 'EBAY_IT',
    }),

    'POST /demo/ebay/sell/inventory/v1/location/:key': ({ params }, req, res) => {
      const key = params.key!;
      if (!/^[A-Za-z0-9_-]{1,36}$/.test(key)) throw userError('Invalid merchantLocationKey.');
      const body = req.body as unknown;
      const address = isObject(body) && isObject(body.location) ? body.location.address : undefined;
      if (!isObject(address) || !nonEmpty(address.country))
        throw userError('The location address needs at least a country.');
      if (!nonEmpty(address.postalCode) && !(nonEmpty(address.city) && nonEmpty(address.stateOrProvince)))
        throw userError('The location address needs a postalCode, or a city and stateOrProvince.');
      if (state.locations[key]) throw fault(409, 25803, `merchantLocationKey ${key} already exists.`);
      state.locations[key] = {
        merchantLocationKey: key,
        name:
          typeof (body as { name?: unknown }).name === 'string' ? (body as { name: string }).name : undefined,
        location: { address: address as Record<string, string> },
        merchantLocationStatus: 'ENABLED',
      };
      store.save();
      noContent(res);
    },

    'GET /demo/ebay/sell/inventory/v1/inventory_item': (_input, req) => {
      const limit = req.query.limit === undefined ? 25 : Number(req.query.limit);
      const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw userError('Invalid value for limit.');
      if (!Number.isInteger(offset) || offset < 0) throw userError('Invalid value for offset.');
      const all = Object.values(state.items);
      const page = all.slice(offset, offset + limit);
      return { href: req.originalUrl, total: all.length, size: page.length, limit, inventoryItems: page };
    },

    'GET /demo/ebay/sell/inventory/v1/inventory_item/:sku': ({ params }) => {
      const item = state.items[params.sku!];
      if (!item) throw itemNotFound();
      return item;
    },

    'PUT /demo/ebay/sell/inventory/v1/inventory_item/:sku': ({ params }, req, res) => {
      requireContentLanguage(req);
      const sku = params.sku!;
      if (sku.length > 50) throw userError('The SKU is longer than 50 characters.');
      const body = req.body as unknown;
      if (!isObject(body)) throw userError('The request body is missing.');
      const availability = body.availability as InventoryItem['availability'] | undefined;
      const quantity = availability?.shipToLocationAvailability?.quantity;
      if (!isCount(quantity))
        throw userError('The shipToLocationAvailability quantity must be a whole number, 0 or more.');
      if (
        body.condition !== undefined &&
        (typeof body.condition !== 'string' || !CONDITIONS.has(body.condition))
      )
        throw userError('Invalid value for condition.');
      const product = body.product as InventoryItem['product'] | undefined;
      if (!isObject(product) || !nonEmpty(product.title)) throw userError('The product title is missing.');
      if (product.title.length > 80) throw userError('The title is longer than 80 characters.');
      if (
        product.imageUrls !== undefined &&
        (!Array.isArray(product.imageUrls) || product.imageUrls.length > 24)
      )
        throw userError('At most 24 imageUrls.');
      // The whole record is replaced: what the request leaves out is gone.
      state.items[sku] = { ...(body as unknown as InventoryItem), sku, locale: 'it_IT' };
      store.save();
      noContent(res);
    },

    'POST /demo/ebay/sell/inventory/v1/bulk_update_price_quantity': (_input, req, res) => {
      const body = req.body as unknown;
      const requests = isObject(body) ? body.requests : undefined;
      if (!Array.isArray(requests) || requests.length === 0) throw userError('The requests are missing.');
      // PROVIDERS.md: 25 per call, whether of items or of offers the docs disagree; the fake holds the shop to both.
      const offerCount = requests.reduce((n: number, r: PriceQuantity) => n + (r?.offers?.length ?? 0), 0);
      if (requests.length > MAX_BULK_REQUESTS || offerCount > MAX_BULK_REQUESTS)
        throw fault(
          400,
          25005,
          `The number of requests or offers is more than the maximum allowed: ${MAX_BULK_REQUESTS}.`,
        );
      const responses: {
        sku: string;
        offerId?: string;
        statusCode: number;
        errors?: { errorId: number; message: string }[];
      }[] = [];
      for (const request of requests as PriceQuantity[]) {
        const sku = typeof request?.sku === 'string' ? request.sku : '';
        const refuse = (statusCode: number, errorId: number, message: string, offerId?: string) =>
          responses.push({ sku, offerId, statusCode, errors: [{ errorId, message }] });
        const item = state.items[sku];
        if (!item) {
          refuse(404, 25710, "We didn't find the resource/entity you are requesting.");
          continue;
        }
        const quantity = request.shipToLocationAvailability?.quantity;
        if (request.shipToLocationAvailability && !isCount(quantity)) {
          refuse(400, 25002, 'A user error has occurred. Invalid quantity.');
          continue;
        }
        const offers = request.offers ?? [];
        const problem = offers
          .map((o) => {
            const offer = state.offers[o?.offerId];
            if (!offer || offer.sku !== sku)
              return { offerId: o?.offerId, errorId: 25713, message: 'This Offer is not available.' };
            if (offer.status !== 'PUBLISHED')
              return {
                offerId: o.offerId,
                errorId: 25002,
                message: 'A user error has occurred. Only published offers can be updated.',
              };
            if (o.availableQuantity !== undefined && !isCount(o.availableQuantity))
              return {
                offerId: o.offerId,
                errorId: 25002,
                message: 'A user error has occurred. Invalid availableQuantity.',
              };
            if (o.price !== undefined && (!isAmount(o.price.value) || o.price.currency !== 'EUR'))
              return {
                offerId: o.offerId,
                errorId: 25002,
                message: 'A user error has occurred. Invalid price.',
              };
            return null;
          })
          .find(Boolean);
        if (problem) {
          refuse(400, problem.errorId, problem.message, problem.offerId);
          continue;
        }
        if (quantity !== undefined) item.availability.shipToLocationAvailability.quantity = quantity;
        for (const o of offers) {
          const offer = state.offers[o.offerId]!;
          if (o.availableQuantity !== undefined) offer.availableQuantity = o.availableQuantity;
          if (o.price) offer.pricingSummary = { price: { value: o.price.value, currency: 'EUR' } };
          responses.push({ sku, offerId: o.offerId, statusCode: 200 });
        }
        if (offers.length === 0) responses.push({ sku, statusCode: 200 });
      }
      store.save();
      res.status(responses.every((r) => r.statusCode === 200) ? 200 : 207);
      return { responses };
    },

    'GET /demo/ebay/sell/inventory/v1/offer': (_input, req) => {
      const sku = req.query.sku;
      if (!nonEmpty(sku)) throw fault(400, 25707, 'This is an invalid value for a SKU.');
      const marketplace = req.query.marketplace_id;
      const offers = offersOf(sku).filter(
        (o) => marketplace === undefined || o.marketplaceId === marketplace,
      );
      if (offers.length === 0) throw offerNotFound();
      return { href: req.originalUrl, limit: 25, size: offers.length, total: offers.length, offers };
    },

    'POST /demo/ebay/sell/inventory/v1/offer': (_input, req, res) => {
      requireContentLanguage(req);
      const body = req.body as unknown;
      checkOfferBody(body);
      if (!state.items[body.sku]) throw fault(400, 25702, `SKU ${body.sku} is not available in the system.`);
      const existing = offersOf(body.sku).find(
        (o) => o.marketplaceId === body.marketplaceId && o.format === body.format,
      );
      if (existing)
        throw new EbayFault(400, [
          { errorId: 25002, message: 'A user error has occurred. Offer entity already exists.' },
        ]);
      const offerId = String(5_000_000_000 + nextNumber());
      const { listing: _listing, status: _status, offerId: _id, ...fields } = body;
      state.offers[offerId] = { ...fields, offerId, status: 'UNPUBLISHED' };
      store.save();
      res.status(201);
      return { offerId };
    },

    'PUT /demo/ebay/sell/inventory/v1/offer/:offerId': ({ params }, req, res) => {
      requireContentLanguage(req);
      const offer = state.offers[params.offerId!];
      if (!offer) throw offerNotFound();
      const body = req.body as unknown;
      checkOfferBody(body);
      if (body.sku !== offer.sku) throw userError('The sku of an offer cannot change.');
      const { listing: _listing, status: _status, offerId: _id, ...fields } = body;
      const updated: FakeOffer = {
        ...fields,
        offerId: offer.offerId,
        status: offer.status,
        listing: offer.listing,
      };
      // A published offer is its live listing: eBay revises it only with what a listing needs.
      if (offer.status === 'PUBLISHED') refuseUnpublishable(updated);
      state.offers[offer.offerId] = updated;
      store.save();
      noContent(res);
    },

    'POST /demo/ebay/sell/inventory/v1/offer/:offerId/publish': ({ params }) => {
      const offer = state.offers[params.offerId!];
      if (!offer) throw offerNotFound();
      refuseUnpublishable(offer);
      if (offer.status !== 'PUBLISHED' || !offer.listing) {
        offer.listing = { listingId: String(110_000_000_000 + nextNumber()), listingStatus: 'ACTIVE' };
      }
      offer.status = 'PUBLISHED';
      offer.listing.listingStatus = 'ACTIVE';
      store.save();
      return { listingId: offer.listing.listingId, warnings: [] };
    },

    'POST /demo/ebay/sell/inventory/v1/offer/:offerId/withdraw': ({ params }) => {
      const offer = state.offers[params.offerId!];
      if (!offer) throw offerNotFound();
      if (offer.status !== 'PUBLISHED' || !offer.listing) throw userError('The offer is not published.');
      offer.status = 'UNPUBLISHED';
      const listingId = offer.listing.listingId;
      // Published again later, it is a new listing.
      offer.listing = { listingId, listingStatus: 'ENDED' };
      store.save();
      return { listingId, warnings: [] };
    },

    'GET /demo/ebay/sell/fulfillment/v1/order': (_input, req) => {
      // PROVIDERS.md: the filter's brackets are percent-encoded; eBay's gateway refuses them bare.
      const rawQuery = req.originalUrl.split('?')[1] ?? '';
      if (/[[\]{}|]/.test(rawQuery))
        throw fault(400, 30800, 'Invalid filter: percent-encode [ ] { } |.', 'API_FULFILLMENT');
      const q = req.query as Record<string, unknown>;
      const limit = q.limit === undefined ? 50 : Number(q.limit);
      const offset = q.offset === undefined ? 0 : Number(q.offset);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ORDERS_PAGE)
        throw fault(400, 30700, 'Invalid limit: 1 to 200.', 'API_FULFILLMENT');
      if (!Number.isInteger(offset) || offset < 0)
        throw fault(400, 30700, 'Invalid offset.', 'API_FULFILLMENT');
      let orders = Object.values(state.orders).filter((o) => o.orderPaymentStatus !== 'PENDING');
      if (typeof q.orderIds === 'string') {
        const ids = q.orderIds.split(',');
        if (ids.length > MAX_ORDER_IDS) throw fault(400, 30700, 'At most 50 orderIds.', 'API_FULFILLMENT');
        orders = orders.filter((o) => ids.includes(o.orderId));
      } else if (typeof q.filter === 'string') {
        orders = orders.filter(parseFilter(q.filter));
      }
      orders.sort((a, b) => Date.parse(a.lastModifiedDate) - Date.parse(b.lastModifiedDate));
      const page = orders.slice(offset, offset + limit);
      return { href: req.originalUrl, total: orders.length, limit, offset, orders: page };
    },

    'GET /demo/ebay/sell/fulfillment/v1/order/:orderId': ({ params }) => {
      const order = state.orders[params.orderId!];
      if (!order) throw orderNotFound();
      return order;
    },

    'POST /demo/ebay/sell/fulfillment/v1/order/:orderId/shipping_fulfillment': ({ params }, req, res) => {
      const order = state.orders[params.orderId!];
      if (!order) throw orderNotFound();
      const body = req.body as Partial<ShippingFulfillment> | undefined;
      const fulfillmentError = (message: string) => fault(400, 34100, message, 'API_FULFILLMENT');
      if (!isObject(body) || !Array.isArray(body.lineItems) || body.lineItems.length === 0)
        throw fulfillmentError('The lineItems are missing.');
      if (!nonEmpty(body.trackingNumber)) throw fulfillmentError('The trackingNumber is missing.');
      if (!nonEmpty(body.shippingCarrierCode)) throw fulfillmentError('The shippingCarrierCode is missing.');
      if (body.shippedDate !== undefined && Number.isNaN(Date.parse(body.shippedDate)))
        throw fulfillmentError('Invalid shippedDate.');
      if (order.cancelStatus.cancelState === 'CANCELED') throw fulfillmentError('The order is cancelled.');
      for (const given of body.lineItems) {
        const line = order.lineItems.find((l) => l.lineItemId === given?.lineItemId);
        if (!line) throw fulfillmentError(`Invalid lineItemId ${String(given?.lineItemId)}.`);
        if (!Number.isInteger(given.quantity) || given.quantity < 1 || given.quantity > line.quantity)
          throw fulfillmentError(`Invalid quantity for lineItemId ${line.lineItemId}.`);
      }
      const fulfillmentId = String(9_000_000_000 + nextNumber());
      for (const given of body.lineItems)
        order.lineItems.find((l) => l.lineItemId === given.lineItemId)!.lineItemFulfillmentStatus =
          'FULFILLED';
      order.orderFulfillmentStatus = order.lineItems.every((l) => l.lineItemFulfillmentStatus === 'FULFILLED')
        ? 'FULFILLED'
        : 'IN_PROGRESS';
      order.lastModifiedDate = at();
      const href = `${publicBase}/sell/fulfillment/v1/order/${order.orderId}/shipping_fulfillment/${fulfillmentId}`;
      order.fulfillmentHrefs.push(href);
      state.fulfillments[fulfillmentId] = {
        fulfillmentId,
        orderId: order.orderId,
        lineItems: body.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
        shippedDate: body.shippedDate ?? at(),
        shippingCarrierCode: body.shippingCarrierCode,
        trackingNumber: body.trackingNumber,
      };
      store.save();
      res.status(201).location(href);
      return {};
    },

    'GET /demo/ebay/itm/:listingId': ({ params }, _req, res) => {
      const offer = Object.values(state.offers).find((o) => o.listing?.listingId === params.listingId);
      res.type('html');
      if (!offer) {
        res.status(404).send(errorPage('Inserzione non trovata su eBay (demo).'));
        return;
      }
      res.send(
        listingPage({
          listingId: offer.listing!.listingId,
          title: state.items[offer.sku]?.product.title ?? offer.sku,
          price: offer.pricingSummary?.price?.value ?? '0.00',
          quantity: listedQuantity(offer),
          active: offer.status === 'PUBLISHED',
        }),
      );
    },

    'POST /demo/ebay/orders': ({ body }, _req, res) => {
      const purchase = body as { sku: string; quantity: number; buyer_name?: string };
      const orderId = demo(() => buy(purchase.sku, purchase.quantity, purchase.buyer_name));
      res.status(201);
      return { order_id: orderId };
    },

    'POST /demo/ebay/orders/:orderId/cancel': ({ params }) => {
      demo(() => cancel(params.orderId!));
      return { order_id: params.orderId! };
    },
  };

  /** The demo-only routes answer the shop's `{detail}`. */
  function demo<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof FakeEbayRefusal) throw conflict(error.message);
      if (error instanceof FakeEbayNotFound) throw notFound(error.message);
      throw error;
    }
  }

  // --- the router -----------------------------------------------------------------------------------------
  const router = express.Router();
  // In svc-channels the platform has parsed JSON already; mounted elsewhere (the tests) the fake parses it.
  router.use(express.json({ limit: '1mb' }));
  router.use('/identity/v1/oauth2/token', express.urlencoded({ extended: false, limit: '10kb' }));

  const isApi = (path: string) => /^\/(sell|commerce|identity)\//.test(path);
  router.use(async (req, _res, next) => {
    calls.push({ method: req.method, path: req.path, at: new Date() });
    if (!isApi(req.path)) return next();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    next(injectedFault() ?? undefined);
  });
  router.use(['/sell', '/commerce'], requireToken);

  const serve = routeServer(router);
  for (const name of Object.keys(handlers) as FakeRoute[]) {
    const route = endpoint(name) as Route & InputSchemas;
    // eBay's paths have no schemas in the route table (eBay's own checks are above): their input is taken as is.
    serve({ ...route, path: route.path.slice(FAKE_EBAY_PREFIX.length) }, (input, req, res) =>
      handlers[name]({ body: input.body ?? req.body, params: input.params ?? req.params }, req, res),
    );
  }

  // eBay's paths answer eBay's error shape; the demo-only routes fall through to the shop's `{detail}`.
  router.use(['/sell', '/commerce', '/identity'], (_req, _res, next) =>
    next(fault(404, 2002, 'Resource not found.', 'API_INVENTORY')),
  );
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!(error instanceof EbayFault)) return next(error);
    if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
    res.status(error.status).json({
      errors: error.errors.map((e) => ({
        errorId: e.errorId,
        domain: error.domain,
        category: error.status >= 500 ? 'APPLICATION' : 'REQUEST',
        message: e.message,
      })),
    });
  });

  return {
    router,
    faults,
    calls,
    buy,
    pay,
    cancel,
    listingUrl: (listingId) => `${publicBase}/itm/${encodeURIComponent(listingId)}`,
    state,
  };
}
