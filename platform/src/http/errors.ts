import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from '../logger';

/** An error whose status and detail may be shown to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Autenticazione richiesta') => new HttpError(401, detail);
export const forbidden = (detail = 'Permesso negato') => new HttpError(403, detail);
export const notFound = (detail = 'Risorsa non trovata') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

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

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound());

/** The one error shape, `{"detail": ...}`; never a stack trace to a client. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const { status, detail } = toClientError(err);
    if (status >= 500) logger.error({ err, method: req.method, path: req.path }, 'request failed');
    if (res.headersSent) return res.end();
    res.status(status).json({ detail });
  };
}

function toClientError(err: unknown): { status: number; detail: string } {
  if (err instanceof HttpError) return { status: err.status, detail: err.detail };
  if (err instanceof ZodError) return { status: 422, detail: describeIssues('input', err) };
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
