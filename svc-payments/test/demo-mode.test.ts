import { randomUUID } from 'node:crypto';
import {
  CheckoutSessionResponse,
  DemoPaymentDecision,
  DemoPaymentView,
  KlarnaIntentResponse,
  PaypalCreateOrderResponse,
} from '@edicola/contracts';
import { checkoutBody, DISCOUNT_CODE, startHarness, WEB, type Harness } from './harness';

describe('demo mode: no provider keys, the fakes run inside the service', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('demo');
  }, 60_000);
  afterAll(() => h?.stop());

  it('says so in its configuration, with no keys', async () => {
    const res = await h.api().get('/payments/config');
    expect(res.body).toEqual({
      mode: 'demo',
      methods: { card: 'demo', klarna: 'demo', paypal: 'demo', transfer: 'live' },
      stripe: { demo: true, publishable_key: null },
      paypal: { demo: true, client_id: null },
      timeout_minutes: 30,
    });
  });

  it('card: the shop’s demo page shows the session, approve sends the signed webhook in and redirects to success', async () => {
    const res = await h.api().post('/checkout/session').set('origin', WEB).send(checkoutBody(1));
    const session = CheckoutSessionResponse.parse(res.body);
    expect(session.demo).toBe(true);
    expect(session.url).toBe(`${WEB}/pagamento-demo?kind=card&id=${session.session_id}`);
    const view = await h.api().get(`/payments/demo/card/${session.session_id}`);
    expect(view.status).toBe(200);
    expect(DemoPaymentView.parse(view.body)).toEqual({
      kind: 'card',
      id: session.session_id,
      order_reference: session.order_reference,
      customer_email: 'anna@example.it',
      amount: 69.88,
      currency: 'EUR',
      status: 'open',
      lines: [
        { name: 'Ferrari 312T Niki Lauda 1:43', quantity: 1, amount: 60.88 },
        { name: 'Spedizione', quantity: 1, amount: 9 },
      ],
    });
    const approved = await h
      .api()
      .post(`/payments/demo/card/${session.session_id}/approve`)
      .set('origin', WEB);
    expect(approved.status).toBe(200);
    expect(DemoPaymentDecision.parse(approved.body).redirect_url).toBe(
      `${WEB}/checkout/success?session_id=${session.session_id}`,
    );
    const status = await h.api().get(`/checkout/session/${session.session_id}`);
    expect(status.body.status).toBe('paid');
    const events = (await h.events('payment.succeeded')).filter((e) => e.order_id === session.order_id);
    expect(events).toHaveLength(1);
    expect(events[0]!.demo).toBe(true);
    // Decided: a second decision is refused.
    const twice = await h.api().post(`/payments/demo/card/${session.session_id}/decline`);
    expect(twice.status).toBe(409);
  });

  it('card: decline goes to the cancel page with the payment failed', async () => {
    const res = await h.api().post('/checkout/session').set('origin', WEB).send(checkoutBody(1));
    const session = CheckoutSessionResponse.parse(res.body);
    const declined = await h
      .api()
      .post(`/payments/demo/card/${session.session_id}/decline`)
      .set('origin', WEB);
    expect(declined.body.redirect_url).toBe(`${WEB}/checkout/cancelled?session_id=${session.session_id}`);
    expect((await h.api().get(`/checkout/session/${session.session_id}`)).body.status).toBe('failed');
  });

  it('Klarna: demo_url, approve redirects to the return page with the intent and its secret, verify says paid', async () => {
    const orderId = randomUUID();
    h.orders.place(orderId, 'klarna');
    const res = await h.api().post('/payments/klarna/create-intent').set('origin', WEB).send({
      order_id: orderId,
      customer_email: 'anna@example.it',
    });
    const intent = KlarnaIntentResponse.parse(res.body);
    expect(intent.demo_url).toBe(`${WEB}/pagamento-demo?kind=klarna&id=${intent.payment_intent_id}`);
    const view = await h.api().get(`/payments/demo/klarna/${intent.payment_intent_id}`);
    expect(view.body).toMatchObject({ kind: 'klarna', amount: 69.88, status: 'open' });
    const approved = await h
      .api()
      .post(`/payments/demo/klarna/${intent.payment_intent_id}/approve`)
      .set('origin', WEB);
    const url = new URL(approved.body.redirect_url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${WEB}/payment-success`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      payment_intent: intent.payment_intent_id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    });
    const verified = await h.api().post('/payments/klarna/verify').send({
      payment_intent_id: intent.payment_intent_id,
      client_secret: intent.client_secret,
    });
    expect(verified.body).toMatchObject({ status: 'paid', intent_status: 'succeeded' });
  });

  it('PayPal: the demo page approves, the buyer comes back with token and PayerID, the capture is paid', async () => {
    const res = await h.api().post('/paypal/create-order').set('origin', WEB).send(checkoutBody(1));
    const created = PaypalCreateOrderResponse.parse(res.body);
    expect(created.approve_url).toBe(`${WEB}/pagamento-demo?kind=paypal&id=${created.order_id}`);
    const view = await h.api().get(`/payments/demo/paypal/${created.order_id}`);
    expect(view.body).toMatchObject({ kind: 'paypal', amount: 69.88, status: 'open' });
    // Its lines add up to what is asked: the article and the shipping.
    expect(DemoPaymentView.parse(view.body).lines).toEqual([
      { name: 'Ferrari 312T Niki Lauda 1:43', quantity: 1, amount: 60.88 },
      { name: 'Spedizione', quantity: 1, amount: 9 },
    ]);
    const approved = await h
      .api()
      .post(`/payments/demo/paypal/${created.order_id}/approve`)
      .set('origin', WEB);
    const url = new URL(approved.body.redirect_url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${WEB}/checkout/success`);
    expect(url.searchParams.get('provider')).toBe('paypal');
    expect(url.searchParams.get('token')).toBe(created.order_id);
    expect(url.searchParams.get('PayerID')).toBeTruthy();
    const captured = await h.api().post('/paypal/capture-order').send({ order_id: created.order_id });
    expect(captured.body.payment_status).toBe('paid');
  });

  it('charges the discounted total of an order with a discount code: card, PayPal and Klarna (docs/product/cart-and-checkout.md#discount-codes)', async () => {
    // 60,88 of goods, 10 % off = 6,09, 9,00 of shipping: 63,79.
    const withCode = checkoutBody(1, { discount_code: DISCOUNT_CODE.toLowerCase() });
    const card = CheckoutSessionResponse.parse(
      (await h.api().post('/checkout/session').set('origin', WEB).send(withCode)).body,
    );
    const created = h.orders.calls.find(
      (call) =>
        call.path === '/internal/orders' && (call.body as { order_id: string }).order_id === card.order_id,
    );
    expect((created!.body as { discount_code: string }).discount_code).toBe(DISCOUNT_CODE);
    const cardView = DemoPaymentView.parse(
      (await h.api().get(`/payments/demo/card/${card.session_id}`)).body,
    );
    expect(cardView.amount).toBe(63.79);
    // The lines no longer add up to the total: one line for the order, never a different amount.
    expect(cardView.lines).toEqual([{ name: `Ordine ${card.order_reference}`, quantity: 1, amount: 63.79 }]);

    const paypal = PaypalCreateOrderResponse.parse(
      (await h.api().post('/paypal/create-order').set('origin', WEB).send(withCode)).body,
    );
    const paypalView = DemoPaymentView.parse(
      (await h.api().get(`/payments/demo/paypal/${paypal.order_id}`)).body,
    );
    expect(paypalView.amount).toBe(63.79);

    const klarnaOrder = randomUUID();
    h.orders.place(klarnaOrder, 'klarna', 1, DISCOUNT_CODE);
    const intent = KlarnaIntentResponse.parse(
      (
        await h.api().post('/payments/klarna/create-intent').set('origin', WEB).send({
          order_id: klarnaOrder,
          customer_email: 'anna@example.it',
          amount: 69.88,
        })
      ).body,
    );
    const klarnaView = await h.api().get(`/payments/demo/klarna/${intent.payment_intent_id}`);
    expect(klarnaView.body).toMatchObject({ kind: 'klarna', amount: 63.79 });
  });

  it('answers 404 for what is not one of its demo payments', async () => {
    expect((await h.api().get('/payments/demo/card/cs_unknown')).status).toBe(404);
    expect((await h.api().get('/payments/demo/bitcoin/x')).status).toBe(422);
  });
});
