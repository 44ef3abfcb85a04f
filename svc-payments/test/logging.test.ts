import { createInProcessTransport, startService } from '@edicola/platform';
import { createTestDatabase } from '@edicola/platform/testing';
import request from 'supertest';
import Stripe from 'stripe';
import { createCapturingLogger } from '../../platform/src/testing/capture-logger';
import { createFakeStripe } from '../src/fakes';
import { paymentsService } from '../src/service';
import { checkoutBody, INTERNAL_SECRET, startOrdersStandIn, WEB } from './harness';

const SECRET_KEY = 'sk_test_neverinthelogs0001';
const WEBHOOK_SECRET = 'whsec_neverinthelogs0002';
const PAYPAL_SECRET = 'paypal-secret-never-in-the-logs-0003';

async function run(env: Record<string, string>, act: (app: Parameters<typeof request>[0]) => Promise<void>) {
  const database = await createTestDatabase();
  const transport = createInProcessTransport();
  const { logger, lines } = createCapturingLogger('svc-payments');
  const orders = await startOrdersStandIn();
  const service = await startService(paymentsService, {
    env: { INTERNAL_TOKEN_SECRET: INTERNAL_SECRET, ORDERS_URL: orders.url, CORS_ORIGINS: WEB, ...env },
    database: database.database,
    logger,
    transport,
  });
  try {
    await act(service.app);
  } finally {
    await service.stop();
    await transport.close();
    await orders.close();
    await database.cleanup();
  }
  return lines;
}

describe('svc-payments logs', () => {
  it('says once that it runs in demo mode, and which method is live, demo or off', async () => {
    const lines = await run({}, async () => undefined);
    const warnings = lines.filter((l) => l.level === 'warn' && /DEMO mode/.test(l.msg));
    expect(warnings).toHaveLength(1);
    expect(lines.find((l) => l.msg === 'payment methods')).toMatchObject({
      payments_mode: 'demo',
      methods: { card: 'demo', klarna: 'demo', paypal: 'demo', transfer: 'live' },
    });
  }, 30_000);

  it('warns that a provider without keys is off in live mode', async () => {
    const fake = createFakeStripe({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      hostedPageUrl: () => 'x',
    });
    const server = await fake.listen();
    try {
      const lines = await run(
        {
          PAYMENTS_MODE: 'live',
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_PUBLISHABLE_KEY: 'pk_test_visible',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: server.url,
        },
        async () => undefined,
      );
      expect(lines.filter((l) => /DEMO mode/.test(l.msg))).toEqual([]);
      expect(lines.find((l) => l.msg === 'payment methods')).toMatchObject({
        payments_mode: 'live',
        methods: { card: 'live', klarna: 'live', paypal: 'off', transfer: 'live' },
      });
      expect(lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toContain(
        'PayPal has no credentials: its payment methods are OFF',
      );
    } finally {
      await server.close();
    }
  }, 30_000);

  it('writes an ERROR line when the provider captured another amount than the order’s', async () => {
    const fake = createFakeStripe({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      hostedPageUrl: () => 'x',
    });
    const server = await fake.listen();
    try {
      const lines = await run(
        {
          PAYMENTS_MODE: 'live',
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_PUBLISHABLE_KEY: 'pk_test_visible',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: server.url,
        },
        async (app) => {
          const session = await request(app).post('/checkout/session').send(checkoutBody());
          expect(session.status).toBe(200);
          const payload = JSON.stringify({
            id: 'evt_one_cent',
            object: 'event',
            type: 'checkout.session.completed',
            data: {
              object: {
                id: session.body.session_id,
                object: 'checkout.session',
                payment_status: 'paid',
                status: 'complete',
                payment_intent: 'pi_one_cent',
                amount_total: 1,
                currency: 'eur',
                metadata: {},
              },
            },
          });
          await request(app)
            .post('/webhooks/stripe')
            .set(
              'stripe-signature',
              Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
            )
            .set('content-type', 'application/json')
            .send(payload)
            .expect(200);
        },
      );
      const error = lines.find((l) => l.level === 'error' && /another amount or currency/.test(l.msg));
      expect(error).toMatchObject({ captured_cents: 1, captured_currency: 'EUR' });
      expect((error as unknown as { expected_cents: number }).expected_cents).toBeGreaterThan(1);
    } finally {
      await server.close();
    }
  }, 30_000);

  it('never write a secret, whatever fails', async () => {
    const fake = createFakeStripe({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      hostedPageUrl: () => 'x',
    });
    const server = await fake.listen();
    const lines = await run(
      {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_visible',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: server.url,
        PAYPAL_CLIENT_ID: 'client-visible',
        PAYPAL_CLIENT_SECRET: PAYPAL_SECRET,
        PAYPAL_WEBHOOK_ID: 'WH-1',
        // Nobody listens there: PayPal fails.
        PAYPAL_API_BASE: 'http://127.0.0.1:9',
        LOG_LEVEL: 'debug',
      },
      async (app) => {
        expect((await request(app).post('/checkout/session').send(checkoutBody())).status).toBe(200);
        expect((await request(app).post('/paypal/create-order').send(checkoutBody())).status).toBe(502);
        await request(app)
          .post('/webhooks/stripe')
          .set('stripe-signature', 't=1,v1=00')
          .send('{}')
          .expect(400);
        await server.close();
        // Stripe gone too.
        const res = await request(app).post('/checkout/session').send(checkoutBody());
        expect(res.status).toBe(502);
        expect(res.body).toEqual({ detail: 'Errore durante il checkout. Riprova.' });
      },
    );
    const text = JSON.stringify(lines);
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [SECRET_KEY, WEBHOOK_SECRET, PAYPAL_SECRET]) expect(text).not.toContain(secret);
  }, 30_000);

  it('keeps payment ids out of the request logs', async () => {
    let sessionId = '';
    const lines = await run({}, async (app) => {
      const created = await request(app).post('/checkout/session').send(checkoutBody());
      expect(created.status).toBe(200);
      sessionId = created.body.session_id as string;
      expect((await request(app).get(`/checkout/session/${sessionId}`)).status).toBe(200);
      expect((await request(app).post(`/checkout/session/${sessionId}/cancel`)).status).toBe(200);
    });
    expect(sessionId).toMatch(/^cs_/);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => l.path)).toEqual(
      expect.arrayContaining(['/checkout/session/[redacted]', '/checkout/session/[redacted]/cancel']),
    );
    expect(JSON.stringify(requests)).not.toContain(sessionId);
  }, 30_000);
});
