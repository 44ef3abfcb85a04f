import { z } from 'zod';
import {
  DEMO_SELLER,
  sellerFrom,
  sellerSettings,
  type SellerConfig,
  type SellerIdentity,
} from '@edicola/contracts';
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

/**
 * The configuration of the shop's fiscal data (every variable is in svc-orders' README): the seller's identity
 * of contracts (one configuration with the storefront's, docs/product/storefront.md#seller-identity) and the
 * invoices' own fields.
 */
export const shopFiscalSettings = {
  ...sellerSettings,
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
};

type ShopFiscalConfig = SellerConfig & {
  SHOP_TAX_CODE?: string;
  SHOP_FISCAL_REGIME: string;
};

const fiscalOf = (seller: SellerIdentity, config: ShopFiscalConfig): ShopFiscal => ({
  name: seller.name,
  vatNumber: seller.vatNumber,
  taxCode: seller.demo ? seller.vatNumber : (config.SHOP_TAX_CODE ?? seller.vatNumber),
  regime: config.SHOP_FISCAL_REGIME,
  address: seller.address,
  cap: seller.cap,
  city: seller.city,
  province: seller.province,
  demo: seller.demo,
});

/** The demo seller of contracts as the seller of invoices. */
export const DEMO_SHOP_FISCAL: ShopFiscal = fiscalOf(DEMO_SELLER, { SHOP_FISCAL_REGIME: 'RF01' });

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
  const state = sellerFrom(config, { demoAllowed });
  if (!state.ok) return { ok: false, detail: SHOP_FISCAL_MISSING(state.missing) };
  return { ok: true, shop: fiscalOf(state.seller, config) };
}

/** The shop's fiscal data, or the 503 the invoice routes answer while it is not configured. */
export function requireShopFiscal(state: ShopFiscalState): ShopFiscal {
  if (!state.ok) throw new HttpError(503, state.detail);
  return state.shop;
}
