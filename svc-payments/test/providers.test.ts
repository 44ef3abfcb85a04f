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

describe('payment settings', () => {
  const base = {
    PORT: 0,
    PAYPAL_API_BASE: 'https://api-m.paypal.com',
    PAYMENT_TIMEOUT_MINUTES: 30,
    PUBLIC_WEB_URL: 'http://localhost:3000',
  };
  const problems = (config: object) => {
    try {
      checkPaymentSettings({ ...base, ...config } as never);
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
  };

  it('runs both providers in demo mode without keys', () => {
    expect(problems({})).toEqual([]);
  });

  it('needs the webhook secret and the publishable key with a Stripe key, and at least 30 minutes', () => {
    const message = String(problems({ STRIPE_SECRET_KEY: 'sk_live_abc', PAYMENT_TIMEOUT_MINUTES: 10 }));
    expect(message).toContain('STRIPE_WEBHOOK_SECRET');
    expect(message).toContain('STRIPE_PUBLISHABLE_KEY');
    expect(message).toContain('PAYMENT_TIMEOUT_MINUTES');
    expect(message).not.toContain('sk_live_abc');
    expect(
      problems({
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      }),
    ).toEqual([]);
  });

  it('needs both PayPal credentials, and the webhook id with them', () => {
    expect(String(problems({ PAYPAL_CLIENT_ID: 'id' }))).toContain('PAYPAL_CLIENT_SECRET');
    expect(String(problems({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }))).toContain(
      'PAYPAL_WEBHOOK_ID',
    );
  });
});
