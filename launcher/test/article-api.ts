import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in API on loopback: GET /public/articles answers `articles`, or never answers when `hang` is set. */
export async function startArticleApi(articles: unknown, { hang = false } = {}) {
  const server = http.createServer((req, res) => {
    if (hang) return;
    if (req.url === '/public/articles') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(articles));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
