import { randomBytes } from 'node:crypto';
import { conflict, notFound } from '@edicola/platform';
import type { ShippingFulfillment } from '../api';
import {
  fault,
  FakeEbayNotFound,
  FakeEbayRefusal,
  isObject,
  MAX_ORDER_IDS,
  MAX_ORDERS_PAGE,
  money,
  nonEmpty,
  orderNotFound,
  type FakeContext,
  type Handlers,
} from './common';
import type { FakeOffer, FakeOrder } from './store';

/** eBay's Fulfillment API on the fake, and its demo buyer: orders, cancellations, tracking. */
export function fakeOrders(
  ctx: FakeContext,
  listings: { listedQuantity(offer: FakeOffer): number; offersOf(sku: string): FakeOffer[] },
  options: { publicBaseUrl: string; deliveryCost?: string },
) {
  const { state, now, nextNumber } = ctx;
  const { listedQuantity, offersOf } = listings;
  const deliveryCost = Number(options.deliveryCost ?? '6.90');
  const publicBase = options.publicBaseUrl.replace(/\/+$/, '');

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
    ctx.save();
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
    ctx.save();
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
    ctx.save();
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

  const handlers: Handlers<
    | 'GET /demo/ebay/sell/fulfillment/v1/order'
    | 'GET /demo/ebay/sell/fulfillment/v1/order/:orderId'
    | 'POST /demo/ebay/sell/fulfillment/v1/order/:orderId/shipping_fulfillment'
    | 'POST /demo/ebay/orders'
    | 'POST /demo/ebay/orders/:orderId/cancel'
  > = {
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
      ctx.save();
      res.status(201).location(href);
      return {};
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
  return { handlers, buy, pay, cancel };
}
