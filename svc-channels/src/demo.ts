import type { Server } from 'node:http';
import path from 'node:path';
import express, { type Router } from 'express';
import { ROUTES, type Route } from '@edicola/contracts';
import { createHttpServer, notFound, type Logger } from '@edicola/platform';
import { createFakeEbay, FAKE_EBAY_PREFIX, type FakeEbay } from './ebay/fake';

export interface DemoEbay {
  fake: FakeEbay;
  /** The fake on loopback, where the shop's own eBay client talks to it. */
  url: string;
  stop(): Promise<void>;
}

/**
 * EBAY_MODE=demo: the fake eBay in this process, on a loopback server of its own that the live client calls as it
 * would call eBay, its state in DATA_DIR; the same fake is served publicly at /demo/ebay for the demo buyer.
 */
export async function startDemoEbay(options: {
  dataDir: string;
  publicApiUrl: string;
  clientId: string;
  clientSecret: string;
  logger: Logger;
}): Promise<DemoEbay> {
  const base = options.publicApiUrl.replace(/\/+$/, '');
  const fake = createFakeEbay({
    stateFile: path.resolve(options.dataDir, 'ebay-demo.json'),
    publicBaseUrl: `${base}/demo/ebay`,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    redirectUrl: `${base}/api/ebay/callback`,
  });
  const app = express();
  app.use(fake.router);
  const server: Server = createHttpServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  options.logger.warn(
    'eBay runs as a DEMO fake inside the process (EBAY_MODE=demo): nothing is sold on eBay',
  );
  return {
    fake,
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The route table's /demo/ebay routes on the service's router, each handed to the fake (its paths are relative to
 * the prefix); 404 when eBay is not the demo fake. Registered one by one, so the service serves exactly the table in
 * every mode (decision 0039).
 */
export function demoEbayRoutes(router: Router, demo: DemoEbay | null): void {
  const routes = (Object.values(ROUTES) as Route[]).filter(
    (r) => r.service === 'svc-channels' && r.path.startsWith(`${FAKE_EBAY_PREFIX}/`),
  );
  for (const route of routes) {
    const method = route.method.toLowerCase() as Lowercase<Route['method']>;
    router[method](route.path, (req, res, next) => {
      if (!demo) return next(notFound());
      const url = req.url;
      req.url = url.slice(FAKE_EBAY_PREFIX.length);
      demo.fake.router(req, res, (err?: unknown) => {
        req.url = url;
        next(err);
      });
    });
  }
}
