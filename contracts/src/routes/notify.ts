import { internalFrom, PUBLIC, routesOf, STAFF } from './route';

/** svc-notify's routes: newsletter, contact form, the back office's e-mail log, the internal calls. */
export const NOTIFY_ROUTES = routesOf('svc-notify', {
  'POST /newsletter/subscribe': PUBLIC,
  'POST /newsletter/confirm': PUBLIC,
  'POST /newsletter/unsubscribe': PUBLIC,
  'POST /contact/messages': PUBLIC,
  'GET /api/admin/emails': STAFF,
  'POST /admin/process-scheduled-emails': STAFF,
  // A customer's data export: the consents given with the account's e-mail.
  'POST /internal/customers/consents': internalFrom('svc-orders'),
});
