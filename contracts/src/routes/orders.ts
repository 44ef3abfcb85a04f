import {
  ADMIN,
  COUNTER,
  CUSTOMER,
  INTERNAL,
  internalFrom,
  OWN_SESSION,
  PUBLIC,
  routesOf,
  STAFF,
} from './route';

/**
 * svc-orders' storefront routes: the checkout and the customer's account. Apart from the others so that the
 * storefront's slices carry only these in their bundles.
 */
export const STOREFRONT_ORDERS_ROUTES = routesOf('svc-orders', {
  // The checkout and the customer's account.
  'POST /orders': PUBLIC,
  'POST /orders/:id/cancel': PUBLIC,
  // The order page of a signed link (docs/decisions/0055): the order's token checks each call.
  'GET /orders/:id': PUBLIC,
  'GET /orders/:id/invoice.pdf': PUBLIC,
  'GET /orders/:id/credit-notes/:number.pdf': PUBLIC,
  'GET /shipping/calculate': PUBLIC,
  'POST /api/customers/register': PUBLIC,
  'POST /api/customers/login': PUBLIC,
  'PUT /api/customers/password': CUSTOMER,
  'POST /api/customers/logout': CUSTOMER,
  'GET /api/customers/profile': CUSTOMER,
  'PUT /api/customers/profile': CUSTOMER,
  'GET /api/customers/orders': CUSTOMER,
  'GET /api/customers/orders/:id/invoice.pdf': CUSTOMER,
  // The customer's data (docs/product/account.md#data-export) and the erasure of the account.
  'GET /api/customers/me/export': CUSTOMER,
  'DELETE /api/customers/me': CUSTOMER,
  // A forgotten password: the e-mail with the link, and the new password with its token.
  'POST /api/customers/password-reset': PUBLIC,
  'POST /api/customers/password-reset/confirm': PUBLIC,
  // What a discount code is worth on the cart's lines, before the checkout (takes no use).
  'POST /public/discounts/check': PUBLIC,
  // A gift card's balance, to show at checkout (rate-limited; takes nothing).
  'POST /public/gift-cards/check': PUBLIC,
  // The customer's own gift cards and store credit.
  'GET /api/customers/me/gift-cards': CUSTOMER,
  // A pre-order's balance and, after a short delivery, the buyer's choice (the order's token checks each call).
  'POST /orders/:id/balance-payment': PUBLIC,
  'POST /orders/:id/presale-choice': PUBLIC,
});

/**
 * svc-orders' routes: the storefront's, the staff's sign-in, the back office's orders, counter, invoices,
 * shipments, shipping rules, analytics and audit, the internal calls. Who may do what: decision 0021 (only
 * `admin` may do what cannot be undone or moves money or rights).
 */
export const ORDERS_ROUTES = {
  ...STOREFRONT_ORDERS_ROUTES,
  ...routesOf('svc-orders', {
    // The staff's session (open to a user who must still change a generated password).
    'GET /.well-known/jwks.json': PUBLIC,
    'POST /api/auth/login': PUBLIC,
    'GET /api/auth/me': OWN_SESSION,
    'PUT /api/auth/password': OWN_SESSION,
    'POST /api/auth/logout': OWN_SESSION,
    // The second step of an account with two factors (its challenge token is checked by the handler), and an
    // admin's own enrolment (docs/decisions/0062-staff-accounts-and-two-factor.md).
    'POST /api/auth/login/two-factor': PUBLIC,
    'POST /api/auth/two-factor/setup': ADMIN,
    'POST /api/auth/two-factor/confirm': ADMIN,
    // Orders. Cancelling a paid order (cancel and refund) is refused to `staff` inside the status change.
    'GET /api/orders': COUNTER,
    // The list keeping itself current: a token that moves with every order change.
    'GET /api/orders/changes': COUNTER,
    // Bulk work on the list's chosen orders, one result per order.
    'POST /api/orders/bulk/confirm': STAFF,
    'POST /api/orders/bulk/ship': STAFF,
    'POST /api/orders/bulk/invoice': STAFF,
    'POST /api/orders/bulk/print': STAFF,
    'GET /api/orders/:id': COUNTER,
    // Marketplace orders that found no stock (the last unit sold twice), and taking their units once freed.
    'GET /api/orders/stock-conflicts': STAFF,
    'POST /api/orders/:id/stock-conflict/retry': STAFF,
    'GET /api/orders/:id/timeline': COUNTER,
    'POST /api/orders/:id/notes': STAFF,
    'PUT /api/orders/:id/status': STAFF,
    'PUT /api/orders/:id/payment': STAFF,
    // Money going back is the admin's decision, like 'cancel and refund'.
    'POST /api/orders/:id/refunds': ADMIN,
    // Invoices and credit notes (issue 16), their files for the accountant and the SdI.
    'PUT /orders/:id/invoice': STAFF,
    // The buyer's fiscal data of an order not yet invoiced, entered after the purchase (decision 0033).
    'PUT /api/orders/:id/invoice-data': STAFF,
    // The buyer's contacts and address corrected before the order leaves (docs/product/back-office.md#order-editing).
    'PUT /api/orders/:id/contact': STAFF,
    'GET /api/invoices/next-number': STAFF,
    'GET /api/orders/:id/invoice.pdf': STAFF,
    'GET /api/orders/:id/invoice.xml': STAFF,
    'GET /api/orders/:id/deposit-invoice.xml': STAFF,
    'GET /api/orders/:id/credit-notes/:number.pdf': STAFF,
    'GET /api/orders/:id/credit-notes/:number.xml': STAFF,
    // The counter (docs/product/counter.md): sales with their fiscal receipt, returns, the day's closure. Who
    // may charge another price is decided inside the sale (PRICE_CHANGE_ROLES).
    'GET /api/pos/status': COUNTER,
    'GET /api/pos/sales': COUNTER,
    'POST /api/pos/sales': COUNTER,
    'GET /api/pos/sales/:id': COUNTER,
    'POST /api/pos/sales/:id/returns': COUNTER,
    'GET /api/pos/closures': COUNTER,
    'POST /api/pos/closures': COUNTER,
    // The demo RT's paper roll (RT_MODE=demo only).
    'GET /api/pos/demo-rt': COUNTER,
    // Exports for the accountant: day-to-day figures.
    'GET /orders/export/csv': STAFF,
    'GET /api/exports/takings.csv': STAFF,
    // Shipments.
    'GET /api/orders/:id/shipment-quotes': STAFF,
    'POST /api/orders/:id/create-shipment': STAFF,
    'GET /api/admin/shipping/default-carrier': STAFF,
    'PUT /api/admin/shipping/default-carrier': STAFF,
    'GET /api/shipments/:id/label': STAFF,
    'POST /api/shipments/labels': STAFF,
    'GET /api/orders/:id/packing-slip.pdf': STAFF,
    // Signed by Packlink, checked by the handler.
    'POST /webhooks/packlink': PUBLIC,
    // Shipping rules: reading is day-to-day, changing them is the admin's.
    'GET /api/admin/shipping/rules': STAFF,
    'POST /api/admin/shipping/preview': STAFF,
    'POST /api/admin/shipping/rules': ADMIN,
    'PUT /admin/shipping/rules/:id': ADMIN,
    'PUT /api/admin/shipping/rules/:id': ADMIN,
    'DELETE /admin/shipping/rules/:id': ADMIN,
    'DELETE /api/admin/shipping/rules/:id': ADMIN,
    // Analytics; the reset's preview is seen by who may run the reset.
    // The back office's home: what needs doing today (docs/product/back-office.md#home).
    'GET /api/admin/home': STAFF,
    'GET /api/analytics/payment-stats': STAFF,
    'GET /analytics/reset-payment-data': ADMIN,
    'DELETE /analytics/reset-payment-data': ADMIN,
    // The audit trail, and the staff accounts while the shop runs (`npm run staff` for a stopped shop).
    'GET /api/admin/audit': ADMIN,
    // Invoices to the SdI (docs/product/orders-and-payments.md#sdi): day-to-day work, as issuing them is.
    'GET /api/admin/sdi/status': STAFF,
    'GET /api/orders/:id/sdi': STAFF,
    'POST /api/admin/sdi/send': STAFF,
    'GET /api/admin/sdi/rejections': STAFF,
    'POST /api/admin/sdi/demo/next-receipt': STAFF,
    'GET /api/admin/staff': ADMIN,
    'POST /api/admin/staff': ADMIN,
    'PUT /api/admin/staff/:id/role': ADMIN,
    'POST /api/admin/staff/:id/deactivate': ADMIN,
    'POST /api/admin/staff/:id/reactivate': ADMIN,
    'POST /api/admin/staff/:id/reset-password': ADMIN,
    'DELETE /api/admin/staff/:id/two-factor': ADMIN,
    // The Clienti section: customers' data and what they bought, for the day-to-day work (not the cashier's).
    'GET /api/admin/customers': STAFF,
    'GET /api/admin/customers/guest': STAFF,
    'GET /api/admin/customers/:id': STAFF,
    'PUT /api/admin/customers/:id': STAFF,
    // A customer's data request that arrived by e-mail: only an admin exports or erases.
    'GET /api/admin/customers/:id/export': ADMIN,
    'DELETE /api/admin/customers/:id': ADMIN,
    // Discount codes (docs/product/cart-and-checkout.md#discount-codes).
    'GET /api/admin/discounts': STAFF,
    'POST /api/admin/discounts': STAFF,
    'PUT /api/admin/discounts/:id': STAFF,
    'POST /api/admin/discounts/:id/pause': STAFF,
    'POST /api/admin/discounts/:id/resume': STAFF,
    // Gift cards and store credit (docs/product/cart-and-checkout.md#gift-cards): money, so an admin's.
    'GET /api/admin/gift-cards': ADMIN,
    'POST /api/admin/gift-cards': ADMIN,
    'GET /api/admin/customers/:id/gift-cards': STAFF,
    // Other services' questions: orders placed through svc-payments, and whether a session still stands.
    'POST /internal/orders': internalFrom('svc-payments'),
    // svc-channels' eBay orders: stored once per eBay order id, cancelled when eBay cancels them.
    'POST /internal/orders/external': internalFrom('svc-channels'),
    'POST /internal/orders/external/cancel': internalFrom('svc-channels'),
    'GET /internal/orders/:id': internalFrom('svc-payments'),
    // A pre-sale article's delivery, as svc-catalog took it from staff: its units go to the pre-orders (decision 0066).
    'POST /internal/articles/:id/arrivals': internalFrom('svc-catalog'),
    'GET /internal/sessions/:kind/:id': INTERNAL,
  }),
};
