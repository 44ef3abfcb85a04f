import { ROUTES, serviceForPath, type Route, type RouteAccess } from '@edicola/contracts';
import { routeTable, type AuthRequirement } from '@edicola/platform';
import { startDistributedShop, type DistributedShop } from './distributed-shop';

const TABLE = Object.entries(ROUTES) as [string, Route][];

/** A path of the route with each parameter filled in, as a browser would call it. */
const sample = (path: string) => path.replace(/:[A-Za-z_]+/g, '1').replace('*path', 'articoli/foto.webp');

/** What requireAuth() should demand for the table's access (internal routes have their own guard). */
function requirementOf(access: RouteAccess): string {
  if (access.kind === 'customer') return 'customer';
  if (access.kind === 'staff')
    return `staff ${[...access.roles].sort().join('+')}${access.duringPasswordChange ? ' during password change' : ''}`;
  return 'no token';
}

function declared(auth: AuthRequirement | undefined): string {
  if (!auth) return 'no token';
  if (auth.kind === 'customer') return 'customer';
  return `staff ${[...(auth.roles ?? [])].sort().join('+')}${auth.duringPasswordChange ? ' during password change' : ''}`;
}

describe('the route table (contracts’ ROUTES) against what the services serve', () => {
  let shop: DistributedShop;

  beforeAll(async () => {
    shop = await startDistributedShop({ sessionCacheMs: 1000 });
  }, 120_000);
  afterAll(() => shop?.stop());

  const served = () =>
    shop.services.map((service) => ({
      name: service.name,
      routes: routeTable(service.app).map((route) => ({ ...route, key: `${route.method} ${route.path}` })),
    }));

  it('lists every route of every service, and none that no service registers', () => {
    expect(
      served()
        .map((s) => s.name)
        .sort(),
    ).toEqual(['svc-catalog', 'svc-channels', 'svc-notify', 'svc-orders', 'svc-payments']);
    for (const { name, routes } of served()) {
      const expected = TABLE.filter(([, route]) => route.service === name || route.service === 'every');
      expect({ service: name, routes: routes.map((r) => r.key).sort() }).toEqual({
        service: name,
        routes: expected.map(([key]) => key).sort(),
      });
    }
  });

  it('guards each route as the table says: staff roles, customers, internal calls, or open', () => {
    const mismatches: string[] = [];
    for (const { name, routes } of served()) {
      for (const route of routes) {
        const entry = ROUTES[route.key as keyof typeof ROUTES] as Route | undefined;
        if (!entry) continue;
        const want = requirementOf(entry.access);
        const got = declared(route.auth);
        if (got !== want) mismatches.push(`${name} ${route.key}: guarded ${got}, the table says ${want}`);
        const internalPath = route.path.startsWith('/internal/');
        if (internalPath !== (entry.access.kind === 'internal'))
          mismatches.push(`${name} ${route.key}: ${entry.access.kind} access on this path`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('has the gateway forward each route to its service, and never an internal one', () => {
    const forwarded = TABLE.filter(([, route]) => route.service !== 'every').map(([key, route]) => [
      key,
      serviceForPath(sample(route.path)),
    ]);
    const expected = TABLE.filter(([, route]) => route.service !== 'every').map(([key, route]) => [
      key,
      route.access.kind === 'internal' ? null : route.service,
    ]);
    expect(forwarded).toEqual(expected);
  });
});
