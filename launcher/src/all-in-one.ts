import http, { type Server } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import type { ServiceName } from '@edicola/contracts';
import {
  createInProcessTransport,
  createLogger,
  env,
  loadConfig,
  openPglite,
  startService,
  type RunningService,
  type RuntimeOptions,
} from '@edicola/platform';
import { catalogService } from '@edicola/svc-catalog';
import { notifyService } from '@edicola/svc-notify';
import { ordersService } from '@edicola/svc-orders';
import { paymentsService } from '@edicola/svc-payments';
import { createGateway, type GatewayTarget } from './gateway';
import { createWebApp } from './web';

const allInOneEnv = z.object({
  WEB_PORT: env.port(3000),
  API_PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  AMQP_URL: z.string().optional(),
  PUBLIC_API_URL: z.url().optional(),
  LOG_LEVEL: env.logLevel(),
});

export interface Notice {
  service: string;
  message: string;
  fields: Record<string, string>;
}

export interface AllInOne {
  webUrl: string;
  apiUrl: string;
  dataDir: string;
  notices: Notice[];
  services: Record<ServiceName, RunningService>;
  stop(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** The address this process reaches its own API on: loopback unless bound to one interface only. */
function loopbackOr(host: string): string {
  if (['0.0.0.0', '::', ''].includes(host)) return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The whole shop in one process: the four services on one embedded Postgres (a schema each) and the
 * in-process bus, the API gateway, and the storefront with its slices.
 */
export async function startAllInOne(vars: NodeJS.ProcessEnv = process.env): Promise<AllInOne> {
  const config = loadConfig(allInOneEnv, vars);
  const dataDir = path.resolve(config.DATA_DIR);
  const logger = createLogger('launcher', config.LOG_LEVEL);

  // Both ports are bound first, so that what the services are told (CORS origins) and what the
  // storefront is told (API address) are the real ones; until the services are up the API says 503.
  let handleApi: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"detail":"Avvio in corso"}');
  };
  const api = http.createServer((req, res) => handleApi(req, res));
  const apiPort = await listen(api, config.API_PORT, config.HOST);
  const web = http.createServer(
    createWebApp({
      root: path.resolve(__dirname, '../..'),
      apiPort,
      apiBaseUrl: config.PUBLIC_API_URL,
      apiInternalUrl: `http://${loopbackOr(config.HOST)}:${apiPort}`,
      demoMode: true,
      logger,
    }),
  );
  const webPort = await listen(web, config.WEB_PORT, config.HOST);

  const notices: Notice[] = [];
  const serviceEnv: NodeJS.ProcessEnv = {
    CORS_ORIGINS: `http://localhost:${webPort},http://127.0.0.1:${webPort}`,
    // The shop tried out on one machine shows the demo catalogue unless the user says otherwise.
    DEMO_DATA: 'true',
    ...vars,
    DATA_DIR: dataDir,
  };
  const engine = config.DATABASE_URL ? undefined : await openPglite(path.join(dataDir, 'pglite'));
  // Held until every service has registered its consumers (see createInProcessTransport).
  const transport = config.AMQP_URL ? undefined : createInProcessTransport({ held: true });
  const shared = (name: string): RuntimeOptions => ({
    env: serviceEnv,
    engine,
    transport,
    logger: createLogger(name, config.LOG_LEVEL),
    onNotice: (service, message, fields) => notices.push({ service, message, fields }),
  });

  // svc-orders holds the signing key; the others verify tokens with its public key set.
  const orders = await startService(ordersService, shared('svc-orders'));
  const verifier = orders.context.verifier;
  const [catalog, payments, notify] = await Promise.all([
    startService(catalogService, { ...shared('svc-catalog'), verifier }),
    startService(paymentsService, { ...shared('svc-payments'), verifier }),
    startService(notifyService, { ...shared('svc-notify'), verifier }),
  ]);
  const services: Record<ServiceName, RunningService> = {
    'svc-catalog': catalog,
    'svc-orders': orders,
    'svc-payments': payments,
    'svc-notify': notify,
  };
  const inProcess = (s: RunningService): GatewayTarget => ({
    kind: 'in-process',
    handler: s.app,
    isReady: s.isReady,
  });
  transport?.open();
  handleApi = createGateway(
    {
      'svc-catalog': inProcess(catalog),
      'svc-orders': inProcess(orders),
      'svc-payments': inProcess(payments),
      'svc-notify': inProcess(notify),
    },
    logger,
  );

  return {
    webUrl: `http://localhost:${webPort}`,
    apiUrl: config.PUBLIC_API_URL ?? `http://localhost:${apiPort}`,
    dataDir,
    notices,
    services,
    async stop() {
      api.closeAllConnections();
      web.closeAllConnections();
      await Promise.all([api, web].map((s) => new Promise((resolve) => s.close(resolve))));
      await Promise.all(Object.values(services).map((s) => s.stop()));
      await transport?.close();
      if (engine && !engine.closed) await engine.close();
    },
  };
}
