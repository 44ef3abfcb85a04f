import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger, errorHandler, notFoundHandler } from '@edicola/platform';
import { createFakeEbay, FAKE_EBAY_PREFIX, type FakeEbay, type FakeEbayOptions } from './index';

export interface FakeEbayServer {
  /** The fake's base, `http://127.0.0.1:<port>/demo/ebay`: the live client's and OAuth's base URL. */
  url: string;
  fake: FakeEbay;
  close(): Promise<void>;
}

/**
 * The fake eBay alone on 127.0.0.1:0, mounted as svc-channels mounts it (under /demo/ebay, the shop's `{detail}`
 * errors behind it): for tests that talk to it over real HTTP.
 */
export async function startFakeEbayServer(
  options: Omit<FakeEbayOptions, 'publicBaseUrl'>,
): Promise<FakeEbayServer> {
  // The fake is made once the port, part of its public address, is known.
  const mounted: { fake?: FakeEbay } = {};
  const app = express();
  app.use(FAKE_EBAY_PREFIX, (req, res, next) => mounted.fake!.router(req, res, next));
  app.use(notFoundHandler);
  app.use(errorHandler(createLogger('fake-ebay', 'silent')));
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(0, '127.0.0.1', (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}${FAKE_EBAY_PREFIX}`;
  const fake = createFakeEbay({ ...options, publicBaseUrl: url });
  mounted.fake = fake;
  return {
    url,
    fake,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
