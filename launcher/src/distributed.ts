import type http from 'node:http';
import type { AddressInfo } from 'node:net';
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
  closeServer,
  createHttpServer,
  createLogger,
  env,
  loadConfig,
  SERVICE_URL_VARS,
} from '@edicola/platform';
import { createGateway, DEFAULT_UPSTREAM_TIMEOUT_MS, type GatewayTarget } from './gateway';
import { allowedHostsVar, parseAllowedHosts, publicOrigins } from './hosts';
import { createRemotesPointer } from './remotes-pointer';
import { createSliceApp, sliceDist } from './slice-server';
import { createWebApp, storefrontSeller } from './web';

const gatewayEnv = z.object({
  API_PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  CATALOG_URL: z.url(),
  ORDERS_URL: z.url(),
  PAYMENTS_URL: z.url(),
  NOTIFY_URL: z.url(),
  CHANNELS_URL: z.url(),
  /** The API's public address: requests for its host are served, besides the loopback names and ALLOWED_HOSTS. */
  PUBLIC_API_URL: z.url().optional(),
  ALLOWED_HOSTS: allowedHostsVar,
  GATEWAY_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_UPSTREAM_TIMEOUT_MS),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
  LOG_LEVEL: env.logLevel(),
});

/** The API gateway alone, proxying to services that run as their own processes. */
export async function startGateway(vars: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(gatewayEnv, vars);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const targets = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, { kind: 'remote', baseUrl: config[SERVICE_URL_VARS[name]] }]),
  ) as Record<ServiceName, GatewayTarget>;
  // The handler is made once the port is known (API_PORT=0 picks one): the loopback names are served there.
  let handler: http.RequestListener = () => {};
  const server = createHttpServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(config.API_PORT, config.HOST, resolve));
  handler = createGateway(targets, logger, {
    upstreamTimeoutMs: config.GATEWAY_UPSTREAM_TIMEOUT_MS,
    publicOrigins: publicOrigins({
      port: (server.address() as AddressInfo).port,
      publicUrl: config.PUBLIC_API_URL,
      allowedHosts: parseAllowedHosts(config.ALLOWED_HOSTS, config.HOST),
    }),
  });
  logger.info({ port: config.API_PORT, targets }, 'gateway listening');
  return {
    server,
    /** Stops within SHUTDOWN_GRACE_MS whatever is in flight. */
    stop: () => closeServer(server, config.SHUTDOWN_GRACE_MS),
  };
}

const webEnv = z.object({
  WEB_PORT: env.port(3000),
  API_PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_API_URL: z.url().optional(),
  /** The storefront's public address: requests for its host are served, besides the loopback names and ALLOWED_HOSTS. */
  PUBLIC_WEB_URL: z.url().optional(),
  ALLOWED_HOSTS: allowedHostsVar,
  /** Where the storefront server itself reaches the API (sitemap, link previews); PUBLIC_API_URL by default. */
  API_INTERNAL_URL: z.url().optional(),
  REMOTES_BASE_URL: z.url().optional(),
  /** A JSON file naming each remote's manifest address (Kubernetes: the ConfigMap a slice's release flips). */
  REMOTES_FILE: z.string().optional(),
  /** Folder holding the built slices (shell/dist, mf-catalog/dist, …); the repository by default. */
  WEB_ROOT: z.string().optional(),
  DEMO_MODE: env.bool(true),
  /** Stripe's publishable key (live payments): its presence lets Stripe.js' origins into the CSP. */
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
  LOG_LEVEL: env.logLevel(),
  /** The seller the pages name: svc-orders' SHOP_* variables, plus SHOP_REA, SHOP_PEC and SHOP_EMAIL. */
  ...sellerSettings,
  /** The pre-sale terms the terms page states: svc-orders' PRESALE_BALANCE_DAYS and PRESALE_LAPSED_DEPOSIT. */
  ...presaleTermsSettings,
});

/** The storefront and its slices on their own. */
export async function startWeb(vars: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(webEnv, vars);
  // Before anything listens: a live shop that does not say who the seller is does not start.
  const seller = storefrontSeller(config, { demoAllowed: config.DEMO_MODE });
  const logger = createLogger('web', config.LOG_LEVEL);
  let handler: http.RequestListener = () => {};
  const server = createHttpServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(config.WEB_PORT, config.HOST, resolve));
  handler = createWebApp({
    root: path.resolve(config.WEB_ROOT ?? path.join(__dirname, '../..')),
    publicOrigins: publicOrigins({
      port: (server.address() as AddressInfo).port,
      publicUrl: config.PUBLIC_WEB_URL,
      allowedHosts: parseAllowedHosts(config.ALLOWED_HOSTS, config.HOST),
    }),
    apiPort: config.API_PORT,
    apiBaseUrl: config.PUBLIC_API_URL,
    remotesBaseUrl: config.REMOTES_BASE_URL,
    remotes: config.REMOTES_FILE ? createRemotesPointer(config.REMOTES_FILE, { logger }) : undefined,
    apiInternalUrl: config.API_INTERNAL_URL,
    demoMode: config.DEMO_MODE,
    seller,
    presaleTerms: presaleTermsFrom(config),
    stripeJs: Boolean(config.STRIPE_PUBLISHABLE_KEY),
    logger,
  });
  logger.info({ port: config.WEB_PORT }, 'storefront listening');
  return {
    server,
    /** Stops within SHUTDOWN_GRACE_MS, the pages in flight answered (a rollout: docs/operations.md). */
    stop: () => closeServer(server, config.SHUTDOWN_GRACE_MS),
  };
}

const sliceEnv = z.object({
  SLICE_NAME: z.enum(['mf-catalog', 'mf-checkout', 'mf-account', 'mf-admin']),
  SLICE_PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  WEB_ROOT: z.string().optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
  LOG_LEVEL: env.logLevel(),
});

/** One front-end slice's files on their own, under /mf/<slice>/<version>/ (Kubernetes: k8s/README.md). */
export async function startSlice(vars: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(sliceEnv, vars);
  const logger = createLogger(config.SLICE_NAME, config.LOG_LEVEL);
  const root = path.resolve(config.WEB_ROOT ?? path.join(__dirname, '../..'));
  const server = createHttpServer(
    createSliceApp({ slice: config.SLICE_NAME, dist: sliceDist(root, config.SLICE_NAME) }),
  );
  await new Promise<void>((resolve) => server.listen(config.SLICE_PORT, config.HOST, resolve));
  logger.info({ port: config.SLICE_PORT }, 'slice files listening');
  return { server, stop: () => closeServer(server, config.SHUTDOWN_GRACE_MS) };
}
