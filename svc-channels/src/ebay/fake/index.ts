import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { endpoint, type Route } from '@edicola/contracts';
import { routeServer, type InputSchemas } from '@edicola/platform';
import { EbayFault, fault, type FakeContext, type FakeRoute, type Handlers } from './common';
import { createFaults, type FakeEbayFaults } from './faults';
import { fakeInventory } from './inventory';
import { fakeOAuth, type FakeOAuthOptions } from './oauth';
import { fakeOrders } from './orders';
import { openStore, type FakeEbayState } from './store';

export { FakeEbayNotFound, FakeEbayRefusal } from './common';
export type { FakeEbayFaults } from './faults';
export type { FakeEbayState } from './store';

/** Where the fake is mounted in svc-channels (the route table's `/demo/ebay/...` paths). */
export const FAKE_EBAY_PREFIX = '/demo/ebay';

export interface FakeEbayOptions extends FakeOAuthOptions {
  /** Where the state is kept across restarts; in memory without it. */
  stateFile?: string;
  /** The fake's address as browsers and the shop reach it, e.g. `http://localhost:8080/demo/ebay`. */
  publicBaseUrl: string;
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

/** At most this many calls are remembered (the demo runs for days). */
const MAX_CALLS_KEPT = 10_000;

/**
 * The fake eBay of EBAY_MODE=demo and of the tests (docs/decisions/0047-fake-ebay.md): the Sell APIs' paths,
 * bodies and errors the shop uses (docs/product/ebay.md#sell-api), with eBay's OAuth, a demo buyer and faults.
 */
export function createFakeEbay(options: FakeEbayOptions): FakeEbay {
  const store = openStore(options.stateFile);
  const { state } = store;
  const ctx: FakeContext = {
    state,
    save: store.save,
    now: () => options.now?.() ?? new Date(),
    nextNumber: () => ++state.sequence,
  };
  const calls: FakeEbayCall[] = [];
  const { faults, injectedFault, delayMs } = createFaults();
  const oauth = fakeOAuth(ctx, options);
  const inventory = fakeInventory(ctx);
  const orders = fakeOrders(ctx, inventory, options);
  const handlers: Handlers<FakeRoute> = { ...oauth.handlers, ...inventory.handlers, ...orders.handlers };

  const router = express.Router();
  // In svc-channels the platform has parsed JSON already; mounted elsewhere (the tests) the fake parses it.
  router.use(express.json({ limit: '1mb' }));
  router.use('/identity/v1/oauth2/token', express.urlencoded({ extended: false, limit: '10kb' }));

  const isApi = (path: string) => /^\/(sell|commerce|identity)\//.test(path);
  router.use(async (req, _res, next) => {
    calls.push({ method: req.method, path: req.path, at: new Date() });
    if (calls.length > MAX_CALLS_KEPT) calls.splice(0, calls.length - MAX_CALLS_KEPT);
    if (!isApi(req.path)) return next();
    const delay = delayMs();
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    next(injectedFault() ?? undefined);
  });
  router.use(['/sell', '/commerce'], oauth.requireToken);

  const serve = routeServer(router);
  for (const name of Object.keys(handlers) as FakeRoute[]) {
    const route = endpoint(name) as Route & InputSchemas;
    // eBay's paths have no schemas in the route table (eBay's own checks are above): their input is taken as is.
    serve({ ...route, path: route.path.slice(FAKE_EBAY_PREFIX.length) }, (input, req, res) =>
      handlers[name](
        { body: input.body ?? req.body, params: (input.params ?? req.params) as Record<string, string> },
        req,
        res,
      ),
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
    buy: orders.buy,
    pay: orders.pay,
    cancel: orders.cancel,
    listingUrl: (listingId) =>
      `${options.publicBaseUrl.replace(/\/+$/, '')}/itm/${encodeURIComponent(listingId)}`,
    state,
  };
}
