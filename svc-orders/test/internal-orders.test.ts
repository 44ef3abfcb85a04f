import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  CreateOrderResponse,
  EVENTS,
  InternalOrder,
  OrderDetail,
  TOTAL_MISMATCH_DETAIL,
  type EventEnvelope,
} from '@edicola/contracts';
import { reservations } from '../../svc-catalog/src/db/schema';
import { orderRecords, outbox } from '../src/db/schema';
import { IDEMPOTENCY_KEY_REUSED } from '@edicola/platform';
import { orderBody, STAFF, startShop, type Shop } from './shop';
import { azienda, privato } from './support';

describe('svc-orders for svc-payments: POST and GET /internal/orders, and Idempotency-Key on POST /orders', () => {
  let shop: Shop;
  let staffToken: string;
  let paymentsToken: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const ordersWithId = async (id: string) =>
    (
      await shop.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderRecords)
        .where(eq(orderRecords.id, id))
    )[0]!.n;
  const orderCount = async () =>
    (await shop.db.select({ n: sql<number>`count(*)::int` }).from(orderRecords))[0]!.n;
  const createdEventsOf = async (orderId: string) =>
    (await shop.db.select().from(outbox).where(eq(outbox.type, 'order.created')))
      .map((row) => row.envelope as EventEnvelope)
      .filter((e) => (e.data as { order_id: string }).order_id === orderId);
  /** A card checkout's order as svc-payments asks for it: the order id chosen by the payment, no client total. */
  const internalBody = (orderId: string, lines: { article_id: string; quantity: number }[], extra = {}) => ({
    ...orderBody(lines, 0),
    total_amount: undefined,
    payment_method: 'card',
    order_id: orderId,
    client_address: '203.0.113.1',
    ...extra,
  });
  const createInternal = (body: object, token = paymentsToken) =>
    api().post('/internal/orders').set(bearer(token)).send(body);

  beforeAll(async () => {
    shop = await startShop();
    staffToken = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
    paymentsToken = await shop.internalToken();
  }, 90_000);
  afterAll(() => shop?.stop());

  it('answers only svc-payments, with an internal token meant for svc-orders', async () => {
    const article = await shop.addArticle({ stock: 5 });
    const body = internalBody(randomUUID(), [{ article_id: article, quantity: 1 }]);
    const refusals = [
      [await api().post('/internal/orders').send(body), 401],
      [await createInternal(body, staffToken), 401],
      [await createInternal(body, await shop.internalToken('svc-catalog')), 403],
      [await createInternal(body, await shop.internalToken('svc-payments', 'svc-catalog')), 403],
      [await api().get(`/internal/orders/${body.order_id}`), 401],
      [await api().get(`/internal/orders/${body.order_id}`).set(bearer(staffToken)), 401],
    ] as const;
    for (const [res, status] of refusals) {
      expect({ status: res.status, detail: typeof res.body.detail }).toEqual({ status, detail: 'string' });
    }
    expect(await ordersWithId(body.order_id)).toBe(0);
    expect(await shop.stockOf(article)).toBe(5);
  });

  it('creates a pending order under the id svc-payments chose, in cents; a repeat answers it with 200 and reserves nothing more', async () => {
    const article = await shop.addArticle({ stock: 5, title: 'Ferrari F40 1:18', priceCents: 4990 });
    const orderId = randomUUID();
    const body = internalBody(orderId, [{ article_id: article, quantity: 2 }]);
    const first = await createInternal(body);
    expect(first.status).toBe(201);
    const order = InternalOrder.parse(first.body);
    // 2 × round(49.90 × 1.22) = 2 × 60.88 = 121.76; 2 items to Italy: 9.00.
    expect(order).toMatchObject({
      order_id: orderId,
      order_reference: `ORD-${orderId.replace(/-/g, '').slice(-8).toUpperCase()}`,
      status: 'pending',
      payment_method: 'card',
      payment_status: 'pending',
      customer_email: 'anna@example.it',
      customer_name: 'Anna Esposito',
      subtotal_cents: 12176,
      shipping_cents: 900,
      total_cents: 13076,
    });
    expect(order.items).toEqual([
      {
        article_id: article,
        sku: expect.stringMatching(/^ART-/),
        title: 'Ferrari F40 1:18',
        quantity: 2,
        unit_net_cents: 4990,
        iva_percentage: 22,
        unit_gross_cents: 6088,
        line_total_cents: 12176,
      },
    ]);
    expect(await shop.stockOf(article)).toBe(3);

    const again = await createInternal(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await shop.stockOf(article)).toBe(3);
    expect(await ordersWithId(orderId)).toBe(1);
    expect(await createdEventsOf(orderId)).toHaveLength(1);

    const read = await api().get(`/internal/orders/${orderId}`).set(bearer(paymentsToken));
    expect(read.status).toBe(200);
    expect(read.body).toEqual(first.body);
    const missing = await api().get(`/internal/orders/${randomUUID()}`).set(bearer(paymentsToken));
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 404,
      body: { detail: 'Ordine non trovato' },
    });
    expect((await api().get('/internal/orders/non-un-id').set(bearer(paymentsToken))).status).toBe(422);
  });

  it('never gives back the stock of a stored order: a repeat after the order was cancelled answers it, cancelled', async () => {
    const article = await shop.addArticle({ stock: 4 });
    const orderId = randomUUID();
    const body = internalBody(orderId, [{ article_id: article, quantity: 1 }]);
    expect((await createInternal(body)).status).toBe(201);
    await api().put(`/api/orders/${orderId}/status?status=cancelled`).set(bearer(staffToken)).expect(200);
    const again = await createInternal(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ order_id: orderId, status: 'cancelled' });
    const refused = await createInternal({ ...body, payment_method: 'paypal' });
    expect({ status: refused.status, detail: refused.body.detail }).toEqual({
      status: 422,
      detail: IDEMPOTENCY_KEY_REUSED,
    });
    expect(await ordersWithId(orderId)).toBe(1);
  });

  it('ends a race of identical calls with one order and its stock still reserved', async () => {
    const article = await shop.addArticle({ stock: 10, priceCents: 1000 });
    const orderId = randomUUID();
    const body = internalBody(orderId, [{ article_id: article, quantity: 3 }], { payment_method: 'paypal' });
    const answers = await Promise.all([1, 2, 3, 4].map(() => createInternal(body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await ordersWithId(orderId)).toBe(1);
    expect(await shop.stockOf(article)).toBe(7);
    const [reservation] = await shop.catalogDb
      .select()
      .from(reservations)
      .where(eq(reservations.orderId, orderId));
    expect(reservation).toMatchObject({ releasedAt: null });
    expect(await createdEventsOf(orderId)).toHaveLength(1);
  });

  it('treats a customer_id like a logged-in customer: the order is theirs, a company is invoiced with its account data', async () => {
    const article = await shop.addArticle({ stock: 10, priceCents: 1000 });
    const register = (body: object) => api().post('/api/customers/register').send(body);
    const anna = (await register(privato)).body.customer_id as string;
    const ferrari = (await register(azienda)).body.customer_id as string;
    expect([anna, ferrari].every((id) => typeof id === 'string')).toBe(true);

    const mine = internalBody(randomUUID(), [{ article_id: article, quantity: 1 }], { customer_id: anna });
    expect((await createInternal(mine)).status).toBe(201);
    const company = internalBody(randomUUID(), [{ article_id: article, quantity: 1 }], {
      customer_id: ferrari,
      payment_method: 'klarna',
    });
    expect((await createInternal(company)).status).toBe(201);

    const detail = async (id: string) =>
      OrderDetail.parse((await api().get(`/api/orders/${id}`).set(bearer(staffToken))).body);
    expect(await detail(mine.order_id)).toMatchObject({ customer_id: anna, invoice_data: null });
    expect((await detail(company.order_id)).invoice_data).toMatchObject({
      requires_invoice: true,
      invoice_type: 'azienda',
      ragione_sociale: 'Ferrari S.p.A.',
      piva: '00159560366',
    });
    const login = await api().post('/api/customers/login').send(privato);
    const listed = await api()
      .get('/api/customers/orders')
      .set(bearer(login.body.access_token as string));
    expect(listed.body).toEqual([
      expect.objectContaining({ id: mine.order_id, payment_method: 'card', payment_status: 'pending' }),
    ]);
  });

  it('refuses bad input with a 4xx and writes nothing; a wrong client total gives the stock back', async () => {
    const article = await shop.addArticle({ stock: 5, priceCents: 1000 });
    const line = [{ article_id: article, quantity: 1 }];
    const before = await orderCount();
    const cases: [object, number, RegExp][] = [
      [{ ...internalBody(randomUUID(), line), order_id: 'ordine-1' }, 422, /^Identificativo non valido$/],
      [{ ...internalBody(randomUUID(), line), order_id: undefined }, 422, /^Manca un dato obbligatorio$/],
      [internalBody(randomUUID(), line, { payment_method: 'transfer' }), 422, /^Metodo di pagamento non online$/],
      [internalBody(randomUUID(), line, { customer_id: randomUUID() }), 422, /Account non più esistente/],
      [internalBody(randomUUID(), []), 422, /Il carrello è vuoto!/],
      [internalBody(randomUUID(), line, { total_amount: 1 }), 422, new RegExp(TOTAL_MISMATCH_DETAIL)],
    ]; // prettier-ignore
    for (const [body, status, detail] of cases) {
      const res = await createInternal(body);
      expect({ status: res.status, detail: res.body.detail }).toEqual({
        status,
        detail: expect.stringMatching(detail),
      });
    }
    expect(await orderCount()).toBe(before);
    expect(await shop.stockOf(article)).toBe(5);
    // The right total (12.20 + 9.00) is accepted.
    const ok = await createInternal(internalBody(randomUUID(), line, { total_amount: 21.2 }));
    expect(ok.status).toBe(201);
    expect(ok.body.total_cents).toBe(2120);
  });

  describe('POST /orders with an Idempotency-Key', () => {
    const klarnaBody = (article: string, quantity = 1) =>
      orderBody([{ article_id: article, quantity }], 12.2 * quantity + 9, { payment_method: 'klarna' });

    it('answers a repeat of the same key with the same order and the same answer, reserving once', async () => {
      const article = await shop.addArticle({ stock: 5, priceCents: 1000 });
      const key = randomUUID();
      const first = await api().post('/orders').set('Idempotency-Key', key).send(klarnaBody(article));
      expect(first.status).toBe(201);
      const answer = CreateOrderResponse.parse(first.body);
      // A double click sends the browser's clock again: order_date differs, the order is the same.
      const second = await api()
        .post('/orders')
        .set('Idempotency-Key', key)
        .send({ ...klarnaBody(article), order_date: new Date(Date.now() + 700).toISOString() });
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(await shop.stockOf(article)).toBe(4);
      expect(await ordersWithId(answer.order_id)).toBe(1);
      expect(await createdEventsOf(answer.order_id)).toHaveLength(1);
      // Without a key, the same body is a new order.
      const other = await api().post('/orders').send(klarnaBody(article));
      expect(other.body.order_id).not.toBe(answer.order_id);
      expect(await shop.stockOf(article)).toBe(3);
    });

    it('ends a double click racing itself with one order and one reservation held', async () => {
      const article = await shop.addArticle({ stock: 6, priceCents: 1000 });
      const key = randomUUID();
      const before = await orderCount();
      const answers = await Promise.all(
        [1, 2, 3].map(() => api().post('/orders').set('Idempotency-Key', key).send(klarnaBody(article, 2))),
      );
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((r) => r.body.order_id as string)).size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
      expect(await shop.stockOf(article)).toBe(4);
      const held = (await shop.catalogDb.select().from(reservations)).filter(
        (r) => r.releasedAt === null && r.lines.some((l) => l.article_id === article),
      );
      expect(held.map((r) => r.orderId)).toEqual([answers[0]!.body.order_id]);
    });

    it('gives both tabs of a double click on the last unit the same order, not a 409', async () => {
      const article = await shop.addArticle({ stock: 1, priceCents: 1000 });
      const key = randomUUID();
      const [a, b] = await Promise.all(
        [1, 2].map(() => api().post('/orders').set('Idempotency-Key', key).send(klarnaBody(article))),
      );
      expect([a!.status, b!.status]).toEqual([201, 201]);
      expect(a!.body.order_id).toBe(b!.body.order_id);
      expect(await shop.stockOf(article)).toBe(0);
    });

    it('refuses a key reused for a different cart, and scopes keys to the customer', async () => {
      const article = await shop.addArticle({ stock: 10, priceCents: 1000 });
      const key = randomUUID();
      const first = await api().post('/orders').set('Idempotency-Key', key).send(klarnaBody(article));
      expect(first.status).toBe(201);
      const changed = await api().post('/orders').set('Idempotency-Key', key).send(klarnaBody(article, 2));
      expect({ status: changed.status, body: changed.body }).toEqual({
        status: 422,
        body: { detail: IDEMPOTENCY_KEY_REUSED },
      });
      expect(await shop.stockOf(article)).toBe(9);
      // The same key from a logged-in customer is that customer's own order.
      const login = await api().post('/api/customers/login').send(privato);
      const token = login.body.access_token as string;
      const theirs = await api()
        .post('/orders')
        .set(bearer(token))
        .set('Idempotency-Key', key)
        .send(klarnaBody(article));
      expect(theirs.status).toBe(201);
      expect(theirs.body.order_id).not.toBe(first.body.order_id);
      expect(await shop.stockOf(article)).toBe(8);
    });

    it('refuses a malformed key before reserving anything', async () => {
      const article = await shop.addArticle({ stock: 3, priceCents: 1000 });
      const before = await orderCount();
      for (const [key, detail] of [
        ['x'.repeat(101), /al massimo 100 caratteri/],
        ['   ', /non può essere vuota/],
        ['chiave-perché', /caratteri stampabili/],
      ] as const) {
        const res = await api().post('/orders').set('Idempotency-Key', key).send(klarnaBody(article));
        expect({ status: res.status, detail: res.body.detail }).toEqual({
          status: 422,
          detail: expect.stringMatching(detail),
        });
      }
      expect(await orderCount()).toBe(before);
      expect(await shop.stockOf(article)).toBe(3);
      const longest = await api()
        .post('/orders')
        .set('Idempotency-Key', 'k'.repeat(100))
        .send(klarnaBody(article));
      expect(longest.status).toBe(201);
    });
  });

  it('publishes order.created for internal orders as its schema says', async () => {
    const rows = await shop.db.select().from(outbox).where(eq(outbox.type, 'order.created'));
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) EVENTS['order.created'].data.parse((row.envelope as EventEnvelope).data);
  });
});
