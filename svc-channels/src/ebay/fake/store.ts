import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { EbayOrder, InventoryItem, Offer } from '../api';

/** An inventory location as eBay keeps it (POST /sell/inventory/v1/location/{key}). */
export interface FakeLocation {
  merchantLocationKey: string;
  name?: string;
  location: { address: Record<string, string> };
  merchantLocationStatus: string;
}

/** An offer with what eBay fills in: its id, status and, once published, its listing. */
export type FakeOffer = Offer & { offerId: string; status: 'PUBLISHED' | 'UNPUBLISHED' };

/** An order with eBay's per-line fulfilment status and the parcels sent back (shipping_fulfillment). */
export type FakeOrder = Omit<EbayOrder, 'lineItems'> & {
  lineItems: (EbayOrder['lineItems'][number] & {
    lineItemFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  })[];
  fulfillmentHrefs: string[];
};

export interface FakeFulfillment {
  fulfillmentId: string;
  orderId: string;
  lineItems: { lineItemId: string; quantity: number }[];
  shippedDate: string;
  shippingCarrierCode: string;
  trackingNumber: string;
}

/** Everything the fake eBay knows: what a restart with the same state file finds again. */
export interface FakeEbayState {
  /** Grows with every id the fake hands out. */
  sequence: number;
  /** One-time consent codes: the redirect_uri they were given for, and until when they work (epoch ms). */
  codes: Record<string, { redirectUri: string; expiresAt: number }>;
  accessTokens: Record<string, { expiresAt: number }>;
  refreshTokens: Record<string, { expiresAt: number }>;
  locations: Record<string, FakeLocation>;
  items: Record<string, InventoryItem & { sku: string }>;
  offers: Record<string, FakeOffer>;
  /** By orderId, in the order they were placed. */
  orders: Record<string, FakeOrder>;
  fulfillments: Record<string, FakeFulfillment>;
}

export function emptyState(): FakeEbayState {
  return {
    sequence: 0,
    codes: {},
    accessTokens: {},
    refreshTokens: {},
    locations: {},
    items: {},
    offers: {},
    orders: {},
    fulfillments: {},
  };
}

/** The state kept in `file` (read at start when it exists), or only in memory without one. */
export function openStore(file: string | undefined) {
  let state: FakeEbayState = emptyState();
  if (file && existsSync(file)) {
    // Objects without a prototype: a SKU or id named `__proto__` or `constructor` is only a key.
    const saved = JSON.parse(readFileSync(file, 'utf8')) as FakeEbayState;
    state = { ...emptyState(), ...saved };
  }
  for (const key of Object.keys(state) as (keyof FakeEbayState)[]) {
    const value = state[key];
    if (typeof value === 'object')
      (state as unknown as Record<string, unknown>)[key] = dictionary(value as Record<string, unknown>);
  }
  return {
    state,
    /** After every change: written to a temporary file and renamed, so a crash leaves the old or the new state. */
    save() {
      if (!file) return;
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 });
      renameSync(temporary, file);
    },
  };
}

function dictionary<T>(from: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, from);
}
