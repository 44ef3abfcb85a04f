import type { Express } from 'express';
import { authRequirementOf, type AuthRequirement } from '../auth';

/** One route of a service as Express holds it: `GET /api/orders/:id` and what requireAuth() demands, if anything. */
export interface DeclaredRoute {
  method: string;
  path: string;
  auth?: AuthRequirement;
}

/** Just what is read of Express's router internals (router 2.x Layer and Route). */
interface Layer {
  handle?: unknown;
  route?: { path: string | string[]; stack: { method?: string; handle: unknown }[] };
}

function collect(stack: Layer[], into: DeclaredRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const auth = layer.route.stack.map((l) => authRequirementOf(l.handle)).find(Boolean);
      const methods = new Set(layer.route.stack.map((l) => l.method?.toUpperCase()).filter(Boolean));
      for (const path of paths) for (const method of methods) into.push({ method: method!, path, auth });
    } else {
      const nested = (layer.handle as { stack?: Layer[] } | undefined)?.stack;
      if (nested) collect(nested, into);
    }
  }
}

/**
 * Every route an app serves, read from its router: the access-matrix test takes the staff routes from here, so
 * a route added to any service is tested (and must be in contracts' ROUTES, decision 0039) without anyone listing it.
 */
export function routeTable(app: Express): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  collect((app as unknown as { router: { stack: Layer[] } }).router.stack, routes);
  return routes;
}
