import { randomInt } from 'node:crypto';

/** PayPal's Orders v2 and Payments v2 objects as the fake keeps them (links are added when answered). */

export interface Money {
  currency_code: string;
  value: string;
}

export interface PaypalItem {
  name: string;
  quantity: string;
  unit_amount: Money;
  [field: string]: unknown;
}

export interface PaypalCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Money;
  final_capture: true;
  custom_id?: string;
  invoice_id?: string;
  seller_protection: { status: 'ELIGIBLE' };
  supplementary_data: { related_ids: { order_id: string } };
  create_time: string;
  update_time: string;
}

export interface PaypalRefund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  capture_id: string;
  create_time: string;
  update_time: string;
  /** What was refunded of the capture so far, this refund included (PayPal's own field). */
  seller_payable_breakdown?: { total_refunded_amount: Money };
}

export interface PurchaseUnit {
  reference_id: string;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  amount: Money & { breakdown?: Record<string, Money> };
  items?: PaypalItem[];
  shipping?: unknown;
  payments?: { captures: PaypalCapture[] };
}

export interface ExperienceContext {
  return_url?: string;
  cancel_url?: string;
  [field: string]: unknown;
}

export interface Payer {
  payer_id: string;
  email_address: string;
  name: { given_name: string; surname: string };
  address: { country_code: string };
}

export interface PaypalOrder {
  id: string;
  intent: 'CAPTURE';
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  purchase_units: PurchaseUnit[];
  payment_source?: { paypal: Record<string, unknown> };
  payer?: Payer;
  create_time: string;
  update_time: string;
}

export interface PaypalWebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'checkout-order' | 'capture' | 'refund';
  resource_version: '2.0';
  event_type: string;
  summary: string;
  resource: unknown;
}

const UPPER_ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** PayPal's ids: 17 (orders, captures, refunds) or 13 (payer ids) upper-case letters and digits. */
export function paypalId(length = 17): string {
  return Array.from({ length }, () => UPPER_ALPHANUMERIC[randomInt(UPPER_ALPHANUMERIC.length)]).join('');
}

/** `"24.40"` → 2440; null when the value is not a plain amount with at most two decimals. */
export function toCents(value: string): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
