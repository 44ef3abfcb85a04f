import { createInProcessTransport, startService } from '@edicola/platform';
import { createTestDatabase } from '@edicola/platform/testing';
import request from 'supertest';
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
  it('warns once per provider in demo mode', async () => {
    const lines = await run({}, async () => undefined);
    const warnings = lines.filter((l) => l.level === 'warn' && /DEMO mode/.test(l.msg));
    expect(warnings.map((l) => l.msg)).toEqual([
      expect.stringContaining('STRIPE_SECRET_KEY is not set'),
      expect.stringContaining('PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET are not set'),
    ]);
  });

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
  });
});
