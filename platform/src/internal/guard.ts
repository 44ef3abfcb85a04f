import type { Express, RequestHandler, Response } from 'express';
import { bearerToken } from '../auth';
import { forbidden, HttpError, unauthorized } from '../http/errors';
import type { InternalClaims, InternalTokens } from './tokens';

/** What requireInternal() needs to know about the service it guards; set on the app by createHttpApp. */
export interface InternalAuth {
  service: string;
  tokens: InternalTokens | null;
}

export function setInternalAuth(app: Express, auth: InternalAuth): void {
  app.locals.internalAuth = auth;
}

/**
 * Guards a service-to-service route (under /internal/, never routed by the gateway): 401 without a valid
 * internal token (staff and customer tokens never are one), 403 for a token meant for another service or
 * from a caller not in `from`.
 */
export function requireInternal(options: { from?: string[] } = {}): RequestHandler {
  return async (req, res, next) => {
    const auth = req.app.locals.internalAuth as InternalAuth | undefined;
    if (!auth?.tokens) throw new HttpError(503, 'Chiamate interne non configurate su questo servizio');
    const token = bearerToken(req.get('authorization'));
    if (!token) throw unauthorized('Token interno richiesto');
    const claims = await auth.tokens.verify(token).catch(() => {
      throw unauthorized('Token interno non valido o scaduto');
    });
    if (claims.to !== auth.service) throw forbidden('Token interno destinato a un altro servizio');
    if (options.from && !options.from.includes(claims.from))
      throw forbidden('Servizio chiamante non ammesso');
    res.locals.internal = claims;
    next();
  };
}

/** The verified caller of the current internal request (after requireInternal). */
export function internalCallerOf(res: Response): InternalClaims {
  const claims = res.locals.internal as InternalClaims | undefined;
  if (!claims) throw new Error('internalCallerOf() used on a route without requireInternal()');
  return claims;
}
