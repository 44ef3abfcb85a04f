import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  EVENTS,
  InternalOrder,
  Order,
  OrderDetail,
  type EventData,
  type EventEnvelope,
  type PaymentFailureReason,
  type RefundReason,
} from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { deadLetters, outbox } from '../src/db/schema';
import { orderBody, STAFF, startShop, type Shop } from './shop';

describe('svc-orders follows the payments: payment.succeeded, payment.failed, payment.refunded, cancel and refund', () => {
  let shop: Shop;
  let staffToken: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** A pending card order as svc-payments creates it, holding `quantity` of a new article with `stock`. */
  async function pendingOrder(stock = 5, quantity = 1, method = 'card') {
    const article = await shop.addArticle({ stock, priceCents: 1000 });
    const res = await api()
      .post('/internal/orders')
      .set(bearer(await shop.internalToken()))
      .send({
        ...orderBody([{ article_id: article, quantity }], 0),
        total_amount: undefined,
        payment_method: method,
        order_id: randomUUID(),
        client_address: '203.0.113.1',
      });
    expect(res.status).toBe(201);
    return { article, order: InternalOrder.parse(res.body) };
  }
  const facts = (order: InternalOrder) => ({
    payment_id: `pay_${order.order_id.slice(0, 8)}`,
    order_id: order.order_id,
    method: 'card' as const,
    provider: 'stripe' as const,
    demo: true,
    amount_cents: order.total_cents,
    currency: 'EUR' as const,
  });
  const succeeded = (order: InternalOrder): EventData<'payment.succeeded'> => ({
    ...facts(order),
    provider_payment_id: `pi_${order.order_id.replace(/-/g, '').slice(0, 24)}`,
    captured_cents: order.total_cents,
    captured_currency: 'EUR',
    succeeded_at: new Date().toISOString(),
  });
  const failed = (order: InternalOrder, reason: PaymentFailureReason): EventData<'payment.failed'> => ({
    ...facts(order),
    reason,
    detail: reason === 'declined' ? 'Carta rifiutata' : null,
    failed_at: new Date().toISOString(),
  });
  const refunded = (
    order: InternalOrder,
    reason: RefundReason,
    cents = order.total_cents,
    total = cents,
  ): EventData<'payment.refunded'> => ({
    ...facts(order),
    captured_cents: order.total_cents,
    refund_id: `re_${order.order_id.slice(0, 8)}_${total}`,
    refund_cents: cents,
    refunded_total_cents: total,
    reason,
    refunded_at: '2026-11-22T10:15:00.000Z',
  });
  const detailOf = async (id: string) =>
    OrderDetail.parse((await api().get(`/api/orders/${id}`).set(bearer(staffToken))).body);
  /** The events svc-orders emitted about one order, in order, their data checked by the contracts' schemas. */
  async function emitted<T extends 'order.status_changed' | 'order.refund_requested'>(
    type: T,
    orderId: string,
  ) {
    const rows = await shop.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.type, type), sql`${outbox.envelope}->'data'->>'order_id' = ${orderId}`));
    return rows
      .map((row) => EVENTS[type].data.parse((row.envelope as EventEnvelope).data) as EventData<T>)
      .sort((a, b) => a.order_version - b.order_version);
  }
  const moves = async (orderId: string) =>
    (await emitted('order.status_changed', orderId)).map((e) => [e.from, e.to, e.order_version]);

  beforeAll(async () => {
    shop = await startShop();
    staffToken = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
  }, 90_000);
  afterAll(() => shop?.stop());

  it('moves a pending order to paid when the payment succeeds, once however often it is told', async () => {
    const { article, order } = await pendingOrder(5, 2);
    const payment = succeeded(order);
    await shop.publish('payment.succeeded', payment);
    const paid = await detailOf(order.order_id);
    expect(paid).toMatchObject({
      status: 'paid',
      payment_status: 'paid',
      payment_intent_id: payment.provider_payment_id,
      order_version: 2,
      refund: null,
    });
    expect(paid.status_history.map((h) => [h.from, h.to, h.changed_by, h.changed_by_id])).toEqual([
      [null, 'pending', null, null],
      ['pending', 'paid', null, null],
    ]);
    expect(await moves(order.order_id)).toEqual([['pending', 'paid', 2]]);

    // The provider's webhook again (a new event id), and a stale failure after it: nothing changes.
    await shop.publish('payment.succeeded', payment);
    await shop.publish('payment.failed', failed(order, 'expired'));
    expect(await detailOf(order.order_id)).toMatchObject({
      status: 'paid',
      payment_status: 'paid',
      order_version: 2,
    });
    expect(await moves(order.order_id)).toEqual([['pending', 'paid', 2]]);
    expect(await shop.stockOf(article)).toBe(3);
  });

  it('cancels a pending order whose payment expired (stock back); money arriving later is refunded, asked once', async () => {
    const { article, order } = await pendingOrder(5, 2);
    expect(await shop.stockOf(article)).toBe(3);
    await shop.publish('payment.failed', failed(order, 'expired'));
    const cancelled = await detailOf(order.order_id);
    expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'failed', order_version: 2 });
    expect(cancelled.status_history.at(-1)).toMatchObject({
      from: 'pending',
      to: 'cancelled',
      changed_by: null,
    });
    expect(await moves(order.order_id)).toEqual([['pending', 'cancelled', 2]]);
    await waitFor(async () => (await shop.stockOf(article)) === 5, { timeoutMs: 10_000 });

    const payment = succeeded(order);
    await shop.publish('payment.succeeded', payment);
    const refunding = await detailOf(order.order_id);
    expect(refunding).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunding',
      payment_intent_id: payment.provider_payment_id,
      order_version: 3,
      refund: {
        reason: 'paid_after_cancellation',
        requested_at: expect.any(String),
        refunded_at: null,
        amount: null,
      },
    });
    const asked = await emitted('order.refund_requested', order.order_id);
    expect(asked).toEqual([
      {
        order_id: order.order_id,
        order_version: 3,
        reason: 'paid_after_cancellation',
        requested_at: refunding.refund!.requested_at,
        // Its refund request: the order shows it in progress, then done or failed.
        refund_request_id: refunding.refunds[0]!.id,
      },
    ]);
    expect(refunding.refunds).toMatchObject([{ kind: 'full', state: 'in_progress', requested_by: null }]);
    await shop.publish('payment.succeeded', payment);
    expect(await emitted('order.refund_requested', order.order_id)).toHaveLength(1);
    expect((await detailOf(order.order_id)).order_version).toBe(3);

    await shop.publish('payment.refunded', refunded(order, 'paid_after_cancellation'));
    const back = await detailOf(order.order_id);
    expect(back).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      order_version: 4,
      refund: {
        reason: 'paid_after_cancellation',
        requested_at: refunding.refund!.requested_at,
        refunded_at: '2026-11-22T10:15:00.000Z',
        amount: order.total_cents / 100,
      },
    });
    // Told again, and a late success after the refund: nothing moves backwards, nothing is asked again.
    await shop.publish('payment.refunded', refunded(order, 'paid_after_cancellation'));
    await shop.publish('payment.succeeded', payment);
    expect(await detailOf(order.order_id)).toMatchObject({ payment_status: 'refunded', order_version: 4 });
    expect(await emitted('order.refund_requested', order.order_id)).toHaveLength(1);
    expect(await moves(order.order_id)).toEqual([['pending', 'cancelled', 2]]);
    expect(await shop.stockOf(article)).toBe(5);
  });

  it('cancels a pending order at once when its payment is declined or abandoned on the provider’s page (stock back)', async () => {
    const { article, order } = await pendingOrder(4, 1);
    expect(await shop.stockOf(article)).toBe(3);
    await shop.publish('payment.failed', failed(order, 'declined'));
    expect(await detailOf(order.order_id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
      order_version: 2,
    });
    await shop.publish('payment.failed', failed(order, 'declined'));
    expect((await detailOf(order.order_id)).order_version).toBe(2);
    expect(await moves(order.order_id)).toEqual([['pending', 'cancelled', 2]]);
    await waitFor(async () => (await shop.stockOf(article)) === 4, { timeoutMs: 10_000 });

    const abandoned = await pendingOrder(4, 3, 'paypal');
    await shop.publish('payment.failed', failed(abandoned.order, 'abandoned'));
    expect(await detailOf(abandoned.order.order_id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
    });
    await waitFor(async () => (await shop.stockOf(abandoned.article)) === 4, { timeoutMs: 10_000 });
  });

  it('leaves an order unpaid when the provider captured another amount or currency: cancelled, flagged, refund asked once', async () => {
    for (const [captured_cents, captured_currency] of [
      [1, 'EUR'],
      [0, 'EUR'],
    ] as const) {
      const { article, order } = await pendingOrder(5, 2);
      const payment = {
        ...succeeded(order),
        captured_cents: captured_cents || order.total_cents,
        captured_currency,
      };
      if (captured_cents === 0) payment.captured_currency = 'USD';
      await shop.publish('payment.succeeded', payment);
      const detail = await detailOf(order.order_id);
      expect(detail).toMatchObject({
        status: 'cancelled',
        payment_status: 'refunding',
        payment_demo: true,
        refund: { reason: 'amount_mismatch', refunded_at: null },
        payment_issue: {
          code: 'amount_mismatch',
          payment_id: payment.payment_id,
          captured_amount: payment.captured_cents / 100,
          captured_currency: payment.captured_currency,
        },
      });
      expect(detail.payment_issue!.detail).toContain(
        `invece del totale di ${(order.total_cents / 100).toFixed(2).replace('.', ',')} EUR`,
      );
      expect(await moves(order.order_id)).toEqual([['pending', 'cancelled', 2]]);
      expect(await emitted('order.refund_requested', order.order_id)).toEqual([
        expect.objectContaining({ reason: 'amount_mismatch', order_version: 2 }),
      ]);
      // The list shows the flag too; the same event again asks nothing more.
      const list = await api().get('/api/orders').set(bearer(staffToken));
      const listed = (list.body.orders as Order[]).find((o) => o.id === order.order_id)!;
      expect(listed.payment_issue).toMatchObject({ code: 'amount_mismatch' });
      await shop.publish('payment.succeeded', payment);
      expect(await emitted('order.refund_requested', order.order_id)).toHaveLength(1);
      await waitFor(async () => (await shop.stockOf(article)) === 5, { timeoutMs: 10_000 });
    }
  });

  it('records partial refunds with their amounts, refunded only when all of it is, never backwards', async () => {
    const { order } = await pendingOrder(5, 3);
    await shop.publish('payment.succeeded', { ...succeeded(order), demo: false });
    expect(await detailOf(order.order_id)).toMatchObject({ payment_demo: false, refunded_amount: 0 });
    const total = order.total_cents;
    await shop.publish('payment.refunded', refunded(order, 'cancelled_by_staff', 1000, 1000));
    expect(await detailOf(order.order_id)).toMatchObject({
      status: 'paid',
      payment_status: 'partially_refunded',
      refunded_amount: 10,
      refund: { reason: 'cancelled_by_staff', amount: 10 },
    });
    // A second partial refund, then the first told again (a repeat, an older total): the total only grows.
    await shop.publish('payment.refunded', refunded(order, 'cancelled_by_staff', 500, 1500));
    await shop.publish('payment.refunded', refunded(order, 'cancelled_by_staff', 1000, 1000));
    expect(await detailOf(order.order_id)).toMatchObject({
      payment_status: 'partially_refunded',
      refunded_amount: 15,
    });
    await shop.publish('payment.refunded', refunded(order, 'cancelled_by_staff', total - 1500, total));
    const all = await detailOf(order.order_id);
    expect(all).toMatchObject({ payment_status: 'refunded', refunded_amount: total / 100 });
    const version = all.order_version;
    await shop.publish('payment.refunded', refunded(order, 'cancelled_by_staff', 500, 1500));
    expect(await detailOf(order.order_id)).toMatchObject({
      payment_status: 'refunded',
      refunded_amount: total / 100,
      order_version: version,
    });
  });

  it('still refunds the rest when staff cancel a partially refunded order', async () => {
    const { order } = await pendingOrder(5, 1);
    await shop.publish('payment.succeeded', succeeded(order));
    await shop.publish('payment.refunded', refunded(order, 'cancelled_by_staff', 100, 100));
    const res = await api()
      .put(`/api/orders/${order.order_id}/status?status=cancelled`)
      .set(bearer(staffToken));
    expect(res.body).toMatchObject({ status: 'cancelled', payment_status: 'refunding', refunded_amount: 1 });
    expect(await emitted('order.refund_requested', order.order_id)).toHaveLength(1);
    await shop.publish(
      'payment.refunded',
      refunded(order, 'cancelled_by_staff', order.total_cents - 100, order.total_cents),
    );
    expect(await detailOf(order.order_id)).toMatchObject({ payment_status: 'refunded' });
  });

  it("cancels and refunds a paid order on the staff's cancel, in the same transaction as the status change", async () => {
    const { order } = await pendingOrder(5, 1);
    await shop.publish('payment.succeeded', succeeded(order));
    const cancel = () =>
      api().put(`/api/orders/${order.order_id}/status?status=cancelled`).set(bearer(staffToken));

    // Should the refund request not be written, the cancellation is not either.
    const run = (statement: string) => shop.db.execute(sql.raw(statement));
    await run(`create function orders.refuse_refund() returns trigger language plpgsql as
      $$ begin raise exception 'outbox refusing refunds (test)'; end $$`);
    await run(`create trigger refuse_refund before insert on orders.outbox
      for each row when (new.type = 'order.refund_requested') execute function orders.refuse_refund()`);
    try {
      const failedCancel = await cancel();
      expect(failedCancel.status).toBe(500);
      expect(await detailOf(order.order_id)).toMatchObject({
        status: 'paid',
        payment_status: 'paid',
        order_version: 2,
        refund: null,
      });
      expect(await moves(order.order_id)).toEqual([['pending', 'paid', 2]]);
    } finally {
      await run('drop trigger refuse_refund on orders.outbox');
      await run('drop function orders.refuse_refund()');
    }

    const res = await cancel();
    expect(res.status).toBe(200);
    const answer = Order.parse(res.body);
    expect(answer).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunding',
      order_version: 3,
      refund: { reason: 'cancelled_by_staff', refunded_at: null, amount: null },
    });
    expect(await moves(order.order_id)).toEqual([
      ['pending', 'paid', 2],
      ['paid', 'cancelled', 3],
    ]);
    expect(await emitted('order.refund_requested', order.order_id)).toEqual([
      {
        order_id: order.order_id,
        order_version: 3,
        reason: 'cancelled_by_staff',
        requested_at: answer.refund!.requested_at,
        refund_request_id: answer.refunds[0]!.id,
      },
    ]);
    expect(answer.refunds).toMatchObject([
      { kind: 'full', state: 'in_progress', amount: null, reason: 'Ordine annullato con rimborso' },
    ]);
    expect((await detailOf(order.order_id)).status_history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'cancelled',
      changed_by: STAFF.username,
    });
    await shop.publish('payment.refunded', refunded(order, 'cancelled_by_staff'));
    expect(await detailOf(order.order_id)).toMatchObject({
      payment_status: 'refunded',
      refund: { reason: 'cancelled_by_staff', amount: order.total_cents / 100 },
    });
  });

  it('asks no refund for a cancelled order nobody paid, and does ask one for a confirmed order paid online', async () => {
    const unpaid = await pendingOrder(5, 1, 'klarna');
    const cancelled = await api()
      .put(`/api/orders/${unpaid.order.order_id}/status?status=cancelled`)
      .set(bearer(staffToken));
    expect(cancelled.body).toMatchObject({ status: 'cancelled', payment_status: 'pending', refund: null });
    expect(await emitted('order.refund_requested', unpaid.order.order_id)).toEqual([]);

    // Confirmed by the staff once paid (not before: contracts' MOVES_NEEDING_PAYMENT).
    const { order } = await pendingOrder(5, 1, 'paypal');
    const confirm = () =>
      api().put(`/api/orders/${order.order_id}/status?status=confirmed`).set(bearer(staffToken));
    await confirm().expect(409);
    await shop.publish('payment.succeeded', { ...succeeded(order), method: 'paypal', provider: 'paypal' });
    await confirm().expect(200);
    expect(await detailOf(order.order_id)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      order_version: 3,
    });
    expect(await moves(order.order_id)).toEqual([
      ['pending', 'paid', 2],
      ['paid', 'confirmed', 3],
    ]);
    const res = await api()
      .put(`/api/orders/${order.order_id}/status?status=cancelled`)
      .set(bearer(staffToken));
    expect(res.body).toMatchObject({ status: 'cancelled', payment_status: 'refunding' });
    expect(await emitted('order.refund_requested', order.order_id)).toHaveLength(1);

    // A transfer order is never refunded through a provider.
    const article = await shop.addArticle({ stock: 2, priceCents: 1000 });
    const transfer = await api()
      .post('/orders')
      .send(orderBody([{ article_id: article, quantity: 1 }], 21.2));
    const gone = await api()
      .put(`/api/orders/${transfer.body.order_id}/status?status=cancelled`)
      .set(bearer(staffToken));
    expect(gone.body).toMatchObject({ status: 'cancelled', payment_status: 'pending', refund: null });
  });

  it('shows a refund made at the provider (not asked here) on a paid order, with the reason it came with', async () => {
    const { order } = await pendingOrder(3, 1);
    await shop.publish('payment.succeeded', succeeded(order));
    await shop.publish('payment.refunded', refunded(order, 'cancelled_by_staff'));
    expect(await detailOf(order.order_id)).toMatchObject({
      status: 'paid',
      payment_status: 'refunded',
      refund: {
        reason: 'cancelled_by_staff',
        requested_at: '2026-11-22T10:15:00.000Z',
        refunded_at: '2026-11-22T10:15:00.000Z',
        amount: order.total_cents / 100,
      },
    });
  });

  it('parks money for an order it does not have in the dead letters, for a person to look at', async () => {
    const ghost = { ...(await pendingOrder(2, 1)).order, order_id: randomUUID() };
    const event = await shop.publish('payment.succeeded', succeeded(ghost));
    const [parked] = await shop.db.select().from(deadLetters).where(eq(deadLetters.eventId, event.id));
    expect(parked).toMatchObject({
      type: 'payment.succeeded',
      error: expect.stringContaining(ghost.order_id),
    });
    // A failure or refund of an unknown order is nothing to do.
    const failure = await shop.publish('payment.failed', failed(ghost, 'expired'));
    expect(await shop.db.select().from(deadLetters).where(eq(deadLetters.eventId, failure.id))).toEqual([]);
  });
});
