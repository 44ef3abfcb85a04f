import path from 'node:path';
import { z } from 'zod';
import { ConfigError, env, type ServiceDefinition } from '@edicola/platform';
import { deadLetters, jobSchedules, jobs, outbox, payments, processedEvents } from './db/schema';
import { onOrderRefundRequested } from './events/order-refund-requested';
import { onOrderStatusChanged } from './events/order-status-changed';
import type { PaymentDeps } from './payments/deps';
import { expirePayment } from './payments/expiry';
import { ordersApi } from './payments/orders-client';
import { EXPIRE_JOB, REFUND_JOB, type ExpirePayload, type RefundPayload } from './payments/records';
import { refundPayment } from './payments/refunds';
import type { FakePaypal, FakePaypalOptions, FakeStripe, FakeStripeOptions } from './fakes';
import type { Providers } from './providers';
import { startDemoPaypal, startDemoStripe, type DemoStripe } from './providers/demo';
import { createPaypalClient } from './providers/paypal';
import { createStripeClient } from './providers/stripe';
import { checkoutRoutes } from './routes/checkout';
import { configRoutes } from './routes/config';
import { demoRoutes } from './routes/demo';
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
  /** Minutes an online payment may take before its order is cancelled and its stock released. */
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

/** The cross-variable rules (zod's object refinements would be lost when the runtime extends the schema). */
export function checkPaymentSettings(config: Settings): void {
  const problems: string[] = [];
  if (config.STRIPE_SECRET_KEY) {
    if (!config.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY');
    if (!config.STRIPE_PUBLISHABLE_KEY)
      problems.push('STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY');
    if (config.PAYMENT_TIMEOUT_MINUTES < 30)
      problems.push(
        'PAYMENT_TIMEOUT_MINUTES: at least 30 with a live Stripe (Stripe refuses shorter sessions)',
      );
  }
  if (!!config.PAYPAL_CLIENT_ID !== !!config.PAYPAL_CLIENT_SECRET)
    problems.push('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: set both, or neither (demo mode)');
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET && !config.PAYPAL_WEBHOOK_ID)
    problems.push('PAYPAL_WEBHOOK_ID: required with PAYPAL_CLIENT_ID');
  if (problems.length) throw new ConfigError(problems);
}

export interface PaymentsServiceOptions {
  /** Demo mode's fakes: fixed ids for their next objects (tests' provider states), and a look at them once started. */
  demo?: {
    stripeNewId?: FakeStripeOptions['newId'];
    paypalNewId?: FakePaypalOptions['newId'];
    onStart?(fakes: { stripe: FakeStripe | null; paypal: FakePaypal | null }): void;
  };
}

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
    async build({ config, database, bus, jobs, internal, logger, verifier }) {
      checkPaymentSettings(config);
      // Filled in below; the demo fakes deliver their webhooks through it once the service runs.
      let deps: PaymentDeps | undefined;
      const stops: (() => Promise<void>)[] = [];

      let demoStripe: DemoStripe | null = null;
      if (!config.STRIPE_SECRET_KEY) {
        demoStripe = await startDemoStripe(async (payload, signature) => {
          if (!deps) throw new Error('svc-payments is not ready for webhooks yet');
          await handleStripeWebhook(deps, payload, signature);
        }, options.demo?.stripeNewId);
        stops.push(() => demoStripe!.stop());
        logger.warn(
          'STRIPE_SECRET_KEY is not set: card and Klarna payments run in DEMO mode against an in-process fake Stripe (no money moves; one replica only)',
        );
      }
      const stripeClient = createStripeClient({
        secretKey: config.STRIPE_SECRET_KEY ?? demoStripe!.secretKey,
        apiBase: demoStripe ? demoStripe.url : config.STRIPE_API_BASE,
        maxNetworkRetries: demoStripe ? 0 : 2,
      });

      const paypalLive = !!(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET);
      const paypalDemo = paypalLive
        ? null
        : await startDemoPaypal(async (payload, headers) => {
            if (!deps) throw new Error('svc-payments is not ready for webhooks yet');
            await handlePaypalWebhook(deps, payload, headers);
          }, options.demo?.paypalNewId);
      options.demo?.onStart?.({ stripe: demoStripe?.fake ?? null, paypal: paypalDemo?.fake ?? null });
      if (paypalDemo) stops.push(() => paypalDemo.stop());
      if (!paypalLive) {
        logger.warn(
          'PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET are not set: PayPal runs in DEMO mode against an in-process fake PayPal (no money moves; one replica only)',
        );
      }
      const paypalClient = createPaypalClient({
        clientId: config.PAYPAL_CLIENT_ID ?? paypalDemo?.clientId ?? 'demo',
        clientSecret: config.PAYPAL_CLIENT_SECRET ?? paypalDemo?.clientSecret ?? 'demo',
        baseUrl: paypalLive ? config.PAYPAL_API_BASE : (paypalDemo?.url ?? 'http://127.0.0.1:9'),
      });

      const providers: Providers = {
        stripe: {
          client: stripeClient,
          demo: !!demoStripe,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? demoStripe!.webhookSecret,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
        },
        paypal: {
          client: paypalClient,
          demo: !paypalLive,
          webhookId: config.PAYPAL_WEBHOOK_ID ?? paypalDemo?.webhookId ?? 'demo',
          clientId: config.PAYPAL_CLIENT_ID ?? null,
        },
        demo: { stripe: demoStripe?.controls ?? null, paypal: paypalDemo?.controls ?? null },
        async stop() {
          await Promise.all(stops.map((stop) => stop()));
        },
      };
      const ready: PaymentDeps = {
        database,
        bus,
        jobs,
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
      jobs.handle<RefundPayload>(REFUND_JOB, (payload) => refundPayment(ready, payload), {
        backoffMs: 30_000,
        maxBackoffMs: 30 * 60_000,
        maxAttempts: 24,
      });
      bus.on('order.refund_requested', async (event, tx, { afterCommit }) => {
        if (await onOrderRefundRequested(tx, jobs, logger, event)) afterCommit(() => jobs.wake());
      });
      bus.on('order.status_changed', async (event, tx, { afterCommit }) => {
        if (await onOrderStatusChanged(tx, jobs, event)) afterCommit(() => jobs.wake());
      });

      return {
        routes(router) {
          checkoutRoutes(router, ready, verifier);
          klarnaRoutes(router, ready);
          paypalRoutes(router, ready, verifier);
          webhookRoutes(router, ready);
          configRoutes(router, ready);
          demoRoutes(router, ready);
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
