import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import https from 'node:https';
import { SERVICE_NAMES, serviceForPath, type Health, type ServiceName } from '@edicola/contracts';
import {
  failed,
  injectTraceContext,
  redactPaymentIds,
  serverKind,
  serverParent,
  startSpan,
  UPSTREAM_IDLE_MS,
  withSpan,
  type Logger,
} from '@edicola/platform';
import { hostMatcher } from './hosts';

/** A service the gateway hands requests to: in this process, or over HTTP. */
export type GatewayTarget =
  | { kind: 'in-process'; handler: RequestListener; isReady: () => boolean }
  | { kind: 'remote'; baseUrl: string };

export interface GatewayOptions {
  /** Longest wait for a service's answer before the client gets a 504 (GATEWAY_UPSTREAM_TIMEOUT_MS). */
  upstreamTimeoutMs?: number;
  /** Connections to the services (a keep-alive pool by default). */
  agent?: http.Agent;
  /**
   * The API's origins (publicOrigins() of hosts.ts: PUBLIC_API_URL, the loopback names and ALLOWED_HOSTS):
   * a request for another Host is answered 421 (a malformed one 400), /healthz excepted. Without it, the
   * loopback names only.
   */
  publicOrigins?: string[];
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

// Idle connections are closed after UPSTREAM_IDLE_MS, well before the services' keepAliveTimeout (65 s) closes
// them from their side (see platform/src/http/server-timeouts.ts).
const defaultAgents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256, timeout: UPSTREAM_IDLE_MS }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256, timeout: UPSTREAM_IDLE_MS }),
};

// Headers that describe one connection, not the request: never passed on (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const listed = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !listed.includes(name)),
  );
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(JSON.stringify(body));
}

const BAD_PATH = 'Percorso non valido: punti, barre o barre rovesciate codificati non sono ammessi';

/**
 * The path the table is matched against and the service receives: dot segments resolved, repeated
 * slashes merged. Encoded dots and (back)slashes are refused, because a server behind might decode them
 * into segments this check never saw (`/public/articles/%2e%2e/%2e%2e/internal/x`).
 */
export function normalisePath(raw: string): { path: string } | { error: string } {
  if (!raw.startsWith('/') || /%2e|%2f|%5c/i.test(raw) || raw.includes('\\')) return { error: BAD_PATH };
  const segments: string[] = [];
  const parts = raw.split('/').slice(1);
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') segments.pop();
    else segments.push(part);
  }
  const last = parts[parts.length - 1];
  const trailing = segments.length > 0 && (last === '' || last === '.' || last === '..') ? '/' : '';
  return { path: `/${segments.join('/')}${trailing}` };
}

/** The client's address appended to what earlier proxies said; the services believe only TRUST_PROXY hops of it. */
function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const earlier = req.headers['x-forwarded-for'];
  const chain = [Array.isArray(earlier) ? earlier.join(', ') : earlier, req.socket.remoteAddress]
    .filter(Boolean)
    .join(', ');
  return {
    'x-forwarded-for': chain,
    // The Host this gateway checked, never a client's own X-Forwarded-Host.
    'x-forwarded-host': String(req.headers.host ?? ''),
    'x-forwarded-proto': String(req.headers['x-forwarded-proto'] ?? 'http'),
  };
}

/** Methods a second attempt cannot make worse (RFC 9110 §9.2.2), and any request carrying an Idempotency-Key. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Largest request body kept in memory for a second attempt; a longer one is never retried. */
const RETRY_BODY_LIMIT = 1024 * 1024;

function mayRetry(req: IncomingMessage): boolean {
  return IDEMPOTENT.has(req.method ?? '') || req.headers['idempotency-key'] !== undefined;
}

/** A reused pooled connection reset under the request: most likely the service had just closed it as idle. */
function staleConnection(upstream: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return upstream.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}

function proxy(
  baseUrl: string,
  pathAndQuery: string,
  req: IncomingMessage,
  res: ServerResponse,
  logger: Logger,
  options: Required<Pick<GatewayOptions, 'upstreamTimeoutMs'>> & GatewayOptions,
) {
  const base = new URL(baseUrl);
  const secure = base.protocol === 'https:';
  // The gateway's span is the service's parent (tracing on); a client's own `traceparent` is not passed on as is.
  const traceHeaders: Record<string, string> = {};
  injectTraceContext(traceHeaders);
  // The request body as sent so far, kept (up to a limit) so that an idempotent request can go again once.
  const body: Buffer[] = [];
  let bodySize = 0;
  let bodyEnded = false;
  let retryable = mayRetry(req);
  let current: http.ClientRequest | undefined;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    current?.destroy(new Error(`no answer within ${options.upstreamTimeoutMs} ms`));
  }, options.upstreamTimeoutMs);
  // A client that goes away takes its upstream call with it, freeing the connection at once.
  res.on('close', () => {
    clearTimeout(timer);
    if (!res.writableFinished) current?.destroy();
  });

  function attempt(retried: boolean) {
    // The path goes as it is: no URL parser gets another chance to reinterpret it.
    const upstream = (secure ? https : http).request({
      protocol: base.protocol,
      hostname: base.hostname,
      port: base.port,
      path: base.pathname.replace(/\/+$/, '') + pathAndQuery,
      method: req.method,
      // The second attempt goes on a connection of its own: the pool may hold more sockets the service closed
      // at the same moment (a replica shutting down closes all its idle ones), and one of those would fail it too.
      agent: retried ? false : (options.agent ?? (secure ? defaultAgents.https : defaultAgents.http)),
      headers: { ...endToEnd(req.headers), ...traceHeaders, host: base.host, ...forwardedHeaders(req) },
    });
    current = upstream;
    upstream.on('response', (answer) => {
      // The limit is on the wait for an answer; a long download (a photo on a slow line) is cut only when
      // it stalls for as long.
      clearTimeout(timer);
      upstream.setTimeout(options.upstreamTimeoutMs, () => upstream.destroy(new Error('upstream stalled')));
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (upstream !== current) return;
      if (res.destroyed || res.writableFinished) return clearTimeout(timer);
      if (res.headersSent) {
        clearTimeout(timer);
        return res.destroy();
      }
      if (!timedOut && !retried && retryable && staleConnection(upstream, error)) {
        logger.debug(
          { target: base.origin, path: redactPaymentIds(pathAndQuery) },
          'pooled connection was closed, retrying',
        );
        return attempt(true);
      }
      clearTimeout(timer);
      if (timedOut) {
        logger.warn(
          { target: base.origin, path: redactPaymentIds(pathAndQuery), ms: options.upstreamTimeoutMs },
          'upstream timed out',
        );
        return sendJson(res, 504, { detail: 'Il servizio non ha risposto in tempo, riprova tra poco' });
      }
      logger.warn({ err: error, target: base.origin }, 'upstream unreachable');
      sendJson(res, 502, { detail: 'Servizio momentaneamente non raggiungibile' });
    });
    for (const chunk of body) upstream.write(chunk);
    if (bodyEnded) upstream.end();
    else if (retried) req.resume(); // it may have been paused for the first attempt's connection
  }

  req.on('data', (chunk: Buffer) => {
    if (retryable) {
      bodySize += chunk.length;
      if (bodySize > RETRY_BODY_LIMIT) {
        retryable = false;
        body.length = 0;
      } else body.push(chunk);
    }
    if (current && !current.write(chunk)) {
      req.pause();
      current.once('drain', () => req.resume());
    }
  });
  req.on('end', () => {
    bodyEnded = true;
    current?.end();
  });
  attempt(false);
}

/** Hands the request to a service's app in this process, with the same path, headers and time limit as a proxied one. */
function dispatch(
  handler: RequestListener,
  pathAndQuery: string,
  req: IncomingMessage,
  res: ServerResponse,
  timeoutMs: number,
) {
  req.url = pathAndQuery;
  Object.assign(req.headers, forwardedHeaders(req));
  const timer = setTimeout(() => {
    if (!res.headersSent)
      sendJson(res, 504, { detail: 'Il servizio non ha risposto in tempo, riprova tra poco' });
  }, timeoutMs);
  res.on('close', () => clearTimeout(timer));
  handler(req, res);
}

async function ready(target: GatewayTarget): Promise<boolean> {
  if (target.kind === 'in-process') return target.isReady();
  try {
    const answer = await fetch(new URL('/readyz', target.baseUrl), { signal: AbortSignal.timeout(2000) });
    return answer.ok;
  } catch {
    return false;
  }
}

/**
 * The API's single origin: routes each path to its service by the table in contracts, answers
 * /healthz (200 once every service is ready) and 404s what no service serves (/internal/ above all).
 */
export function createGateway(
  targets: Record<ServiceName, GatewayTarget>,
  logger: Logger,
  options: GatewayOptions = {},
): RequestListener {
  const settings = {
    ...options,
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
  };
  const siteOf = hostMatcher(options.publicOrigins);
  return async (req, res) => {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const normalised = normalisePath(queryAt === -1 ? url : url.slice(0, queryAt));
    if ('error' in normalised) return sendJson(res, 400, { detail: normalised.error });
    const path = normalised.path;
    const pathAndQuery = path + (queryAt === -1 ? '' : url.slice(queryAt));

    if (path === '/healthz') {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return sendJson(res, 405, { detail: 'Metodo non consentito' }, { Allow: 'GET, HEAD' });
      }
      const checks = await Promise.all(SERVICE_NAMES.map(async (name) => [name, await ready(targets[name])]));
      const ok = checks.every(([, isReady]) => isReady);
      const body: Health = {
        status: ok ? 'ok' : 'starting',
        service: 'gateway',
        checks: Object.fromEntries(checks.map(([name, isReady]) => [name, isReady ? 'ok' : 'failing'])),
      };
      return sendJson(res, ok ? 200 : 503, body);
    }
    const site = siteOf(req);
    if ('status' in site) return sendJson(res, site.status, { detail: site.detail });
    const service = serviceForPath(path);
    if (!service) return sendJson(res, 404, { detail: 'Risorsa non trovata' });
    const target = targets[service];
    // Tracing on: the gateway's hop is a span, under the HTTP server span or the client's `traceparent`.
    const span = startSpan('gateway', `gateway ${req.method} ${service}`, {
      kind: serverKind(),
      parent: serverParent(req.headers),
      attributes: { 'http.request.method': req.method ?? '', 'url.path': redactPaymentIds(path) },
    });
    if (span) {
      span.setAttribute('edicola.upstream', service);
      res.on('close', () => {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) failed(span, new Error(`HTTP ${res.statusCode}`));
        span.end();
      });
    }
    withSpan(span, () => {
      if (target.kind === 'in-process') {
        return dispatch(target.handler, pathAndQuery, req, res, settings.upstreamTimeoutMs);
      }
      proxy(target.baseUrl, pathAndQuery, req, res, logger, settings);
    });
  };
}
