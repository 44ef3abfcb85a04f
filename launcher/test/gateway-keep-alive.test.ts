import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { createHttpServer, DEFAULT_SERVER_TIMEOUTS, UPSTREAM_IDLE_MS } from '@edicola/platform';
import { startGateway } from '../src/distributed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const portOf = (server: net.Server) => (server.address() as AddressInfo).port;

async function listening<S extends net.Server>(server: S): Promise<S> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function gatewayFor(upstreamUrl: string) {
  return startGateway({
    API_PORT: '0',
    HOST: '127.0.0.1',
    CATALOG_URL: upstreamUrl,
    ORDERS_URL: upstreamUrl,
    PAYMENTS_URL: upstreamUrl,
    NOTIFY_URL: upstreamUrl,
    CHANNELS_URL: upstreamUrl,
    LOG_LEVEL: 'silent',
  });
}

/** `count` requests at once through a keep-alive client, as a browser burst; resolves with their statuses. */
async function burst(port: number, count: number, agent: http.Agent): Promise<(number | string)[]> {
  return Promise.all(
    Array.from(
      { length: count },
      (_, i) =>
        new Promise<number | string>((resolve) => {
          http
            .get({ host: '127.0.0.1', port, path: `/public/articles?i=${i}`, agent }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            })
            .on('error', (error) => resolve(error.message));
        }),
    ),
  );
}

// Some work per request, so that the gateway pools many sockets.
const slowish: http.RequestListener = (_req, res) => {
  setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'), 5);
};

/**
 * A service that answers once per connection (after `delayMs`) and resets the connection on its next request, as a
 * server closing an idle socket just as the gateway reuses it. `served` lists the request lines it answered.
 */
async function oneAnswerPerConnection(delayMs = 0) {
  const served: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = await listening(
    net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      let requests = 0;
      socket.on('data', (chunk) => {
        const line = chunk.toString('latin1').split('\r\n')[0];
        if (!line.includes('HTTP/1.1')) return;
        requests++;
        if (requests > 1) return socket.resetAndDestroy();
        served.push(line);
        const answer = () =>
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
        if (delayMs > 0) setTimeout(answer, delayMs);
        else answer();
      });
    }),
  );
  return {
    served,
    sockets,
    url: `http://127.0.0.1:${portOf(server)}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('gateway keep-alive to the services', () => {
  it('closes its idle connections to a service before the service does', () => {
    expect(UPSTREAM_IDLE_MS).toBeLessThan(DEFAULT_SERVER_TIMEOUTS.keepAliveTimeoutMs);
    // An nginx Ingress keeps idle upstream connections 60 s.
    expect(createHttpServer(slowish).keepAliveTimeout).toBeGreaterThan(60_000);
  });

  it.each([
    ['the services’ server settings', () => createHttpServer(slowish)],
    ['Node’s default 5 s keep-alive', () => http.createServer(slowish)],
  ])(
    'loses no request of a burst that comes about 5 s after the last one (%s)',
    async (_name, create) => {
      const upstream = await listening(create());
      const gateway = await gatewayFor(`http://127.0.0.1:${portOf(upstream)}`);
      const client = new http.Agent({ keepAlive: true, maxSockets: 64 });
      try {
        const statuses = await burst(portOf(gateway.server), 64, client);
        for (const pause of [4900, 5000, 5100]) {
          await sleep(pause);
          statuses.push(...(await burst(portOf(gateway.server), 64, client)));
        }
        expect(statuses.filter((s) => s !== 200)).toEqual([]);
        expect(statuses).toHaveLength(256);
      } finally {
        client.destroy();
        await gateway.stop();
        upstream.closeAllConnections();
        await new Promise((resolve) => upstream.close(resolve));
      }
    },
    30_000,
  );

  it('sends an idempotent request again, once, when its pooled connection was reset; never a POST', async () => {
    const upstream = await oneAnswerPerConnection();
    const { served } = upstream;
    const gateway = await gatewayFor(upstream.url);
    const port = portOf(gateway.server);
    const call = (method: string, path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: method === 'GET' ? undefined : '{"a":1}',
      }).then((r) => r.status);
    try {
      expect(await call('GET', '/public/articles')).toBe(200);
      // Reuses the pooled socket, which is reset: sent again on a new connection.
      expect(await call('GET', '/public/articles?again')).toBe(200);
      expect(served.filter((l) => l.startsWith('GET /public/articles?again'))).toHaveLength(1);
      // The second attempt's connection was not pooled: this one is, for the POST to reuse.
      expect(await call('GET', '/public/articles?pool')).toBe(200);
      // A POST may have taken effect: the client hears 502 rather than the order placed twice.
      expect(await call('POST', '/orders')).toBe(502);
      expect(served.filter((l) => l.startsWith('POST'))).toHaveLength(0);
      expect(await call('GET', '/public/articles?warm')).toBe(200);
      // With an Idempotency-Key the service answers a repeat with the first answer: sent again, body and all.
      expect(await call('POST', '/orders', { 'idempotency-key': 'k-1' })).toBe(200);
      expect(served.filter((l) => l.startsWith('POST /orders'))).toHaveLength(1);
    } finally {
      await gateway.stop();
      await upstream.close();
    }
  }, 20_000);

  it('sends the second attempt on a new connection, not on another pooled one the service closed too', async () => {
    // A replica shutting down closes every idle connection at once: the gateway's pool may hold several of
    // them, and the request's second attempt must not take the next one. The service answers slowly, so that
    // a burst pools several connections.
    const upstream = await oneAnswerPerConnection(50);
    const { served, sockets } = upstream;
    const gateway = await gatewayFor(upstream.url);
    const port = portOf(gateway.server);
    const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`).then((r) => r.status);
    try {
      expect(
        await Promise.all(Array.from({ length: 6 }, (_, i) => get(`/public/articles?warm=${i}`))),
      ).toEqual(Array(6).fill(200));
      expect(sockets.size).toBe(6);
      expect(await get('/public/articles?after')).toBe(200);
      expect(served.filter((l) => l.startsWith('GET /public/articles?after'))).toHaveLength(1);
    } finally {
      await gateway.stop();
      await upstream.close();
    }
  }, 20_000);
});
