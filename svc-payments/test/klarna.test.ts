import { randomUUID } from 'node:crypto';
import { KlarnaIntentResponse, KlarnaVerifyResponse } from '@edicola/contracts';
import { EXPIRE_JOB } from '../src/payments/records';
import { startHarness, WEB, type Harness } from './harness';

// 1 × round(49.90 × 1.22) + 9.00 shipping
const TOTAL_CENTS = 6088 + 900;

describe('Klarna through Stripe PaymentIntents (fake Stripe on loopback, real SDK)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fake');
  }, 60_000);
  afterAll(() => h?.stop());

  const intentBody = (orderId: string) => ({
    order_id: orderId,
    amount: 1, // the browser's view: never charged
    currency: 'EUR',
    customer_email: 'anna@example.it',
    customer_name: '',
    billing_address: { line1: '', city: 'Napoli', postal_code: '', country: 'IT' },
    line_items: [{ name: 'Ferrari', quantity: 1, unit_amount: 1 }],
  });

  async function createIntent(method: 'klarna' | 'klarna-now' = 'klarna') {
    const orderId = randomUUID();
    h.orders.place(orderId, method);
    const res = await h
      .api()
      .post('/payments/klarna/create-intent')
      .set('origin', WEB)
      .send(intentBody(orderId));
    expect(res.status).toBe(200);
    return { orderId, intent: KlarnaIntentResponse.parse(res.body) };
  }

  it('an intent for the order’s own total, the same one on a repeat, paid and verified on the server', async () => {
    const { orderId, intent } = await createIntent();
    expect(intent).toMatchObject({
      order_id: orderId,
      amount: TOTAL_CENTS / 100,
      demo: false,
      demo_url: null,
    });
    expect(intent.payment_intent_id).toMatch(/^pi_/);
    const view = h.stripe!.view('klarna', intent.payment_intent_id);
    expect(view.amount).toBe(TOTAL_CENTS);
    expect(view.metadata).toMatchObject({ order_id: orderId, method: 'klarna' });

    const again = await h.api().post('/payments/klarna/create-intent').send(intentBody(orderId));
    expect(again.body.payment_intent_id).toBe(intent.payment_intent_id);
    expect(again.body.client_secret).toBe(intent.client_secret);

    const before = await h.api().post('/payments/klarna/verify').send({
      payment_intent_id: intent.payment_intent_id,
      client_secret: intent.client_secret,
    });
    expect(before.body.status).toBe('pending');

    h.stripe!.approve('klarna', intent.payment_intent_id);
    await h.stripe!.settled();
    const verified = await h.api().post('/payments/klarna/verify').send({
      payment_intent_id: intent.payment_intent_id,
      client_secret: intent.client_secret,
    });
    expect(verified.status).toBe(200);
    expect(KlarnaVerifyResponse.parse(verified.body)).toMatchObject({
      intent_status: 'succeeded',
      status: 'paid',
      order_id: orderId,
      total_amount: TOTAL_CENTS / 100,
    });
    const events = (await h.events('payment.succeeded')).filter((e) => e.order_id === orderId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ method: 'klarna', provider_payment_id: intent.payment_intent_id });
  });

  it('verifies only with the intent’s own client secret', async () => {
    const { intent } = await createIntent('klarna-now');
    const res = await h
      .api()
      .post('/payments/klarna/verify')
      .send({
        payment_intent_id: intent.payment_intent_id,
        client_secret: `${intent.payment_intent_id}_secret_forged`,
      });
    expect(res.status).toBe(403);
    const missing = await h
      .api()
      .post('/payments/klarna/verify')
      .send({ payment_intent_id: '', client_secret: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toContain('Parametri di pagamento mancanti. Contattaci per assistenza.');
  });

  it('a failed Klarna payment is failed (declined), the order stays pending until the expiry cancels the intent', async () => {
    const { orderId, intent } = await createIntent();
    h.stripe!.decline('klarna', intent.payment_intent_id);
    await h.stripe!.settled();
    const verified = await h.api().post('/payments/klarna/verify').send({
      payment_intent_id: intent.payment_intent_id,
      client_secret: intent.client_secret,
    });
    expect(verified.body).toMatchObject({ status: 'failed', intent_status: 'requires_payment_method' });
    const payment = await h.payment({ orderId });
    await h.timePasses(payment.id);
    await h.runJobs(EXPIRE_JOB, payment.id);
    expect(h.stripe!.view('klarna', intent.payment_intent_id).status).toBe('expired');
    const failed = (await h.events('payment.failed')).filter((e) => e.order_id === orderId);
    expect(failed.map((e) => e.reason)).toEqual(['declined', 'expired']);
  });

  it('refuses an order that is not a Klarna one (409) and an unknown order (404)', async () => {
    const orderId = randomUUID();
    h.orders.place(orderId, 'transfer');
    const wrong = await h.api().post('/payments/klarna/create-intent').send(intentBody(orderId));
    expect(wrong.status).toBe(409);
    const unknown = await h.api().post('/payments/klarna/create-intent').send(intentBody(randomUUID()));
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBeTruthy();
  });
});
