import type { Request } from 'express';
import type { InventoryItem, Offer, PriceQuantity } from '../api';
import {
  CONDITIONS,
  EbayFault,
  fault,
  isAmount,
  isCount,
  isObject,
  itemNotFound,
  MAX_BULK_REQUESTS,
  noContent,
  nonEmpty,
  offerNotFound,
  userError,
  type FakeContext,
  type Handlers,
} from './common';
import { errorPage, listingPage } from './pages';
import type { FakeOffer } from './store';

/** eBay's Inventory API on the fake: locations, inventory items, offers, listings and the bulk update. */
export function fakeInventory(ctx: FakeContext) {
  const { state, nextNumber } = ctx;

  function requireContentLanguage(req: Request) {
    if (!req.headers['content-language'])
      throw fault(400, 25709, 'Invalid value for header Content-Language.');
  }

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

  const handlers: Handlers<
    | 'POST /demo/ebay/sell/inventory/v1/location/:key'
    | 'GET /demo/ebay/sell/inventory/v1/inventory_item'
    | 'GET /demo/ebay/sell/inventory/v1/inventory_item/:sku'
    | 'PUT /demo/ebay/sell/inventory/v1/inventory_item/:sku'
    | 'POST /demo/ebay/sell/inventory/v1/bulk_update_price_quantity'
    | 'GET /demo/ebay/sell/inventory/v1/offer'
    | 'POST /demo/ebay/sell/inventory/v1/offer'
    | 'PUT /demo/ebay/sell/inventory/v1/offer/:offerId'
    | 'POST /demo/ebay/sell/inventory/v1/offer/:offerId/publish'
    | 'POST /demo/ebay/sell/inventory/v1/offer/:offerId/withdraw'
    | 'GET /demo/ebay/itm/:listingId'
  > = {
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
      ctx.save();
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
      ctx.save();
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
      ctx.save();
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
      ctx.save();
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
      ctx.save();
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
      ctx.save();
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
      ctx.save();
      return { listingId, warnings: [] };
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
  };
  return { handlers, listedQuantity, offersOf };
}
