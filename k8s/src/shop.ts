import { SERVICE_NAMES, type ServiceName } from '@edicola/contracts';

/**
 * The deployment table: every fact about how the shop runs on Kubernetes that more than one manifest needs.
 * The manifests under k8s/ are generated from it (`npm run generate -w k8s`), never written by hand.
 */

/** Where the Gateway API data plane runs: its namespace carries this label (README, "Before the first deploy"). */
export const GATEWAY_NAMESPACE_LABEL = { 'edicola.shop/gateway': 'true' };
/** Where Prometheus runs: its namespace carries this label. */
export const MONITORING_NAMESPACE_LABEL = { 'edicola.shop/monitoring': 'true' };

export const POSTGRES_CLUSTER = 'edicola-db';
export const RABBITMQ_CLUSTER = 'edicola-rabbitmq';
export const EXCHANGE = 'edicola.events';
/** The retry delays of platform's RabbitMQ transport (BUS_RETRY_DELAYS_MS' default) and its delivery limit. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000];
export const DELIVERY_LIMIT = 20;

export interface SecretEnv {
  /** The variable the container reads. */
  env: string;
  /** The Secret (created by the operator of the cluster; never in this repository) and its key. */
  secret: string;
  key: string;
  /** The service starts without it (demo mode of a provider, e-mails as files). */
  optional?: boolean;
}

export interface ServiceSlice {
  name: ServiceName;
  port: number;
  /** Its database in the PostgreSQL cluster, owned by a role of the same name. */
  database: string;
  /** Services it calls directly: internal endpoints (/internal/…) and svc-orders' key set. */
  calls: ServiceName[];
  /** Reaches hosts outside the cluster over HTTPS (payment providers, Packlink). */
  internet: boolean;
  /** Reaches an SMTP relay (ports 465 and 587) and nothing else outside. */
  smtp: boolean;
  config: Record<string, string>;
  /** Reads the seller's identity (SELLER_CONFIG_MAP), when the operator created it. */
  seller?: boolean;
  secrets: SecretEnv[];
  cpu: { request: string; limit: string };
  memory: { request: string; limit: string };
}

const shared = (name: ServiceName): SecretEnv[] => [
  { env: 'DB_USER', secret: `${name}-db`, key: 'username' },
  { env: 'DB_PASSWORD', secret: `${name}-db`, key: 'password' },
  { env: 'AMQP_USER', secret: `${name}-amqp-user-credentials`, key: 'username' },
  { env: 'AMQP_PASSWORD', secret: `${name}-amqp-user-credentials`, key: 'password' },
  { env: 'INTERNAL_TOKEN_SECRET', secret: 'edicola-internal', key: 'token' },
];

const JWKS = { AUTH_JWKS_URL: 'http://svc-orders:8102/.well-known/jwks.json' };

export const SERVICES: ServiceSlice[] = [
  {
    name: 'svc-catalog',
    port: 8101,
    database: 'catalog',
    calls: ['svc-orders'],
    internet: false,
    smtp: false,
    config: { ...JWKS, VISIT_COUNTRY_HEADER: 'CF-IPCountry' },
    secrets: shared('svc-catalog'),
    cpu: { request: '100m', limit: '1' },
    memory: { request: '192Mi', limit: '512Mi' },
  },
  {
    name: 'svc-orders',
    port: 8102,
    database: 'orders',
    // svc-notify: the consents of a customer's data export.
    calls: ['svc-catalog', 'svc-notify'],
    internet: true,
    smtp: false,
    // Invoices to the SdI: off until the operator sets SDI_MODE=live and SDI_API_BASE here and the
    // intermediary's key in its secret (docs/decisions/0063-sdi.md); live without them does not start.
    config: { SDI_MODE: 'off' },
    seller: true,
    secrets: [
      ...shared('svc-orders'),
      { env: 'JWT_PRIVATE_JWK', secret: 'svc-orders-signing-key', key: 'jwk' },
      { env: 'ADMIN_PASSWORD', secret: 'svc-orders-admin', key: 'password' },
      { env: 'SDI_API_KEY', secret: 'svc-orders-sdi', key: 'api-key', optional: true },
    ],
    cpu: { request: '200m', limit: '1' },
    memory: { request: '256Mi', limit: '512Mi' },
  },
  {
    name: 'svc-payments',
    port: 8103,
    database: 'payments',
    calls: ['svc-orders'],
    internet: true,
    smtp: false,
    config: { ...JWKS, PAYMENTS_MODE: 'live' },
    secrets: [
      ...shared('svc-payments'),
      ...['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'].map((env) => ({
        env,
        secret: 'svc-payments-stripe',
        key: env.toLowerCase().replace(/_/g, '-'),
        optional: true,
      })),
      ...['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'].map((env) => ({
        env,
        secret: 'svc-payments-paypal',
        key: env.toLowerCase().replace(/_/g, '-'),
        optional: true,
      })),
    ],
    cpu: { request: '100m', limit: '1' },
    memory: { request: '192Mi', limit: '512Mi' },
  },
  {
    name: 'svc-notify',
    port: 8104,
    database: 'notify',
    calls: ['svc-orders'],
    internet: false,
    smtp: true,
    config: { ...JWKS },
    secrets: [...shared('svc-notify'), { env: 'SMTP_URL', secret: 'svc-notify-smtp', key: 'url' }],
    cpu: { request: '50m', limit: '500m' },
    memory: { request: '128Mi', limit: '384Mi' },
  },
  {
    name: 'svc-channels',
    port: 8105,
    database: 'channels',
    calls: ['svc-orders'],
    internet: true,
    smtp: false,
    config: { ...JWKS, EBAY_MODE: 'live', PUBLIC_API_URL: 'https://api.shop.example.com' },
    secrets: [
      ...shared('svc-channels'),
      ...[
        'EBAY_CLIENT_ID',
        'EBAY_CLIENT_SECRET',
        'EBAY_RU_NAME',
        'EBAY_TOKEN_KEY',
        'EBAY_FULFILLMENT_POLICY_ID',
        'EBAY_PAYMENT_POLICY_ID',
        'EBAY_RETURN_POLICY_ID',
      ].map((env) => ({
        env,
        secret: 'svc-channels-ebay',
        key: env.toLowerCase().replace(/_/g, '-'),
      })),
    ],
    cpu: { request: '50m', limit: '500m' },
    memory: { request: '128Mi', limit: '384Mi' },
  },
];

/** The front-end slices served as static files, each its own image and deployment. */
export const STATIC_SLICES = ['mf-catalog', 'mf-checkout', 'mf-account', 'mf-admin'] as const;
export type StaticSlice = (typeof STATIC_SLICES)[number];

/** The storefront server (shell, first paint, /config.json); it reads the public list from svc-catalog. */
export const WEB = { name: 'web', port: 3000, calls: ['svc-catalog'] as ServiceName[] };

/**
 * The seller's identity (SHOP_NAME, SHOP_VAT_NUMBER, SHOP_ADDRESS, SHOP_CAP, SHOP_CITY, SHOP_PROVINCE, SHOP_REA,
 * SHOP_PEC, SHOP_EMAIL) and its pre-sale terms (PRESALE_BALANCE_DAYS, PRESALE_LAPSED_DEPOSIT): one ConfigMap the
 * operator creates, read by svc-orders (invoices, deposits) and the storefront (footer, terms, privacy), so both say
 * the same. The storefront does not start without it; svc-orders then refuses invoices.
 */
export const SELLER_CONFIG_MAP = 'shop-seller';
export const SLICE_PORT = 8080;

if (SERVICES.map((s) => s.name).join() !== SERVICE_NAMES.join()) {
  throw new Error('k8s/src/shop.ts must list every service of contracts/src/gateway.ts, in its order');
}
