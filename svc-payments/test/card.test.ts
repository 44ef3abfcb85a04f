import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { CheckoutSessionResponse, CheckoutSessionStatus } from '@edicola/contracts';
import { paymentRecords, providerEvents } from '../src/db/schema';
import { EXPIRE_JOB, REFUND_JOB } from '../src/payments/records';
import { IDEMPOTENCY_KEY_REUSED } from '@edicola/platform';
import { checkoutBody, startHarness, WEB, WEBHOOK_SECRET, type Harness } from './harness';

// 2 × round(49.90 × 1.22) + 9.00 shipping = 2 × 60.88 + 9.00
const TOTAL_CENTS = 2 * 6088 + 900;

describe('card payments through Stripe Checkout (fake Stripe on loopback, real SDK)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fake');
  }, 60_000);
  afterAll(() => h?.stop());

  async function checkout(key?: string, extra: object = {}) {
    const req = h.api().post('/checkout/session').set('origin', WEB);
    if (key) req.set('Idempotency-Key', key);
    const res = await req.send(checkoutBody(2, extra));
    return res;
  }

  it('creates the pending order and a session for its own total, and is paid by the verified webhook', async () => {
    const res = await checkout(undefined, { total_amount: 999999 });
    expect(res.status).toBe(200);
    const body = CheckoutSessionResponse.parse(res.body);
    expect(body).toMatchObject({ total_amount: TOTAL_CENTS / 100, demo: false });
    expect(body.url).toBe(`https://checkout.stripe.test/card/${body.session_id}`);
    // svc-orders got the order with a payments-chosen id and the card method.
    const call = h.orders.calls.find(
      (c) => c.path === '/internal/orders' && (c.body as { order_id: string }).order_id === body.order_id,
    );
    expect(call?.body).toMatchObject({ payment_method: 'card', status: 'pending' });
    // The fake holds what the SDK sent: line items at gross price plus shipping, the metadata.
    const view = h.stripe!.view('card', body.session_id);
    expect(view.amount).toBe(TOTAL_CENTS);
    expect(view.lines).toEqual([
      { name: 'Ferrari 312T Niki Lauda 1:43', quantity: 2, amount: 2 * 6088 },
      { name: 'Spedizione', quantity: 1, amount: 900 },
    ]);
    expect(view.metadata.order_id).toBe(body.order_id);

    const pending = await h.api().get(`/checkout/session/${body.session_id}`);
    expect(CheckoutSessionStatus.parse(pending.body).status).toBe('pending');

    h.stripe!.approve('card', body.session_id);
    await h.stripe!.settled();
    const paid = await h.api().get(`/checkout/session/${body.session_id}`);
    expect(paid.body).toEqual({
      session_id: body.session_id,
      order_id: body.order_id,
      order_reference: body.order_reference,
      total_amount: TOTAL_CENTS / 100,
      status: 'paid',
    });
    const succeeded = (await h.events('payment.succeeded')).filter((e) => e.order_id === body.order_id);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({
      method: 'card',
      provider: 'stripe',
      demo: false,
      amount_cents: TOTAL_CENTS,
      captured_cents: TOTAL_CENTS,
      captured_currency: 'EUR',
    });
    expect(succeeded[0]!.provider_payment_id).toMatch(/^pi_/);
  });

  it('a declined card fails the payment at once (payment.failed declined: svc-orders cancels); the cancel page expires the session', async () => {
    const body = CheckoutSessionResponse.parse((await checkout()).body);
    h.stripe!.decline('card', body.session_id);
    await h.stripe!.settled();
    const failed = await h.api().get(`/checkout/session/${body.session_id}`);
    expect(failed.body.status).toBe('failed');
    const declined = (await h.events('payment.failed')).filter((e) => e.order_id === body.order_id);
    expect(declined.map((e) => e.reason)).toEqual(['declined']);

    const cancelled = await h.api().post(`/checkout/session/${body.session_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('expired');
    expect(h.stripe!.view('card', body.session_id).status).toBe('expired');
    const all = (await h.events('payment.failed')).filter((e) => e.order_id === body.order_id);
    expect(all.map((e) => e.reason)).toEqual(['declined', 'abandoned']);
    // Cancelled twice: nothing more.
    await h.api().post(`/checkout/session/${body.session_id}/cancel`).expect(200);
    await h.stripe!.settled();
    expect((await h.events('payment.failed')).filter((e) => e.order_id === body.order_id)).toHaveLength(2);
  });

  it('an unpaid session expires after the time limit: session expired at Stripe, payment.failed expired', async () => {
    const body = CheckoutSessionResponse.parse((await checkout()).body);
    const payment = await h.payment({ sessionId: body.session_id });
    expect(payment.expiresAt.getTime() - payment.createdAt.getTime()).toBe(30 * 60_000);
    await h.timePasses(payment.id);
    await h.runJobs(EXPIRE_JOB, payment.id);
    expect(h.stripe!.view('card', body.session_id).status).toBe('expired');
    await h.stripe!.settled();
    const status = await h.api().get(`/checkout/session/${body.session_id}`);
    expect(status.body.status).toBe('expired');
    const failed = (await h.events('payment.failed')).filter((e) => e.order_id === body.order_id);
    expect(failed.map((e) => e.reason)).toEqual(['expired']);
  });

  it('paid while its order was being cancelled: recorded as paid, then refunded when svc-orders asks', async () => {
    const body = CheckoutSessionResponse.parse((await checkout()).body);
    // The buyer pays; Stripe's webhook is late.
    h.hold();
    h.stripe!.approve('card', body.session_id);
    // Meanwhile the order is cancelled (staff, or svc-orders' own expiry).
    await h.publish('order.status_changed', {
      order_id: body.order_id,
      order_version: 2,
      from: 'pending',
      to: 'cancelled',
      items: [],
      customer_email: 'anna@example.it',
      tracking_number: null,
    });
    const payment = await h.payment({ sessionId: body.session_id });
    await h.runJobs(EXPIRE_JOB, `${payment.id}:order-cancelled`);
    // Stripe said the session was complete: the money is recorded, not a failure.
    expect((await h.payment({ sessionId: body.session_id })).status).toBe('succeeded');
    expect((await h.events('payment.failed')).filter((e) => e.order_id === body.order_id)).toHaveLength(0);
    expect((await h.events('payment.succeeded')).filter((e) => e.order_id === body.order_id)).toHaveLength(1);
    await h.release();
    await h.stripe!.settled();
    expect((await h.events('payment.succeeded')).filter((e) => e.order_id === body.order_id)).toHaveLength(1);

    // svc-orders sees money for a cancelled order and asks for it back.
    await h.publish('order.refund_requested', {
      order_id: body.order_id,
      order_version: 3,
      reason: 'paid_after_cancellation',
      requested_at: new Date().toISOString(),
    });
    await h.runJobs(REFUND_JOB, payment.id);
    await h.stripe!.settled();
    const refunded = (await h.events('payment.refunded')).filter((e) => e.order_id === body.order_id);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ reason: 'paid_after_cancellation', amount_cents: TOTAL_CENTS });
    const row = await h.payment({ sessionId: body.session_id });
    expect(row).toMatchObject({
      status: 'refunded',
      refundedCents: TOTAL_CENTS,
      refundId: refunded[0]!.refund_id,
    });
    // The fake shows the refund, and its charge.refunded webhook changed nothing more.
    const sdk = new Stripe('sk_test_paymentstestkey', {
      host: '127.0.0.1',
      port: h.stripeServer!.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const refund = await sdk.refunds.retrieve(refunded[0]!.refund_id);
    expect(refund).toMatchObject({ status: 'succeeded', amount: TOTAL_CENTS });
    // Asked again: one refund.
    await h.publish('order.refund_requested', {
      order_id: body.order_id,
      order_version: 4,
      reason: 'paid_after_cancellation',
      requested_at: new Date().toISOString(),
    });
    expect((await h.events('payment.refunded')).filter((e) => e.order_id === body.order_id)).toHaveLength(1);
    expect((await h.api().get(`/checkout/session/${body.session_id}`)).body.status).toBe('refunded');
  });

  it('a refund made in Stripe’s dashboard shows through charge.refunded, once', async () => {
    const body = CheckoutSessionResponse.parse((await checkout()).body);
    h.stripe!.approve('card', body.session_id);
    await h.stripe!.settled();
    const payment = await h.payment({ sessionId: body.session_id });
    expect(payment.status).toBe('succeeded');
    const dashboard = new Stripe('sk_test_paymentstestkey', {
      host: '127.0.0.1',
      port: h.stripeServer!.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const refund = await dashboard.refunds.create({ payment_intent: payment.providerPaymentId! });
    await h.stripe!.settled();
    const row = await h.payment({ sessionId: body.session_id });
    expect(row).toMatchObject({ status: 'refunded', refundedCents: TOTAL_CENTS });
    // Recorded by the refund's own id, which the webhook's charge does not carry (Stripe lists its refunds).
    expect(row.refundId).toBe(refund.id);
    const refunded = (await h.events('payment.refunded')).filter((e) => e.order_id === body.order_id);
    expect(refunded).toMatchObject([{ refund_id: row.refundId, reason: 'cancelled_by_staff' }]);
    // svc-orders asking afterwards changes nothing: the money is back already.
    await h.publish('order.refund_requested', {
      order_id: body.order_id,
      order_version: 3,
      reason: 'cancelled_by_staff',
      requested_at: new Date().toISOString(),
    });
    expect((await h.events('payment.refunded')).filter((e) => e.order_id === body.order_id)).toHaveLength(1);
  });

  it('money that arrives after the payment expired is still recorded, with payment.succeeded', async () => {
    const body = CheckoutSessionResponse.parse((await checkout()).body);
    const payment = await h.payment({ sessionId: body.session_id });
    await h.timePasses(payment.id);
    await h.runJobs(EXPIRE_JOB, payment.id);
    expect((await h.payment({ sessionId: body.session_id })).status).toBe('expired');
    // An asynchronous payment Stripe confirms late (signed as Stripe signs).
    await sendStripeEvent('checkout.session.async_payment_succeeded', {
      id: body.session_id,
      object: 'checkout.session',
      payment_status: 'paid',
      status: 'complete',
      payment_intent: 'pi_late_money_1',
      amount_total: TOTAL_CENTS,
      currency: 'eur',
      metadata: { order_id: body.order_id, payment_id: payment.id },
    });
    expect((await h.payment({ sessionId: body.session_id })).status).toBe('succeeded');
    const events = (await h.events('payment.succeeded')).filter((e) => e.order_id === body.order_id);
    expect(events.map((e) => e.provider_payment_id)).toEqual(['pi_late_money_1']);
  });

  function sendStripeEvent(type: string, object: object, id = `evt_${Math.random().toString(36).slice(2)}`) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      data: { object },
      created: 1,
      livemode: false,
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return h
      .api()
      .post('/webhooks/stripe')
      .set('stripe-signature', header)
      .set('content-type', 'application/json')
      .send(payload);
  }

  it('refuses a webhook with a bad signature (400) and changes nothing', async () => {
    const body = CheckoutSessionResponse.parse((await checkout()).body);
    const payment = await h.payment({ sessionId: body.session_id });
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: body.session_id,
          object: 'checkout.session',
          payment_status: 'paid',
          metadata: { payment_id: payment.id },
        },
      },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_somebodyelse' });
    const res = await h
      .api()
      .post('/webhooks/stripe')
      .set('stripe-signature', forged)
      .set('content-type', 'application/json')
      .send(payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Firma del webhook non valida' });
    const unsigned = await h
      .api()
      .post('/webhooks/stripe')
      .set('content-type', 'application/json')
      .send(payload);
    expect(unsigned.status).toBe(400);
    expect((await h.payment({ sessionId: body.session_id })).status).toBe('open');
    const seen = await h.db.select().from(providerEvents).where(eq(providerEvents.eventId, 'evt_forged'));
    expect(seen).toHaveLength(0);
  });

  it('a replayed webhook has one effect and one outbox event; a failure after success is ignored', async () => {
    const body = CheckoutSessionResponse.parse((await checkout()).body);
    const payment = await h.payment({ sessionId: body.session_id });
    const session = {
      id: body.session_id,
      object: 'checkout.session',
      payment_status: 'paid',
      status: 'complete',
      payment_intent: 'pi_replayed_1',
      amount_total: TOTAL_CENTS,
      currency: 'eur',
      metadata: { order_id: body.order_id, payment_id: payment.id },
    };
    for (let i = 0; i < 3; i++) {
      const res = await sendStripeEvent('checkout.session.completed', session, 'evt_replayed_1');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, duplicate: i > 0 });
    }
    expect((await h.events('payment.succeeded')).filter((e) => e.order_id === body.order_id)).toHaveLength(1);
    // Out of order: the failure (and the expiry) of an attempt arrive after the success.
    await sendStripeEvent('payment_intent.payment_failed', {
      id: 'pi_replayed_1',
      object: 'payment_intent',
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
      metadata: { order_id: body.order_id, payment_id: payment.id },
    }).expect(200);
    await sendStripeEvent('checkout.session.expired', {
      ...session,
      status: 'expired',
      payment_status: 'unpaid',
    }).expect(200);
    expect((await h.payment({ sessionId: body.session_id })).status).toBe('succeeded');
    expect((await h.events('payment.failed')).filter((e) => e.order_id === body.order_id)).toHaveLength(0);
  });

  it('the same Idempotency-Key, twice and concurrently: one order call, one session', async () => {
    const before = h.orders.calls.filter((c) => c.path === '/internal/orders').length;
    const [a, b, c] = await Promise.all([
      checkout('attempt-42'),
      checkout('attempt-42'),
      checkout('attempt-42'),
    ]);
    const again = await checkout('attempt-42');
    for (const res of [a, b, c, again]) expect(res.status).toBe(200);
    const ids = new Set([a, b, c, again].map((r) => r.body.session_id as string));
    expect(ids.size).toBe(1);
    expect(new Set([a, b, c, again].map((r) => r.body.order_id as string)).size).toBe(1);
    expect(h.orders.calls.filter((c) => c.path === '/internal/orders').length - before).toBe(1);
    const rows = await h.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.requestKey, 'guest:anna@example.it card:attempt-42'));
    expect(rows).toHaveLength(1);
    // Paid once, whatever the clicks.
    h.stripe!.approve('card', a.body.session_id as string);
    await h.stripe!.settled();
    expect((await h.events('payment.succeeded')).filter((e) => e.order_id === a.body.order_id)).toHaveLength(
      1,
    );
  });

  it("scopes a key to its buyer and refuses it for another cart: never another buyer's session", async () => {
    const first = await checkout('shared-key-7');
    expect(first.status).toBe(200);
    // Another guest (another e-mail) with the same key gets a checkout of their own.
    const other = await checkout('shared-key-7', { customer_email: 'luca@example.it' });
    expect(other.status).toBe(200);
    expect(other.body.session_id).not.toBe(first.body.session_id);
    expect(other.body.order_id).not.toBe(first.body.order_id);
    // The same buyer and key with another cart: 422 with a detail, not the first cart's session.
    const calls = h.orders.calls.filter((c) => c.path === '/internal/orders').length;
    const changed = await h
      .api()
      .post('/checkout/session')
      .set('origin', WEB)
      .set('Idempotency-Key', 'shared-key-7')
      .send(checkoutBody(3));
    expect({ status: changed.status, detail: changed.body.detail }).toEqual({
      status: 422,
      detail: IDEMPOTENCY_KEY_REUSED,
    });
    expect(h.orders.calls.filter((c) => c.path === '/internal/orders').length).toBe(calls);
  }, 15_000);

  it('hands back svc-orders refusals with their status and detail, and lets a retry through afterwards', async () => {
    h.orders.refuseNext(409, 'Disponibilità insufficiente per Ferrari 312T Niki Lauda 1:43');
    const res = await checkout('attempt-stock');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'Disponibilità insufficiente per Ferrari 312T Niki Lauda 1:43' });
    const rows = await h.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.requestKey, 'guest:anna@example.it card:attempt-stock'));
    expect(rows).toHaveLength(0);
    h.orders.accept();
    const retry = await checkout('attempt-stock');
    expect(retry.status).toBe(200);
  });

  it('refuses bad input with 422 in Italian, before any order', async () => {
    const before = h.orders.calls.length;
    const res = await h
      .api()
      .post('/checkout/session')
      .send({ ...checkoutBody(), items: [] });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('Il carrello è vuoto!');
    const badKey = await h
      .api()
      .post('/checkout/session')
      .set('Idempotency-Key', 'x'.repeat(101))
      .send(checkoutBody());
    expect(badKey.status).toBe(422);
    expect(badKey.body.detail).toContain('Idempotency-Key');
    expect(h.orders.calls.length).toBe(before);
    const unknown = await h.api().get('/checkout/session/cs_nobody');
    expect(unknown.status).toBe(404);
  });

  it('a logged-in customer’s order is theirs; a token that does not verify is refused', async () => {
    const token = await h.signer.sign(
      { sub: 'c3f1a2b4-5d6e-4f70-8a9b-0c1d2e3f4a5b', kind: 'customer', role: 'customer', name: 'Anna' },
      600,
    );
    const res = await h
      .api()
      .post('/checkout/session')
      .set('authorization', `Bearer ${token}`)
      .send(checkoutBody());
    expect(res.status).toBe(200);
    expect(h.orders.orders.get(res.body.order_id as string)?.customer_id).toBe(
      'c3f1a2b4-5d6e-4f70-8a9b-0c1d2e3f4a5b',
    );
    const bad = await h
      .api()
      .post('/checkout/session')
      .set('authorization', 'Bearer not.a.token')
      .send(checkoutBody());
    expect(bad.status).toBe(401);
  });

  it('a signed completion for another amount or currency is recorded as the provider said it, never as the order’s payment', async () => {
    for (const [amount_total, currency] of [
      [1, 'eur'],
      [TOTAL_CENTS, 'usd'],
    ] as const) {
      const body = CheckoutSessionResponse.parse((await checkout()).body);
      const payment = await h.payment({ sessionId: body.session_id });
      await sendStripeEvent('checkout.session.completed', {
        id: body.session_id,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        payment_intent: `pi_short_${currency}`,
        amount_total,
        currency,
        metadata: { order_id: body.order_id, payment_id: payment.id },
      }).expect(200);
      expect(await h.payment({ sessionId: body.session_id })).toMatchObject({
        status: 'succeeded',
        amountCents: TOTAL_CENTS,
        capturedCents: amount_total,
        capturedCurrency: currency.toUpperCase(),
      });
      const [event] = (await h.events('payment.succeeded')).filter((e) => e.order_id === body.order_id);
      expect(event).toMatchObject({
        amount_cents: TOTAL_CENTS,
        captured_cents: amount_total,
        captured_currency: currency.toUpperCase(),
      });
      // The shopper's page does not say paid; svc-orders asks the refund, which goes through the refund job.
      expect((await h.api().get(`/checkout/session/${body.session_id}`)).body.status).toBe('failed');
    }
  });

  it('records partial refunds made in Stripe’s dashboard with their amounts, refunded once all of it is', async () => {
    const body = CheckoutSessionResponse.parse((await checkout()).body);
    h.stripe!.approve('card', body.session_id);
    await h.stripe!.settled();
    const payment = await h.payment({ sessionId: body.session_id });
    const dashboard = new Stripe('sk_test_paymentstestkey', {
      host: '127.0.0.1',
      port: h.stripeServer!.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await dashboard.refunds.create({ payment_intent: payment.providerPaymentId!, amount: 1000 });
    await h.stripe!.settled();
    expect(await h.payment({ sessionId: body.session_id })).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 1000,
    });
    // A replay of an older total (another event id, as Stripe may send) changes nothing.
    const charge = (await dashboard.paymentIntents.retrieve(payment.providerPaymentId!)).latest_charge;
    await sendStripeEvent('charge.refunded', {
      id: charge,
      object: 'charge',
      payment_intent: payment.providerPaymentId,
      amount_refunded: 500,
      refunded: false,
      metadata: { payment_id: payment.id },
    }).expect(200);
    await dashboard.refunds.create({ payment_intent: payment.providerPaymentId! });
    await h.stripe!.settled();
    expect(await h.payment({ sessionId: body.session_id })).toMatchObject({
      status: 'refunded',
      refundedCents: TOTAL_CENTS,
    });
    const refunded = (await h.events('payment.refunded')).filter((e) => e.order_id === body.order_id);
    expect(refunded.map((e) => [e.refund_cents, e.refunded_total_cents, e.captured_cents])).toEqual([
      [1000, 1000, TOTAL_CENTS],
      [TOTAL_CENTS - 1000, TOTAL_CENTS, TOTAL_CENTS],
    ]);
    expect((await h.api().get(`/checkout/session/${body.session_id}`)).body.status).toBe('refunded');
  });

  it('answers the live configuration with the publishable key only', async () => {
    const res = await h.api().get('/payments/config');
    expect(res.body).toEqual({
      mode: 'live',
      methods: { card: 'live', klarna: 'live', paypal: 'live', transfer: 'live' },
      stripe: { demo: false, publishable_key: 'pk_test_paymentstest' },
      paypal: { demo: false, client_id: 'paypal-test-client' },
      timeout_minutes: 30,
    });
    expect(JSON.stringify(res.body)).not.toContain('sk_test');
    expect(JSON.stringify(res.body)).not.toContain('paypal-test-secret');
    const demo = await h.api().get('/payments/demo/card/cs_anything');
    expect(demo.status).toBe(404);
    expect(demo.body.detail).toBeTruthy();
  });
});
