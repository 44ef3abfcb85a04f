import { z } from 'zod';
import { isValidPartitaIva } from './italian-ids';
import { SHOP_INFO } from './shop';

/**
 * The seller as the law asks a shop to name itself (docs/product/storefront.md#seller-identity): the company,
 * its registered office, P.IVA, REA number, PEC and e-mail. One configuration: svc-orders puts it on invoices
 * (with its fiscal details), the storefront in the footer, the terms and the privacy policy.
 */
export interface SellerIdentity {
  /** Ragione sociale. */
  name: string;
  /** The registered office: street and number, CAP, city, province (2 letters). */
  address: string;
  cap: string;
  city: string;
  province: string;
  vatNumber: string;
  /** Registro delle imprese: the Chamber of Commerce's province and number (`NA-123456`); none for a seller without one. */
  rea: string | null;
  pec: string | null;
  email: string;
  /** Clearly fake data of a demo: every place that shows it says so. */
  demo: boolean;
}

/** The settings of the seller's identity (every variable is in the README's configuration). */
export const sellerSettings = {
  /** The seller's name (ragione sociale); default `Edicola`. */
  SHOP_NAME: z.string().trim().min(1).max(80).optional(),
  /** The shop's partita IVA (11 digits). Without it a demo uses fake data marked as such, a live shop fails closed. */
  SHOP_VAT_NUMBER: z
    .string()
    .trim()
    .refine(isValidPartitaIva, 'expected an Italian partita IVA (11 digits, valid check digit)')
    .optional(),
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
  /** The REA number: the Chamber of Commerce's province and the number (`NA-123456`). */
  SHOP_REA: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}[- ]?\d{1,7}$/, 'expected a REA number such as NA-123456')
    .optional(),
  /** The shop's certified e-mail (PEC). */
  SHOP_PEC: z.email().optional(),
  /** The shop's mailbox; default the one of SHOP_INFO. */
  SHOP_EMAIL: z.email().optional(),
};

export type SellerConfig = {
  SHOP_NAME?: string;
  SHOP_VAT_NUMBER?: string;
  SHOP_ADDRESS?: string;
  SHOP_CAP?: string;
  SHOP_CITY?: string;
  SHOP_PROVINCE?: string;
  SHOP_REA?: string;
  SHOP_PEC?: string;
  SHOP_EMAIL?: string;
};

/**
 * The demo seller: a partita IVA with a valid check digit that belongs to nobody's shop (0123456789 and its
 * check digit), a REA number and a PEC on reserved names.
 */
export const DEMO_SELLER: SellerIdentity = {
  name: 'Edicola DEMO - dati fiscali fittizi',
  address: 'Via Dimostrativa 1',
  cap: '80100',
  city: 'Napoli',
  province: 'NA',
  vatNumber: '01234567897',
  rea: 'NA-000000',
  pec: 'edicola-demo@pec.example',
  email: SHOP_INFO.email,
  demo: true,
};

/** The variables a live seller must set (the REA and PEC are shown when given). */
export const REQUIRED_SELLER_SETTINGS = [
  'SHOP_VAT_NUMBER',
  'SHOP_ADDRESS',
  'SHOP_CAP',
  'SHOP_CITY',
  'SHOP_PROVINCE',
] as const;

/** The seller's identity, or the variables missing for it. */
export type SellerState = { ok: true; seller: SellerIdentity } | { ok: false; missing: string[] };

/**
 * The seller from the configuration. Where a demo is allowed, no SHOP_VAT_NUMBER means the demo seller, shown
 * as such; otherwise a missing required value leaves no seller (the caller fails closed).
 */
export function sellerFrom(config: SellerConfig, { demoAllowed }: { demoAllowed: boolean }): SellerState {
  if (!config.SHOP_VAT_NUMBER && demoAllowed) {
    return { ok: true, seller: { ...DEMO_SELLER, email: config.SHOP_EMAIL ?? DEMO_SELLER.email } };
  }
  const missing = REQUIRED_SELLER_SETTINGS.filter((key) => !config[key]);
  if (missing.length > 0) return { ok: false, missing };
  return {
    ok: true,
    seller: {
      name: config.SHOP_NAME ?? 'Edicola',
      address: config.SHOP_ADDRESS!,
      cap: config.SHOP_CAP!,
      city: config.SHOP_CITY!,
      province: config.SHOP_PROVINCE!,
      vatNumber: config.SHOP_VAT_NUMBER!,
      rea: config.SHOP_REA?.replace(/^([A-Z]{2})[- ]?/, '$1-') ?? null,
      pec: config.SHOP_PEC ?? null,
      email: config.SHOP_EMAIL ?? SHOP_INFO.email,
      demo: false,
    },
  };
}

/** What happens to a pre-sale's deposit, as the shop's terms say (docs/product/orders-and-payments.md#deposits). */
export interface PresaleTerms {
  /** `refund`: a balance not paid in time gives the deposit back through the provider; `keep`: the shop keeps it. */
  lapsedDeposit: 'refund' | 'keep';
  /** Days a buyer has to pay the balance once a unit of a delivery is theirs. */
  balanceDays: number;
}

/**
 * The pre-sale terms' settings: svc-orders applies them, the storefront's terms page states them (in the cluster
 * both read the seller's ConfigMap).
 */
export const presaleTermsSettings = {
  /** Days a pre-order's buyer has to pay the balance once a unit of a delivery is theirs (decision 0066). */
  PRESALE_BALANCE_DAYS: z.coerce.number().positive().default(7),
  /** A balance not paid in time: `refund` the deposit through the provider, or `keep` it. */
  PRESALE_LAPSED_DEPOSIT: z.enum(['refund', 'keep']).default('refund'),
};

/** The terms when nothing is configured. */
export const DEFAULT_PRESALE_TERMS: PresaleTerms = { lapsedDeposit: 'refund', balanceDays: 7 };

/** The terms from their settings. */
export const presaleTermsFrom = (config: {
  PRESALE_BALANCE_DAYS: number;
  PRESALE_LAPSED_DEPOSIT: PresaleTerms['lapsedDeposit'];
}): PresaleTerms => ({
  lapsedDeposit: config.PRESALE_LAPSED_DEPOSIT,
  balanceDays: config.PRESALE_BALANCE_DAYS,
});
