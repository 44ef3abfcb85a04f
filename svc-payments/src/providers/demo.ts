import { randomBytes } from 'node:crypto';
import type { DemoPaymentKind } from '@edicola/contracts';
import {
  createFakePaypal,
  createFakeStripe,
  FakeNotFoundError,
  FakeStateError,
  type FakePaypal,
  type FakePaypalOptions,
  type FakeServer,
  type FakeStripe,
  type FakeStripeOptions,
} from '../fakes';
import { DemoStateError, type DemoControls, type DemoView } from './index';

/**
 * Demo mode of a provider without keys: its fake (svc-payments/src/fakes) runs in this process on 127.0.0.1:0, the
 * same SDK and REST client talk to it, and its webhooks, signed with a secret made at start, go straight into the
 * same handling function the HTTP route uses (signature checked the same way). Its state lives in memory: one
 * replica in demo mode.
 */
export interface DemoStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  controls: DemoControls;
  fake: FakeStripe;
  stop(): Promise<void>;
}

const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('hex')}`;

function guard<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (error) {
    if (error instanceof FakeNotFoundError) return null;
    if (error instanceof FakeStateError) throw new DemoStateError(error.message);
    throw error;
  }
}

export async function startDemoStripe(
  deliver: (payload: string, signature: string) => Promise<void>,
  newId?: FakeStripeOptions['newId'],
): Promise<DemoStripe> {
  const secretKey = secret('sk_test_demo');
  const webhookSecret = secret('whsec_demo');
  const fake = createFakeStripe({
    secretKey,
    webhookSecret,
    deliverWebhook: deliver,
    newId,
    // Replaced by the shop's own demo page address (which depends on the shop's origin) in the answers.
    hostedPageUrl: (kind, id) => `/pagamento-demo?kind=${kind}&id=${encodeURIComponent(id)}`,
  });
  const server: FakeServer = await fake.listen();
  const stripeKind = (kind: DemoPaymentKind) => {
    if (kind === 'paypal') throw new Error('not a Stripe payment');
    return kind;
  };
  const controls: DemoControls = {
    view: async (kind, id) => guard(() => fake.view(stripeKind(kind), id)) as DemoView | null,
    async approve(kind, id) {
      const decision = guard(() => fake.approve(stripeKind(kind), id));
      if (!decision) throw new DemoStateError(`no ${kind} ${id}`);
      return { redirect_url: decision.redirect_url };
    },
    async decline(kind, id) {
      const decision = guard(() => fake.decline(stripeKind(kind), id));
      if (!decision) throw new DemoStateError(`no ${kind} ${id}`);
      return { redirect_url: decision.redirect_url };
    },
    settled: () => fake.settled(),
  };
  return { url: server.url, secretKey, webhookSecret, controls, fake, stop: () => server.close() };
}

export interface DemoPaypal {
  fake: FakePaypal;
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  controls: DemoControls;
  stop(): Promise<void>;
}

/** PayPal's fake on loopback, with generated credentials and webhook id. */
export async function startDemoPaypal(
  deliver: (payload: string, headers: Record<string, string>) => Promise<void>,
  newId?: FakePaypalOptions['newId'],
): Promise<DemoPaypal> {
  const clientId = secret('demo-client-');
  const clientSecret = secret('demo-secret-');
  const webhookId = secret('WH-DEMO-');
  const fake = createFakePaypal({
    clientId,
    clientSecret,
    webhookId,
    deliverWebhook: deliver,
    newId,
    hostedPageUrl: (id) => `/pagamento-demo?kind=paypal&id=${encodeURIComponent(id)}`,
  });
  const server = await fake.listen();
  const controls: DemoControls = {
    view: async (_kind, id) => guard(() => fake.view(id)) as DemoView | null,
    async approve(_kind, id) {
      const decision = guard(() => fake.approve(id));
      if (!decision) throw new DemoStateError(`no PayPal order ${id}`);
      return { redirect_url: decision.redirect_url };
    },
    async decline(_kind, id) {
      const decision = guard(() => fake.decline(id));
      if (!decision) throw new DemoStateError(`no PayPal order ${id}`);
      return { redirect_url: decision.redirect_url };
    },
    settled: () => fake.settled(),
  };
  return { fake, url: server.url, clientId, clientSecret, webhookId, controls, stop: () => server.close() };
}
