import { PUBLIC, routesOf, STAFF } from './route';

/** svc-notify's routes: newsletter, contact form, the back office's e-mail log. */
export const NOTIFY_ROUTES = routesOf('svc-notify', {
  'POST /newsletter/subscribe': PUBLIC,
  'POST /newsletter/confirm': PUBLIC,
  'POST /newsletter/unsubscribe': PUBLIC,
  'POST /contact/messages': PUBLIC,
  'GET /api/admin/emails': STAFF,
  'POST /admin/process-scheduled-emails': STAFF,
});
