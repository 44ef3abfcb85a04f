import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway, startWeb } from '../src/distributed';
import { parseAllowedHosts } from '../src/hosts';

/** A GET with the headers as given (fetch would not let a test choose the Host). */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        })
        .on('error', reject);
    },
  );
}

const portOf = (server: http.Server) => (server.address() as AddressInfo).port;
const close = (server: http.Server) => new Promise((resolve) => server.close(resolve));

describe('the storefront answers only for its configured addresses', () => {
  let web: http.Server;
  let port: number;

  beforeAll(async () => {
    ({ server: web } = await startWeb({
      WEB_PORT: '0',
      API_PORT: '8080',
      HOST: '127.0.0.1',
      WEB_ROOT: '/nonexistent',
      LOG_LEVEL: 'silent',
      PUBLIC_WEB_URL: 'https://shop.example',
      ALLOWED_HOSTS: 'shop.lan',
    }));
    port = portOf(web);
  });
  afterAll(() => close(web));

  it('refuses an unknown Host with 421, naming it nowhere', async () => {
    for (const path of ['/', '/config.json', '/mf/catalog/mf-manifest.json']) {
      const res = await get(port, path, { Host: 'evil.example' });
      expect(res.status).toBe(421);
      expect(res.body).toBe('Indirizzo non servito da questo negozio');
      expect(JSON.stringify(res.headers)).not.toContain('evil.example');
    }
  });

  it('answers a malformed Host with 400, never a 500', async () => {
    for (const host of ['evil_example', '[::1', 'shop.example:port', 'shop.example/x']) {
      const res = await get(port, '/config.json', { Host: host });
      expect(res.status).toBe(400);
    }
  });

  it('builds its CSP and runtime config from configuration, whatever X-Forwarded-Host says', async () => {
    const res = await get(port, '/config.json', { Host: 'shop.example', 'X-Forwarded-Host': 'evil.example' });
    expect(res.status).toBe(200);
    const config = JSON.parse(res.body) as { apiBaseUrl: string; remotes: Record<string, string> };
    expect(config.remotes.mf_catalog).toBe('https://shop.example/mf/catalog/mf-manifest.json');
    expect(config.apiBaseUrl).toBe('https://shop.example:8080');
    const csp = res.headers['content-security-policy']!;
    expect(csp).toContain("script-src 'self' https://shop.example;");
    expect(csp).not.toContain('evil');
  });

  it('serves the loopback names and ALLOWED_HOSTS on its own port, with the API on the same host', async () => {
    for (const name of ['localhost', '127.0.0.1', 'shop.lan']) {
      const res = await get(port, '/config.json', { Host: `${name}:${port}` });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ apiBaseUrl: `http://${name}:8080` });
    }
    expect((await get(port, '/config.json', { Host: 'shop.lan:1' })).status).toBe(421);
  });
});

describe('the gateway answers only for its configured addresses', () => {
  let upstream: http.Server;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let port: number;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${portOf(upstream)}`;
    gateway = await startGateway({
      API_PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_URL: url,
      ORDERS_URL: url,
      PAYMENTS_URL: url,
      NOTIFY_URL: url,
      CHANNELS_URL: url,
      PUBLIC_API_URL: 'https://api.shop.example',
      LOG_LEVEL: 'silent',
    });
    port = portOf(gateway.server);
  });
  afterAll(async () => {
    await gateway.stop();
    await close(upstream);
  });

  it('refuses an unknown Host with 421 and a malformed one with 400, before any service sees it', async () => {
    seen.length = 0;
    const unknown = await get(port, '/public/articles', { Host: 'evil.example' });
    expect(unknown.status).toBe(421);
    expect(JSON.parse(unknown.body)).toEqual({ detail: 'Indirizzo non servito da questo negozio' });
    expect((await get(port, '/public/articles', { Host: 'evil_example' })).status).toBe(400);
    expect(seen).toHaveLength(0);
  });

  it("tells the services the Host it checked, never the client's X-Forwarded-Host", async () => {
    seen.length = 0;
    const res = await get(port, '/public/articles', {
      Host: 'api.shop.example',
      'X-Forwarded-Host': 'evil.example',
    });
    expect(res.status).toBe(200);
    expect(seen[0]!['x-forwarded-host']).toBe('api.shop.example');
    expect((await get(port, '/public/articles', { Host: `localhost:${port}` })).status).toBe(200);
  });
});

describe('ALLOWED_HOSTS', () => {
  it('adds the address the server listens on when it is one address, not all of them', () => {
    expect(parseAllowedHosts(' Shop.lan, 192.168.1.20 ', '0.0.0.0')).toEqual(['shop.lan', '192.168.1.20']);
    expect(parseAllowedHosts(undefined, '192.168.1.20')).toEqual(['192.168.1.20']);
    expect(parseAllowedHosts(undefined, 'fe80::1')).toEqual(['[fe80::1]']);
    expect(parseAllowedHosts('', '::')).toEqual([]);
  });
});
