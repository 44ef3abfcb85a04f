import { randomUUID } from 'node:crypto';
import compression from 'compression';
import cors from 'cors';
import express, { type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import type { Health } from '@edicola/contracts';
import { runWithContext } from '../context';
import { bindToActive, failed, serverKind, serverParent, startSpan, withSpan } from '../telemetry/trace';
import type { Logger } from '../logger';
import { redactPaymentIds } from '../redact';
import { internalCallerOf, requireInternal, setInternalAuth } from '../internal/guard';
import type { InternalTokens } from '../internal/tokens';
import type { ServiceMetrics } from '../metrics';
import { errorHandler, notFoundHandler } from './errors';
import { nulByteGuard } from './input-guards';
import { methodNotAllowed } from './method-not-allowed';

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  /** Origins allowed to call the API from a browser (the storefront's). */
  corsOrigins: string[];
  /**
   * Readiness checks by name; the service is ready when none is false. A state ('ok', 'degraded', 'down') is shown
   * as it is and keeps the service ready: the bus's, whose outage the outbox rides out.
   */
  readiness: () => Promise<Record<string, boolean | 'ok' | 'degraded' | 'down'>>;
  /** Mounts the service's routes. */
  routes: (router: Router) => void;
  /** Largest JSON body accepted. */
  bodyLimit?: string;
  /**
   * The proxies in front of the service, whose X-Forwarded-For entries are believed (TRUST_PROXY): a hop
   * count ('1': the gateway), or their addresses/CIDRs ('10.0.0.0/8,loopback'); false for none.
   */
  trustProxy?: boolean | string | number;
  /** Paths whose bodies arrive as raw bytes (a Buffer in req.body), e.g. webhooks checked by signature. */
  rawBodyPaths?: string[];
  /** Largest raw body accepted. */
  rawBodyLimit?: string;
  /** Verifies the tokens of requireInternal() routes; none when INTERNAL_TOKEN_SECRET is not set. */
  internalTokens?: InternalTokens | null;
  /** Times every request and serves GET /metrics (Prometheus; the gateway never routes it). */
  metrics?: ServiceMetrics;
}

/** TRUST_PROXY as Express takes it; `true` (believe anyone) is refused, as it lets a client pick its address. */
export function parseTrustProxy(value: boolean | string | number | undefined): boolean | number | string[] {
  if (value === undefined || value === false) return false;
  if (value === true) throw new Error(TRUST_ALL);
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') throw new Error(TRUST_ALL);
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const TRUST_ALL =
  'TRUST_PROXY=true would let any client choose its own address: give the number of proxies in front ' +
  '(1 = the gateway) or their addresses';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Gives each request a correlation id (kept from X-Request-Id when sane) and logs it when done. */
function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const correlationId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', correlationId);
    const started = process.hrtime.bigint();
    // Bound to the request's span (tracing on): 'finish' fires outside it.
    res.on(
      'finish',
      bindToActive(() => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        runWithContext({ correlationId }, () =>
          logger.info(
            {
              method: req.method,
              path: redactPaymentIds(req.path),
              status: res.statusCode,
              ms: Math.round(ms * 10) / 10,
            },
            'request',
          ),
        );
      }),
    );
    runWithContext({ correlationId }, next);
  };
}

const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * With tracing on, each request a service handles is a span of that service: a child of the HTTP server span when
 * the request came over the network, of the gateway's span when the gateway called the service in process, or —
 * with neither — of the caller's W3C `traceparent`. Named by route pattern once routed. A no-op with tracing off.
 */
function requestSpan(service: string): RequestHandler {
  return (req, res, next) => {
    // Probes and scrapes are not traced (nor by the HTTP instrumentation).
    if (UNTRACED.has(req.path)) return next();
    const parent = serverParent(req.headers);
    const span = startSpan(service, `${service} ${req.method}`, {
      kind: serverKind(),
      parent,
      attributes: { 'http.request.method': req.method, 'url.path': redactPaymentIds(req.path) },
    });
    if (!span) return next();
    res.on('close', () => {
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : undefined;
      if (route) {
        span.setAttribute('http.route', route);
        span.updateName(`${service} ${req.method} ${route}`);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) failed(span, new Error(`HTTP ${res.statusCode}`));
      span.end();
    });
    withSpan(span, next);
  };
}

/** The Express 5 app every service is built on: one shape, one error format, one set of headers. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(options.trustProxy));
  app.set('query parser', 'simple');

  setInternalAuth(app, { service: options.service, tokens: options.internalTokens ?? null });

  app.use(requestSpan(options.service));
  app.use(requestContext(options.logger));
  if (options.metrics) app.use(options.metrics.httpMiddleware);
  // JSON answers of more than 1 KB are compressed (br or gzip, as the client accepts); small ones are not.
  app.use(compression({ threshold: 1024 }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      // Images under /media are shown by the storefront, another origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  // Answers to a signed-in caller, and to every write (a login's token, a new account, an order), hold
  // personal data: no browser or proxy cache may keep them.
  app.use((req, res, next) => {
    if (req.headers.authorization !== undefined || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.set('Cache-Control', 'no-store');
    }
    next();
  });
  app.use(
    cors({
      origin: options.corsOrigins,
      credentials: false,
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Idempotency-Key'],
      // Edicola-Labels-Missing: the orders a printed batch has no label for (contracts' LABELS_MISSING_HEADER).
      exposedHeaders: ['X-Request-Id', 'Content-Disposition', 'Edicola-Labels-Missing'],
      maxAge: 600,
    }),
  );

  app.get('/healthz', (_req, res) => {
    const body: Health = { status: 'ok', service: options.service };
    res.json(body);
  });
  app.get('/readyz', async (_req, res) => {
    const results = await options.readiness().catch(() => ({ readiness: false }));
    const ok = Object.values(results).every((v) => v !== false);
    const body: Health = {
      status: ok ? 'ok' : 'unavailable',
      service: options.service,
      checks: Object.fromEntries(
        Object.entries(results).map(([k, v]) => [k, typeof v === 'string' ? v : v ? 'ok' : 'failing']),
      ),
    };
    res.status(ok ? 200 : 503).json(body);
  });

  const metrics = options.metrics;
  if (metrics) {
    app.get('/metrics', async (_req, res) => {
      res.set('Content-Type', metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }

  // Who am I, who called: lets an operator (and the tests) check that internal calls reach and authenticate.
  app.get('/internal/whoami', requireInternal(), (_req, res) => {
    res.json({ service: options.service, caller: internalCallerOf(res).from });
  });

  const rawBodyPaths = options.rawBodyPaths ?? ['/webhooks'];
  const rawParser = express.raw({ type: () => true, limit: options.rawBodyLimit ?? '1mb' });
  const jsonParser = express.json({ limit: options.bodyLimit ?? '100kb' });
  const isRaw = (path: string) => rawBodyPaths.some((p) => path === p || path.startsWith(`${p}/`));
  app.use((req, res, next) => (isRaw(req.path) ? rawParser : jsonParser)(req, res, next));
  app.use(nulByteGuard);
  const router = express.Router();
  options.routes(router);
  app.use(router);
  app.use(methodNotAllowed(app));
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
