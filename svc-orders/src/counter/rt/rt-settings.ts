import { z } from 'zod';
import { IVA_PERCENTAGES, type RtMode } from '@edicola/contracts';
import { ConfigError } from '@edicola/platform';
import { DEFAULT_EPSON_CODES, type EpsonCodes } from './epson-xml';
import type { FakeRt } from './fake-rt';
import type { FiscalPrinterSettings } from './fiscal-printer';

// The configuration of the shop's RT (docs/product/counter.md#fiscal-receipt). The codes come from the RT's own
// set-up: a department per VAT rate and a payment type per method (docs/decisions/0043-rt-adapter.md).

const paymentCode = z
  .string()
  .trim()
  .regex(/^\d{1,2}:\d{1,2}$/, 'expected paymentType:index, e.g. 2:1')
  .transform((v) => {
    const [paymentType, index] = v.split(':').map(Number) as [number, number];
    return { paymentType, index };
  });

export const rtSettings = {
  /** The RT's address on the shop's network, e.g. http://192.168.1.50 (RT_MODE=live). */
  RT_URL: z.url().optional(),
  /** The RT's serial number (matricola, e.g. 99MEY012345): returns and voids quote it (RT_MODE=live). */
  RT_SERIAL: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,16}$/, 'expected the RT serial number (matricola), e.g. 99MEY012345')
    .optional(),
  /** How long a document may take to print and answer before the adapter gives up (it is found again on retry). */
  RT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  /** The operator password that opens the RT's journal to reading, when its set-up asks for one. */
  RT_JOURNAL_PASSWORD: z.string().trim().min(1).max(98).optional(),
  /** The RT's department (reparto) for each VAT rate: rate:department, comma-separated. */
  RT_DEPARTMENTS: z
    .string()
    .trim()
    .regex(/^\d{1,2}:\d{1,2}(,\d{1,2}:\d{1,2})*$/, 'expected rate:department pairs, e.g. 22:1,10:2,4:3,0:4')
    .transform((v) => Object.fromEntries(v.split(',').map((pair) => pair.split(':').map(Number))))
    .optional(),
  /** The RT's payment type and index for cash (Epson's default 0:1) and for the card (Epson's default 2:1). */
  RT_PAYMENT_CASH: paymentCode.optional(),
  RT_PAYMENT_CARD: paymentCode.optional(),
  /** The RT's payment type and index for a gift card (a multi-purpose voucher; Epson's ticket, default 3:1). */
  RT_PAYMENT_GIFT_CARD: paymentCode.optional(),
};

export interface RtConfig {
  RT_URL?: string;
  RT_SERIAL?: string;
  RT_TIMEOUT_MS: number;
  RT_JOURNAL_PASSWORD?: string;
  RT_DEPARTMENTS?: Record<number, number>;
  RT_PAYMENT_CASH?: { paymentType: number; index: number };
  RT_PAYMENT_CARD?: { paymentType: number; index: number };
  RT_PAYMENT_GIFT_CARD?: { paymentType: number; index: number };
}

export function epsonCodesFrom(config: RtConfig): EpsonCodes {
  return {
    departments: config.RT_DEPARTMENTS ?? DEFAULT_EPSON_CODES.departments,
    payments: {
      cash: config.RT_PAYMENT_CASH ?? DEFAULT_EPSON_CODES.payments.cash,
      card: config.RT_PAYMENT_CARD ?? DEFAULT_EPSON_CODES.payments.card,
      gift_card: config.RT_PAYMENT_GIFT_CARD ?? DEFAULT_EPSON_CODES.payments.gift_card,
    },
  };
}

/**
 * The printer's settings for a mode. Live without RT_URL or RT_SERIAL, or departments that leave out one of the
 * shop's VAT rates, are configuration errors: found at start, not at the counter.
 */
export function printerSettingsFrom(config: RtConfig, mode: RtMode, demoRt?: FakeRt): FiscalPrinterSettings {
  if (mode === 'off') return { mode };
  const codes = epsonCodesFrom(config);
  const uncovered = IVA_PERCENTAGES.filter((rate) => codes.departments[rate] === undefined);
  if (uncovered.length) {
    throw new ConfigError([`RT_DEPARTMENTS: no department for VAT ${uncovered.join(', ')} %`]);
  }
  if (mode === 'demo') {
    if (!demoRt) throw new Error('RT_MODE=demo: manca il registratore dimostrativo');
    return { mode, rt: demoRt, codes };
  }
  const missing = (['RT_URL', 'RT_SERIAL'] as const).filter((name) => !config[name]);
  if (missing.length) throw new ConfigError(missing.map((name) => `${name}: required with RT_MODE=live`));
  return {
    mode,
    url: config.RT_URL!,
    serial: config.RT_SERIAL!,
    timeoutMs: config.RT_TIMEOUT_MS,
    journalPassword: config.RT_JOURNAL_PASSWORD,
    codes,
  };
}
