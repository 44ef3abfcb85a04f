import request from 'supertest';
import {
  createFakePaypal,
  FakeNotFoundError,
  FakeStateError,
  type FakePaypal,
  type FakeServer,
} from '../../src/fakes';

const clientId = 'client-edicola';
const clientSecret = 'secret-edicola';
const webhookId = 'WH-EDICOLA-1';
const hostedPageUrl = (id: string) => `http://shop.test/pagamento-demo?kind=paypal&id=${id}`;

interface Delivery {
  body: string;
  headers: Record<string, string>;
}

const orderBody = (overrides: { itemTotal?: string; value?: string } = {}) => ({
  intent: 'CAPTURE',
  purchase_units: [
    {
      reference_id: 'ord-1',
      custom_id: 'ord-1',
      amount: {
        currency_code: 'EUR',
        value: overrides.value ?? '45.88',
        breakdown: {
          item_total: { currency_code: 'EUR', value: overrides.itemTotal ?? '39.98' },
          shipping: { currency_code: 'EUR', value: '5.90' },
        },
      },
      items: [
        { name: 'Dylan Dog 401', quantity: '2', unit_amount: { currency_code: 'EUR', value: '19.99' } },
      ],
    },
  ],
  payment_source: {
    paypal: {
      experience_context: {
        return_url: 'http://shop.test/checkout/success?provider=paypal',
        cancel_url: 'http://shop.test/checkout/cancelled?provider=paypal',
        locale: 'it-IT',
        brand_name: 'Edicola',
        user_action: 'PAY_NOW',
        shipping_preference: 'NO_SHIPPING',
      },
    },
  },
});

describe('fake PayPal over its REST API', () => {
  let deliveries: Delivery[];
  let fake: FakePaypal;
  let server: FakeServer;
  let token: string;

  function call(method: 'GET' | 'POST', path: string, body?: object, headers: Record<string, string> = {}) {
    const req = method === 'GET' ? request(server.url).get(path) : request(server.url).post(path);
    req.set({ authorization: `Bearer ${token}`, ...headers });
    return body === undefined ? req : req.send(body);
  }

  const grantToken = (secret: string) =>
    request(server.url)
      .post('/v1/oauth2/token')
      .auth(clientId, secret)
      .type('form')
      .send({ grant_type: 'client_credentials' });

  async function approvedOrder(): Promise<string> {
    const created = await call('POST', '/v2/checkout/orders', orderBody());
    fake.approve(created.body.id);
    return created.body.id;
  }

  const verifyDelivery = (
    { body, headers }: Delivery,
    changes: { event?: unknown; webhookId?: string } = {},
  ) =>
    call('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: headers['paypal-auth-algo'],
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: changes.webhookId ?? webhookId,
      webhook_event: changes.event ?? JSON.parse(body),
    });

  beforeEach(async () => {
    deliveries = [];
    fake = createFakePaypal({
      clientId,
      clientSecret,
      webhookId,
      hostedPageUrl,
      deliverWebhook: async (body, headers) => void deliveries.push({ body, headers }),
    });
    server = await fake.listen();
    const grant = await grantToken(clientSecret);
    expect(grant.body).toMatchObject({ token_type: 'Bearer', expires_in: 32400 });
    token = grant.body.access_token;
  });
  afterEach(() => server.close());

  it('grants tokens only to the right client, and answers only bearers of a token', async () => {
    const refused = await grantToken('wrong');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'invalid_client' });

    token = 'not-a-token';
    expect((await call('POST', '/v2/checkout/orders', orderBody())).status).toBe(401);
  });

  it('creates an order waiting for the payer, with the payer-action link, idempotent by PayPal-Request-Id', async () => {
    const created = await call('POST', '/v2/checkout/orders', orderBody(), { 'PayPal-Request-Id': 'pay-1' });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[0-9A-Z]{17}$/);
    expect(created.body.status).toBe('PAYER_ACTION_REQUIRED');
    expect(created.body.links).toContainEqual({
      rel: 'payer-action',
      href: hostedPageUrl(created.body.id),
      method: 'GET',
    });

    const retry = await call('POST', '/v2/checkout/orders', orderBody(), { 'PayPal-Request-Id': 'pay-1' });
    expect(retry.body.id).toBe(created.body.id);
    const other = await call('POST', '/v2/checkout/orders', orderBody(), { 'PayPal-Request-Id': 'pay-2' });
    expect(other.body.id).not.toBe(created.body.id);

    const { payment_source: _source, ...withoutSource } = orderBody();
    const plain = await call('POST', '/v2/checkout/orders', withoutSource);
    expect(plain.body.status).toBe('CREATED');
    expect(plain.body.links.map((l: { rel: string }) => l.rel)).toEqual([
      'self',
      'approve',
      'update',
      'capture',
    ]);

    const read = await call('GET', `/v2/checkout/orders/${created.body.id}`);
    expect(read.body).toMatchObject({
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [
        { reference_id: 'ord-1', custom_id: 'ord-1', amount: { currency_code: 'EUR', value: '45.88' } },
      ],
    });
    expect(fake.view(created.body.id)).toEqual({
      kind: 'paypal',
      id: created.body.id,
      status: 'open',
      amount: 4588,
      currency: 'EUR',
      customer_email: null,
      // The items, and the breakdown's shipping under them (as PayPal's page shows it).
      lines: [
        { name: 'Dylan Dog 401', quantity: 2, amount: 3998 },
        { name: 'Spedizione', quantity: 1, amount: 590 },
      ],
      metadata: { reference_id: 'ord-1', custom_id: 'ord-1' },
    });
  });

  it('refuses totals that do not add up with 422, and malformed amounts with 400', async () => {
    const items = await call(
      'POST',
      '/v2/checkout/orders',
      orderBody({ itemTotal: '40.00', value: '45.90' }),
    );
    expect(items.status).toBe(422);
    expect(items.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'ITEM_TOTAL_MISMATCH' }],
    });

    const amount = await call('POST', '/v2/checkout/orders', orderBody({ value: '45.00' }));
    expect(amount.status).toBe(422);
    expect(amount.body.details[0].issue).toBe('AMOUNT_MISMATCH');

    const malformed = await call('POST', '/v2/checkout/orders', orderBody({ value: '45.888' }));
    expect(malformed.status).toBe(400);
    expect(malformed.body.name).toBe('INVALID_REQUEST');
    expect(await call('GET', '/v2/checkout/orders/NOSUCHORDER')).toMatchObject({
      status: 404,
      body: { name: 'RESOURCE_NOT_FOUND' },
    });
  });

  it('approves (return_url with token and PayerID), captures COMPLETED once, and sends verifiable webhooks', async () => {
    const created = await call('POST', '/v2/checkout/orders', orderBody());
    const orderId = created.body.id;
    const early = await call('POST', `/v2/checkout/orders/${orderId}/capture`);
    expect(early.status).toBe(422);
    expect(early.body.details[0].issue).toBe('ORDER_NOT_APPROVED');

    const decision = fake.approve(orderId);
    const back = new URL(decision.redirect_url!);
    expect(`${back.origin}${back.pathname}`).toBe('http://shop.test/checkout/success');
    expect(back.searchParams.get('provider')).toBe('paypal');
    expect(back.searchParams.get('token')).toBe(orderId);
    expect(back.searchParams.get('PayerID')).toMatch(/^[0-9A-Z]{13}$/);
    expect(fake.view(orderId).status).toBe('approved');

    const captured = await call('POST', `/v2/checkout/orders/${orderId}/capture`, undefined, {
      'PayPal-Request-Id': 'capture-pay-1',
    });
    expect(captured.status).toBe(201);
    expect(captured.body.status).toBe('COMPLETED');
    const capture = captured.body.purchase_units[0].payments.captures[0];
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'EUR', value: '45.88' } });

    const retried = await call('POST', `/v2/checkout/orders/${orderId}/capture`, undefined, {
      'PayPal-Request-Id': 'capture-pay-1',
    });
    expect(retried.body.purchase_units[0].payments.captures[0].id).toBe(capture.id);
    const again = await call('POST', `/v2/checkout/orders/${orderId}/capture`);
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe('ORDER_ALREADY_CAPTURED');

    await fake.settled();
    const events = deliveries.map((delivery) => JSON.parse(delivery.body));
    expect(events.map((event) => event.event_type)).toEqual([
      'CHECKOUT.ORDER.APPROVED',
      'PAYMENT.CAPTURE.COMPLETED',
    ]);
    expect(events[1].resource).toMatchObject({
      id: capture.id,
      custom_id: 'ord-1',
      supplementary_data: { related_ids: { order_id: orderId } },
    });
    expect(fake.events().map((event) => event.id)).toEqual(events.map((event) => event.id));

    for (const delivery of deliveries) {
      expect((await verifyDelivery(delivery)).body).toEqual({ verification_status: 'SUCCESS' });
    }
    const tampered = {
      ...events[1],
      resource: { ...events[1].resource, amount: { currency_code: 'EUR', value: '0.01' } },
    };
    expect((await verifyDelivery(deliveries[1]!, { event: tampered })).body).toEqual({
      verification_status: 'FAILURE',
    });
    expect((await verifyDelivery(deliveries[1]!, { webhookId: 'WH-SOMEONE-ELSE' })).body).toEqual({
      verification_status: 'FAILURE',
    });
    expect(
      (await call('POST', '/v1/notifications/verify-webhook-signature', { webhook_id: webhookId })).status,
    ).toBe(400);
  });

  it('sends a declining buyer to cancel_url, and captures the order as DECLINED', async () => {
    const created = await call('POST', '/v2/checkout/orders', orderBody());
    const decision = fake.decline(created.body.id);
    expect(decision.redirect_url).toBe(
      `http://shop.test/checkout/cancelled?provider=paypal&token=${created.body.id}`,
    );
    expect(fake.view(created.body.id).status).toBe('declined');
    expect(() => fake.approve(created.body.id)).toThrow(FakeStateError);

    const captured = await call('POST', `/v2/checkout/orders/${created.body.id}/capture`);
    expect(captured.status).toBe(201);
    expect(captured.body.purchase_units[0].payments.captures[0].status).toBe('DECLINED');
    expect(() => fake.view('NOSUCHORDER')).toThrow(FakeNotFoundError);
  });

  it('refunds a capture in part and in full, idempotent by PayPal-Request-Id, with PAYMENT.CAPTURE.REFUNDED', async () => {
    const orderId = await approvedOrder();
    const captured = await call('POST', `/v2/checkout/orders/${orderId}/capture`);
    const captureId = captured.body.purchase_units[0].payments.captures[0].id;

    const part = await call(
      'POST',
      `/v2/payments/captures/${captureId}/refund`,
      { amount: { currency_code: 'EUR', value: '10.00' } },
      { 'PayPal-Request-Id': 'refund-1' },
    );
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '10.00' },
    });
    const replay = await call(
      'POST',
      `/v2/payments/captures/${captureId}/refund`,
      { amount: { currency_code: 'EUR', value: '10.00' } },
      { 'PayPal-Request-Id': 'refund-1' },
    );
    expect(replay.body.id).toBe(part.body.id);

    const rest = await call(
      'POST',
      `/v2/payments/captures/${captureId}/refund`,
      {},
      { 'PayPal-Request-Id': 'refund-2' },
    );
    expect(rest.body.amount.value).toBe('35.88');
    const order = await call('GET', `/v2/checkout/orders/${orderId}`);
    expect(order.body.purchase_units[0].payments.captures[0].status).toBe('REFUNDED');
    const more = await call('POST', `/v2/payments/captures/${captureId}/refund`, {});
    expect(more.status).toBe(422);
    expect((await call('POST', '/v2/payments/captures/NOSUCHCAPTURE/refund', {})).status).toBe(404);

    await fake.settled();
    const refunded = deliveries
      .map((d) => JSON.parse(d.body))
      .filter((e) => e.event_type === 'PAYMENT.CAPTURE.REFUNDED');
    expect(refunded.map((event) => event.resource.amount.value)).toEqual(['10.00', '35.88']);
    expect(refunded[0].resource.links).toContainEqual({
      rel: 'up',
      href: `${server.url}/v2/payments/captures/${captureId}`,
      method: 'GET',
    });
    expect((await verifyDelivery(deliveries.at(-1)!)).body.verification_status).toBe('SUCCESS');
  });
});
