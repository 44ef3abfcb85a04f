import Stripe from 'stripe';
import {
  createFakeStripe,
  FakeNotFoundError,
  FakeStateError,
  type FakeServer,
  type FakeStripe,
} from '../../src/fakes';

const webhookSecret = 'whsec_test_fake';
const hostedPageUrl = (kind: string, id: string) => `http://shop.test/pagamento-demo?kind=${kind}&id=${id}`;

function sdk(server: FakeServer, key = 'sk_test_edicola'): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: server.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

const sessionParams = (expiresAt?: number): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  locale: 'it',
  customer_email: 'anna@example.it',
  line_items: [
    {
      quantity: 2,
      price_data: { currency: 'eur', unit_amount: 1999, product_data: { name: 'Dylan Dog 401' } },
    },
    { quantity: 1, price_data: { currency: 'eur', unit_amount: 590, product_data: { name: 'Spedizione' } } },
  ],
  success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://shop.test/checkout/cancelled?session_id={CHECKOUT_SESSION_ID}',
  metadata: { order_id: 'ord-1', payment_id: 'pay-1' },
  payment_intent_data: { metadata: { order_id: 'ord-1', payment_id: 'pay-1' } },
  ...(expiresAt ? { expires_at: expiresAt } : {}),
});

describe('fake Stripe driven by the stripe SDK', () => {
  let clock: Date;
  let received: { payload: string; header: string }[];
  let failNextDeliveries: number;
  let fake: FakeStripe;
  let server: FakeServer;
  let stripe: Stripe;

  beforeEach(async () => {
    clock = new Date('2026-11-22T10:00:00Z');
    received = [];
    failNextDeliveries = 0;
    fake = createFakeStripe({
      webhookSecret,
      hostedPageUrl,
      now: () => clock,
      deliverWebhook: async (payload, header) => {
        if (failNextDeliveries-- > 0) throw new Error('receiver down');
        received.push({ payload, header });
      },
    });
    server = await fake.listen();
    stripe = sdk(server);
  });
  afterEach(() => server.close());

  const deliveredEvents = () =>
    received.map(({ payload, header }) => stripe.webhooks.constructEvent(payload, header, webhookSecret));

  it('creates a Checkout Session from nested line items, and retrieves it', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2 * 1999 + 590,
      currency: 'eur',
      customer_email: 'anna@example.it',
      locale: 'it',
      metadata: { order_id: 'ord-1', payment_id: 'pay-1' },
      payment_intent: null,
      url: hostedPageUrl('card', session.id),
      expires_at: Date.parse('2026-11-23T10:00:00Z') / 1000,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);

    const again = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(
      again.line_items?.data.map((item) => [item.description, item.quantity, item.amount_total]),
    ).toEqual([
      ['Dylan Dog 401', 2, 3998],
      ['Spedizione', 1, 590],
    ]);
    expect(fake.view('card', session.id)).toEqual({
      kind: 'card',
      id: session.id,
      status: 'open',
      amount: 4588,
      currency: 'EUR',
      customer_email: 'anna@example.it',
      lines: [
        { name: 'Dylan Dog 401', quantity: 2, amount: 3998 },
        { name: 'Spedizione', quantity: 1, amount: 590 },
      ],
      metadata: { order_id: 'ord-1', payment_id: 'pay-1' },
    });
  });

  it('answers a retry with the same Idempotency-Key with the same session, and refuses the key for other params', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'checkout-pay-1',
    });
    const retry = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'checkout-pay-1',
    });
    expect(retry.id).toBe(first.id);
    expect(retry.lastResponse.headers['idempotent-replayed']).toBe('true');

    const other = { ...sessionParams(), customer_email: 'bruno@example.it' };
    await expect(
      stripe.checkout.sessions.create(other, { idempotencyKey: 'checkout-pay-1' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
    const fresh = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'checkout-pay-2',
    });
    expect(fresh.id).not.toBe(first.id);
  });

  it('refuses a bad key with 401, which the SDK raises as StripeAuthenticationError', async () => {
    await expect(
      sdk(server, 'sk_live_nope').checkout.sessions.create(sessionParams()),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const res = await fetch(`${server.url}/v1/payment_intents/pi_x`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('answers invalid parameters and unknown ids with Stripe errors', async () => {
    const bad = {
      ...sessionParams(),
      line_items: [{ quantity: 1, price_data: { currency: 'eur', product_data: { name: 'x' } } }],
    };
    await expect(
      stripe.checkout.sessions.create(bad as Stripe.Checkout.SessionCreateParams),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items[0][price_data][unit_amount]',
    });
    await expect(
      stripe.checkout.sessions.create({
        ...sessionParams(),
        shiping: 'x',
      } as Stripe.Checkout.SessionCreateParams),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'shiping' });
    const tooSoon = Date.parse('2026-11-22T10:10:00Z') / 1000;
    await expect(stripe.checkout.sessions.create(sessionParams(tooSoon))).rejects.toMatchObject({
      param: 'expires_at',
    });
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('approves a session: paid with a succeeded intent and a charge, redirect to success_url, signed webhooks', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const decision = fake.approve('card', session.id);
    expect(decision.redirect_url).toBe(`http://shop.test/checkout/success?session_id=${session.id}`);

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      id: decision.payment_intent.id,
      status: 'succeeded',
      amount: 4588,
      amount_received: 4588,
      metadata: { order_id: 'ord-1', payment_id: 'pay-1' },
    });
    expect(intent.latest_charge).toMatch(/^ch_/);

    await fake.settled();
    const events = deliveredEvents();
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    const completed = events[1]!;
    expect(completed.id).toMatch(/^evt_/);
    expect(completed.data.object).toMatchObject({
      id: session.id,
      payment_status: 'paid',
      metadata: { order_id: 'ord-1' },
    });
    expect(fake.events().map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(() =>
      stripe.webhooks.constructEvent(received[1]!.payload, received[1]!.header, 'whsec_other'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);

    expect(fake.approve('card', session.id).redirect_url).toBe(decision.redirect_url);
    await fake.settled();
    expect(received).toHaveLength(2);
    expect(fake.view('card', session.id).status).toBe('approved');
  });

  it('retries a failed webhook delivery', async () => {
    failNextDeliveries = 1;
    const session = await stripe.checkout.sessions.create(sessionParams());
    fake.approve('card', session.id);
    await fake.settled();
    expect(
      deliveredEvents()
        .map((event) => event.type)
        .sort(),
    ).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
  });

  it('declines a card: payment_failed, the session stays open and can still be paid', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const decision = fake.decline('card', session.id);
    expect(decision.redirect_url).toBe(`http://shop.test/checkout/cancelled?session_id=${session.id}`);
    expect(decision.payment_intent.last_payment_error?.code).toBe('card_declined');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(fake.view('card', session.id).status).toBe('declined');

    fake.approve('card', session.id);
    await fake.settled();
    expect(deliveredEvents().map((event) => event.type)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
  });

  it('expires a session on request, or once expires_at has passed; an expired one can no longer be paid', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams());
    const expired = await stripe.checkout.sessions.expire(first.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await expect(stripe.checkout.sessions.expire(first.id)).rejects.toMatchObject({ statusCode: 400 });
    expect(() => fake.approve('card', first.id)).toThrow(FakeStateError);

    const expiresAt = Date.parse('2026-11-22T10:30:00Z') / 1000;
    const second = await stripe.checkout.sessions.create(sessionParams(expiresAt));
    expect(fake.expireDue()).toEqual([]);
    clock = new Date('2026-11-22T10:30:00Z');
    expect(fake.expireDue()).toEqual([second.id]);
    expect(fake.view('card', second.id).status).toBe('expired');

    await fake.settled();
    expect(deliveredEvents().map((event) => [event.type, (event.data.object as { id: string }).id])).toEqual([
      ['checkout.session.expired', first.id],
      ['checkout.session.expired', second.id],
    ]);
    expect(() => fake.view('card', 'cs_test_unknown')).toThrow(FakeNotFoundError);
  });

  it('creates, retrieves and cancels a Klarna PaymentIntent', async () => {
    const created = await stripe.paymentIntents.create({
      amount: 4588,
      currency: 'eur',
      allowed_payment_method_types: ['klarna'],
      payment_method_options: { klarna: { preferred_locale: 'it-IT' } },
      metadata: { order_id: 'ord-2' },
    });
    expect(created).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 4588,
      currency: 'eur',
      payment_method_types: ['klarna'],
      metadata: { order_id: 'ord-2' },
    });
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_\\w+$`));
    expect((await stripe.paymentIntents.retrieve(created.id)).client_secret).toBe(created.client_secret);

    const canceled = await stripe.paymentIntents.cancel(created.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    await expect(stripe.paymentIntents.cancel(created.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    expect(fake.view('klarna', created.id).status).toBe('expired');
    expect(() => fake.approve('klarna', created.id)).toThrow(FakeStateError);
  });

  it('approves Klarna with the category the buyer chose, declines with last_payment_error', async () => {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 3000,
      currency: 'eur',
      allowed_payment_method_types: ['klarna'],
      payment_method_options: { klarna: { preferred_locale: 'it-IT' } },
    };
    const later = await stripe.paymentIntents.create(params);
    const declined = fake.decline('klarna', later.id);
    expect(declined).toMatchObject({
      redirect_url: null,
      payment_intent: { status: 'requires_payment_method' },
    });
    expect(fake.view('klarna', later.id).status).toBe('declined');
    fake.approve('klarna', later.id);
    const paid = await stripe.paymentIntents.retrieve(later.id, { expand: ['latest_charge'] });
    expect(paid.status).toBe('succeeded');
    expect((paid.latest_charge as Stripe.Charge).payment_method_details?.klarna).toEqual({
      payment_method_category: 'pay_later',
      preferred_locale: 'it-IT',
    });

    const now = await stripe.paymentIntents.create(params);
    const decision = fake.approve('klarna', now.id, { klarnaCategory: 'pay_now' });
    const charge = await stripe.charges.retrieve(decision.payment_intent.latest_charge!);
    expect(charge.payment_method_details?.klarna?.payment_method_category).toBe('pay_now');

    await fake.settled();
    expect(deliveredEvents().map((event) => event.type)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
      'payment_intent.succeeded',
    ]);
  });

  it('refunds a paid intent, in part and then the rest, with charge.refunded webhooks', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const intentId = fake.approve('card', session.id).payment_intent.id;
    await expect(stripe.refunds.create({ payment_intent: intentId, amount: 5000 })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    const part = await stripe.refunds.create(
      { payment_intent: intentId, amount: 1000 },
      { idempotencyKey: 'refund-1' },
    );
    expect(part).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 1000,
      payment_intent: intentId,
    });
    expect(part.id).toMatch(/^re_/);
    const replay = await stripe.refunds.create(
      { payment_intent: intentId, amount: 1000 },
      { idempotencyKey: 'refund-1' },
    );
    expect(replay.id).toBe(part.id);
    const rest = await stripe.refunds.create({ payment_intent: intentId });
    expect(rest.amount).toBe(3588);
    expect((await stripe.refunds.retrieve(rest.id)).charge).toBe(part.charge);
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });

    await fake.settled();
    const refunded = deliveredEvents().filter((event) => event.type === 'charge.refunded');
    expect(refunded.map((event) => (event.data.object as Stripe.Charge).amount_refunded)).toEqual([
      1000, 4588,
    ]);
    expect((refunded[1]!.data.object as Stripe.Charge).refunded).toBe(true);
    // Each refund is announced by its own id too, and the charge's refunds are listed newest first, by page.
    const created = deliveredEvents().filter((event) => event.type === 'refund.created');
    expect(created.map((event) => (event.data.object as Stripe.Refund).id)).toEqual([part.id, rest.id]);
    const charge = String(part.charge);
    const listed = await stripe.refunds.list({ charge }).autoPagingToArray({ limit: 10 });
    expect(listed.map((r) => [r.id, r.amount])).toEqual([
      [rest.id, 3588],
      [part.id, 1000],
    ]);
    const firstPage = await stripe.refunds.list({ payment_intent: intentId, limit: 1 });
    expect(firstPage).toMatchObject({ object: 'list', has_more: true, data: [{ id: rest.id }] });
    expect((await stripe.refunds.list({ charge: 'ch_none' })).data).toEqual([]);

    const unpaid = await stripe.paymentIntents.create({ amount: 1000, currency: 'eur' });
    await expect(stripe.refunds.create({ payment_intent: unpaid.id })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
