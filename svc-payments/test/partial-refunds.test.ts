import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { CheckoutSessionResponse, PaypalCreateOrderResponse } from '@edicola/contracts';
import { jobs, paymentRefunds, refundRequests } from '../src/db/schema';
import { REFUND_JOB } from '../src/payments/records';
import { checkoutBody, startHarness, WEB, WEBHOOK_SECRET, type Harness } from './harness';

const TOTAL_CENTS = 2 * 6088 + 900;

// order.refund_requested v2 (a staff partial refund) through the real Stripe SDK and PayPal client against the
// fakes on loopback, whose webhooks arrive too.
describe('partial refunds: exactly the amount asked, once per refund request, the outcome on the payment events', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fake');
  }, 60_000);
  afterAll(() => h?.stop());

  async function paidByCard() {
    const res = await h.api().post('/checkout/session').set('origin', WEB).send(checkoutBody(2));
    const body = CheckoutSessionResponse.parse(res.body);
    h.stripe!.approve('card', body.session_id);
    await h.stripe!.settled();
    return { orderId: body.order_id, payment: await h.payment({ sessionId: body.session_id }) };
  }
  async function paidByPaypal() {
    const res = await h.api().post('/paypal/create-order').set('origin', WEB).send(checkoutBody(2));
    const created = PaypalCreateOrderResponse.parse(res.body);
    h.paypal!.approve(created.order_id);
    expect((await h.api().post('/paypal/capture-order').send({ order_id: created.order_id })).status).toBe(
      200,
    );
    await h.paypal!.settled();
    return { orderId: created.shop_order_id, payment: await h.payment({ orderId: created.shop_order_id }) };
  }
  const ask = (orderId: string, requestId: string, cents: number, version = 3) =>
    h.publish('order.refund_requested', {
      order_id: orderId,
      order_version: version,
      reason: 'partial_refund',
      requested_at: new Date().toISOString(),
      refund_request_id: requestId,
      amount_cents: cents,
    });
  const settled = () => Promise.all([h.stripe!.settled(), h.paypal!.settled()]);
  const refundedOf = async (orderId: string) =>
    (await h.events('payment.refunded')).filter((e) => e.order_id === orderId);
  const sdk = () =>
    new Stripe('sk_test_paymentstestkey', {
      host: '127.0.0.1',
      port: h.stripeServer!.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  const refundRowsOf = async (paymentId: string) =>
    (await h.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))).map((r) => [
      r.refundId,
      r.cents,
    ]);
  /** A webhook Stripe sent, delivered once more under a new event id (as Stripe may announce a change again). */
  const deliverAgain = async (event: { type: string; data: { object: unknown } }) => {
    const payload = JSON.stringify({ ...event, id: `evt_again_${randomUUID()}` });
    const res = await h
      .api()
      .post('/webhooks/stripe')
      .set('stripe-signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .set('content-type', 'application/json')
      .send(payload);
    expect(res.status).toBe(200);
  };
  const failedOf = async (orderId: string) =>
    (await h.events('payment.refund_failed')).filter((e) => e.order_id === orderId);

  it('Stripe: refunds exactly the amount with the request id as idempotency key; asked twice, refunded once', async () => {
    const { orderId, payment } = await paidByCard();
    const requestId = randomUUID();
    await ask(orderId, requestId, 2000);
    await ask(orderId, requestId, 2000, 4);
    await h.runJobs(REFUND_JOB, requestId);
    await settled();
    const refunded = await refundedOf(orderId);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({
      refund_request_id: requestId,
      refund_cents: 2000,
      refunded_total_cents: 2000,
      captured_cents: TOTAL_CENTS,
      reason: 'partial_refund',
    });
    const row = await h.payment({ orderId });
    expect(row).toMatchObject({ status: 'partially_refunded', refundedCents: 2000 });
    const [request] = await h.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(request).toMatchObject({ state: 'done', paymentId: payment.id, amountCents: 2000 });
    // The job ran once: its key is the request id.
    expect(await h.db.select().from(jobs).where(eq(jobs.key, requestId))).toHaveLength(1);

    // A second partial refund, then the rest through a 'cancel and refund' (all that is left).
    const second = randomUUID();
    await ask(orderId, second, 1000, 5);
    await h.runJobs(REFUND_JOB, second);
    await settled();
    const full = randomUUID();
    await h.publish('order.refund_requested', {
      order_id: orderId,
      order_version: 6,
      reason: 'cancelled_by_staff',
      requested_at: new Date().toISOString(),
      refund_request_id: full,
    });
    await h.runJobs(REFUND_JOB, payment.id);
    await settled();
    const all = await refundedOf(orderId);
    expect(all.map((e) => [e.refund_request_id, e.refund_cents, e.refunded_total_cents])).toEqual([
      [requestId, 2000, 2000],
      [second, 1000, 3000],
      [full, TOTAL_CENTS - 3000, TOTAL_CENTS],
    ]);
    expect(await h.payment({ orderId })).toMatchObject({ status: 'refunded', refundedCents: TOTAL_CENTS });
  });

  it('Stripe’s charge.refunded for our refund may come before the job recorded it: one payment.refunded, with the request', async () => {
    const { orderId, payment } = await paidByCard();
    const requestId = randomUUID();
    await ask(orderId, requestId, 1234);
    // The job's call reached Stripe (same idempotency key and amount) and its webhook was handled first.
    const sdk = new Stripe('sk_test_paymentstestkey', {
      host: '127.0.0.1',
      port: h.stripeServer!.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const made = await sdk.refunds.create(
      { payment_intent: payment.providerPaymentId!, amount: 1234 },
      { idempotencyKey: `refund-${requestId}` },
    );
    await settled();
    const early = await refundedOf(orderId);
    expect(early).toHaveLength(1);
    expect(early[0]).toMatchObject({
      refund_request_id: requestId,
      refund_cents: 1234,
      refunded_total_cents: 1234,
    });
    // Then the job: Stripe answers the same refund for the key; nothing more is recorded or announced.
    await h.runJobs(REFUND_JOB, requestId);
    await settled();
    expect(await refundedOf(orderId)).toHaveLength(1);
    expect(await h.payment({ orderId })).toMatchObject({ status: 'partially_refunded', refundedCents: 1234 });
    const [request] = await h.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(request).toMatchObject({ state: 'done' });
    expect(request!.providerRefundId).toBe(made.id);
  });

  it('the refund staff asked is booked once when Stripe’s webhooks are handled while the job waits for Stripe’s answer', async () => {
    const { orderId, payment } = await paidByCard();
    const requestId = randomUUID();
    // Stripe's webhooks (charge.refunded, refund.created) are handled before the job gets Stripe's answer back and
    // records it, as they were in the back office.
    h.stripe!.webhooksBeforeAnswers(true);
    try {
      await ask(orderId, requestId, 6088);
      await h.runJobs(REFUND_JOB, requestId);
      await settled();
    } finally {
      h.stripe!.webhooksBeforeAnswers(false);
    }
    const {
      data: [made],
    } = await sdk().refunds.list({ payment_intent: payment.providerPaymentId! });
    expect(made).toMatchObject({ amount: 6088, metadata: { refund_request_id: requestId } });
    const refunded = await refundedOf(orderId);
    expect(
      refunded.map((e) => [e.refund_id, e.refund_cents, e.refunded_total_cents, e.refund_request_id]),
    ).toEqual([[made!.id, 6088, 6088, requestId]]);
    expect(await h.payment({ orderId })).toMatchObject({ status: 'partially_refunded', refundedCents: 6088 });
    expect(await refundRowsOf(payment.id)).toEqual([[made!.id, 6088]]);
    // The same webhooks delivered again (Stripe retries), and a later charge.refunded with another event id.
    for (const event of h
      .stripe!.events()
      .filter((e) => e.type === 'charge.refunded' || e.type === 'refund.created'))
      await deliverAgain(event);
    expect(await refundedOf(orderId)).toHaveLength(1);
    expect(await h.payment({ orderId })).toMatchObject({ refundedCents: 6088 });
  });

  it('svc-payments dies between Stripe’s refund and its record: the retried job and the late webhook book it once', async () => {
    for (const webhookFirst of [true, false]) {
      const { orderId, payment } = await paidByCard();
      const requestId = randomUUID();
      await ask(orderId, requestId, 900);
      // The job reached Stripe and the process died before it recorded anything; Stripe's webhooks wait.
      h.hold();
      const made = await sdk().refunds.create(
        {
          payment_intent: payment.providerPaymentId!,
          amount: 900,
          metadata: { payment_id: payment.id, order_id: orderId, refund_request_id: requestId },
        },
        { idempotencyKey: `refund-${requestId}` },
      );
      if (webhookFirst) await h.release();
      // The job runs again (its lease ran out): the same idempotency key gets Stripe's same refund back.
      await h.runJobs(REFUND_JOB, requestId);
      if (!webhookFirst) await h.release();
      await settled();
      const refunded = await refundedOf(orderId);
      expect(refunded.map((e) => [e.refund_id, e.refund_cents, e.refunded_total_cents])).toEqual([
        [made.id, 900, 900],
      ]);
      expect(await refundRowsOf(payment.id)).toEqual([[made.id, 900]]);
      const [request] = await h.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
      expect(request).toMatchObject({ state: 'done', providerRefundId: made.id });
    }
  });

  it('PayPal: refunds the capture with the amount; PayPal’s own webhook of it changes nothing more', async () => {
    const { orderId } = await paidByPaypal();
    const requestId = randomUUID();
    await ask(orderId, requestId, 1550);
    await h.runJobs(REFUND_JOB, requestId);
    await settled();
    const refunded = await refundedOf(orderId);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({
      provider: 'paypal',
      refund_request_id: requestId,
      refund_cents: 1550,
      refunded_total_cents: 1550,
    });
    expect(await h.payment({ orderId })).toMatchObject({ status: 'partially_refunded', refundedCents: 1550 });
    const refundEvents = h.paypal!.events().filter((e) => e.event_type === 'PAYMENT.CAPTURE.REFUNDED');
    expect(refundEvents.some((e) => (e.resource as { id: string }).id === refunded[0]!.refund_id)).toBe(true);
  });

  it('a refund the provider refuses for good fails at once with its reason (final), without retries', async () => {
    const { orderId, payment } = await paidByCard();
    // Another refund emptied the charge first (the shop's dashboard).
    const first = randomUUID();
    await ask(orderId, first, TOTAL_CENTS - 100);
    await h.runJobs(REFUND_JOB, first);
    await settled();
    const tooMuch = randomUUID();
    await ask(orderId, tooMuch, 500, 4);
    await h.runJobs(REFUND_JOB, tooMuch);
    await settled();
    const failed = await failedOf(orderId);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ refund_request_id: tooMuch, final: true, payment_id: payment.id });
    expect(failed[0]!.error).toMatch(/^Stripe: .*amount_too_large/);
    const [request] = await h.db.select().from(refundRequests).where(eq(refundRequests.id, tooMuch));
    expect(request).toMatchObject({ state: 'failed' });
    const [job] = await h.db.select().from(jobs).where(eq(jobs.key, tooMuch));
    expect(job).toMatchObject({ attempts: 1, parkedAt: null });
    expect(job!.doneAt).not.toBeNull();
    expect(await refundedOf(orderId)).toHaveLength(1);
    expect(await h.payment({ orderId })).toMatchObject({
      status: 'partially_refunded',
      refundedCents: TOTAL_CENTS - 100,
    });
  });
});
