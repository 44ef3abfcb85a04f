import { randomUUID } from 'node:crypto';
import {
  CheckoutSessionResponse,
  KlarnaIntentResponse,
  PaymentsConfig,
  PaypalCreateOrderResponse,
} from '@edicola/contracts';
import { ConfigError } from '@edicola/platform';
import { EXPIRE_JOB } from '../src/payments/records';
import { checkoutBody, startHarness, WEB, type Harness } from './harness';

const failures = async (h: Harness, orderId: string) =>
  (await h.events('payment.failed')).filter((e) => e.order_id === orderId).map((e) => e.reason);

describe('every attempt ends at once: declines and cancels on the providers’ pages (demo mode)', () => {
  let h: Harness;
  beforeAll(async () => {
    // A limit under Stripe's 30 minutes: demo mode honours it.
    h = await startHarness('demo', { PAYMENT_TIMEOUT_MINUTES: '5' });
  }, 60_000);
  afterAll(() => h?.stop());

  it('card: a decline on the demo page emits payment.failed at once (svc-orders cancels the order)', async () => {
    const session = CheckoutSessionResponse.parse(
      (await h.api().post('/checkout/session').set('origin', WEB).send(checkoutBody(1))).body,
    );
    await h.api().post(`/payments/demo/card/${session.session_id}/decline`).set('origin', WEB).expect(200);
    expect(await failures(h, session.order_id)).toEqual(['declined']);
    // The cancelled page then expires the session: nobody can pay it any more.
    await h.api().post(`/checkout/session/${session.session_id}/cancel`).expect(200);
    expect(await failures(h, session.order_id)).toEqual(['declined', 'abandoned']);
  });

  it('Klarna: a decline on the demo page emits payment.failed at once', async () => {
    const orderId = randomUUID();
    h.orders.place(orderId, 'klarna');
    const intent = KlarnaIntentResponse.parse(
      (
        await h
          .api()
          .post('/payments/klarna/create-intent')
          .set('origin', WEB)
          .send({ order_id: orderId, customer_email: 'anna@example.it' })
      ).body,
    );
    await h.api().post(`/payments/demo/klarna/${intent.payment_intent_id}/decline`).expect(200);
    expect(await failures(h, orderId)).toEqual(['declined']);
  });

  it('Klarna: ‘Annulla’ in the checkout cancels the intent and abandons the payment, only with its client secret', async () => {
    const orderId = randomUUID();
    h.orders.place(orderId, 'klarna-now');
    const intent = KlarnaIntentResponse.parse(
      (
        await h
          .api()
          .post('/payments/klarna/create-intent')
          .send({ order_id: orderId, customer_email: 'anna@example.it' })
      ).body,
    );
    const forged = await h
      .api()
      .post('/payments/klarna/cancel')
      .send({ payment_intent_id: intent.payment_intent_id, client_secret: 'pi_x_secret_forged' });
    expect(forged.status).toBe(403);
    expect(await failures(h, orderId)).toEqual([]);
    const cancelled = await h
      .api()
      .post('/payments/klarna/cancel')
      .send({ payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'expired', intent_status: 'requires_payment_method' });
    expect(await failures(h, orderId)).toEqual(['abandoned']);
    expect((await h.api().get(`/payments/demo/klarna/${intent.payment_intent_id}`)).body.status).toBe(
      'expired',
    );
    // Twice: nothing more.
    await h
      .api()
      .post('/payments/klarna/cancel')
      .send({ payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret })
      .expect(200);
    expect(await failures(h, orderId)).toEqual(['abandoned']);
  });

  it('PayPal: a decline on the demo page abandons the payment at once; a later capture is refused', async () => {
    const created = PaypalCreateOrderResponse.parse(
      (await h.api().post('/paypal/create-order').set('origin', WEB).send(checkoutBody(1))).body,
    );
    const declined = await h
      .api()
      .post(`/payments/demo/paypal/${created.order_id}/decline`)
      .set('origin', WEB);
    expect(declined.body.redirect_url).toBe(
      `${WEB}/checkout/cancelled?provider=paypal&token=${created.order_id}`,
    );
    expect(await failures(h, created.shop_order_id)).toEqual(['abandoned']);
    // The cancelled page's own call (PayPal's cancel_url) changes nothing more.
    const again = await h.api().post('/paypal/cancel-order').send({ order_id: created.order_id });
    expect(again.body).toMatchObject({ payment_status: 'expired', shop_order_id: created.shop_order_id });
    expect(await failures(h, created.shop_order_id)).toEqual(['abandoned']);
    expect((await h.api().post('/paypal/capture-order').send({ order_id: created.order_id })).status).toBe(
      409,
    );
  });

  it('PayPal: coming back through cancel_url abandons the payment at once', async () => {
    const created = PaypalCreateOrderResponse.parse(
      (await h.api().post('/paypal/create-order').send(checkoutBody(1))).body,
    );
    const res = await h.api().post('/paypal/cancel-order').send({ order_id: created.order_id });
    expect(res.status).toBe(200);
    expect(res.body.payment_status).toBe('expired');
    expect(await failures(h, created.shop_order_id)).toEqual(['abandoned']);
    expect((await h.api().post('/paypal/cancel-order').send({ order_id: 'NOSUCHORDER1' })).status).toBe(404);
  });

  it('honours a time limit under 30 minutes: the card checkout works and expires after 5 minutes', async () => {
    const session = CheckoutSessionResponse.parse(
      (await h.api().post('/checkout/session').send(checkoutBody(1))).body,
    );
    const payment = await h.payment({ sessionId: session.session_id });
    expect(payment.expiresAt.getTime() - payment.createdAt.getTime()).toBe(5 * 60_000);
    expect(PaymentsConfig.parse((await h.api().get('/payments/config')).body).timeout_minutes).toBe(5);
    await h.timePasses(payment.id);
    await h.runJobs(EXPIRE_JOB, payment.id);
    expect(await failures(h, session.order_id)).toEqual(['expired']);
    expect((await h.api().get(`/payments/demo/card/${session.session_id}`)).body.status).toBe('expired');
  });
});

describe('live mode with Stripe only: PayPal is off, no demo anywhere', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fake', {
      PAYMENTS_MODE: 'live',
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
      PAYPAL_WEBHOOK_ID: '',
    });
  }, 60_000);
  afterAll(() => h?.stop());

  it('tells the checkout which methods are on and that nothing is demo', async () => {
    expect(PaymentsConfig.parse((await h.api().get('/payments/config')).body)).toEqual({
      mode: 'live',
      methods: { card: 'live', klarna: 'live', paypal: 'off', transfer: 'live' },
      stripe: { demo: false, publishable_key: 'pk_test_paymentstest' },
      paypal: { demo: false, client_id: null },
      timeout_minutes: 30,
    });
  });

  it('answers 503 with a detail on every PayPal route, before any order is made', async () => {
    const before = h.orders.calls.length;
    for (const [path, body] of [
      ['/paypal/create-order', checkoutBody(1)],
      ['/paypal/capture-order', { order_id: 'ABCDEFGHIJ12' }],
      ['/paypal/cancel-order', { order_id: 'ABCDEFGHIJ12' }],
      ['/webhooks/paypal', { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} }],
    ] as const) {
      const res = await h.api().post(path).send(body);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: 'Pagamento con PayPal non disponibile in questo negozio' });
    }
    expect(h.orders.calls.length).toBe(before);
  });

  it('answers 404 on every demo route', async () => {
    const session = CheckoutSessionResponse.parse(
      (await h.api().post('/checkout/session').send(checkoutBody(1))).body,
    );
    expect(session.demo).toBe(false);
    for (const [kind, id] of [
      ['card', session.session_id],
      ['klarna', 'pi_anything'],
      ['paypal', 'ABCDEFGHIJ12'],
    ]) {
      expect((await h.api().get(`/payments/demo/${kind}/${id}`)).status).toBe(404);
      expect((await h.api().post(`/payments/demo/${kind}/${id}/approve`)).status).toBe(404);
      expect((await h.api().post(`/payments/demo/${kind}/${id}/decline`)).status).toBe(404);
    }
  });
});

describe('live mode with PayPal only: card and Klarna are off', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fake', {
      PAYMENTS_MODE: 'live',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    });
  }, 60_000);
  afterAll(() => h?.stop());

  it('answers 503 on the card and Klarna routes and Stripe’s webhook; PayPal works', async () => {
    for (const [path, body] of [
      ['/checkout/session', checkoutBody(1)],
      ['/payments/klarna/create-intent', { order_id: randomUUID(), customer_email: 'anna@example.it' }],
      ['/payments/klarna/verify', { payment_intent_id: 'pi_x', client_secret: 'pi_x_secret_y' }],
      ['/payments/klarna/cancel', { payment_intent_id: 'pi_x', client_secret: 'pi_x_secret_y' }],
      ['/webhooks/stripe', {}],
    ] as const) {
      const res = await h.api().post(path).send(body);
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe('Pagamento con carta e Klarna non disponibile in questo negozio');
    }
    expect((await h.api().get('/checkout/session/cs_x')).status).toBe(503);
    const created = await h.api().post('/paypal/create-order').send(checkoutBody(1));
    expect(created.status).toBe(200);
    expect(created.body.demo).toBe(false);
  });
});

describe('start-up', () => {
  it('is refused when one provider has keys and the other none, unless the mode says which', async () => {
    const refused = await startHarness('fake', {
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
      PAYPAL_WEBHOOK_ID: '',
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).message).toContain('PAYMENTS_MODE: PayPal has no credentials');
    // Explicitly demo: every provider runs its fake, the keys are ignored.
    const demo = await startHarness('fake', { PAYMENTS_MODE: 'demo', PAYPAL_CLIENT_ID: '' });
    try {
      expect((await demo.api().get('/payments/config')).body.methods).toEqual({
        card: 'demo',
        klarna: 'demo',
        paypal: 'demo',
        transfer: 'live',
      });
    } finally {
      await demo.stop();
    }
  }, 60_000);

  it('is refused with a live Stripe and a time limit under 30 minutes', async () => {
    const refused = await startHarness('fake', { PAYMENT_TIMEOUT_MINUTES: '10' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems).toEqual([
      expect.stringContaining('PAYMENT_TIMEOUT_MINUTES: at least 30 with a live Stripe'),
    ]);
  }, 60_000);
});
