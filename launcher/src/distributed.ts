import http from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { SERVICE_NAMES, type ServiceName } from '@edicola/contracts';
import { closeServer, createLogger, env, loadConfig, SERVICE_URL_VARS } from '@edicola/platform';
import { createGateway, DEFAULT_UPSTREAM_TIMEOUT_MS, type GatewayTarget } from './gateway';
import { createWebApp } from './web';

const gatewayEnv = z.object({
  API_PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  CATALOG_URL: z.url(),
  ORDERS_URL: z.url(),
  PAYMENTS_URL: z.url(),
  NOTIFY_URL: z.url(),
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
  const server = http.createServer(
    createGateway(targets, logger, { upstreamTimeoutMs: config.GATEWAY_UPSTREAM_TIMEOUT_MS }),
  );
  await new Promise<void>((resolve) => server.listen(config.API_PORT, config.HOST, resolve));
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
  /** Where the storefront server itself reaches the API (sitemap, link previews); PUBLIC_API_URL by default. */
  API_INTERNAL_URL: z.url().optional(),
  REMOTES_BASE_URL: z.url().optional(),
  /** Folder holding the built slices (shell/dist, mf-catalog/dist, …); the repository by default. */
  WEB_ROOT: z.string().optional(),
  DEMO_MODE: env.bool(true),
  /** Stripe's publishable key (live payments): its presence lets Stripe.js' origins into the CSP. */
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  LOG_LEVEL: env.logLevel(),
});

/** The storefront and its slices on their own. */
export async function startWeb(vars: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(webEnv, vars);
  const logger = createLogger('web', config.LOG_LEVEL);
  const app = createWebApp({
    root: path.resolve(config.WEB_ROOT ?? path.join(__dirname, '../..')),
    apiPort: config.API_PORT,
    apiBaseUrl: config.PUBLIC_API_URL,
    remotesBaseUrl: config.REMOTES_BASE_URL,
    apiInternalUrl: config.API_INTERNAL_URL,
    demoMode: config.DEMO_MODE,
    stripeJs: Boolean(config.STRIPE_PUBLISHABLE_KEY),
    logger,
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(config.WEB_PORT, config.HOST, resolve));
  logger.info({ port: config.WEB_PORT }, 'storefront listening');
  return server;
}
