import { CheckoutSessionResponse, InternalPaymentExpiry } from '@edicola/contracts';
import { createInternalTokens } from '@edicola/platform';
import { checkoutBody, INTERNAL_SECRET, startHarness, WEB, type Harness } from './harness';

// svc-orders' call before it cancels an unpaid online order (its deadline passed, or its checkout gave it up):
// the open attempts are expired at the provider first (fake Stripe on loopback, real SDK), and the answer says
// whether the money was taken.
jest.setTimeout(30_000);

describe('POST /internal/orders/{id}/expire-payments (svc-orders → svc-payments)', () => {
  let h: Harness;
  let ordersToken: string;
  beforeAll(async () => {
    h = await startHarness('fake');
    ordersToken = await createInternalTokens(INTERNAL_SECRET).sign('svc-orders', 'svc-payments');
  }, 60_000);
  afterAll(() => h?.stop());

  const checkout = async () =>
    CheckoutSessionResponse.parse(
      (await h.api().post('/checkout/session').set('origin', WEB).send(checkoutBody(1))).body,
    );
  const expire = (orderId: string, token = ordersToken) =>
    h
      .api()
      .post(`/internal/orders/${orderId}/expire-payments`)
      .set('Authorization', `Bearer ${token}`)
      .send({});

  it('passes the order’s cancel token through to the browser', async () => {
    const session = await checkout();
    expect(session.cancel_token).toBe(`cancel-${session.order_id}`);
  });

  it('expires an open card session at Stripe and answers not paid', async () => {
    const session = await checkout();
    const res = await expire(session.order_id);
    expect(res.status).toBe(200);
    expect(InternalPaymentExpiry.parse(res.body)).toEqual({ paid: false });
    expect(h.stripe!.view('card', session.session_id).status).toBe('expired');
    // Once, with our reason or with the one Stripe's webhook for a session expired before its time gives
    // (src/payments/apply.ts), whichever is written first.
    const failed = (await h.events('payment.failed')).filter((e) => e.order_id === session.order_id);
    expect(failed).toHaveLength(1);
    expect(['expired', 'abandoned']).toContain(failed[0]!.reason);
    // Asked again: nothing more to expire, still not paid.
    expect((await expire(session.order_id)).body).toEqual({ paid: false });
  });

  it('answers paid when Stripe took the money before its webhook arrived (the order must not be cancelled)', async () => {
    const session = await checkout();
    h.hold();
    h.stripe!.approve('card', session.session_id);
    await h.stripe!.settled();
    const res = await expire(session.order_id);
    expect(res.body).toEqual({ paid: true });
    const succeeded = (await h.events('payment.succeeded')).filter((e) => e.order_id === session.order_id);
    expect(succeeded).toHaveLength(1);
    await h.release();
  });

  it('answers not paid for an order without any payment, and only to svc-orders', async () => {
    const orderId = '5b0e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
    expect((await expire(orderId)).body).toEqual({ paid: false });
    const fromPayments = await createInternalTokens(INTERNAL_SECRET).sign('svc-payments', 'svc-payments');
    expect((await expire(orderId, fromPayments)).status).toBeGreaterThanOrEqual(401);
    expect((await h.api().post(`/internal/orders/${orderId}/expire-payments`).send({})).status).toBe(401);
  });
});
