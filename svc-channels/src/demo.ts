import type { Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { createHttpServer, type Logger } from '@edicola/platform';
import { createFakeEbay, type FakeEbay } from './ebay/fake';

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
