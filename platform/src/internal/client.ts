import { setTimeout as sleep } from 'node:timers/promises';
import { correlationId } from '../context';
import { inTransaction } from '../db';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { injectTraceContext, inSpan, SpanKind } from '../telemetry/trace';
import type { InternalTokens } from './tokens';

export interface InternalClientOptions {
  /** The calling service, e.g. 'svc-orders' (the token's issuer). */
  service: string;
  /** Base URL of each service it may call, e.g. { 'svc-catalog': 'http://svc-catalog:8101' }. */
  baseUrls: Partial<Record<string, string>>;
  /** Signs the tokens; null when INTERNAL_TOKEN_SECRET is not configured (every call then fails). */
  tokens: InternalTokens | null;
  /** Per attempt. */
  timeoutMs?: number;
  /** Further attempts of an idempotent call after a connection error, a 502 or a 503. */
  retries?: number;
  /** First back-off delay; doubled at every retry. */
  backoffMs?: number;
  logger?: Logger;
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Makes a POST safe to retry: the service called must treat a repeated key as the same request. */
  idempotencyKey?: string;
}

export interface InternalClient {
  get<T = unknown>(target: string, path: string, options?: CallOptions): Promise<T>;
  post<T = unknown>(target: string, path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T = unknown>(target: string, path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T = unknown>(target: string, path: string, options?: CallOptions): Promise<T>;
}

/**
 * A failed internal call, as an HttpError the calling route may let through; `upstreamStatus` when it answered,
 * and the upstream's `code` with a refusal (4xx) handed back as it is.
 */
export class InternalCallError extends HttpError {
  constructor(
    status: number,
    detail: string,
    readonly target: string,
    readonly upstreamStatus?: number,
    code?: string,
  ) {
    super(status, detail, code);
    this.name = 'InternalCallError';
  }
}

export const TRANSACTION_RULE =
  'Internal call inside a database transaction: never hold a transaction across a call to another ' +
  'service (docs/service-guide.md, rule 1). Reserve first, then write; or write, then call.';

const RETRYABLE_STATUS = new Set([502, 503]);

function isConnectionError(error: unknown): boolean {
  return error instanceof TypeError; // fetch's "fetch failed", whatever the cause (refused, reset, DNS)
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fieldOf(body: unknown, field: 'detail' | 'code'): string | undefined {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Calls other services' /internal/ endpoints with a fresh internal token, a timeout, and retries for
 * idempotent calls (GET, and any call with an Idempotency-Key). Refuses at once inside a transaction.
 */
export function createInternalClient(options: InternalClientOptions): InternalClient {
  const timeoutMs = options.timeoutMs ?? 5000;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 200;

  /** One call (its attempts included) is one client span when tracing is on; the callee's spans are its children. */
  function call<T>(
    method: string,
    target: string,
    path: string,
    body: unknown,
    callOptions: CallOptions = {},
  ): Promise<T> {
    if (inTransaction()) return Promise.reject(new Error(TRANSACTION_RULE));
    return inSpan(
      options.service,
      `${method} ${target}`,
      {
        kind: SpanKind.CLIENT,
        attributes: { 'http.request.method': method, 'url.path': path, 'server.address': target },
      },
      async (span) => {
        const answer = await attempts<T>(method, target, path, body, callOptions);
        span.setAttribute('http.response.status_code', answer.status);
        return answer.body;
      },
    );
  }

  async function attempts<T>(
    method: string,
    target: string,
    path: string,
    body: unknown,
    callOptions: CallOptions,
  ): Promise<{ status: number; body: T }> {
    if (!path.startsWith('/internal/')) throw new Error(`internal calls go to /internal/ paths, not ${path}`);
    const baseUrl = options.baseUrls[target];
    if (!baseUrl) throw new Error(`no base URL configured for ${target} (see SERVICE_URL_VARS)`);
    if (!options.tokens) throw new Error('internal calls need INTERNAL_TOKEN_SECRET, which is not set');

    const url = new URL(baseUrl.replace(/\/+$/, '') + path);
    for (const [key, value] of Object.entries(callOptions.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-request-id': correlationId(),
      ...callOptions.headers,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (callOptions.idempotencyKey) headers['idempotency-key'] = callOptions.idempotencyKey;
    injectTraceContext(headers);
    const idempotent =
      method === 'GET' || method === 'PUT' || method === 'DELETE' || !!callOptions.idempotencyKey;
    const attempts = idempotent ? retries + 1 : 1;

    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            ...headers,
            authorization: `Bearer ${await options.tokens.sign(options.service, target)}`,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (isTimeout(error)) {
          throw new InternalCallError(504, `Il servizio ${target} non ha risposto in tempo`, target);
        }
        if (!isConnectionError(error) || last) {
          options.logger?.warn({ err: error, target, path }, 'internal call failed');
          throw new InternalCallError(
            503,
            `Il servizio ${target} non è raggiungibile, riprova tra poco`,
            target,
          );
        }
        await sleep(backoffMs * 2 ** (attempt - 1));
        continue;
      }
      const answer = await readBody(response);
      if (response.ok) return { status: response.status, body: answer as T };
      if (RETRYABLE_STATUS.has(response.status) && !last) {
        await sleep(backoffMs * 2 ** (attempt - 1));
        continue;
      }
      throw toCallError(target, path, response.status, answer, options.logger);
    }
  }

  return {
    get: (target, path, o) => call('GET', target, path, undefined, o),
    post: (target, path, body, o) => call('POST', target, path, body, o),
    put: (target, path, body, o) => call('PUT', target, path, body, o),
    delete: (target, path, o) => call('DELETE', target, path, undefined, o),
  };
}

function toCallError(target: string, path: string, status: number, body: unknown, logger?: Logger) {
  const detail = fieldOf(body, 'detail');
  if (status === 401 || status === 403) {
    // Our own credentials were refused: a configuration fault of this shop, not the client's.
    logger?.error({ target, path, status, detail }, 'internal call refused: check INTERNAL_TOKEN_SECRET');
    return new InternalCallError(
      502,
      `Il servizio ${target} ha rifiutato la chiamata interna`,
      target,
      status,
    );
  }
  if (status < 500) {
    return new InternalCallError(
      status,
      detail ?? 'Richiesta non valida',
      target,
      status,
      fieldOf(body, 'code'),
    );
  }
  if (status === 503 || status === 504) {
    return new InternalCallError(
      status,
      detail ?? 'Servizio momentaneamente non disponibile, riprova tra poco',
      target,
      status,
    );
  }
  logger?.warn({ target, path, status, detail }, 'internal call answered with an error');
  return new InternalCallError(502, detail ?? `Errore del servizio ${target}`, target, status);
}
