/**
 * Which service serves which API path (docs/product/http-routes.md#services): the one table the local gateway
 * and the Kubernetes Ingress follow. `x*` matches x and everything below it, `x/*` only below it.
 */
export const API_ROUTES = {
  'svc-catalog': [
    '/public/articles*',
    '/public/search*',
    '/api/articles*',
    '/articles/*',
    '/api/admin/articles/*',
    '/api/config/iva-options',
    '/reviews*',
    '/api/admin/reviews/*',
    '/admin/reviews/*',
    '/analytics/visit',
    '/analytics/stats',
    '/api/stock/*',
    '/media/*',
  ],
  'svc-orders': [
    '/orders*',
    '/api/orders*',
    '/api/shipments/*',
    '/api/invoices/*',
    '/api/exports/*',
    '/api/pos/*',
    '/webhooks/packlink',
    '/shipping/*',
    '/api/admin/shipping/*',
    '/admin/shipping/*',
    '/api/customers/*',
    '/api/auth/*',
    '/api/admin/audit',
    '/api/admin/staff*',
    '/api/admin/customers*',
    '/api/admin/discounts*',
    '/api/admin/sdi/*',
    '/public/discounts/*',
    '/api/admin/home',
    '/api/admin/gift-cards*',
    '/public/gift-cards/*',
    '/api/analytics/payment-stats',
    '/analytics/reset-payment-data',
    '/.well-known/jwks.json',
  ],
  'svc-payments': ['/payments/*', '/checkout/session*', '/paypal/*', '/webhooks/*'],
  'svc-notify': [
    '/newsletter/*',
    '/contact/*',
    '/stock-alerts/*',
    '/admin/process-scheduled-emails',
    '/api/admin/emails*',
    '/api/admin/stock-alerts/*',
  ],
  'svc-channels': ['/api/ebay/*', '/demo/ebay/*'],
} as const;

export type ServiceName = keyof typeof API_ROUTES;
export const SERVICE_NAMES = Object.keys(API_ROUTES) as ServiceName[];

function matches(pattern: string, path: string): boolean {
  if (pattern.endsWith('/*')) return path.startsWith(pattern.slice(0, -1));
  if (pattern.endsWith('*')) {
    const base = pattern.slice(0, -1);
    return path === base || path.startsWith(`${base}/`);
  }
  return path === pattern;
}

const TABLE = SERVICE_NAMES.flatMap((service) =>
  API_ROUTES[service].map((pattern) => ({ service, pattern })),
);

/** Service-to-service endpoints live under this prefix; the gateway and the Ingress never route it. */
export const INTERNAL_PATH_PREFIX = '/internal/';

const isInternal = (path: string) =>
  path.toLowerCase() === INTERNAL_PATH_PREFIX.slice(0, -1) ||
  path.toLowerCase().startsWith(INTERNAL_PATH_PREFIX);

/** The service that serves this (normalised) path, or null when no service does or it is internal. */
export function serviceForPath(path: string): ServiceName | null {
  if (isInternal(path)) return null;
  return TABLE.find((route) => matches(route.pattern, path))?.service ?? null;
}
