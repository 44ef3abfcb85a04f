import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { SERVICE_NAMES, serviceForPath, type Health, type ServiceName } from '@edicola/contracts';
import type { Logger } from '@edicola/platform';

/** A service the gateway hands requests to: in this process, or over HTTP. */
export type GatewayTarget =
  | { kind: 'in-process'; handler: RequestListener; isReady: () => boolean }
  | { kind: 'remote'; baseUrl: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Cache-Control': 'no-store',
  });
  res.end(JSON.stringify(body));
}

function proxy(baseUrl: string, req: IncomingMessage, res: ServerResponse, logger: Logger) {
  const target = new URL(req.url ?? '/', baseUrl);
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const upstream = http.request(
    target,
    {
      method: req.method,
      agent,
      headers: {
        ...req.headers,
        host: target.host,
        'x-forwarded-for': forwardedFor,
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': 'http',
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    logger.warn({ err: error, target: target.origin }, 'upstream unreachable');
    if (!res.headersSent) sendJson(res, 502, { detail: 'Servizio momentaneamente non raggiungibile' });
    else res.destroy();
  });
  req.pipe(upstream);
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
 * /healthz (200 once every service is ready) and 404s what no service serves.
 */
export function createGateway(targets: Record<ServiceName, GatewayTarget>, logger: Logger): RequestListener {
  return async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/healthz') {
      const checks = await Promise.all(SERVICE_NAMES.map(async (name) => [name, await ready(targets[name])]));
      const ok = checks.every(([, isReady]) => isReady);
      const body: Health = {
        status: ok ? 'ok' : 'starting',
        service: 'gateway',
        checks: Object.fromEntries(checks.map(([name, isReady]) => [name, isReady ? 'ok' : 'failing'])),
      };
      return sendJson(res, ok ? 200 : 503, body);
    }
    const service = serviceForPath(path);
    if (!service) return sendJson(res, 404, { detail: 'Risorsa non trovata' });
    const target = targets[service];
    if (target.kind === 'in-process') return target.handler(req, res);
    proxy(target.baseUrl, req, res, logger);
  };
}
