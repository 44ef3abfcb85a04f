import type { Request, RequestHandler, Response, Router } from 'express';
import type { Route, RouteAccess } from '@edicola/contracts';
import { requireAuth, type TokenVerifier } from '../auth';
import { requireInternal } from '../internal/guard';
import { handle, type Input, type InputSchemas } from './handle';

type Endpoint = Route & InputSchemas;
type Handler<E extends Endpoint> = (input: Input<E>, req: Request, res: Response) => unknown;

/** Registers a route of contracts' ROUTES: its method, path, access check and input schemas come from there. */
export interface Serve {
  <E extends Endpoint>(endpoint: E, handler: Handler<E>): void;
  /** With middleware that runs after the access check and before the input is read (rate limits, uploads). */
  <E extends Endpoint>(endpoint: E, before: RequestHandler[], handler: Handler<E>): void;
}

function guardsOf(access: RouteAccess, verifier: TokenVerifier | undefined, route: string): RequestHandler[] {
  if (access.kind === 'public') return [];
  if (access.kind === 'internal') return [requireInternal(access.from ? { from: [...access.from] } : {})];
  if (!verifier) throw new Error(`${route} needs a token verifier`);
  if (access.kind === 'customer') return [requireAuth(verifier, { kind: 'customer' })];
  const { roles, duringPasswordChange } = access;
  return [
    requireAuth(
      verifier,
      duringPasswordChange ? { kind: 'staff', roles, duringPasswordChange } : { kind: 'staff', roles },
    ),
  ];
}

/**
 * The `serve` of a service's router: `serve(endpoint('GET /api/orders'), handler)` registers the route
 * behind the access check the table gives it, with params, query and body validated by its schemas (handle).
 */
export function routeServer(router: Router, verifier?: TokenVerifier): Serve {
  return <E extends Endpoint>(endpoint: E, ...rest: [Handler<E>] | [RequestHandler[], Handler<E>]): void => {
    const [before, handler] = rest.length === 1 ? [[], rest[0]] : rest;
    const method = endpoint.method.toLowerCase() as Lowercase<Route['method']>;
    const guards = guardsOf(endpoint.access, verifier, `${endpoint.method} ${endpoint.path}`);
    router[method](endpoint.path, ...guards, ...before, handle(endpoint, handler));
  };
}
