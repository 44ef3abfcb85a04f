import { COUNTER, internalFrom, PUBLIC, routesOf, STAFF } from './route';

/** svc-notify's routes: newsletter, contact form, the back office's e-mail log, the internal calls. */
export const NOTIFY_ROUTES = routesOf('svc-notify', {
  'POST /newsletter/subscribe': PUBLIC,
  'POST /newsletter/confirm': PUBLIC,
  'POST /newsletter/unsubscribe': PUBLIC,
  'POST /contact/messages': PUBLIC,
  // Back-in-stock alerts (decision 0064): the e-mail's links, and the waiting lists for the back office.
  'POST /stock-alerts/confirm': PUBLIC,
  'POST /stock-alerts/unsubscribe': PUBLIC,
  'GET /api/admin/stock-alerts/waiting': COUNTER,
  'GET /api/admin/emails': STAFF,
  'POST /admin/process-scheduled-emails': STAFF,
  // A customer's data export: the consents given with the account's e-mail.
  'POST /internal/customers/consents': internalFrom('svc-orders'),
});
