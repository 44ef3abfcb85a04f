import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z, ZodError } from 'zod';
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

/**
 * Input that failed its zod schema; `where` is params, query or body. The detail is what a shopper or staff
 * member can read (the schemas' own Italian messages), never a field path: the screens show it as it is.
 * The paths stay in `issues` for the log.
 */
export class ValidationError extends HttpError {
  readonly issues: readonly string[];
  constructor(where: string, error: ZodError) {
    super(422, readableDetail(error));
    this.name = 'ValidationError';
    this.issues = error.issues.map((issue) => [where, ...issue.path].join('.'));
  }
}

/** The distinct messages of a zod failure joined by '; ', in the order the fields were checked. */
export function readableDetail(error: ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'un testo',
  number: 'un numero',
  int: 'un numero intero',
  boolean: 'vero o falso',
  array: 'un elenco',
  object: 'un insieme di dati',
  date: 'una data',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'Indirizzo email non valido',
  url: 'Indirizzo web non valido',
  uuid: 'Identificativo non valido',
  guid: 'Identificativo non valido',
  datetime: 'Data e ora non valide',
  date: 'Data non valida',
  time: 'Ora non valida',
};

/**
 * The Italian sentence of an issue whose schema gave no message of its own (a wrong type, a missing field, an
 * unknown key). zod's Italian locale was not enough: it speaks of "atteso string, ricevuto undefined" and
 * regex patterns, which nobody at a shop counter understands.
 */
export function readableIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Manca un dato obbligatorio';
      return `Un dato non è valido: dovrebbe essere ${TYPE_NAMES[issue.expected] ?? 'di un altro tipo'}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? 'Un dato ha un valore non ammesso'
        : `Un dato ha un valore non ammesso: sono ammessi ${issue.values.map(String).join(', ')}`;
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `Un testo può avere al massimo ${max} caratteri`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Un elenco può avere al massimo ${max} elementi`;
      return issue.inclusive ? `Un numero non può superare ${max}` : `Un numero deve essere minore di ${max}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'Un campo obbligatorio è vuoto'
          : `Un testo deve avere almeno ${min} caratteri`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(issue.minimum) <= 1
          ? 'Un elenco non può essere vuoto'
          : `Un elenco deve avere almeno ${min} elementi`;
      return issue.inclusive
        ? `Un numero deve essere almeno ${min}`
        : `Un numero deve essere maggiore di ${min}`;
    }
    case 'invalid_format':
      return FORMAT_NAMES[issue.format] ?? 'Un dato ha un formato non valido';
    case 'not_multiple_of':
      return `Un numero deve essere un multiplo di ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `La richiesta contiene dati non previsti (${issue.keys.join(', ')})`;
    default:
      return 'Dati non validi';
  }
}

// Every server process that uses platform speaks Italian when a schema has no message of its own: the
// schemas' messages still win (zod: schema > parse > global locale).
z.config({ localeError: readableIssueMessage });

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
  if (err instanceof ZodError) return { status: 422, detail: readableDetail(err) };
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
