import type { StaffRole } from './auth';

// Who may do what in the back office (docs/decisions/0021-sessions-and-roles.md). `staff` run
// the shop day to day: articles, orders, shipments, reviews. Only `admin` may do what cannot be undone or
// moves money or rights: delete articles, reset payment data, refund, change shipping rules, manage staff.

/** Every staff role: the day-to-day work. */
export const ANY_STAFF = ['admin', 'staff'] as const satisfies readonly StaffRole[];
/** Only the shop's administrators. */
export const ADMIN_ONLY = ['admin'] as const satisfies readonly StaffRole[];

/**
 * Every staff route of every service, `METHOD /path` as Express declares it, with the roles it admits. The
 * access-matrix test walks each service's router and fails for a staff route missing here or guarded with
 * other roles, so a new route gets its row (and its test) before it can land.
 */
export const STAFF_ROUTE_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  // svc-orders: the session itself (open to a user who must still change a generated password).
  'GET /api/auth/me': ANY_STAFF,
  'PUT /api/auth/password': ANY_STAFF,
  'POST /api/auth/logout': ANY_STAFF,
  // svc-orders: orders and shipments.
  'GET /api/orders': ANY_STAFF,
  'GET /api/orders/:id': ANY_STAFF,
  // Cancelling a paid order (cancel and refund) is refused to `staff` inside the status change.
  'PUT /api/orders/:id/status': ANY_STAFF,
  'PUT /api/orders/:id/payment': ANY_STAFF,
  // Money going back is the admin's decision, like 'cancel and refund'.
  'POST /api/orders/:id/refunds': ADMIN_ONLY,
  'PUT /orders/:id/invoice': ANY_STAFF,
  // The buyer's fiscal data of an order not yet invoiced, entered after the purchase (decision 0033).
  'PUT /api/orders/:id/invoice-data': ANY_STAFF,
  // svc-orders: invoices and credit notes (issue 16), their files for the accountant and the SdI.
  'GET /api/invoices/next-number': ANY_STAFF,
  'GET /api/orders/:id/invoice.pdf': ANY_STAFF,
  'GET /api/orders/:id/invoice.xml': ANY_STAFF,
  'GET /api/orders/:id/credit-notes/:number.pdf': ANY_STAFF,
  'GET /api/orders/:id/credit-notes/:number.xml': ANY_STAFF,
  'GET /orders/export/csv': ANY_STAFF,
  'GET /api/orders/:id/timeline': ANY_STAFF,
  'POST /api/orders/:id/notes': ANY_STAFF,
  // The month's takings for the accountant: day-to-day figures, like the payment statistics.
  'GET /api/exports/takings.csv': ANY_STAFF,
  'POST /api/orders/:id/create-shipment': ANY_STAFF,
  'GET /api/shipments/:id/label': ANY_STAFF,
  'GET /api/orders/:id/shipment-quotes': ANY_STAFF,
  'POST /api/shipments/labels': ANY_STAFF,
  'GET /api/orders/:id/packing-slip.pdf': ANY_STAFF,
  'GET /api/analytics/payment-stats': ANY_STAFF,
  // The reset's preview: the orders it would delete, seen by who may delete them.
  'GET /analytics/reset-payment-data': ADMIN_ONLY,
  'DELETE /analytics/reset-payment-data': ADMIN_ONLY,
  // svc-orders: shipping rules (reading is day-to-day, changing them is the admin's).
  'GET /api/admin/shipping/rules': ANY_STAFF,
  'POST /api/admin/shipping/rules': ADMIN_ONLY,
  'PUT /admin/shipping/rules/:id': ADMIN_ONLY,
  'PUT /api/admin/shipping/rules/:id': ADMIN_ONLY,
  'DELETE /admin/shipping/rules/:id': ADMIN_ONLY,
  'DELETE /api/admin/shipping/rules/:id': ADMIN_ONLY,
  // svc-orders: the audit trail (staff users are managed with `npm run staff`, an admin's tool).
  'GET /api/admin/audit': ADMIN_ONLY,
  // svc-orders: the shipping quote of a sample cart, as a rule being edited would give it.
  'POST /api/admin/shipping/preview': ANY_STAFF,
  // svc-catalog: articles.
  'GET /api/articles': ANY_STAFF,
  'GET /api/admin/articles/prevendita': ANY_STAFF,
  'GET /api/admin/articles/prenotazione': ANY_STAFF,
  'POST /api/articles': ANY_STAFF,
  'PUT /api/articles/:id': ANY_STAFF,
  'DELETE /articles/:id': ADMIN_ONLY,
  'DELETE /api/articles/:id': ADMIN_ONLY,
  'GET /api/config/iva-options': ANY_STAFF,
  'GET /api/admin/articles/counts': ANY_STAFF,
  'PATCH /api/articles/:id/active': ANY_STAFF,
  'GET /api/articles/:id/stock': ANY_STAFF,
  'POST /api/articles/:id/stock': ANY_STAFF,
  // svc-catalog: reviews and statistics.
  'GET /api/admin/reviews/all': ANY_STAFF,
  'GET /api/admin/reviews/pending': ANY_STAFF,
  'GET /api/admin/reviews/stats': ANY_STAFF,
  'PATCH /api/admin/reviews/:id/approve': ANY_STAFF,
  'POST /admin/reviews/:id/respond': ANY_STAFF,
  // Taking a review off the shop and deleting spam: managing reviews, the staff's work.
  'PATCH /api/admin/reviews/:id/hide': ANY_STAFF,
  'DELETE /api/admin/reviews/:id': ANY_STAFF,
  'GET /analytics/stats': ANY_STAFF,
  // svc-notify: scheduled e-mails.
  'POST /admin/process-scheduled-emails': ANY_STAFF,
  'GET /api/admin/emails': ANY_STAFF,
};

/** The routes a staff user whose generated password must still be changed may call. */
export const PASSWORD_CHANGE_ROUTES = ['GET /api/auth/me', 'PUT /api/auth/password', 'POST /api/auth/logout'];

/** The 403 detail while a generated password has not been changed. */
export const MUST_CHANGE_PASSWORD_DETAIL = 'Devi cambiare la password prima di continuare';

/** The 403 detail of a staff route the user's role does not admit. */
export const ADMIN_ONLY_DETAIL = 'Operazione riservata agli amministratori';
