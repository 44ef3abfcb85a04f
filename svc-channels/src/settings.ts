import { z } from 'zod';
import { EbayMode } from '@edicola/contracts';
import { ConfigError } from '@edicola/platform';

/** eBay category ids of the demo catalogue's categories (docs/decisions/0048-ebay-sync.md); EBAY_CATEGORY_IDS overrides. */
export const DEFAULT_CATEGORY_IDS: Record<string, string> = {
  Caschi: '50430',
  Modellismo: '2585',
  Panini: '261328',
  Pokemon: '183454',
  Trucks: '180276',
  'Trucks New': '180276',
  Tuning: '2585',
};

const categoryIds = z
  .string()
  .transform((v, ctx) => {
    try {
      return z.record(z.string(), z.string().regex(/^\d+$/)).parse(JSON.parse(v));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'expected JSON like {"Pokemon":"183454"}' });
      return z.NEVER;
    }
  })
  .optional();

/** svc-channels' settings of eBay (docs/product/ebay.md). */
export const ebaySettings = {
  /**
   * `demo`: a fake eBay inside the process (the all-in-one shop's default); `live`: eBay's Sell APIs with every
   * credential below; `off`: no eBay (the default of a service started on its own).
   */
  EBAY_MODE: EbayMode.optional(),
  EBAY_CLIENT_ID: z.string().min(1).optional(),
  EBAY_CLIENT_SECRET: z.string().min(1).optional(),
  /** eBay's RuName of the shop's app: the redirect eBay sends the consent back through. */
  EBAY_RU_NAME: z.string().min(1).optional(),
  EBAY_API_URL: z.url().default('https://api.ebay.com'),
  EBAY_AUTH_URL: z.url().default('https://auth.ebay.com'),
  /** 32 bytes in base64: the key of the tokens at rest (AES-256-GCM). Required live; demo makes one in DATA_DIR. */
  EBAY_TOKEN_KEY: z.string().min(1).optional(),
  EBAY_FULFILLMENT_POLICY_ID: z.string().min(1).optional(),
  EBAY_PAYMENT_POLICY_ID: z.string().min(1).optional(),
  EBAY_RETURN_POLICY_ID: z.string().min(1).optional(),
  EBAY_LOCATION_KEY: z.string().min(1).max(36).default('edicola-napoli'),
  /** JSON: the shop's category → eBay's category id; defaults for the demo catalogue's categories. */
  EBAY_CATEGORY_IDS: categoryIds,
  EBAY_SYNC_INTERVAL_MS: z.coerce.number().int().positive().default(10_000),
  EBAY_ORDERS_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  EBAY_RECONCILE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60_000),
  /** The API's and the storefront's public addresses: photo URLs, eBay's redirect, the back office's page. */
  PUBLIC_API_URL: z.url().default('http://localhost:8080'),
  PUBLIC_WEB_URL: z.url().default('http://localhost:3000'),
};

/** The settings alone (tests read them with platform's loadConfig). */
export const ebaySettingsSchema = z.object(ebaySettings);
export type EbayConfig = z.infer<typeof ebaySettingsSchema>;

/** What the rest of the service reads: the mode decided, and in live mode every credential present. */
export interface EbaySetup {
  mode: EbayMode;
  clientId: string;
  clientSecret: string;
  ruName: string;
  policies: { fulfillmentPolicyId: string; paymentPolicyId: string; returnPolicyId: string };
  locationKey: string;
  categoryIds: Record<string, string>;
}

const LIVE_REQUIRED = [
  'EBAY_CLIENT_ID',
  'EBAY_CLIENT_SECRET',
  'EBAY_RU_NAME',
  'EBAY_TOKEN_KEY',
  'EBAY_FULFILLMENT_POLICY_ID',
  'EBAY_PAYMENT_POLICY_ID',
  'EBAY_RETURN_POLICY_ID',
] as const;

/** The mode and credentials; live mode without all of them refuses to start (fail closed). */
export function ebaySetupFrom(config: EbayConfig, options: { embedded: boolean }): EbaySetup {
  const mode = config.EBAY_MODE ?? (options.embedded ? 'demo' : 'off');
  if (mode === 'live') {
    const missing = LIVE_REQUIRED.filter((key) => !config[key]);
    if (missing.length > 0)
      throw new ConfigError(missing.map((key) => `${key}: required with EBAY_MODE=live`));
    if (Buffer.from(config.EBAY_TOKEN_KEY!, 'base64').length !== 32)
      throw new ConfigError(['EBAY_TOKEN_KEY: expected 32 bytes in base64 (openssl rand -base64 32)']);
  }
  return {
    mode,
    clientId: config.EBAY_CLIENT_ID ?? 'edicola-demo-client',
    clientSecret: config.EBAY_CLIENT_SECRET ?? 'edicola-demo-secret',
    ruName: config.EBAY_RU_NAME ?? 'edicola-demo-runame',
    policies: {
      fulfillmentPolicyId: config.EBAY_FULFILLMENT_POLICY_ID ?? 'demo-fulfillment',
      paymentPolicyId: config.EBAY_PAYMENT_POLICY_ID ?? 'demo-payment',
      returnPolicyId: config.EBAY_RETURN_POLICY_ID ?? 'demo-return',
    },
    locationKey: config.EBAY_LOCATION_KEY,
    categoryIds: { ...DEFAULT_CATEGORY_IDS, ...config.EBAY_CATEGORY_IDS },
  };
}
