/**
 * Payment ids a provider hands out (Stripe's `cs_…`, `pi_…`, `ch_…`, `re_…`, `seti_…`, `pm_…`, `evt_…`;
 * PayPal's 17-character order and capture ids) are bearer-like: whoever has one can look the payment
 * up through the shop's polling routes. They are kept out of logs.
 */
const PAYMENT_ID = /\b(?:cs|pi|pm|ch|re|seti|cus|evt|py|src|tr|txn)_[A-Za-z0-9_]{8,}|\b[A-Z0-9]{17}\b/g;

/** The text (a request path, a query string) with every payment id replaced by `[redacted]`. */
export function redactPaymentIds(text: string): string {
  return text.replace(PAYMENT_ID, '[redacted]');
}

/** Log fields that hold a provider's payment id: pino censors them wherever a line carries them. */
export const PAYMENT_ID_LOG_FIELDS = ['session_id', 'payment_intent', 'payment_intent_id', 'paypal_order_id'];
