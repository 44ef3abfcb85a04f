import { z } from 'zod';
import { isValidPartitaIva } from '@edicola/contracts';
import { HttpError } from '@edicola/platform';

/** The shop as the seller (cedente/prestatore) of its invoices. */
export interface ShopFiscal {
  name: string;
  vatNumber: string;
  taxCode: string;
  /** FatturaPA RegimeFiscale (RF01 ordinario, ...). */
  regime: string;
  address: string;
  cap: string;
  city: string;
  province: string;
  /** Clearly fake data of the all-in-one demo: documents say they have no fiscal value. */
  demo: boolean;
}

/** Where the shop's fiscal data stands: usable, or missing (the invoice routes answer 503 with the detail). */
export type ShopFiscalState = { ok: true; shop: ShopFiscal } | { ok: false; detail: string };

/** The configuration of the shop's fiscal data (every variable is in svc-orders' README). */
export const shopFiscalSettings = {
  /** The seller's name on invoices (ragione sociale); default `Edicola`. */
  SHOP_NAME: z.string().trim().min(1).max(80).optional(),
  /** The shop's partita IVA (11 digits). Without it the all-in-one mode uses fake demo data, a service fails closed. */
  SHOP_VAT_NUMBER: z
    .string()
    .trim()
    .refine(isValidPartitaIva, 'expected an Italian partita IVA (11 digits, valid check digit)')
    .optional(),
  /** The shop's codice fiscale (11 digits for a company, 16 characters for a sole trader); default its P.IVA. */
  SHOP_TAX_CODE: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([0-9]{11}|[A-Z0-9]{16})$/, 'expected a codice fiscale (11 digits or 16 characters)')
    .optional(),
  /** FatturaPA RegimeFiscale; default RF01 (ordinario). */
  SHOP_FISCAL_REGIME: z
    .string()
    .trim()
    .regex(/^RF(0[1-9]|1[0-9]|20)$/, 'expected a FatturaPA RegimeFiscale, RF01 to RF20')
    .default('RF01'),
  /** The registered office: street and number, CAP (5 digits), city and province (2 letters). */
  SHOP_ADDRESS: z.string().trim().min(1).max(60).optional(),
  SHOP_CAP: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'expected a CAP of 5 digits')
    .optional(),
  SHOP_CITY: z.string().trim().min(1).max(60).optional(),
  SHOP_PROVINCE: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'expected a province of 2 letters')
    .optional(),
};

type ShopFiscalConfig = {
  SHOP_NAME?: string;
  SHOP_VAT_NUMBER?: string;
  SHOP_TAX_CODE?: string;
  SHOP_FISCAL_REGIME: string;
  SHOP_ADDRESS?: string;
  SHOP_CAP?: string;
  SHOP_CITY?: string;
  SHOP_PROVINCE?: string;
};

/** A partita IVA with a valid check digit that belongs to nobody's shop: 0123456789 and its check digit. */
export const DEMO_SHOP_FISCAL: ShopFiscal = {
  name: 'Edicola DEMO - dati fiscali fittizi',
  vatNumber: '01234567897',
  taxCode: '01234567897',
  regime: 'RF01',
  address: 'Via Dimostrativa 1',
  cap: '80100',
  city: 'Napoli',
  province: 'NA',
  demo: true,
};

export const SHOP_FISCAL_MISSING = (vars: string[]) =>
  `Dati fiscali del negozio non configurati (${vars.join(', ')}): fatture non disponibili`;

/**
 * The shop's fiscal data from the configuration. In the all-in-one mode (`demo` allowed) no SHOP_VAT_NUMBER means the
 * fake demo data, every document marked as such; otherwise a missing value makes every invoice route refuse (fail
 * closed: an invoice with another seller's data or none is worse than no invoice).
 */
export function shopFiscalFrom(
  config: ShopFiscalConfig,
  { demoAllowed }: { demoAllowed: boolean },
): ShopFiscalState {
  if (!config.SHOP_VAT_NUMBER && demoAllowed) {
    return { ok: true, shop: { ...DEMO_SHOP_FISCAL, regime: config.SHOP_FISCAL_REGIME } };
  }
  const missing = (
    ['SHOP_VAT_NUMBER', 'SHOP_ADDRESS', 'SHOP_CAP', 'SHOP_CITY', 'SHOP_PROVINCE'] as const
  ).filter((key) => !config[key]);
  if (missing.length > 0) return { ok: false, detail: SHOP_FISCAL_MISSING(missing) };
  return {
    ok: true,
    shop: {
      name: config.SHOP_NAME ?? 'Edicola',
      vatNumber: config.SHOP_VAT_NUMBER!,
      taxCode: config.SHOP_TAX_CODE ?? config.SHOP_VAT_NUMBER!,
      regime: config.SHOP_FISCAL_REGIME,
      address: config.SHOP_ADDRESS!,
      cap: config.SHOP_CAP!,
      city: config.SHOP_CITY!,
      province: config.SHOP_PROVINCE!,
      demo: false,
    },
  };
}

/** The shop's fiscal data, or the 503 the invoice routes answer while it is not configured. */
export function requireShopFiscal(state: ShopFiscalState): ShopFiscal {
  if (!state.ok) throw new HttpError(503, state.detail);
  return state.shop;
}
