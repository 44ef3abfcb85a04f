/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RemoteTimeoutError, timeoutPlugin, withTimeout } from './remotes';

// A server that accepts every request and never answers: what a hung remote or CDN looks like.
describe('remote loading timeouts against a server that never answers', () => {
  let server: http.Server;
  let url: string;
  const hung: http.ServerResponse[] = [];

  beforeAll(async () => {
    server = http.createServer((_req, res) => void hung.push(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mf/catalog/mf-manifest.json`;
  });
  afterAll(async () => {
    hung.forEach((res) => res.destroy());
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('aborts the manifest request after the timeout', async () => {
    const plugin = timeoutPlugin(300);
    const started = Date.now();
    await expect(plugin.fetch!(url, {}, {} as never)).rejects.toThrow(/abort|timeout/i);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(3000);
    expect(hung.length).toBeGreaterThanOrEqual(1);
  });

  it('gives the remoteEntry script the same timeout', () => {
    expect(timeoutPlugin(300).createScript!({ url, attrs: {} } as never)).toEqual({ timeout: 300 });
  });

  it('fails any load that does not settle in time with a RemoteTimeoutError', async () => {
    const never = fetch(url).then(() => 'answered');
    await expect(withTimeout(never, 200, 'mf_catalog')).rejects.toBeInstanceOf(RemoteTimeoutError);
    await expect(withTimeout(Promise.resolve('ok'), 200, 'mf_catalog')).resolves.toBe('ok');
  });
});
