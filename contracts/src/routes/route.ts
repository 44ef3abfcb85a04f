import type { StaffRole } from '../auth';
import type { ServiceName } from '../gateway';
import { ADMIN_ONLY, ANY_STAFF, COUNTER_ROLES } from '../roles';

/** Who may call a route: anyone, a signed-in customer, staff of the listed roles, or another service. */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'customer' }
  | {
      kind: 'staff';
      roles: readonly StaffRole[];
      /** Open to a staff user who must still change a generated password (decision 0021). */
      duringPasswordChange?: boolean;
    }
  | { kind: 'internal'; from?: readonly ServiceName[] };

export const PUBLIC = { kind: 'public' } as const satisfies RouteAccess;
export const CUSTOMER = { kind: 'customer' } as const satisfies RouteAccess;
/** Every staff role: the day-to-day work. */
export const STAFF = { kind: 'staff', roles: ANY_STAFF } as const satisfies RouteAccess;
/** The counter's work, and reading articles and orders: every staff role, the cashier too. */
export const COUNTER = { kind: 'staff', roles: COUNTER_ROLES } as const satisfies RouteAccess;
/** Only the shop's administrators. */
export const ADMIN = { kind: 'staff', roles: ADMIN_ONLY } as const satisfies RouteAccess;
/** A staff user's own session, open while a generated password must still be changed. */
export const OWN_SESSION = {
  kind: 'staff',
  roles: COUNTER_ROLES,
  duringPasswordChange: true,
} as const satisfies RouteAccess;
/** Service-to-service calls, from any service of the shop or only from the ones listed. */
export const internalFrom = (...from: ServiceName[]): RouteAccess => ({ kind: 'internal', from });
export const INTERNAL = { kind: 'internal' } as const satisfies RouteAccess;

/** The HTTP methods the shop's routes use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route's key: `METHOD /path`, the path as Express declares it. */
export type RouteKey = `${HttpMethod} /${string}`;

/** One HTTP route: the service serving it (`every` for the platform's own), method, path and access. */
export interface Route {
  service: ServiceName | 'every';
  method: HttpMethod;
  path: string;
  access: RouteAccess;
}

/** A service's routes, keyed `METHOD /path`; method and path are read from the key. */
export function routesOf<K extends RouteKey>(
  service: Route['service'],
  accessByRoute: Record<K, RouteAccess>,
): { readonly [P in K]: Route } {
  const entries = Object.entries<RouteAccess>(accessByRoute).map(([key, access]) => {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    return [key, { service, method, path, access }];
  });
  return Object.fromEntries(entries) as { readonly [P in K]: Route };
}

/**
 * The path of a route with each `:name` filled from params, encoded: `pathTo(route, { id })` for
 * `/api/orders/:id`. A missing value throws rather than calling a wrong address.
 */
export function pathTo(
  route: Pick<Route, 'method' | 'path'>,
  params: Record<string, string | number> = {},
): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: ${name} missing`);
    return encodeURIComponent(String(value));
  });
}
