import type { DemoPaymentKind, PaymentMethodMode, PaymentsMode } from '@edicola/contracts';
import type { PaypalClient } from './paypal';
import type { Stripe } from './stripe';

export interface StripeProvider {
  client: Stripe;
  /** live: Stripe itself; demo: the shop's in-process stand-in; off: no credentials in live mode. */
  mode: PaymentMethodMode;
  /** mode === 'demo'. */
  demo: boolean;
  webhookSecret: string;
  publishableKey: string | null;
}

export interface PaypalProvider {
  client: PaypalClient;
  mode: PaymentMethodMode;
  demo: boolean;
  webhookId: string;
  clientId: string | null;
}

/** What the demo payment page shows (the fake provider's own view of its object). Amounts in cents. */
export interface DemoView {
  kind: DemoPaymentKind;
  id: string;
  status: 'open' | 'approved' | 'declined' | 'expired';
  amount: number;
  customer_email: string | null;
  lines: { name: string; quantity: number; amount: number }[];
}

/** The buyer's hand on a demo provider's hosted page: approve or decline; the fake then sends its webhook. */
export interface DemoControls {
  /** Null when the fake has no such object; throws DemoStateError when it can no longer be decided. */
  view(kind: DemoPaymentKind, id: string): Promise<DemoView | null>;
  /** Card: where the provider sends the browser (success_url / cancel_url filled in); otherwise null. */
  approve(kind: DemoPaymentKind, id: string): Promise<{ redirect_url: string | null }>;
  decline(kind: DemoPaymentKind, id: string): Promise<{ redirect_url: string | null }>;
  /** Resolves once every webhook sent so far was delivered (tests, and the demo page's redirect). */
  settled(): Promise<void>;
}

export interface Providers {
  mode: PaymentsMode;
  stripe: StripeProvider;
  paypal: PaypalProvider;
  /** Per provider in demo mode; null for a live provider. */
  demo: { stripe: DemoControls | null; paypal: DemoControls | null };
  stop(): Promise<void>;
}

/** The object can no longer take that decision (expired, already decided). */
export class DemoStateError extends Error {
  override readonly name = 'DemoStateError';
}
