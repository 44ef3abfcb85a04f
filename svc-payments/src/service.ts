import path from 'node:path';
import { z } from 'zod';
import { PaymentsMode } from '@edicola/contracts';
import { env, loadConfig, type ServiceDefinition } from '@edicola/platform';
import { deadLetters, jobSchedules, jobs, outbox, payments, processedEvents } from './db/schema';
import { onOrderRefundRequested } from './events/order-refund-requested';
import { onOrderStatusChanged } from './events/order-status-changed';
import { registerPaymentMetrics } from './payments/metrics';
import type { PaymentDeps } from './payments/deps';
import { expirePayment } from './payments/expiry';
import { paymentKeys } from './payments/creation';
import { ordersApi } from './payments/orders-client';
import { EXPIRE_JOB, REFUND_JOB, type ExpirePayload, type RefundPayload } from './payments/records';
import { REFUND_MAX_ATTEMPTS, refundPayment } from './payments/refunds';
import type { FakePaypal, FakePaypalOptions, FakeStripe, FakeStripeOptions } from './fakes';
import type { Providers } from './providers';
import { startDemoPaypal, startDemoStripe } from './providers/demo';
import { methodModes, resolvePaymentModes, type PaymentModes } from './providers/mode';
import { createPaypalClient } from './providers/paypal';
import { createStripeClient } from './providers/stripe';
import { checkoutRoutes } from './routes/checkout';
import { configRoutes } from './routes/config';
import { demoRoutes } from './routes/demo';
import { internalOrderRoutes } from './routes/internal-orders';
import { klarnaRoutes } from './routes/klarna';
import { paypalRoutes } from './routes/paypal';
import { webhookRoutes } from './routes/webhooks';
import { handlePaypalWebhook } from './webhooks/paypal';
import { handleStripeWebhook } from './webhooks/stripe';

/** An unset or empty variable is absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const settings = z.object({
  PORT: env.port(8103),
  /**
   * demo: every provider talks to its in-process fake (even with keys); live: the providers with credentials take
   * real money and the others are off. Unset: demo without any credentials, live with all of them, refused between.
   */
  PAYMENTS_MODE: optional(PaymentsMode),
  /** Stripe's secret key (card and Klarna); without it Stripe runs in demo mode against the in-process fake. */
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'expected sk_live_… or sk_test_…'),
  ),
  /** The publishable key Stripe.js needs in the browser (Klarna); required with STRIPE_SECRET_KEY. */
  STRIPE_PUBLISHABLE_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^pk_(test|live)_\w+$/, 'expected pk_live_… or pk_test_…'),
  ),
  /** The signing secret of the webhook endpoint /webhooks/stripe; required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: optional(
    z
      .string()
      .trim()
      .regex(/^whsec_\w+$/, 'expected whsec_…'),
  ),
  /** Another address for Stripe's API (e.g. a fake at http://127.0.0.1:12111); Stripe's own when unset. */
  STRIPE_API_BASE: optional(z.url()),
  /** PayPal REST app credentials; without both PayPal runs in demo mode. */
  PAYPAL_CLIENT_ID: optional(z.string().trim().min(1)),
  PAYPAL_CLIENT_SECRET: optional(z.string().trim().min(1)),
  /** The id of the webhook registered for /webhooks/paypal (its signature check needs it); required with PayPal. */
  PAYPAL_WEBHOOK_ID: optional(z.string().trim().min(1)),
  /** Live https://api-m.paypal.com, sandbox https://api-m.sandbox.paypal.com. */
  PAYPAL_API_BASE: z.url().default('https://api-m.paypal.com'),
  /**
   * Minutes an online payment may take before its order is cancelled and its stock released: at least 30 with a
   * live Stripe (its minimum session life); demo mode honours shorter limits.
   */
  PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(23 * 60)
    .default(30),
  /** The storefront's address, for the providers' return pages when a request has no known Origin. */
  PUBLIC_WEB_URL: z.url().default('http://localhost:3000'),
});
type Settings = z.infer<typeof settings>;

/** The cross-variable rules and the mode of each provider (zod's object refinements would be lost when the runtime
 * extends the schema). Throws a ConfigError naming what is missing. */
export function checkPaymentSettings(config: Settings): PaymentModes {
  return resolvePaymentModes(config);
}

/**
 * The payments mode of these variables, checked as svc-payments checks them at start (the all-in-one reads it before
 * its storefront starts, for the demo notice, Stripe.js and its banner). Throws a ConfigError.
 */
export function paymentModesOf(vars: NodeJS.ProcessEnv): PaymentModes {
  return checkPaymentSettings(loadConfig(settings, vars));
}

export interface PaymentsServiceOptions {
  /** Demo mode's fakes: fixed ids for their next objects (tests' provider states), and a look at them once started. */
  demo?: {
    stripeNewId?: FakeStripeOptions['newId'];
    paypalNewId?: FakePaypalOptions['newId'];
    onStart?(fakes: { stripe: FakeStripe | null; paypal: FakePaypal | null }): void;
  };
}

/** Where an off provider's client points: nothing listens there (the discard port of loopback). */
const OFF_BASE = 'http://127.0.0.1:9';

/** svc-payments; `options` only for tests (the shop runs `paymentsService`). */
export function createPaymentsService(
  options: PaymentsServiceOptions = {},
): ServiceDefinition<typeof settings> {
  return {
    name: 'svc-payments',
    schema: payments.schemaName,
    migrationsFolder: path.join(__dirname, '../drizzle'),
    env: settings,
    tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
    async build({ config, database, bus, jobs, internal, logger, verifier, metrics }) {
      const modes = checkPaymentSettings(config);
      // Filled in below; the demo fakes deliver their webhooks through it once the service runs.
      let deps: PaymentDeps | undefined;
      const stops: (() => Promise<void>)[] = [];
      if (config.PAYMENTS_MODE === 'demo' && (config.STRIPE_SECRET_KEY || config.PAYPAL_CLIENT_ID)) {
        logger.warn('PAYMENTS_MODE=demo: the provider keys that are set are ignored, no money moves');
      }

      const demoStripe =
        modes.stripe === 'demo'
          ? await startDemoStripe(async (payload, signature) => {
              if (!deps) throw new Error('svc-payments is not ready for webhooks yet');
              await handleStripeWebhook(deps, payload, signature);
            }, options.demo?.stripeNewId)
          : null;
      if (demoStripe) stops.push(() => demoStripe.stop());
      const stripeLive = modes.stripe === 'live';
      // An off provider gets a client that reaches nothing: its routes answer 503 before any call.
      const stripeClient = createStripeClient({
        secretKey: stripeLive ? config.STRIPE_SECRET_KEY! : (demoStripe?.secretKey ?? 'sk_test_off'),
        apiBase: stripeLive ? config.STRIPE_API_BASE : (demoStripe?.url ?? OFF_BASE),
        maxNetworkRetries: stripeLive ? 2 : 0,
      });

      const paypalDemo =
        modes.paypal === 'demo'
          ? await startDemoPaypal(async (payload, headers) => {
              if (!deps) throw new Error('svc-payments is not ready for webhooks yet');
              await handlePaypalWebhook(deps, payload, headers);
            }, options.demo?.paypalNewId)
          : null;
      if (paypalDemo) stops.push(() => paypalDemo.stop());
      options.demo?.onStart?.({ stripe: demoStripe?.fake ?? null, paypal: paypalDemo?.fake ?? null });
      const paypalLive = modes.paypal === 'live';
      const paypalClient = createPaypalClient({
        clientId: paypalLive ? config.PAYPAL_CLIENT_ID! : (paypalDemo?.clientId ?? 'off'),
        clientSecret: paypalLive ? config.PAYPAL_CLIENT_SECRET! : (paypalDemo?.clientSecret ?? 'off'),
        baseUrl: paypalLive ? config.PAYPAL_API_BASE : (paypalDemo?.url ?? OFF_BASE),
      });

      const methods = methodModes(modes);
      logger.info({ payments_mode: modes.mode, methods }, 'payment methods');
      if (modes.stripe === 'demo' || modes.paypal === 'demo') {
        logger.warn(
          'payments run in DEMO mode against in-process fakes of the providers (no money moves; one replica only)',
        );
      }
      for (const [provider, mode] of [
        ['Stripe (card, Klarna)', modes.stripe],
        ['PayPal', modes.paypal],
      ] as const) {
        if (mode === 'off') logger.warn(`${provider} has no credentials: its payment methods are OFF`);
      }

      const providers: Providers = {
        mode: modes.mode,
        stripe: {
          client: stripeClient,
          mode: modes.stripe,
          demo: modes.stripe === 'demo',
          webhookSecret: stripeLive
            ? config.STRIPE_WEBHOOK_SECRET!
            : (demoStripe?.webhookSecret ?? 'whsec_off'),
          publishableKey: stripeLive ? config.STRIPE_PUBLISHABLE_KEY! : null,
        },
        paypal: {
          client: paypalClient,
          mode: modes.paypal,
          demo: modes.paypal === 'demo',
          webhookId: paypalLive ? config.PAYPAL_WEBHOOK_ID! : (paypalDemo?.webhookId ?? 'off'),
          clientId: paypalLive ? config.PAYPAL_CLIENT_ID! : null,
        },
        demo: { stripe: demoStripe?.controls ?? null, paypal: paypalDemo?.controls ?? null },
        async stop() {
          await Promise.all(stops.map((stop) => stop()));
        },
      };
      const keys = paymentKeys();
      jobs.every('payments.idempotency-retention', 3600_000, async () => {
        await keys.purge(database.db, new Date(Date.now() - 24 * 3600_000));
      });
      const ready: PaymentDeps = {
        database,
        bus,
        jobs,
        keys,
        orders: ordersApi(internal),
        providers,
        logger,
        timeoutMinutes: config.PAYMENT_TIMEOUT_MINUTES,
        publicWebUrl: config.PUBLIC_WEB_URL,
        corsOrigins: config.CORS_ORIGINS,
      };

      jobs.handle<ExpirePayload>(EXPIRE_JOB, (payload) => expirePayment(ready, payload), {
        backoffMs: 10_000,
        maxBackoffMs: 10 * 60_000,
        maxAttempts: 20,
      });
      // A refund is retried for about nine hours before it waits for an operator.
      jobs.handle<RefundPayload>(REFUND_JOB, (payload, context) => refundPayment(ready, payload, context), {
        backoffMs: 30_000,
        maxBackoffMs: 30 * 60_000,
        maxAttempts: REFUND_MAX_ATTEMPTS,
      });
      bus.on('order.refund_requested', onOrderRefundRequested(jobs, logger));
      bus.on('order.status_changed', onOrderStatusChanged(jobs));

      registerPaymentMetrics(metrics);
      return {
        routes(router) {
          checkoutRoutes(router, ready, verifier);
          klarnaRoutes(router, ready);
          paypalRoutes(router, ready, verifier);
          webhookRoutes(router, ready);
          configRoutes(router, ready);
          demoRoutes(router, ready);
          internalOrderRoutes(router, ready);
        },
        async start() {
          deps = ready;
        },
        async stop() {
          deps = undefined;
          await providers.stop();
        },
      };
    },
  };
}

export const paymentsService = createPaymentsService();
