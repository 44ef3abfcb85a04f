import { ADMIN, COUNTER, internalFrom, PUBLIC, routesOf, STAFF } from './route';

/**
 * svc-catalog's storefront routes: the public catalogue and reviews. Apart from the others so that the
 * storefront's slices carry only these in their bundles.
 */
export const STOREFRONT_CATALOG_ROUTES = routesOf('svc-catalog', {
  'GET /public/articles': PUBLIC,
  'GET /public/articles/prevendita': PUBLIC,
  'GET /public/articles/prenotazione': PUBLIC,
  // An article page's article by its address, and the search (docs/product/article-pages.md).
  'GET /public/articles/by-slug/:slug': PUBLIC,
  // 'Avvisami' on a sold-out article (decision 0064): checked here, the address goes on to svc-notify.
  'POST /public/articles/:id/alerts': PUBLIC,
  'GET /public/search': PUBLIC,
  'GET /public/search/suggest': PUBLIC,
  'GET /media/*path': PUBLIC,
  'GET /articles/:id/reviews': PUBLIC,
  'GET /reviews/stats/:id': PUBLIC,
  'GET /reviews/recent': PUBLIC,
  'POST /reviews': PUBLIC,
  'POST /reviews/:id/helpful': PUBLIC,
  'POST /analytics/visit': PUBLIC,
});

/** svc-catalog's routes: the storefront's, the back office's articles, stock and reviews, the internal calls. */
export const CATALOG_ROUTES = {
  ...STOREFRONT_CATALOG_ROUTES,
  ...routesOf('svc-catalog', {
    // The back office: articles.
    'GET /api/articles': COUNTER,
    'GET /api/admin/articles/prevendita': COUNTER,
    'GET /api/admin/articles/prenotazione': COUNTER,
    'GET /api/admin/articles/counts': COUNTER,
    'POST /api/articles': STAFF,
    'PUT /api/articles/:id': STAFF,
    'PATCH /api/articles/:id/active': STAFF,
    'POST /api/articles/:id/stock': STAFF,
    // What the supplier delivered of a pre-sale article, handed to svc-orders' line of pre-orders (decision 0066).
    'POST /api/articles/:id/arrivals': STAFF,
    // An article's photos: one more, their order and alt texts, one less (docs/product/article-pages.md#photos).
    'POST /api/articles/:id/photos': STAFF,
    'PUT /api/articles/:id/photos': STAFF,
    'DELETE /api/articles/:id/photos/:photo_id': STAFF,
    // The stock ledger: every movement of an article (docs/product/counter.md#stock-ledger).
    'GET /api/articles/:id/stock-movements': COUNTER,
    // The counter finds articles by code or title; units sold on another channel (Subito) leave the same stock.
    'GET /api/stock/lookup': COUNTER,
    'POST /api/stock/external-sales': STAFF,
    // Selling an article on eBay: its settings here, its listing's state as svc-channels reports it.
    'GET /api/articles/:id/ebay': STAFF,
    'PUT /api/articles/:id/ebay': STAFF,
    // Deleting cannot be undone: the admin's decision (decision 0021).
    'DELETE /articles/:id': ADMIN,
    'DELETE /api/articles/:id': ADMIN,
    'GET /api/config/iva-options': COUNTER,
    // The back office: reviews and statistics.
    'GET /api/admin/reviews/all': STAFF,
    'GET /api/admin/reviews/pending': STAFF,
    'GET /api/admin/reviews/stats': STAFF,
    'PATCH /api/admin/reviews/:id/approve': STAFF,
    'POST /admin/reviews/:id/respond': STAFF,
    // Taking a review off the shop and deleting spam: managing reviews, the staff's work.
    'PATCH /api/admin/reviews/:id/hide': STAFF,
    'DELETE /api/admin/reviews/:id': STAFF,
    'GET /analytics/stats': STAFF,
    // svc-orders' questions: stock held for an order, parcels for a shipping quote.
    'POST /internal/stock/reservations': internalFrom('svc-orders'),
    'DELETE /internal/stock/reservations/:order_id': internalFrom('svc-orders'),
    'GET /internal/articles/parcels': internalFrom('svc-orders'),
    'GET /internal/articles/prices': internalFrom('svc-orders'),
    'GET /internal/articles/thumbnails': internalFrom('svc-orders'),
    'GET /internal/articles/by-ean': internalFrom('svc-orders'),
    // A customer's data export: the reviews written under the account's e-mail.
    'POST /internal/customers/reviews': internalFrom('svc-orders'),
  }),
};
