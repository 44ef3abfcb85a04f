import type { StaffRole } from '../auth';
import { CATALOG_ROUTES, STOREFRONT_CATALOG_ROUTES } from './catalog';
import { CHANNELS_ROUTES } from './channels';
import { NOTIFY_ROUTES } from './notify';
import { ORDERS_ROUTES, STOREFRONT_ORDERS_ROUTES } from './orders';
import { PAYMENTS_ROUTES } from './payments';
import { INTERNAL, PUBLIC, routesOf, type Route, type RouteKey } from './route';

export * from './route';
export {
  CATALOG_ROUTES,
  CHANNELS_ROUTES,
  NOTIFY_ROUTES,
  ORDERS_ROUTES,
  PAYMENTS_ROUTES,
  STOREFRONT_CATALOG_ROUTES,
  STOREFRONT_ORDERS_ROUTES,
};

/** What every service serves itself (platform's createApp): probes, metrics, the internal check. */
export const PLATFORM_ROUTES = routesOf('every', {
  'GET /healthz': PUBLIC,
  'GET /readyz': PUBLIC,
  'GET /metrics': PUBLIC,
  'GET /internal/whoami': INTERNAL,
});

/**
 * Every HTTP route of every service, keyed `METHOD /path`. Services register their routes from it, the web
 * slices take their paths from it, and the route-table test fails when a service, a client, the access
 * rules or the gateway disagree with it (docs/decisions/0039-one-route-table.md). It holds no zod, so
 * the storefront can read it; the schemas are in ROUTE_SCHEMAS.
 */
export const ROUTES = {
  ...PLATFORM_ROUTES,
  ...CATALOG_ROUTES,
  ...ORDERS_ROUTES,
  ...PAYMENTS_ROUTES,
  ...NOTIFY_ROUTES,
  ...CHANNELS_ROUTES,
} satisfies Record<RouteKey, Route>;

export type RouteName = keyof typeof ROUTES;

/** Every staff route with the roles it admits: `METHOD /path` → roles. */
export const STAFF_ROUTE_ROLES: Readonly<Record<string, readonly StaffRole[]>> = Object.fromEntries(
  Object.entries(ROUTES).flatMap(([key, route]: [string, Route]) =>
    route.access.kind === 'staff' ? [[key, route.access.roles]] : [],
  ),
);

/** The routes a staff user whose generated password must still be changed may call. */
export const PASSWORD_CHANGE_ROUTES = Object.entries(ROUTES).flatMap(([key, route]: [string, Route]) =>
  route.access.kind === 'staff' && route.access.duringPasswordChange ? [key] : [],
);
