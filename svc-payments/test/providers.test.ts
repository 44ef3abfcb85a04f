import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { ConfigError } from '@edicola/platform';
import { createFakePaypal, type FakePaypal } from '../src/fakes';
import { createPaypalClient, PaypalError } from '../src/providers/paypal';
import { checkPaymentSettings } from '../src/service';

describe('the PayPal REST client', () => {
  let fake: FakePaypal;
  let server: Server;
  let base: string;
  let tokenRequests = 0;
  beforeAll(async () => {
    fake = createFakePaypal({
      clientId: 'client-1',
      clientSecret: 'secret-of-client-1',
      webhookId: 'WH-1',
      hostedPageUrl: (id) => `https://paypal.test/approve/${id}`,
    });
    // PayPal itself, behind a counter of the OAuth calls.
    const app = express();
    app.use((req, _res, next) => {
      if (req.path === '/v1/oauth2/token') tokenRequests++;
      next();
    });
    app.use(fake.app);
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const orderBody = {
    intent: 'CAPTURE',
    purchase_units: [{ reference_id: 'o-1', amount: { currency_code: 'EUR', value: '10.00' } }],
  };

  it('asks for a token once and keeps it until shortly before it expires, even for calls at once', async () => {
    const client = createPaypalClient({
      clientId: 'client-1',
      clientSecret: 'secret-of-client-1',
      baseUrl: base,
    });
    const before = tokenRequests;
    const [a, b] = await Promise.all([
      client.createOrder(orderBody, 'req-a'),
      client.createOrder(orderBody, 'req-b'),
    ]);
    await client.getOrder(a.id);
    expect(a.id).not.toBe(b.id);
    expect(tokenRequests - before).toBe(1);
  });

  it('repeats an order creation with the same PayPal-Request-Id as the same order', async () => {
    const client = createPaypalClient({
      clientId: 'client-1',
      clientSecret: 'secret-of-client-1',
      baseUrl: base,
    });
    const first = await client.createOrder(orderBody, 'req-same');
    const again = await client.createOrder(orderBody, 'req-same');
    expect(again.id).toBe(first.id);
  });

  it('reports PayPal errors by name and issue, never with the credentials', async () => {
    const wrong = createPaypalClient({ clientId: 'client-1', clientSecret: 'not-the-secret', baseUrl: base });
    const refused = await wrong.getOrder('X').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaypalError);
    expect(String((refused as Error).message)).not.toContain('not-the-secret');
    const client = createPaypalClient({
      clientId: 'client-1',
      clientSecret: 'secret-of-client-1',
      baseUrl: base,
    });
    const order = await client.createOrder(orderBody, 'req-unapproved');
    const early = await client.captureOrder(order.id, 'cap-1').catch((e: unknown) => e);
    expect(early).toMatchObject({ status: 422, issue: 'ORDER_NOT_APPROVED' });
  });
});

describe('payment settings: PAYMENTS_MODE and the providers’ credentials', () => {
  const base = {
    PORT: 0,
    PAYPAL_API_BASE: 'https://api-m.paypal.com',
    PAYMENT_TIMEOUT_MINUTES: 30,
    PUBLIC_WEB_URL: 'http://localhost:3000',
  };
  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
  };
  const PAYPAL = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'paypal-secret', PAYPAL_WEBHOOK_ID: 'WH-1' };
  const modes = (config: object) => checkPaymentSettings({ ...base, ...config } as never);
  const problems = (config: object) => {
    try {
      modes(config);
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
  };

  it('runs every provider in demo mode without any credential', () => {
    expect(modes({})).toEqual({ mode: 'demo', stripe: 'demo', paypal: 'demo' });
  });

  it('is live as soon as the providers have credentials: all of them by default', () => {
    expect(modes({ ...STRIPE, ...PAYPAL })).toEqual({ mode: 'live', stripe: 'live', paypal: 'live' });
  });

  it('refuses a default set-up with one provider live and the other without keys, in one line naming what is missing', () => {
    const lines = problems(STRIPE);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PayPal has no credentials');
    expect(lines[0]).toContain('PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID');
    expect(lines[0]).toContain('PAYMENTS_MODE=live');
    expect(lines[0]).toContain('PAYMENTS_MODE=demo');
    expect(String(problems(PAYPAL))).toContain('Stripe has no credentials');
  });

  it('turns a provider without keys off when PAYMENTS_MODE=live', () => {
    expect(modes({ ...STRIPE, PAYMENTS_MODE: 'live' })).toEqual({
      mode: 'live',
      stripe: 'live',
      paypal: 'off',
    });
    expect(modes({ ...PAYPAL, PAYMENTS_MODE: 'live' })).toEqual({
      mode: 'live',
      stripe: 'off',
      paypal: 'live',
    });
  });

  it('refuses a half-configured provider in live and in default mode, naming the missing variables and no value', () => {
    const live = problems({ PAYMENTS_MODE: 'live', STRIPE_SECRET_KEY: 'sk_live_abc', ...PAYPAL });
    expect(live).toEqual([
      expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required for Stripe/),
    ]);
    expect(String(live)).not.toContain('sk_live_abc');
    expect(String(problems({ ...STRIPE, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }))).toContain(
      'PAYPAL_WEBHOOK_ID: required for PayPal',
    );
  });

  it('forces every provider to demo with PAYMENTS_MODE=demo, even with keys', () => {
    expect(modes({ ...STRIPE, PAYMENTS_MODE: 'demo' })).toEqual({
      mode: 'demo',
      stripe: 'demo',
      paypal: 'demo',
    });
    expect(modes({ ...STRIPE, ...PAYPAL, PAYMENTS_MODE: 'demo', PAYMENT_TIMEOUT_MINUTES: 5 })).toMatchObject({
      stripe: 'demo',
    });
  });

  it('refuses a time limit under Stripe’s 30 minutes with a live Stripe only', () => {
    expect(problems({ ...STRIPE, ...PAYPAL, PAYMENT_TIMEOUT_MINUTES: 10 })).toEqual([
      expect.stringContaining('PAYMENT_TIMEOUT_MINUTES: at least 30 with a live Stripe'),
    ]);
    expect(modes({ PAYMENT_TIMEOUT_MINUTES: 5 })).toMatchObject({ stripe: 'demo' });
    expect(modes({ ...PAYPAL, PAYMENTS_MODE: 'live', PAYMENT_TIMEOUT_MINUTES: 5 })).toMatchObject({
      stripe: 'off',
    });
  });
});
