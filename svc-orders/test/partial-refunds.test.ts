import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  EVENTS,
  InternalOrder,
  Order,
  OrderDetail,
  type EventData,
  type EventEnvelope,
} from '@edicola/contracts';
import { upsertStaff } from '../src/staff/users';
import { waitFor } from '@edicola/platform/testing';
import { reservations } from '../../svc-catalog/src/db/schema';
import { auditEntries, outbox, refundRequests } from '../src/db/schema';
import { orderBody, STAFF, startShop, type Shop } from './shop';

// POST /api/orders/{id}/refunds end to end with the real catalogue: svc-payments' answers are its real events
// (payment.refunded / payment.refund_failed) delivered over the bus.
describe('partial refunds: chosen lines or an amount, once, with their outcome on the order', () => {
  let shop: Shop;
  let adminToken: string;
  let staffToken: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** A card order paid through svc-payments: `quantity` units of a new article at 10,00 € net (12,20 € gross). */
  async function paidCardOrder(stock = 10, quantity = 3) {
    const article = await shop.addArticle({
      stock,
      priceCents: 1000,
      iva: 22,
      title: 'Lamborghini Miura 1:18',
    });
    const res = await api()
      .post('/internal/orders')
      .set(bearer(await shop.internalToken()))
      .send({
        ...orderBody([{ article_id: article, quantity }], 0),
        total_amount: undefined,
        payment_method: 'card',
        order_id: randomUUID(),
        client_address: '203.0.113.9',
      });
    expect(res.status).toBe(201);
    const order = InternalOrder.parse(res.body);
    await shop.publish('payment.succeeded', {
      ...facts(order),
      provider_payment_id: `pi_${order.order_id.replace(/-/g, '').slice(0, 24)}`,
      captured_cents: order.total_cents,
      captured_currency: 'EUR',
      succeeded_at: new Date().toISOString(),
    });
    return { article, order };
  }
  const facts = (order: InternalOrder) => ({
    payment_id: `pay_${order.order_id.slice(0, 8)}`,
    order_id: order.order_id,
    method: 'card' as const,
    provider: 'stripe' as const,
    demo: false,
    amount_cents: order.total_cents,
    currency: 'EUR' as const,
  });
  const refunded = (
    order: InternalOrder,
    requestId: string,
    cents: number,
    total: number,
  ): EventData<'payment.refunded'> => ({
    ...facts(order),
    captured_cents: order.total_cents,
    refund_id: `re_${randomUUID().slice(0, 8)}`,
    refund_cents: cents,
    refunded_total_cents: total,
    reason: 'partial_refund',
    refunded_at: new Date().toISOString(),
    refund_request_id: requestId,
  });
  const refund = (id: string, body: object, key: string | null = randomUUID(), token = adminToken) => {
    const req = api().post(`/api/orders/${id}/refunds`).set(bearer(token));
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const detailOf = async (id: string) =>
    OrderDetail.parse((await api().get(`/api/orders/${id}`).set(bearer(adminToken))).body);
  async function emitted<T extends 'order.refund_requested' | 'order.items_restocked'>(
    type: T,
    orderId: string,
  ) {
    const rows = await shop.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.type, type), sql`${outbox.envelope}->'data'->>'order_id' = ${orderId}`))
      .orderBy(outbox.createdAt);
    return rows.map((row) => {
      const envelope = row.envelope as EventEnvelope;
      return { version: envelope.version, data: EVENTS[type].data.parse(envelope.data) as EventData<T> };
    });
  }
  /** What the order's reservation still holds of the article in svc-catalog. */
  async function held(orderId: string, articleId: string) {
    const [row] = await shop.catalogDb.select().from(reservations).where(eq(reservations.orderId, orderId));
    if (!row || row.releasedAt) return 0;
    return row.lines.filter((l) => l.article_id === articleId).reduce((sum, l) => sum + l.quantity, 0);
  }

  beforeAll(async () => {
    shop = await startShop();
    adminToken = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
    await upsertStaff(shop.db, { username: 'commesso', password: 'Commesso-2026!', role: 'staff' });
    staffToken = (
      await api().post('/api/auth/login').send({ username: 'commesso', password: 'Commesso-2026!' })
    ).body.access_token as string;
  }, 90_000);
  afterAll(() => shop?.stop());

  it('refunds chosen lines: 202 in progress, order.refund_requested v2 with the amount, done once svc-payments refunded', async () => {
    const { order } = await paidCardOrder(10, 3);
    const res = await refund(order.order_id, {
      lines: [{ article_id: order.items[0]!.article_id, quantity: 2 }],
      reason: 'Due modellini arrivati danneggiati',
    });
    expect(res.status).toBe(202);
    const answered = Order.parse(res.body);
    expect(answered.refunds).toEqual([
      expect.objectContaining({
        kind: 'lines',
        state: 'in_progress',
        amount: 24.4,
        reason: 'Due modellini arrivati danneggiati',
        restock: false,
        by_bank_transfer: false,
        failure_reason: null,
        requested_by: STAFF.username,
        completed_at: null,
        lines: [
          {
            article_id: order.items[0]!.article_id,
            title: 'Lamborghini Miura 1:18',
            quantity: 2,
            amount: 24.4,
          },
        ],
      }),
    ]);
    expect(answered.refunded_amount).toBe(0);
    const requestId = answered.refunds[0]!.id;
    const asked = await emitted('order.refund_requested', order.order_id);
    expect(asked).toEqual([
      {
        version: 2,
        data: expect.objectContaining({
          refund_request_id: requestId,
          amount_cents: 2440,
          reason: 'partial_refund',
        }),
      },
    ]);

    await shop.publish('payment.refunded', refunded(order, requestId, 2440, 2440));
    const done = await detailOf(order.order_id);
    expect(done).toMatchObject({
      payment_status: 'partially_refunded',
      refunded_amount: 24.4,
      status: 'paid',
    });
    expect(done.refunds[0]).toMatchObject({ id: requestId, state: 'done', amount: 24.4 });
    expect(done.refunds[0]!.completed_at).not.toBeNull();

    // Only one unit of that line is left to refund.
    const more = await refund(order.order_id, {
      lines: [{ article_id: order.items[0]!.article_id, quantity: 2 }],
      reason: 'Ancora',
    });
    expect(more.status).toBe(422);
    expect(more.body.detail).toBe(
      'lines: di "Lamborghini Miura 1:18" si possono rimborsare al massimo 1 pezzi',
    );
    // It is audited with who asked.
    const [audit] = await shop.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, order.order_id), eq(auditEntries.action, 'partial_refund')));
    expect(audit).toMatchObject({ actorName: STAFF.username });
    expect(audit!.changes).toMatchObject({ refund_amount: { from: null, to: 24.4 } });
  });

  it('refunds an amount, never more than paid less refunded or being refunded (422), and never a line not bought', async () => {
    const { order } = await paidCardOrder(10, 1);
    const total = order.total_cents / 100;
    const first = await refund(order.order_id, { amount: 5, reason: 'Sconto per il ritardo' });
    expect(first.status).toBe(202);
    expect(Order.parse(first.body).refunds[0]).toMatchObject({ kind: 'amount', amount: 5, lines: [] });
    // 5 € are on their way: what is left is the total less 5.
    const over = await refund(order.order_id, { amount: total - 4.99, reason: 'Troppo' });
    expect(over.status).toBe(422);
    expect(over.body.detail).toContain(
      `si possono rimborsare al massimo ${(total - 5).toFixed(2).replace('.', ',')} €`,
    );
    const exact = await refund(order.order_id, {
      amount: Math.round((total - 5) * 100) / 100,
      reason: 'Il resto',
    });
    expect(exact.status).toBe(202);
    const nothing = await refund(order.order_id, { amount: 0.01, reason: 'Ancora' });
    expect(nothing.status).toBe(422);
    expect(nothing.body.detail).toBe('amount: non resta nulla da rimborsare per questo ordine');
    const stranger = await refund(order.order_id, {
      lines: [{ article_id: randomUUID(), quantity: 1 }],
      reason: 'Articolo sbagliato',
    });
    expect(stranger.status).toBe(422);
    // Bad input: neither lines nor amount, both, no reason.
    expect((await refund(order.order_id, { reason: 'x' })).status).toBe(422);
    expect(
      (await refund(order.order_id, { amount: 1, lines: [{ article_id: 'a', quantity: 1 }], reason: 'x' }))
        .status,
    ).toBe(422);
    expect((await refund(order.order_id, { amount: 1 })).status).toBe(422);
    expect((await refund(order.order_id, { amount: 1.234, reason: 'x' })).body.detail).toContain(
      'due decimali',
    );
    const restockAmount = await refund(order.order_id, { amount: 1, reason: 'x', restock: true });
    expect(restockAmount.status).toBe(422);
    expect(restockAmount.body.detail).toMatch(/^restock: /);
  });

  it('refuses an order whose money is not held (409), a missing key (428), a staff user who is not admin (403)', async () => {
    const article = await shop.addArticle({ stock: 5, priceCents: 1000 });
    const pending = await api()
      .post('/internal/orders')
      .set(bearer(await shop.internalToken()))
      .send({
        ...orderBody([{ article_id: article, quantity: 1 }], 0),
        total_amount: undefined,
        payment_method: 'card',
        order_id: randomUUID(),
        client_address: '203.0.113.9',
      });
    const id = pending.body.order_id as string;
    const res = await refund(id, { amount: 1, reason: 'Non pagato' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/^Si può rimborsare solo un ordine pagato/);
    const { order } = await paidCardOrder();
    expect((await refund(order.order_id, { amount: 1, reason: 'x' }, null)).status).toBe(428);
    expect((await refund(order.order_id, { amount: 1, reason: 'x' }, randomUUID(), staffToken)).status).toBe(
      403,
    );
    expect((await refund(randomUUID(), { amount: 1, reason: 'x' })).status).toBe(404);
    // A cancel and refund on its way: no partial refund beside it.
    expect(
      (await api().put(`/api/orders/${order.order_id}/status?status=cancelled`).set(bearer(adminToken)))
        .status,
    ).toBe(200);
    expect((await refund(order.order_id, { amount: 1, reason: 'x' })).status).toBe(409);
    expect(await shop.db.select().from(refundRequests).where(eq(refundRequests.orderId, id))).toEqual([]);
  });

  it('a double submit (same Idempotency-Key, at the same time) refunds once; the key with another body is refused', async () => {
    const { order } = await paidCardOrder(10, 2);
    const key = randomUUID();
    const body = { amount: 3.5, reason: 'Doppio clic' };
    const answers = await Promise.all([refund(order.order_id, body, key), refund(order.order_id, body, key)]);
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(Order.parse(answers[0]!.body).refunds.map((r) => r.id)).toEqual(
      Order.parse(answers[1]!.body).refunds.map((r) => r.id),
    );
    expect(
      await shop.db.select().from(refundRequests).where(eq(refundRequests.orderId, order.order_id)),
    ).toHaveLength(1);
    expect(await emitted('order.refund_requested', order.order_id)).toHaveLength(1);
    const reused = await refund(order.order_id, { amount: 4, reason: 'Doppio clic' }, key);
    expect(reused.status).toBe(422);
  });

  it('concurrent refunds with different keys take turns: together they never give back more than was paid', async () => {
    const { order } = await paidCardOrder(10, 1);
    const total = order.total_cents / 100;
    const half = Math.round(order.total_cents * 0.6) / 100;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => refund(order.order_id, { amount: half, reason: 'Concorrenti' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 422, 422, 422]);
    const rows = await shop.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.orderId, order.order_id));
    expect(rows.reduce((sum, r) => sum + (r.amountCents ?? 0), 0)).toBeLessThanOrEqual(total * 100);
    expect(rows).toHaveLength(1);
  });

  it('puts the units back on sale once: stock + units the order holds stays the stock before; a cancel gives back only the rest', async () => {
    const { article, order } = await paidCardOrder(10, 3);
    const before = 10;
    expect((await shop.stockOf(article)) + (await held(order.order_id, article))).toBe(before);
    const res = await refund(order.order_id, {
      lines: [{ article_id: article, quantity: 2 }],
      reason: 'Reso di due pezzi',
      restock: true,
    });
    expect(res.status).toBe(202);
    expect(Order.parse(res.body).refunds[0]!.restock).toBe(true);
    await waitFor(async () => (await shop.stockOf(article)) === 9, { message: 'restocked' });
    expect(await held(order.order_id, article)).toBe(1);
    expect((await shop.stockOf(article)) + (await held(order.order_id, article))).toBe(before);
    // The same event again (a redelivery): nothing more.
    const [restock] = await emitted('order.items_restocked', order.order_id);
    expect(restock!.data.items).toEqual([{ article_id: article, quantity: 2 }]);
    await shop.publish('order.items_restocked', restock!.data);
    expect(await shop.stockOf(article)).toBe(9);
    // Cancel and refund: the reservation gives back the one unit it still holds.
    expect(
      (await api().put(`/api/orders/${order.order_id}/status?status=cancelled`).set(bearer(adminToken)))
        .status,
    ).toBe(200);
    await waitFor(async () => (await shop.stockOf(article)) === 10, { message: 'released' });
    expect(await held(order.order_id, article)).toBe(0);
    // Every stock event delivered (the in-process bus marks a row published once svc-catalog handled it): nothing
    // gives back more.
    await waitFor(
      async () =>
        (
          await shop.db
            .select()
            .from(outbox)
            .where(
              and(
                isNull(outbox.publishedAt),
                inArray(outbox.type, ['order.status_changed', 'order.items_restocked']),
              ),
            )
        ).length === 0,
      { message: 'stock events delivered' },
    );
    expect(await shop.stockOf(article)).toBe(before);
  });

  it('a provider failure shows on the refund: the last error while retried, failed with the reason once final', async () => {
    const { order } = await paidCardOrder(10, 1);
    const res = await refund(order.order_id, { amount: 2, reason: 'Prova' });
    const requestId = Order.parse(res.body).refunds[0]!.id;
    const failure = (final: boolean): EventData<'payment.refund_failed'> => ({
      ...facts(order),
      error: 'Stripe: Refund amount (200) is greater than unrefunded amount on charge (0) (amount_too_large)',
      failed_at: new Date().toISOString(),
      refund_request_id: requestId,
      final,
    });
    await shop.publish('payment.refund_failed', failure(false));
    expect((await detailOf(order.order_id)).refunds[0]).toMatchObject({
      state: 'in_progress',
      failure_reason: expect.stringContaining('amount_too_large'),
    });
    await shop.publish('payment.refund_failed', failure(true));
    const failed = await detailOf(order.order_id);
    expect(failed.refunds[0]).toMatchObject({
      state: 'failed',
      failure_reason: expect.stringContaining('Stripe'),
    });
    expect(failed).toMatchObject({ refunded_amount: 0, payment_status: 'paid' });
    // A failed refund frees its amount: the same 2 € may be asked again.
    expect(
      (await refund(order.order_id, { amount: order.total_cents / 100, reason: 'Di nuovo' })).status,
    ).toBe(202);
  });

  it('cancel and refund still refunds all that is left, shown as a full refund in progress, then done', async () => {
    const { order } = await paidCardOrder(10, 2);
    const partial = Order.parse((await refund(order.order_id, { amount: 4, reason: 'Sconto' })).body)
      .refunds[0]!;
    await shop.publish('payment.refunded', refunded(order, partial.id, 400, 400));
    const cancelled = await api()
      .put(`/api/orders/${order.order_id}/status?status=cancelled`)
      .set(bearer(adminToken));
    expect(cancelled.status).toBe(200);
    const full = Order.parse(cancelled.body).refunds[1]!;
    expect(full).toMatchObject({
      kind: 'full',
      state: 'in_progress',
      amount: null,
      reason: 'Ordine annullato con rimborso',
    });
    const asked = await emitted('order.refund_requested', order.order_id);
    expect(asked[1]!.data).toMatchObject({ reason: 'cancelled_by_staff', refund_request_id: full.id });
    expect(asked[1]!.data.amount_cents).toBeUndefined();
    await shop.publish('payment.refunded', {
      ...refunded(order, full.id, order.total_cents - 400, order.total_cents),
      reason: 'cancelled_by_staff',
    });
    const done = await detailOf(order.order_id);
    expect(done).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refunded_amount: order.total_cents / 100,
    });
    expect(done.refunds.map((r) => [r.kind, r.state, r.amount])).toEqual([
      ['amount', 'done', 4],
      ['full', 'done', (order.total_cents - 400) / 100],
    ]);
  });

  it('a bank-transfer order: staff pay it back by bank, so the recorded refund is done at once', async () => {
    const { order: priced } = await paidCardOrder(10, 1);
    const article = priced.items[0]!.article_id;
    const placed = await api()
      .post('/orders')
      .send(orderBody([{ article_id: article, quantity: 1 }], priced.total_cents / 100));
    expect(placed.status).toBe(201);
    const id = placed.body.order_id as string;
    const recorded = await api()
      .put(`/api/orders/${id}/payment`)
      .set(bearer(adminToken))
      .send({ received_on: '2026-11-20', amount: priced.total_cents / 100, bank_reference: 'CRO 123' });
    expect(recorded.status).toBe(200);
    const res = await refund(id, {
      lines: [{ article_id: article, quantity: 1 }],
      reason: 'Reso',
      restock: true,
    });
    expect(res.status).toBe(202);
    const answered = Order.parse(res.body);
    expect(answered.refunds[0]).toMatchObject({ state: 'done', by_bank_transfer: true, amount: 12.2 });
    expect(answered).toMatchObject({ refunded_amount: 12.2, payment_status: 'partially_refunded' });
    expect(await emitted('order.refund_requested', id)).toEqual([]);
    expect(await emitted('order.items_restocked', id)).toHaveLength(1);
  });
});
