import { ADMIN, PUBLIC, routesOf, STAFF } from './route';

/**
 * svc-channels' routes (docs/product/ebay.md): the eBay connection, the sync's state and the reconciliation for
 * the back office, eBay's consent redirect, and in EBAY_MODE=demo the fake eBay under /demo/ebay with eBay's own
 * paths (404 in the other modes). The fake checks its bearer tokens as eBay does.
 */
export const CHANNELS_ROUTES = routesOf('svc-channels', {
  'GET /api/ebay/account': STAFF,
  // Connecting or disconnecting the shop's eBay account: the admin's decision (decision 0021).
  'POST /api/ebay/connect': ADMIN,
  'DELETE /api/ebay/account': ADMIN,
  // eBay sends the admin's browser back here: the signed, single-use `state` is the proof of who asked.
  'GET /api/ebay/callback': PUBLIC,
  'POST /api/ebay/sync': STAFF,
  'GET /api/ebay/reconciliations': STAFF,
  'POST /api/ebay/reconciliations': STAFF,
  // The fake eBay (EBAY_MODE=demo).
  // eBay's consent page: a page with a link back to the shop's callback (decision 0047).
  'GET /demo/ebay/oauth2/authorize': PUBLIC,
  'POST /demo/ebay/identity/v1/oauth2/token': PUBLIC,
  'GET /demo/ebay/commerce/identity/v1/user': PUBLIC,
  'POST /demo/ebay/sell/inventory/v1/location/:key': PUBLIC,
  'GET /demo/ebay/sell/inventory/v1/inventory_item': PUBLIC,
  'GET /demo/ebay/sell/inventory/v1/inventory_item/:sku': PUBLIC,
  'PUT /demo/ebay/sell/inventory/v1/inventory_item/:sku': PUBLIC,
  'POST /demo/ebay/sell/inventory/v1/bulk_update_price_quantity': PUBLIC,
  'GET /demo/ebay/sell/inventory/v1/offer': PUBLIC,
  'POST /demo/ebay/sell/inventory/v1/offer': PUBLIC,
  'PUT /demo/ebay/sell/inventory/v1/offer/:offerId': PUBLIC,
  'POST /demo/ebay/sell/inventory/v1/offer/:offerId/publish': PUBLIC,
  'POST /demo/ebay/sell/inventory/v1/offer/:offerId/withdraw': PUBLIC,
  'GET /demo/ebay/sell/fulfillment/v1/order': PUBLIC,
  'GET /demo/ebay/sell/fulfillment/v1/order/:orderId': PUBLIC,
  'POST /demo/ebay/sell/fulfillment/v1/order/:orderId/shipping_fulfillment': PUBLIC,
  'GET /demo/ebay/itm/:listingId': PUBLIC,
  'POST /demo/ebay/orders': PUBLIC,
  'POST /demo/ebay/orders/:orderId/cancel': PUBLIC,
});
