import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import type { ServiceName } from '@edicola/contracts';
import { createGateway, type GatewayTarget } from '../src/gateway';

const logger = pino({ level: 'silent' });

function echo(name: string): http.RequestListener {
  return (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-served-by': name });
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          url: req.url,
          body,
          forwardedFor: req.headers['x-forwarded-for'] ?? null,
        }),
      );
    });
  };
}

describe('gateway', () => {
  let remote: http.Server;
  let ready = false;
  let targets: Record<ServiceName, GatewayTarget>;

  beforeAll(async () => {
    remote = http.createServer(echo('svc-orders'));
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const port = (remote.address() as AddressInfo).port;
    targets = {
      'svc-catalog': { kind: 'in-process', handler: echo('svc-catalog'), isReady: () => ready },
      'svc-orders': { kind: 'remote', baseUrl: `http://127.0.0.1:${port}` },
      'svc-payments': { kind: 'in-process', handler: echo('svc-payments'), isReady: () => true },
      'svc-notify': { kind: 'in-process', handler: echo('svc-notify'), isReady: () => true },
      'svc-channels': { kind: 'in-process', handler: echo('svc-channels'), isReady: () => true },
    };
  });
  afterAll(() => new Promise((resolve) => remote.close(resolve)));

  it('routes each path to its service, in process or over HTTP, with query and body intact', async () => {
    const gateway = createGateway(targets, logger);
    const catalog = await request(gateway).get('/public/articles/prevendita?x=1');
    expect(catalog.body).toMatchObject({ name: 'svc-catalog', url: '/public/articles/prevendita?x=1' });
    const orders = await request(gateway).post('/api/auth/login?a=b').send({ username: 'u' });
    expect(orders.body).toMatchObject({ name: 'svc-orders', method: 'POST', url: '/api/auth/login?a=b' });
    expect(JSON.parse(orders.body.body)).toEqual({ username: 'u' });
    expect(orders.body.forwardedFor).toMatch(/127\.0\.0\.1/);
    expect((await request(gateway).get('/newsletter/subscribe')).body.name).toBe('svc-notify');
  });

  it('answers paths no service serves with 404 in the error shape', async () => {
    const res = await request(createGateway(targets, logger)).get('/etc/passwd');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Risorsa non trovata' });
  });

  it('is healthy only once every service is ready', async () => {
    ready = false;
    const starting = await request(createGateway(targets, logger)).get('/healthz');
    expect(starting.status).toBe(503);
    expect(starting.body.checks).toEqual({
      'svc-catalog': 'failing',
      'svc-orders': 'ok',
      'svc-payments': 'ok',
      'svc-notify': 'ok',
      'svc-channels': 'ok',
    });
    ready = true;
    // The echo server answers /readyz with 200 like a ready service.
    const healthy = await request(createGateway(targets, logger)).get('/healthz');
    expect(healthy.status).toBe(200);
    expect(healthy.body.status).toBe('ok');
  });

  it('answers 502 when a remote service is down', async () => {
    const down = {
      ...targets,
      'svc-orders': { kind: 'remote', baseUrl: 'http://127.0.0.1:1' } as GatewayTarget,
    };
    const res = await request(createGateway(down, logger)).get('/api/auth/me');
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/non raggiungibile/);
  });
});
