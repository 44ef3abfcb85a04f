import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestService } from '@edicola/platform/testing';
import { notifyService } from '@edicola/svc-notify';
import { startGateway } from '../src/distributed';

/** A GET that resolves with how it ended: the status, or the error of a cut connection. */
function hangingGet(port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => resolve(String(res.statusCode)))
      .on('error', (e) => resolve(e.message));
  });
}

// One request that never ends must not keep a service or the gateway from stopping (SIGTERM runs stop()).
describe('bounded shutdown', () => {
  it('stops a service within SHUTDOWN_GRACE_MS with a request in flight', async () => {
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const hanging = {
      ...notifyService,
      async build(context: Parameters<typeof notifyService.build>[0]) {
        const parts = await notifyService.build(context);
        return {
          ...parts,
          routes(router: import('express').Router) {
            router.get('/newsletter/hang', () => arrived()); // never answers
            parts.routes(router);
          },
        };
      },
    };
    const test = await startTestService(hanging, { env: { SHUTDOWN_GRACE_MS: '300' } });
    const server = await test.service.listen(0, '127.0.0.1');
    const port = (server.address() as AddressInfo).port;
    const outcome = hangingGet(port, '/newsletter/hang');
    await inFlight;
    const started = Date.now();
    await test.stop();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await outcome).toMatch(/socket hang up|ECONNRESET/);
  }, 30_000);

  it('stops the gateway within SHUTDOWN_GRACE_MS with a proxied request in flight, freeing the upstream', async () => {
    const upstreamSockets = new Set<import('node:net').Socket>();
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const upstream = http.createServer(() => arrived());
    upstream.on('connection', (s) => {
      upstreamSockets.add(s);
      s.on('close', () => upstreamSockets.delete(s));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const gateway = await startGateway({
      API_PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_URL: upstreamUrl,
      ORDERS_URL: upstreamUrl,
      PAYMENTS_URL: upstreamUrl,
      NOTIFY_URL: upstreamUrl,
      CHANNELS_URL: upstreamUrl,
      SHUTDOWN_GRACE_MS: '300',
      LOG_LEVEL: 'silent',
    });
    const port = (gateway.server.address() as AddressInfo).port;
    const outcome = hangingGet(port, '/public/articles');
    await inFlight;
    const started = Date.now();
    await gateway.stop();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await outcome).toMatch(/socket hang up|ECONNRESET/);
    const deadline = Date.now() + 2000;
    while (upstreamSockets.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(upstreamSockets.size).toBe(0);
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });
});
