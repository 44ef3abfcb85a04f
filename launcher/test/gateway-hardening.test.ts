import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { ServiceName } from '@edicola/contracts';
import { closeServer, createHttpApp } from '@edicola/platform';
import { waitFor } from '@edicola/platform/testing';
import { createGateway, normalisePath, type GatewayOptions, type GatewayTarget } from '../src/gateway';

const logger = pino({ level: 'silent' });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A request sent byte for byte as written (no client-side URL normalisation), optionally from another loopback address. */
function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.from,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : {} }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function listen(listener: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A real service app (the platform's factory, TRUST_PROXY=1 as deployed behind the gateway) that tells what it saw. */
const serviceApp = (name: string) =>
  createHttpApp({
    service: name,
    logger,
    corsOrigins: [],
    readiness: async () => ({}),
    trustProxy: '1',
    routes(router) {
      router.get('/{*rest}', (req, res) => res.json({ name, url: req.originalUrl, ip: req.ip }));
    },
  });

const MODES = ['in-process', 'remote'] as const;

describe.each(MODES)('gateway, %s', (mode) => {
  const closers: http.Server[] = [];
  let gatewayPort: number;
  let gatewayServer: http.Server;

  async function target(name: ServiceName): Promise<GatewayTarget> {
    const app = serviceApp(name);
    if (mode === 'in-process') return { kind: 'in-process', handler: app, isReady: () => true };
    const { server, port } = await listen(app);
    closers.push(server);
    return { kind: 'remote', baseUrl: `http://127.0.0.1:${port}` };
  }

  beforeAll(async () => {
    const targets = {
      'svc-catalog': await target('svc-catalog'),
      'svc-orders': await target('svc-orders'),
      'svc-payments': await target('svc-payments'),
      'svc-notify': await target('svc-notify'),
      'svc-channels': await target('svc-channels'),
    };
    ({ server: gatewayServer, port: gatewayPort } = await listen(createGateway(targets, logger)));
  });
  afterAll(async () => {
    await Promise.all([gatewayServer, ...closers].map((s) => closeServer(s, 100)));
  });

  it('refuses encoded dot segments and slashes with 400, before any service sees them', async () => {
    for (const path of [
      '/public/articles/%2e%2e/%2e%2e/internal/x',
      '/public/articles/%2E%2E/%2E%2E/internal/x',
      '/public/articles/.%2e/x',
      '/public/articles/..%2finternal%2fx',
      '/public/articles/..%5cinternal',
      '/public/articles/..\\..\\internal',
    ]) {
      const res = await send(gatewayPort, path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body.detail).toMatch(/Percorso non valido/);
    }
  });

  it('passes the back office’s invoice and credit-note files, whose numbers travel as N-YYYY (decision 0033)', async () => {
    const order = '/api/orders/0b6f8e2a-6c1d-4d0e-9a7b-1f2e3d4c5b6a';
    for (const file of ['credit-notes/3-2026.pdf', 'credit-notes/3-2026.xml', 'invoice.pdf', 'invoice.xml']) {
      const res = await send(gatewayPort, `${order}/${file}`);
      expect({ status: res.status, body: res.body }).toMatchObject({
        status: 200,
        body: { name: 'svc-orders', url: `${order}/${file}` },
      });
    }
    expect((await send(gatewayPort, `${order}/credit-notes/3%2F2026.pdf`)).status).toBe(400);
  });

  it('normalises the path before matching, so literal dot segments cannot reach /internal/ (404)', async () => {
    expect((await send(gatewayPort, '/public/articles/../../internal/x')).status).toBe(404);
    expect((await send(gatewayPort, '/internal/articles/1/price')).status).toBe(404);
    expect((await send(gatewayPort, '//internal//x')).status).toBe(404);
    const res = await send(gatewayPort, '/public//articles/./x/../prevendita?q=%2e%2e');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'svc-catalog', url: '/public/articles/prevendita?q=%2e%2e' });
  });

  it('gives the service the real client address: a spoofed X-Forwarded-For changes nothing, two clients differ', async () => {
    const spoofed = { 'X-Forwarded-For': '6.6.6.6' };
    const a = await send(gatewayPort, '/public/articles/whoami', { headers: spoofed, from: '127.0.0.2' });
    const b = await send(gatewayPort, '/public/articles/whoami', { headers: spoofed, from: '127.0.0.3' });
    expect(a.body.ip).toBe('127.0.0.2');
    expect(b.body.ip).toBe('127.0.0.3');
  });

  it('answers POST /healthz with 405 and Allow', async () => {
    const res = await send(gatewayPort, '/healthz', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect((await send(gatewayPort, '/healthz')).status).toBe(200);
  });
});

describe('normalisePath', () => {
  it.each([
    ['/a/b/../c', '/a/c'],
    ['/a/./b/', '/a/b/'],
    ['/../../a', '/a'],
    ['//a///b', '/a/b'],
    ['/', '/'],
    ['/a/..', '/'],
  ])('%s → %s', (raw, path) => {
    expect(normalisePath(raw)).toEqual({ path });
  });
});

describe('gateway time limits', () => {
  /** An upstream that never answers, counting the connections it holds. */
  async function slowUpstream() {
    const open = new Set<import('node:net').Socket>();
    let requests = 0;
    const { server, port } = await listen(() => {
      requests += 1; // never answered
    });
    server.on('connection', (socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    });
    return { server, port, open, requests: () => requests };
  }

  function gatewayTo(target: GatewayTarget, options: GatewayOptions) {
    const targets = Object.fromEntries(
      (['svc-catalog', 'svc-orders', 'svc-payments', 'svc-notify', 'svc-channels'] as const).map((n) => [
        n,
        target,
      ]),
    ) as Record<ServiceName, GatewayTarget>;
    return listen(createGateway(targets, logger, options));
  }

  it('frees the upstream connections of abandoned requests at once', async () => {
    const upstream = await slowUpstream();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    const gateway = await gatewayTo(
      { kind: 'remote', baseUrl: `http://127.0.0.1:${upstream.port}` },
      { agent, upstreamTimeoutMs: 60_000 },
    );
    const clients = Array.from({ length: 60 }, () => {
      const req = http.request({ host: '127.0.0.1', port: gateway.port, path: '/public/articles' });
      req.on('error', () => {});
      req.end();
      return req;
    });
    await waitFor(() => upstream.requests() === 60, { message: '60 requests upstream' });
    expect(upstream.open.size).toBe(60);
    for (const req of clients) req.destroy();
    const started = Date.now();
    await waitFor(() => upstream.open.size === 0, { timeoutMs: 2000, message: 'upstream connections freed' });
    expect(Date.now() - started).toBeLessThan(2000);
    agent.destroy();
    await Promise.all([closeServer(gateway.server, 100), closeServer(upstream.server, 100)]);
  });

  it('does not cut a long answer that keeps flowing (a photo on a slow line)', async () => {
    const { server, port } = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let sent = 0;
      const tick = setInterval(() => {
        res.write('x'.repeat(1000));
        if (++sent === 8) {
          clearInterval(tick);
          res.end();
        }
      }, 100);
    });
    const gateway = await gatewayTo(
      { kind: 'remote', baseUrl: `http://127.0.0.1:${port}` },
      { upstreamTimeoutMs: 300 },
    );
    const length = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: gateway.port, path: '/media/x.webp' }, (res) => {
          let n = 0;
          res.on('data', (chunk: Buffer) => (n += chunk.length));
          res.on('end', () => resolve(n));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    expect(length).toBe(8000);
    await Promise.all([closeServer(gateway.server, 100), closeServer(server, 100)]);
  });

  it.each(MODES)('answers 504 with a detail when the service takes too long (%s)', async (mode) => {
    const upstream = await slowUpstream();
    const target: GatewayTarget =
      mode === 'remote'
        ? { kind: 'remote', baseUrl: `http://127.0.0.1:${upstream.port}` }
        : { kind: 'in-process', handler: () => {}, isReady: () => true };
    const gateway = await gatewayTo(target, { upstreamTimeoutMs: 200 });
    const started = Date.now();
    const res = await send(gateway.port, '/public/articles');
    expect(res.status).toBe(504);
    expect(res.body.detail).toMatch(/non ha risposto in tempo/);
    expect(Date.now() - started).toBeLessThan(2000);
    if (mode === 'remote') await waitFor(() => upstream.open.size === 0, { timeoutMs: 2000 });
    await Promise.all([closeServer(gateway.server, 100), closeServer(upstream.server, 100)]);
  });
});
