import type { Express, RequestHandler } from 'express';
import { HttpError } from './errors';

/** Just what is read of Express's router internals (router 2.x Layer and Route). */
interface Layer {
  match(path: string): { path: string } | false;
  route?: { _methods(): string[] };
  handle?: { stack?: Layer[] };
}

function methodsFor(stack: Layer[], path: string, found: Set<string>): void {
  for (const layer of stack) {
    const match = layer.match(path);
    if (!match) continue;
    if (layer.route) layer.route._methods().forEach((m) => found.add(m));
    else if (layer.handle?.stack) methodsFor(layer.handle.stack, path.slice(match.path.length) || '/', found);
  }
}

/**
 * Placed after the routes: a path that exists with other methods answers 405 with an Allow header
 * (not the 404 of a path that does not exist).
 */
export function methodNotAllowed(app: Express): RequestHandler {
  return (req, res, next) => {
    const router = (app as unknown as { router: { stack: Layer[] } }).router;
    const allowed = new Set<string>();
    methodsFor(router.stack, req.path, allowed);
    if (allowed.size === 0) return next();
    res.set('Allow', [...allowed].sort().join(', '));
    next(new HttpError(405, 'Metodo non consentito'));
  };
}
