import { randomInt } from 'node:crypto';

/** The parts of Stripe's API objects the fake keeps, in Stripe's JSON shape. */

export type Metadata = Record<string, string>;

export interface LineItem {
  id: string;
  object: 'item';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: { id: string; object: 'price'; currency: string; unit_amount: number; product: string };
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
}

export interface PaymentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  payment_method: { type: string };
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  client_secret: string;
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  payment_method_options: Record<string, unknown>;
  payment_method_types: string[];
  receipt_email: string | null;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
}

export type KlarnaCategory = 'pay_later' | 'pay_now';

export type PaymentMethodDetails =
  | { type: 'card'; card: { brand: string; last4: string; exp_month: number; exp_year: number } }
  | { type: 'klarna'; klarna: { payment_method_category: KlarnaCategory; preferred_locale: string | null } };

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  livemode: false;
  metadata: Metadata;
  paid: true;
  payment_intent: string;
  payment_method_details: PaymentMethodDetails;
  refunded: boolean;
  status: 'succeeded';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

export type StripeObject = CheckoutSession | PaymentIntent | Charge | Refund;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: StripeObject };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomToken(length: number): string {
  return Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

/** Ids with Stripe's prefixes: `cs_test_…`, `pi_…`, `ch_…`, `re_…`, `evt_…`. */
export function stripeId(prefix: string): string {
  return `${prefix}_${randomToken(prefix === 'cs_test' ? 58 : 24)}`;
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function newPaymentIntent(fields: {
  amount: number;
  currency: string;
  created: number;
  metadata: Metadata;
  payment_method_types: string[];
  payment_method_options?: Record<string, unknown>;
  description?: string | null;
  receipt_email?: string | null;
  /** A chosen id (tests' fixed ids); a random one otherwise. */
  id?: string;
}): PaymentIntent {
  const id = fields.id ?? stripeId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: fields.amount,
    amount_received: 0,
    canceled_at: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomToken(25)}`,
    created: fields.created,
    currency: fields.currency,
    description: fields.description ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: fields.metadata,
    payment_method_options: fields.payment_method_options ?? {},
    payment_method_types: fields.payment_method_types,
    receipt_email: fields.receipt_email ?? null,
    status: 'requires_payment_method',
  };
}

export function newCharge(intent: PaymentIntent, details: PaymentMethodDetails, created: number): Charge {
  return {
    id: stripeId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    captured: true,
    created,
    currency: intent.currency,
    livemode: false,
    metadata: { ...intent.metadata },
    paid: true,
    payment_intent: intent.id,
    payment_method_details: details,
    refunded: false,
    status: 'succeeded',
  };
}

export const DECLINED_CARD: PaymentError = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
  payment_method: { type: 'card' },
};

export const FAILED_KLARNA: PaymentError = {
  type: 'invalid_request_error',
  code: 'payment_intent_payment_attempt_failed',
  message: 'The payment failed. Please try a different payment method.',
  payment_method: { type: 'klarna' },
};
