import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from './server-timeouts';
import { closeServer } from './shutdown';

/** One GET on a keep-alive agent: its status, its Connection header and whether its socket was reused. */
function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

// A rollout stops a replica while requests are in flight: they are answered, and their connections end with them.
describe('closeServer on a server of createHttpServer', () => {
  it('answers the requests in flight with Connection: close and stops without waiting for the grace', async () => {
    const waiting: (() => void)[] = [];
    const server = createHttpServer((req, res) => {
      if (req.url === '/slow') waiting.push(() => res.end('ok'));
      else res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    try {
      // Before the stop, connections are kept alive.
      expect(await get(port, '/fast', agent)).toEqual({ status: 200, connection: 'keep-alive' });
      const inFlight = [get(port, '/slow', agent), get(port, '/slow', agent)];
      while (waiting.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));

      const started = Date.now();
      const stopped = closeServer(server, 10_000);
      waiting.forEach((answer) => answer());
      expect(await Promise.all(inFlight)).toEqual([
        { status: 200, connection: 'close' },
        { status: 200, connection: 'close' },
      ]);
      await stopped;
      // The connections ended with their answers: nothing was left for the grace to cut.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      agent.destroy();
    }
  });
});
