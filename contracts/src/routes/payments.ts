import { internalFrom, PUBLIC, routesOf } from './route';

/**
 * svc-payments' routes: the checkout's payments (open to guests: a signed-in customer is recognised by the
 * token when one is sent), the providers' webhooks and the demo payment pages.
 */
export const PAYMENTS_ROUTES = routesOf('svc-payments', {
  'GET /payments/config': PUBLIC,
  'POST /checkout/session': PUBLIC,
  'GET /checkout/session/:id': PUBLIC,
  'POST /checkout/session/:id/cancel': PUBLIC,
  'POST /payments/klarna/create-intent': PUBLIC,
  'POST /payments/klarna/verify': PUBLIC,
  'POST /payments/klarna/cancel': PUBLIC,
  'POST /paypal/create-order': PUBLIC,
  'POST /paypal/capture-order': PUBLIC,
  'POST /paypal/cancel-order': PUBLIC,
  'GET /payments/demo/:kind/:id': PUBLIC,
  'POST /payments/demo/:kind/:id/approve': PUBLIC,
  'POST /payments/demo/:kind/:id/decline': PUBLIC,
  // Signed by the provider, checked by the handler.
  'POST /webhooks/stripe': PUBLIC,
  'POST /webhooks/paypal': PUBLIC,
  'POST /internal/orders/:id/expire-payments': internalFrom('svc-orders'),
  'POST /internal/orders/:id/balance-payment': internalFrom('svc-orders'),
});
