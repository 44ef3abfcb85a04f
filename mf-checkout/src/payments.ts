import type { PaymentsConfig } from '@edicola/contracts';
import type { CheckoutPaymentMethod } from './ui/PaymentStep';
import { needsPostcode, type DetailsForm } from './checkoutForm';

/**
 * The browser's way out to a payment page (the provider's or the shop's demo page). One object so that the
 * tests, where jsdom cannot navigate, can watch where the shopper would go.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** A random UUID, also where crypto.randomUUID is missing (a plain-http address other than localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per checkout attempt: the same cart, details and method keep the key (a retry or a
 * double click creates one order and one payment); any change starts a new attempt with a new key.
 */
export function createAttemptKeys(generate: () => string = newIdempotencyKey) {
  let current: { key: string; fingerprint: string } | null = null;
  return {
    keyFor(attempt: unknown): string {
      const fingerprint = JSON.stringify(attempt);
      if (current?.fingerprint !== fingerprint) current = { key: generate(), fingerprint };
      return current.key;
    },
    reset(): void {
      current = null;
    },
  };
}

export type AttemptKeys = ReturnType<typeof createAttemptKeys>;

/** A checkout method's state in GET /payments/config (Klarna pay now goes the way of Klarna). */
function modeOf(method: CheckoutPaymentMethod, config: PaymentsConfig) {
  return config.methods[method === 'klarna-now' ? 'klarna' : method];
}

/** The method runs on the provider's demo stand-in: the checkout says so (its notice comes from the server). */
export function isDemo(method: CheckoutPaymentMethod, config: PaymentsConfig | null | undefined): boolean {
  return !!config && modeOf(method, config) === 'demo';
}

/**
 * The method is offered: not `off` (live mode without that provider's keys). Before the configuration is read, or
 * when it cannot be, every method shows; the server still refuses an off one (503).
 */
export function isOffered(method: CheckoutPaymentMethod, config: PaymentsConfig | null | undefined): boolean {
  return !config || modeOf(method, config) !== 'off';
}

/**
 * docs/product/cart-and-checkout.md#paypal-button: the PayPal button appears only once name, email (with
 * '@'), phone, address, city and the CAP (unless the country has no postcodes) are filled.
 */
export function paypalReady(form: DetailsForm): boolean {
  const filled = (value: string) => value.trim() !== '';
  return (
    filled(form.name) &&
    filled(form.email) &&
    form.email.includes('@') &&
    filled(form.phone) &&
    filled(form.address) &&
    filled(form.city) &&
    (filled(form.zipCode) || !needsPostcode(form.country))
  );
}

// ---- The Klarna cart and customer record, kept in session storage until Klarna's return
// (docs/product/cart-and-checkout.md#submit) ----

export const KLARNA_CART_KEY = 'klarna_cart';
export const KLARNA_CUSTOMER_KEY = 'klarna_customer';

export interface KlarnaRecord {
  cart: unknown;
  customer: unknown;
}

export function saveKlarnaRecord(record: KlarnaRecord, storage: Storage = window.sessionStorage): void {
  try {
    storage.setItem(KLARNA_CART_KEY, JSON.stringify(record.cart));
    storage.setItem(KLARNA_CUSTOMER_KEY, JSON.stringify(record.customer));
  } catch {
    // Storage full or refused (private mode): the server has the order anyway.
  }
}

export function clearKlarnaRecord(storage: Storage = window.sessionStorage): void {
  storage.removeItem(KLARNA_CART_KEY);
  storage.removeItem(KLARNA_CUSTOMER_KEY);
}

/** Klarna's demo page is told which option the shopper chose (the schedule, or the whole amount now). */
export function withKlarnaOption(url: string, method: 'klarna' | 'klarna-now'): string {
  const next = new URL(url, window.location.origin);
  next.searchParams.set('option', method === 'klarna-now' ? 'now' : 'in3');
  return next.origin === window.location.origin ? `${next.pathname}${next.search}` : next.href;
}
