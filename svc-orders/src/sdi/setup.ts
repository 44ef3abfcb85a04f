import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, env, type Logger } from '@edicola/platform';
import { createFakeSdi, type FakeSdi } from '../fakes/sdi/fake-sdi';
import type { ShopFiscalState } from '../invoices/shop-fiscal';
import { createIntermediaryClient, type IntermediaryClient } from './intermediary-client';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** svc-orders' settings of the invoices' way to the SdI (docs/product/orders-and-payments.md#sdi). */
export const sdiSettings = {
  /**
   * `demo`: an intermediary and SdI faked inside the process (the all-in-one shop's default); `live`: the
   * intermediary at SDI_API_BASE with SDI_API_KEY (the start fails without them); `off`: nothing is sent, staff
   * download the XML (the default of a service started on its own).
   */
  SDI_MODE: optional(z.enum(['demo', 'live', 'off'])),
  /** The intermediary's API (decision 0063), e.g. https://sdi.example-intermediario.it/v1/. */
  SDI_API_BASE: optional(z.url()),
  /** The intermediary's API key, sent as `Authorization: Bearer <key>`. */
  SDI_API_KEY: optional(z.string().trim().min(16, 'expected the intermediary’s API key')),
  /** Documents go to the SdI as soon as they are issued; `false`: only when staff send them. */
  SDI_AUTO_SEND: env.bool(true),
  /** How often the sender looks for documents to send. */
  SDI_SEND_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  /** How often the intermediary is asked for the SdI's receipts (default: 2 s in demo, a minute live). */
  SDI_POLL_INTERVAL_MS: optional(z.coerce.number().int().min(100)),
  /** First wait after a failed sending; it doubles up to SDI_MAX_RETRY_MS. */
  SDI_RETRY_MS: z.coerce.number().int().min(50).default(30_000),
  SDI_MAX_RETRY_MS: z.coerce.number().int().min(50).default(3_600_000),
  /** Demo: how long the fake SdI takes to answer a file. */
  SDI_DEMO_RECEIPT_MS: z.coerce.number().int().min(0).default(1500),
};

export type SdiMode = 'demo' | 'live' | 'off';

export interface SdiConfig {
  SDI_MODE?: SdiMode;
  SDI_API_BASE?: string;
  SDI_API_KEY?: string;
  SDI_POLL_INTERVAL_MS?: number;
  SDI_DEMO_RECEIPT_MS: number;
}

export interface SdiChannel {
  mode: SdiMode;
  client: IntermediaryClient | null;
  /** Demo only: the fake, to script its next answer. */
  fake: FakeSdi | null;
  pollIntervalMs: number;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The 503 detail of sending while SDI_MODE is off. */
export const SDI_OFF_DETAIL =
  'Invio al SdI non configurato (SDI_MODE=off): scarica il file XML e invialo con il tuo canale';

/** The SdI channel of the configured mode; live without the intermediary's address and key stops the start. */
export function sdiChannelFrom(
  config: SdiConfig,
  options: { embedded: boolean; shopFiscal: ShopFiscalState; logger: Logger },
): SdiChannel {
  const mode = config.SDI_MODE ?? (options.embedded ? 'demo' : 'off');
  const none = async () => undefined;
  if (mode === 'off') {
    options.logger.warn('SDI_MODE=off: invoices are not sent to the SdI (staff download the XML)');
    return { mode, client: null, fake: null, pollIntervalMs: 60_000, start: none, close: none };
  }
  if (mode === 'live') {
    const missing = (['SDI_API_BASE', 'SDI_API_KEY'] as const).filter((name) => !config[name]);
    if (missing.length) {
      throw new ConfigError(missing.map((name) => `${name}: required with SDI_MODE=live (the intermediary)`));
    }
    if (!options.shopFiscal.ok || options.shopFiscal.shop.demo) {
      throw new ConfigError([
        'SHOP_VAT_NUMBER: SDI_MODE=live sends invoices with the shop’s real fiscal data',
      ]);
    }
    return {
      mode,
      client: createIntermediaryClient({ baseUrl: config.SDI_API_BASE!, apiKey: config.SDI_API_KEY! }),
      fake: null,
      pollIntervalMs: config.SDI_POLL_INTERVAL_MS ?? 60_000,
      start: none,
      close: none,
    };
  }
  const apiKey = `demo-${randomBytes(24).toString('hex')}`;
  const fake = createFakeSdi({ apiKey, receiptAfterMs: config.SDI_DEMO_RECEIPT_MS });
  let closeFake: () => Promise<void> = none;
  const channel: SdiChannel = {
    mode,
    client: null,
    fake,
    pollIntervalMs: config.SDI_POLL_INTERVAL_MS ?? 2000,
    async start() {
      const server = await fake.listen();
      closeFake = server.close;
      channel.client = createIntermediaryClient({ baseUrl: server.apiBase, apiKey });
      options.logger.warn(
        'invoices go to a DEMO SdI inside the process (SDI_MODE=demo): none reaches the SdI',
      );
    },
    close: () => closeFake(),
  };
  return channel;
}
