import { randomUUID } from 'node:crypto';
import cors from 'cors';
import express, { type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import { z } from 'zod';
import type { Health } from '@edicola/contracts';
import { runWithContext } from '../context';
import type { Logger } from '../logger';
import { errorHandler, notFoundHandler } from './errors';

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  /** Origins allowed to call the API from a browser (the storefront's). */
  corsOrigins: string[];
  /**
   * Readiness checks by name; the service is ready when none is false. 'degraded' is shown but keeps the service
   * ready (a broker outage: the outbox holds the events meanwhile).
   */
  readiness: () => Promise<Record<string, boolean | 'degraded'>>;
  /** Mounts the service's routes. */
  routes: (router: Router) => void;
  /** Largest JSON body accepted. */
  bodyLimit?: string;
  /** Express "trust proxy" setting, for client addresses behind the gateway or an ingress. */
  trustProxy?: boolean | string | number;
}

// Validation details reach Italian shoppers and staff: zod speaks Italian.
z.config(z.locales.it());

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Gives each request a correlation id (kept from X-Request-Id when sane) and logs it when done. */
function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const correlationId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', correlationId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      runWithContext({ correlationId }, () =>
        logger.info(
          { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
          'request',
        ),
      );
    });
    runWithContext({ correlationId }, next);
  };
}

/** The Express 5 app every service is built on: one shape, one error format, one set of headers. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('query parser', 'simple');

  app.use(requestContext(options.logger));
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
  app.use(
    cors({
      origin: options.corsOrigins,
      credentials: false,
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'Content-Disposition'],
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
        Object.entries(results).map(([k, v]) => [k, v === 'degraded' ? v : v ? 'ok' : 'failing']),
      ),
    };
    res.status(ok ? 200 : 503).json(body);
  });

  app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));
  const router = express.Router();
  options.routes(router);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
