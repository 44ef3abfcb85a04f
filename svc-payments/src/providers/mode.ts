import type { PaymentMethodMode, PaymentsMode } from '@edicola/contracts';
import { ConfigError } from '@edicola/platform';

/** The variables that decide the payments mode (a slice of service.ts' settings). */
export interface ModeSettings {
  PAYMENTS_MODE?: PaymentsMode;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_WEBHOOK_ID?: string;
  PAYMENT_TIMEOUT_MINUTES: number;
}

/** How each provider runs: with its real credentials, against the in-process fake, or not at all. */
export interface PaymentModes {
  mode: PaymentsMode;
  stripe: PaymentMethodMode;
  paypal: PaymentMethodMode;
}

/** Stripe refuses Checkout Sessions that expire sooner than this. */
export const STRIPE_MIN_SESSION_MINUTES = 30;

const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const PAYPAL_VARS = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;

type Credentials = 'none' | 'partial' | 'complete';

function credentials(config: ModeSettings, vars: readonly (keyof ModeSettings)[]) {
  const missing = vars.filter((name) => !config[name]);
  const state: Credentials =
    missing.length === vars.length ? 'none' : missing.length ? 'partial' : 'complete';
  return { state, missing };
}

/**
 * PAYMENTS_MODE and the credentials decide each provider's mode (decision 0020-payment-modes):
 * - `demo` (explicit): every provider talks to its fake, whatever keys are set;
 * - `live` (explicit): a provider with all its credentials is live, one with none is off, one with some is refused;
 * - unset: demo when no provider has any credential, live when every provider has all of them; anything in between
 *   is refused (a shop half live, half demo would charge cards while PayPal's demo page lets anyone "pay").
 * Live Stripe needs PAYMENT_TIMEOUT_MINUTES ≥ 30. Every problem is one line of the ConfigError; no value is echoed.
 */
export function resolvePaymentModes(config: ModeSettings): PaymentModes {
  if (config.PAYMENTS_MODE === 'demo') return { mode: 'demo', stripe: 'demo', paypal: 'demo' };
  const providers = [
    { name: 'Stripe', ...credentials(config, STRIPE_VARS) },
    { name: 'PayPal', ...credentials(config, PAYPAL_VARS) },
  ] as const;
  const problems: string[] = [];
  for (const p of providers) {
    if (p.state === 'partial') {
      problems.push(
        `${p.missing.join(', ')}: required for ${p.name} (set every ${p.name} variable, or none to leave ${p.name} ${config.PAYMENTS_MODE === 'live' ? 'off' : 'in demo mode'})`,
      );
    }
  }
  const configured = providers.filter((p) => p.state !== 'none');
  const mode: PaymentsMode = config.PAYMENTS_MODE ?? (configured.length ? 'live' : 'demo');
  if (!config.PAYMENTS_MODE && configured.length && configured.length < providers.length) {
    const absent = providers.filter((p) => p.state === 'none');
    for (const p of absent) {
      problems.push(
        `PAYMENTS_MODE: ${p.name} has no credentials (${p.missing.join(', ')}) while ${configured.map((c) => c.name).join(', ')} is live: set them, or PAYMENTS_MODE=live to turn ${p.name} off, or PAYMENTS_MODE=demo`,
      );
    }
  }
  const modeOf = (state: Credentials): PaymentMethodMode =>
    mode === 'demo' ? 'demo' : state === 'complete' ? 'live' : 'off';
  const modes: PaymentModes = {
    mode,
    stripe: modeOf(providers[0].state),
    paypal: modeOf(providers[1].state),
  };
  if (modes.stripe === 'live' && config.PAYMENT_TIMEOUT_MINUTES < STRIPE_MIN_SESSION_MINUTES) {
    problems.push(
      `PAYMENT_TIMEOUT_MINUTES: at least ${STRIPE_MIN_SESSION_MINUTES} with a live Stripe (Stripe refuses shorter sessions)`,
    );
  }
  if (problems.length) throw new ConfigError(problems);
  return modes;
}

/** Each payment method's state (GET /payments/config, the start banner): card and Klarna go through Stripe. */
export function methodModes(modes: PaymentModes) {
  return {
    card: modes.stripe,
    klarna: modes.stripe,
    paypal: modes.paypal,
    transfer: 'live' as const,
  };
}
