import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { Server } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import {
  presaleTermsFrom,
  presaleTermsSettings,
  SERVICE_NAMES,
  sellerSettings,
  type ServiceName,
} from '@edicola/contracts';
import {
  ConfigError,
  createHttpServer,
  createInProcessTransport,
  createLogger,
  env,
  loadConfig,
  markInUse,
  openPglite,
  securePrivateTree,
  shopProcessOn,
  SERVICE_URL_VARS,
  startService,
  type RunningService,
  type RuntimeOptions,
} from '@edicola/platform';
import { catalogService } from '@edicola/svc-catalog';
import { channelsService } from '@edicola/svc-channels';
import { notifyService } from '@edicola/svc-notify';
import { ordersService } from '@edicola/svc-orders';
import { methodModes, paymentModesOf, paymentsService, type PaymentModes } from '@edicola/svc-payments';
import { createGateway, DEFAULT_UPSTREAM_TIMEOUT_MS, type GatewayTarget } from './gateway';
import { allowedHostsVar, parseAllowedHosts, publicOrigins } from './hosts';
import { createWebApp, storefrontSeller } from './web';

const allInOneEnv = z.object({
  WEB_PORT: env.port(3000),
  API_PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  AMQP_URL: z.string().optional(),
  PUBLIC_API_URL: z.url().optional(),
  PUBLIC_WEB_URL: z.url().optional(),
  ALLOWED_HOSTS: allowedHostsVar,
  GATEWAY_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_UPSTREAM_TIMEOUT_MS),
  LOG_LEVEL: env.logLevel(),
  ...sellerSettings,
  ...presaleTermsSettings,
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
  /** How each payment method runs (PAYMENTS_MODE and the providers' credentials). */
  payments: PaymentModes;
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
 * Service-to-service calls in one process: a loopback-only port where `/<service>/internal/...` reaches
 * that service's app, so the internal client works as it does between separate processes.
 */
function internalRouter(services: Partial<Record<ServiceName, RunningService>>): http.RequestListener {
  return (req, res) => {
    const match = /^\/(svc-[a-z]+)(\/internal\/.*)$/.exec(req.url ?? '');
    const service =
      match && SERVICE_NAMES.includes(match[1] as ServiceName)
        ? services[match[1] as ServiceName]
        : undefined;
    if (!match || !service) {
      res.writeHead(match ? 503 : 404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ detail: match ? 'Avvio in corso' : 'Risorsa non trovata' }));
    }
    req.url = match[2];
    service.app(req, res);
  };
}

const METHOD_NAMES = { card: 'Carta', klarna: 'Klarna', paypal: 'PayPal', transfer: 'Bonifico' } as const;

/** The start banner's payment lines: each method and whether it is live, demo or off. */
export function paymentBannerLines(payments: PaymentModes): string[] {
  return Object.entries(methodModes(payments)).map(
    ([method, mode]) =>
      `    ${`${METHOD_NAMES[method as keyof typeof METHOD_NAMES]}:`.padEnd(12)}${mode}${mode === 'demo' ? '  (no money moves)' : ''}`,
  );
}

/**
 * The whole shop in one process: the five services on one embedded Postgres (a schema each) and the
 * in-process bus, the API gateway, and the storefront with its slices.
 */
export async function startAllInOne(vars: NodeJS.ProcessEnv = process.env): Promise<AllInOne> {
  const config = loadConfig(allInOneEnv, vars);
  const dataDir = path.resolve(config.DATA_DIR);
  const logger = createLogger('launcher', config.LOG_LEVEL);
  // The embedded engine is one process's alone: a second shop (or command) on it would corrupt it.
  const holder = config.DATABASE_URL ? null : shopProcessOn(dataDir);
  if (holder !== null && holder !== process.pid) {
    throw new ConfigError([`DATA_DIR ${dataDir} is in use by the shop running as process ${holder}`]);
  }
  // Refused here, before anything listens, when the payment settings are mixed (svc-payments' own rule).
  const paymentModes = paymentModesOf(vars);
  // Before anything is written: the umask, the folder's mode, and what an earlier start left readable.
  securePrivateTree(dataDir);
  const releaseDataDir = config.DATABASE_URL ? () => {} : markInUse(dataDir);

  // Both ports are bound first, so that what the services are told (CORS origins) and what the
  // storefront is told (API address) are the real ones; until the services are up the API says 503.
  let handleApi: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"detail":"Avvio in corso"}');
  };
  const api = createHttpServer((req, res) => handleApi(req, res));
  const apiPort = await listen(api, config.API_PORT, config.HOST);
  const allowedHosts = parseAllowedHosts(config.ALLOWED_HOSTS, config.HOST);
  let handleWeb: http.RequestListener = () => {};
  const web = createHttpServer((req, res) => handleWeb(req, res));
  const webPort = await listen(web, config.WEB_PORT, config.HOST);
  // The addresses this process answers on, from its configuration and its own ports, never a request's.
  const webOrigins = publicOrigins({ port: webPort, publicUrl: config.PUBLIC_WEB_URL, allowedHosts });
  handleWeb = createWebApp({
    root: path.resolve(__dirname, '../..'),
    publicOrigins: webOrigins,
    apiPort,
    apiBaseUrl: config.PUBLIC_API_URL,
    apiInternalUrl: `http://${loopbackOr(config.HOST)}:${apiPort}`,
    // The storefront's demo notice and Stripe.js follow the payments mode.
    demoMode: paymentModes.mode === 'demo',
    stripeJs: paymentModes.stripe === 'live',
    // The seller of svc-orders' invoices: the demo one, marked as such, until SHOP_VAT_NUMBER is set.
    seller: storefrontSeller(config, { demoAllowed: true }),
    presaleTerms: presaleTermsFrom(config),
    logger,
  });

  const started: Partial<Record<ServiceName, RunningService>> = {};
  const internal = createHttpServer(internalRouter(started));
  const internalPort = await listen(internal, 0, '127.0.0.1');

  const notices: Notice[] = [];
  const serviceEnv: NodeJS.ProcessEnv = {
    CORS_ORIGINS: webOrigins.join(','),
    // Links in e-mails (unsubscribe, review requests) point at the storefront this process serves.
    PUBLIC_WEB_URL: `http://localhost:${webPort}`,
    // The demo eBay's links (consent page, listings) point at the API this process serves.
    PUBLIC_API_URL: `http://localhost:${apiPort}`,
    // The shop tried out on one machine shows the demo catalogue unless the user says otherwise.
    DEMO_DATA: 'true',
    // One secret for the five services of this process, unless the operator gives one.
    INTERNAL_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    ...vars,
    DATA_DIR: dataDir,
    ...Object.fromEntries(
      SERVICE_NAMES.map((name) => [SERVICE_URL_VARS[name], `http://127.0.0.1:${internalPort}/${name}`]),
    ),
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
  const [catalog, payments, notify, channels] = await Promise.all([
    startService(catalogService, { ...shared('svc-catalog'), verifier }),
    startService(paymentsService, { ...shared('svc-payments'), verifier }),
    startService(notifyService, { ...shared('svc-notify'), verifier }),
    startService(channelsService, { ...shared('svc-channels'), verifier }),
  ]);
  const services: Record<ServiceName, RunningService> = {
    'svc-catalog': catalog,
    'svc-orders': orders,
    'svc-payments': payments,
    'svc-notify': notify,
    'svc-channels': channels,
  };
  Object.assign(started, services);
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
      'svc-channels': inProcess(channels),
    },
    logger,
    {
      upstreamTimeoutMs: config.GATEWAY_UPSTREAM_TIMEOUT_MS,
      publicOrigins: publicOrigins({ port: apiPort, publicUrl: config.PUBLIC_API_URL, allowedHosts }),
    },
  );

  return {
    webUrl: `http://localhost:${webPort}`,
    apiUrl: config.PUBLIC_API_URL ?? `http://localhost:${apiPort}`,
    dataDir,
    notices,
    payments: paymentModes,
    services,
    async stop() {
      for (const server of [api, web, internal]) server.closeAllConnections();
      await Promise.all([api, web, internal].map((s) => new Promise((resolve) => s.close(resolve))));
      await Promise.all(Object.values(services).map((s) => s.stop()));
      await transport?.close();
      if (engine && !engine.closed) await engine.close();
      releaseDataDir();
    },
  };
}
