import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from '../logger';

/**
 * An error whose status and detail may be shown to the client as they are. `code` (optional, one of
 * contracts' ERROR_CODES) is the machine-readable reason where the status alone does not tell a screen
 * what happened; the Italian `detail` is only ever shown, never matched.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code?: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, code?: string) => new HttpError(400, detail, code);
export const unauthorized = (detail = 'Autenticazione richiesta', code?: string) =>
  new HttpError(401, detail, code);
export const forbidden = (detail = 'Permesso negato', code?: string) => new HttpError(403, detail, code);
export const notFound = (detail = 'Risorsa non trovata', code?: string) => new HttpError(404, detail, code);
export const conflict = (detail: string, code?: string) => new HttpError(409, detail, code);

/** Input that failed its zod schema; `where` is params, query or body. */
export class ValidationError extends HttpError {
  constructor(where: string, error: ZodError) {
    super(422, describeIssues(where, error));
    this.name = 'ValidationError';
  }
}

function describeIssues(where: string, error: ZodError): string {
  return error.issues.map((issue) => `${[where, ...issue.path].join('.')}: ${issue.message}`).join('; ');
}

export const SERVICE_UNAVAILABLE_DETAIL = 'Servizio momentaneamente non disponibile, riprova tra poco';

// PostgreSQL's connection exceptions (class 08), shutdowns (57P01-57P03), too many connections (53300),
// and the socket errors of a server that is down or restarting.
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/** True when `err` (or what caused it: Drizzle wraps the driver's error) says the database cannot be reached now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_CODES.has(code))) return true;
    if (UNAVAILABLE_MESSAGES.test((e as Error).message ?? '')) return true;
  }
  return false;
}

/** PostgreSQL refusing a character (NUL: 22P05, 22021), should anything slip past the input guard. */
function isInvalidText(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22P05' || code === '22021') return true;
  }
  return false;
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound());

/** The one error shape, `{"detail": ..., "code"?: ...}`; never a stack trace to a client. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const { status, detail, code } = toClientError(err);
    if (status === 503)
      logger.warn({ err, method: req.method, path: req.path }, 'request failed: unavailable');
    else if (status >= 500) logger.error({ err, method: req.method, path: req.path }, 'request failed');
    if (res.headersSent) return res.end();
    if (status === 503) res.set('Retry-After', '5');
    res.status(status).json(code ? { detail, code } : { detail });
  };
}

function toClientError(err: unknown): { status: number; detail: string; code?: string } {
  if (err instanceof HttpError) return { status: err.status, detail: err.detail, code: err.code };
  if (err instanceof ZodError) return { status: 422, detail: describeIssues('input', err) };
  if (isDatabaseUnavailable(err)) return { status: 503, detail: SERVICE_UNAVAILABLE_DETAIL };
  if (isInvalidText(err)) return { status: 422, detail: 'Il testo contiene caratteri non ammessi' };
  // body-parser's errors carry a 4xx status and a type.
  const e = err as { status?: number; type?: string };
  if (e.type === 'entity.parse.failed')
    return { status: 400, detail: 'Il corpo della richiesta non è JSON valido' };
  if (e.type === 'entity.too.large') return { status: 413, detail: 'Richiesta troppo grande' };
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: e.status, detail: 'Richiesta non valida' };
  }
  return { status: 500, detail: 'Errore interno del server' };
}
