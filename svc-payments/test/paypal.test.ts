import { eq } from 'drizzle-orm';
import {
  ERROR_CODES,
  PaypalCaptureResponse,
  PaypalCreateOrderResponse,
  TOTAL_MISMATCH_DETAIL,
} from '@edicola/contracts';
import { providerEvents } from '../src/db/schema';
import { EXPIRE_JOB, REFUND_JOB } from '../src/payments/records';
import {
  checkoutBody,
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET,
  startHarness,
  WEB,
  type Harness,
} from './harness';

// 2 × round(49.90 × 1.22) + 9.00 shipping
const TOTAL_CENTS = 2 * 6088 + 900;

describe('PayPal Orders v2 over REST (fake PayPal on loopback)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('fake');
  }, 60_000);
  afterAll(() => h?.stop());

  async function createOrder(key?: string) {
    const req = h.api().post('/paypal/create-order').set('origin', WEB);
    if (key) req.set('Idempotency-Key', key);
    const res = await req.send(checkoutBody(2));
    expect(res.status).toBe(200);
    return PaypalCreateOrderResponse.parse(res.body);
  }
  const capture = (orderId: string) => h.api().post('/paypal/capture-order').send({ order_id: orderId });

  it('creates the pending order and PayPal’s order for its total; captured after approval = paid, once', async () => {
    const created = await createOrder();
    expect(created).toMatchObject({ total_amount: TOTAL_CENTS / 100, demo: false });
    expect(created.approve_url).toBe(`https://www.paypal.test/checkoutnow?token=${created.order_id}`);
    const view = h.paypal!.view(created.order_id);
    expect(view.amount).toBe(TOTAL_CENTS);
    expect(view.lines).toEqual([
      { name: 'Ferrari 312T Niki Lauda 1:43', quantity: 2, amount: 2 * 6088 },
      { name: 'Spedizione', quantity: 1, amount: TOTAL_CENTS - 2 * 6088 },
    ]);
    const call = h.orders.calls.find(
      (c) =>
        c.path === '/internal/orders' && (c.body as { order_id: string }).order_id === created.shop_order_id,
    );
    expect(call?.body).toMatchObject({ payment_method: 'paypal' });

    const early = await capture(created.order_id);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ detail: 'Pagamento PayPal non completato' });

    const decision = h.paypal!.approve(created.order_id);
    expect(decision.redirect_url).toContain(`${WEB}/checkout/success?provider=paypal`);
    const res = await capture(created.order_id);
    expect(res.status).toBe(200);
    expect(PaypalCaptureResponse.parse(res.body)).toEqual({
      payment_status: 'paid',
      order_id: created.order_id,
      shop_order_id: created.shop_order_id,
      order_reference: created.order_reference,
      total_amount: TOTAL_CENTS / 100,
    });
    await h.paypal!.settled();
    // PayPal's own PAYMENT.CAPTURE.COMPLETED webhook was verified (verify-webhook-signature) and stored by its id.
    const completed = h
      .paypal!.events()
      .filter(
        (e) =>
          e.event_type === 'PAYMENT.CAPTURE.COMPLETED' &&
          JSON.stringify(e.resource).includes(created.order_id),
      );
    expect(completed).toHaveLength(1);
    const stored = await h.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.eventId, completed[0]!.id));
    expect(stored).toMatchObject([{ provider: 'paypal', type: 'PAYMENT.CAPTURE.COMPLETED' }]);
    // Captured again (a double click): the same answer, no second capture, one event.
    expect((await capture(created.order_id)).body.payment_status).toBe('paid');
    const events = (await h.events('payment.succeeded')).filter((e) => e.order_id === created.shop_order_id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      method: 'paypal',
      provider: 'paypal',
      amount_cents: TOTAL_CENTS,
      captured_cents: TOTAL_CENTS,
      captured_currency: 'EUR',
    });
    const payment = await h.payment({ orderId: created.shop_order_id });
    expect(payment.providerPaymentId).toBe(events[0]!.provider_payment_id);

    // Staff 'cancel and refund': svc-orders asks, the refund job refunds the capture.
    await h.publish('order.refund_requested', {
      order_id: created.shop_order_id,
      order_version: 3,
      reason: 'cancelled_by_staff',
      requested_at: new Date().toISOString(),
    });
    await h.runJobs(REFUND_JOB, payment.id);
    await h.paypal!.settled();
    const refunded = (await h.events('payment.refunded')).filter((e) => e.order_id === created.shop_order_id);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ reason: 'cancelled_by_staff', provider: 'paypal' });
    expect((await h.payment({ orderId: created.shop_order_id })).status).toBe('refunded');
    const refundEvents = h.paypal!.events().filter((e) => e.event_type === 'PAYMENT.CAPTURE.REFUNDED');
    expect(refundEvents.some((e) => (e.resource as { id: string }).id === refunded[0]!.refund_id)).toBe(true);
  });

  it('records partial refunds made in PayPal’s dashboard with their amounts, refunded once all of it is', async () => {
    const created = await createOrder();
    h.paypal!.approve(created.order_id);
    expect((await capture(created.order_id)).body.payment_status).toBe('paid');
    await h.paypal!.settled();
    const payment = await h.payment({ orderId: created.shop_order_id });
    expect(payment).toMatchObject({ capturedCents: TOTAL_CENTS, capturedCurrency: 'EUR' });
    // The dashboard: PayPal's refund API with an amount, as the merchant's own tools call it.
    const dashboard = async (value?: string) => {
      const token = await fetch(`${h.paypalServer!.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      }).then((r) => r.json() as Promise<{ access_token: string }>);
      const res = await fetch(
        `${h.paypalServer!.url}/v2/payments/captures/${payment.providerPaymentId}/refund`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify(value ? { amount: { currency_code: 'EUR', value } } : {}),
        },
      );
      expect(res.status).toBe(201);
      await h.paypal!.settled();
    };
    await dashboard('20.00');
    expect(await h.payment({ orderId: created.shop_order_id })).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 2000,
    });
    await dashboard();
    expect(await h.payment({ orderId: created.shop_order_id })).toMatchObject({
      status: 'refunded',
      refundedCents: TOTAL_CENTS,
    });
    const refunded = (await h.events('payment.refunded')).filter((e) => e.order_id === created.shop_order_id);
    expect(refunded.map((e) => [e.refund_cents, e.refunded_total_cents])).toEqual([
      [2000, 2000],
      [TOTAL_CENTS - 2000, TOTAL_CENTS],
    ]);
  });

  it('a declined PayPal payment is failed on capture', async () => {
    const created = await createOrder();
    h.paypal!.decline(created.order_id);
    const res = await capture(created.order_id);
    expect(res.status).toBe(200);
    expect(res.body.payment_status).toBe('failed');
    await h.paypal!.settled();
    const failed = (await h.events('payment.failed')).filter((e) => e.order_id === created.shop_order_id);
    expect(failed.map((e) => e.reason)).toEqual(['declined']);
    expect(
      (await h.events('payment.succeeded')).filter((e) => e.order_id === created.shop_order_id),
    ).toHaveLength(0);
  });

  it('an expired payment is never captured (409), even when the buyer approved late', async () => {
    const created = await createOrder();
    const payment = await h.payment({ orderId: created.shop_order_id });
    await h.timePasses(payment.id);
    await h.runJobs(EXPIRE_JOB, payment.id);
    h.paypal!.approve(created.order_id);
    const res = await capture(created.order_id);
    expect(res.status).toBe(409);
    expect(h.paypal!.view(created.order_id).status).toBe('approved');
    expect(
      h
        .paypal!.events()
        .filter(
          (e) =>
            e.event_type === 'PAYMENT.CAPTURE.COMPLETED' &&
            JSON.stringify(e.resource).includes(created.order_id),
        ),
    ).toHaveLength(0);
    const failed = (await h.events('payment.failed')).filter((e) => e.order_id === created.shop_order_id);
    expect(failed.map((e) => e.reason)).toEqual(['expired']);
  });

  it('refuses a webhook whose signature PayPal does not confirm (400)', async () => {
    const res = await h
      .api()
      .post('/webhooks/paypal')
      .set({
        'content-type': 'application/json',
        'paypal-transmission-id': 'x',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'forged',
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT',
        'paypal-auth-algo': 'SHA256withRSA',
      })
      .send(
        JSON.stringify({
          id: 'WH-forged',
          event_type: 'PAYMENT.CAPTURE.COMPLETED',
          resource: { id: 'X', status: 'COMPLETED' },
        }),
      );
    expect(res.status).toBe(400);
  });

  it("hands back svc-orders' total mismatch with its code, for the checkout to decide on", async () => {
    h.orders.refuseNext(422, TOTAL_MISMATCH_DETAIL, ERROR_CODES.totalMismatch);
    try {
      const res = await h
        .api()
        .post('/paypal/create-order')
        .set('origin', WEB)
        .send(checkoutBody(2, { total_amount: 1 }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: TOTAL_MISMATCH_DETAIL, code: ERROR_CODES.totalMismatch });
    } finally {
      h.orders.accept();
    }
  });

  it('the same Idempotency-Key twice: one order, one PayPal order', async () => {
    const [a, b] = await Promise.all([createOrder('pp-attempt-1'), createOrder('pp-attempt-1')]);
    expect(a.order_id).toBe(b.order_id);
    expect(a.shop_order_id).toBe(b.shop_order_id);
  });
});
