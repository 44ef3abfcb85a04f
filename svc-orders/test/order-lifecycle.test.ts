import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import {
  CancelOrderResponse,
  CreateOrderResponse,
  EVENTS,
  InternalOrder,
  OrderDetail,
  PAYMENT_REQUIRED_DETAIL,
  grossCents,
  TOO_MANY_LINES_DETAIL,
  TOO_MANY_UNITS_DETAIL,
  type EventEnvelope,
} from '@edicola/contracts';
import { createInternalTokens } from '@edicola/platform';
import { waitFor } from '@edicola/platform/testing';
import { orderRecords, outbox } from '../src/db/schema';
import { TOO_MANY_OPEN_ORDERS_DETAIL, TOO_MANY_ORDERS_DETAIL } from '../src/orders/limits';
import { INTERNAL_SECRET, orderBody, STAFF, startShop, type Shop } from './shop';
import { privato } from './support';

/**
 * A stand-in of svc-payments' one internal call svc-orders makes before it cancels an unpaid online order
 * (POST /internal/orders/{id}/expire-payments), behind the real internal token check: it answers `paid` for the
 * orders a test says the provider paid, and records every call.
 */
async function startPaymentsStandIn() {
  const tokens = createInternalTokens(INTERNAL_SECRET);
  const paid = new Set<string>();
  const asked: string[] = [];
  let down = false;
  const app = express();
  app.use(express.json());
  app.post('/internal/orders/:id/expire-payments', async (req, res) => {
    const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    const claims = token ? await tokens.verify(token).catch(() => null) : null;
    if (!claims || claims.from !== 'svc-orders' || claims.to !== 'svc-payments') {
      return void res.status(401).json({ detail: 'Token interno non valido' });
    }
    asked.push(req.params.id);
    if (down) return void res.status(503).json({ detail: 'Servizio non disponibile' });
    res.json({ paid: paid.has(req.params.id) });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paid,
    asked,
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type PaymentsStandIn = Awaited<ReturnType<typeof startPaymentsStandIn>>;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let guest = 0;
/** A fresh buyer (e-mail) and client address per order, so the limits only bite where a test wants them to. */
function buyer() {
  guest += 1;
  return { email: `cliente${guest}@example.it`, address: `203.0.113.${guest}` };
}

/** The gross unit price (cents) of every article the tests add, to send the right client total. */
const grossOf = new Map<string, number>();
async function addArticle(shop: Shop, fields: { stock: number; priceCents: number; iva?: number }) {
  const id = await shop.addArticle(fields);
  grossOf.set(id, grossCents(fields.priceCents, fields.iva ?? 22));
  return id;
}

/** A guest order body with the server's total (default Italian rule: 9 € plus 3 € per full 3 units beyond the first). */
function guestOrder(
  lines: { article_id: string; quantity: number }[],
  method: string,
  who = buyer(),
): object {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const cents =
    lines.reduce((sum, line) => sum + (grossOf.get(line.article_id) ?? 0) * line.quantity, 0) +
    900 +
    300 * Math.floor(Math.max(0, units - 1) / 3);
  const body = orderBody(lines, cents / 100, { payment_method: method }) as { customer_info: object };
  return { ...body, customer_info: { ...body.customer_info, email: who.email } };
}

describe('every unpaid order ends: payment deadlines and the sweeper', () => {
  let shop: Shop;
  let payments: PaymentsStandIn;
  const api = () => request(shop.orders.app);
  const orderRow = async (id: string) =>
    (await shop.db.select().from(orderRecords).where(eq(orderRecords.id, id)))[0]!;

  beforeAll(async () => {
    payments = await startPaymentsStandIn();
    shop = await startShop({
      PAYMENTS_URL: payments.url,
      // 1.2 s for an online order, about 1.7 s for a transfer; the sweeper looks every 100 ms.
      ORDER_PAYMENT_MINUTES: '0.02',
      TRANSFER_PAYMENT_DAYS: '0.00002',
      ORDER_EXPIRY_SWEEP_MS: '100',
    });
  }, 90_000);
  afterAll(async () => {
    await shop?.stop();
    await payments?.close();
  });

  it('gives an online order its deadline at creation, then cancels it and releases the stock once svc-payments found nothing paid', async () => {
    const article = await addArticle(shop, { stock: 3, priceCents: 1000 });
    const before = Date.now();
    const res = await api()
      .post('/orders')
      .send(guestOrder([{ article_id: article, quantity: 3 }], 'klarna'));
    expect(res.status).toBe(201);
    const answer = CreateOrderResponse.parse(res.body);
    const due = Date.parse(answer.payment_due_at!);
    expect(due).toBeGreaterThanOrEqual(before + 1200 - 50);
    expect(due).toBeLessThanOrEqual(Date.now() + 1200 + 50);
    const created = (await shop.db.select().from(outbox).where(eq(outbox.type, 'order.created')))
      .map((row) => row.envelope as EventEnvelope)
      .find((e) => (e.data as { order_id: string }).order_id === answer.order_id)!;
    expect(EVENTS['order.created'].data.parse(created.data).payment_due_at).toBe(answer.payment_due_at);
    expect(await shop.stockOf(article)).toBe(0);

    // The proof: the catalogue has the 3 units back (svc-catalog heard order.status_changed → cancelled).
    await waitFor(async () => (await shop.stockOf(article)) === 3, { message: 'stock released' });
    const row = await orderRow(answer.order_id);
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(payments.asked).toContain(answer.order_id);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(due);
  });

  it('leaves an overdue online order the provider paid to its payment, and retries one svc-payments cannot answer', async () => {
    const paidArticle = await addArticle(shop, { stock: 2, priceCents: 500 });
    const placed = await api()
      .post('/orders')
      .send(guestOrder([{ article_id: paidArticle, quantity: 1 }], 'card'));
    expect(placed.status).toBe(201);
    const paidId = placed.body.order_id as string;
    payments.paid.add(paidId);
    // Asked several times past the deadline, it is never cancelled: the stand-in keeps saying paid.
    await waitFor(() => payments.asked.filter((id) => id === paidId).length >= 3, {
      message: 'svc-payments asked',
    });
    expect((await orderRow(paidId)).status).toBe('pending');

    payments.setDown(true);
    const otherArticle = await addArticle(shop, { stock: 2, priceCents: 500 });
    const other = await api()
      .post('/orders')
      .send(guestOrder([{ article_id: otherArticle, quantity: 2 }], 'paypal'));
    const otherId = other.body.order_id as string;
    await waitFor(() => payments.asked.filter((id) => id === otherId).length >= 2, {
      message: 'asked while down',
    });
    expect((await orderRow(otherId)).status).toBe('pending');
    expect(await shop.stockOf(otherArticle)).toBe(0);
    payments.setDown(false);
    await waitFor(async () => (await shop.stockOf(otherArticle)) === 2, { message: 'released once up' });
    expect((await orderRow(otherId)).status).toBe('cancelled');
    payments.paid.delete(paidId);
  }, 30_000);

  it('cancels a bank-transfer order at its due date (TRANSFER_PAYMENT_DAYS) without asking svc-payments', async () => {
    const article = await addArticle(shop, { stock: 4, priceCents: 1000 });
    const placed = await api()
      .post('/orders')
      .send(guestOrder([{ article_id: article, quantity: 4 }], 'transfer'));
    expect(placed.status).toBe(201);
    const answer = CreateOrderResponse.parse(placed.body);
    const created = Date.parse((await orderRow(answer.order_id)).createdAt.toISOString());
    expect(Date.parse(answer.payment_due_at!) - created).toBe(Math.round(0.00002 * 24 * 3600 * 1000));
    await waitFor(async () => (await shop.stockOf(article)) === 4, { message: 'transfer stock released' });
    expect((await orderRow(answer.order_id)).status).toBe('cancelled');
    expect(payments.asked).not.toContain(answer.order_id);
  });
});

describe('cancel token, limits, transfer recording and the transitions rule', () => {
  let shop: Shop;
  let payments: PaymentsStandIn;
  let staffToken: string;
  const api = () => request(shop.orders.app);

  beforeAll(async () => {
    payments = await startPaymentsStandIn();
    shop = await startShop({
      PAYMENTS_URL: payments.url,
      ORDERS_PER_ADDRESS_PER_HOUR: '3',
      OPEN_ORDERS_PER_EMAIL: '2',
    });
    staffToken = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
  }, 90_000);
  afterAll(async () => {
    await shop?.stop();
    await payments?.close();
  });

  const placeFor = (body: object, address = buyer().address) =>
    api().post('/orders').set('X-Forwarded-For', address).send(body);

  it('lets the checkout cancel its own unpaid order with its token, and nobody else', async () => {
    const article = await addArticle(shop, { stock: 2, priceCents: 1000 });
    const placed = await placeFor(guestOrder([{ article_id: article, quantity: 2 }], 'klarna'));
    expect(placed.status).toBe(201);
    const { order_id: id, cancel_token: token } = CreateOrderResponse.parse(placed.body);
    expect(token).toMatch(/^[\w-]{43}$/);
    // Another order's token does not cancel this one.
    const other = await addArticle(shop, { stock: 1, priceCents: 100 });
    const otherOrder = CreateOrderResponse.parse(
      (await placeFor(guestOrder([{ article_id: other, quantity: 1 }], 'paypal'))).body,
    );
    expect(
      (await api().post(`/orders/${id}/cancel`).send({ cancel_token: otherOrder.cancel_token })).status,
    ).toBe(404);

    // A wrong token answers as an unknown order does: order ids cannot be probed.
    const wrong = await api()
      .post(`/orders/${id}/cancel`)
      .send({ cancel_token: 'x'.repeat(43) });
    expect(wrong.status).toBe(404);
    expect(wrong.body.detail).toBe('Ordine non trovato');
    const unknown = await api()
      .post('/orders/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11/cancel')
      .send({ cancel_token: token });
    expect(unknown.status).toBe(404);
    expect((await api().post(`/orders/${id}/cancel`).send({})).status).toBe(422);
    expect(await shop.stockOf(article)).toBe(0);

    const cancelled = await api().post(`/orders/${id}/cancel`).send({ cancel_token: token });
    expect(cancelled.status).toBe(200);
    expect(CancelOrderResponse.parse(cancelled.body)).toEqual({ order_id: id, status: 'cancelled' });
    expect(payments.asked).toContain(id);
    await waitFor(async () => (await shop.stockOf(article)) === 2, { message: 'stock back' });
    // A repeat answers the same; the order stays cancelled.
    expect((await api().post(`/orders/${id}/cancel`).send({ cancel_token: token })).body.status).toBe(
      'cancelled',
    );
  });

  it('refuses to cancel through the token an order that is paid, or that the provider says it paid', async () => {
    const article = await addArticle(shop, { stock: 5, priceCents: 1000 });
    const placed = CreateOrderResponse.parse(
      (await placeFor(guestOrder([{ article_id: article, quantity: 1 }], 'card'))).body,
    );
    payments.paid.add(placed.order_id);
    const refused = await api()
      .post(`/orders/${placed.order_id}/cancel`)
      .send({ cancel_token: placed.cancel_token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("L'ordine non si può più annullare: è già pagato o chiuso");
    expect(
      (await shop.db.select().from(orderRecords).where(eq(orderRecords.id, placed.order_id)))[0]!.status,
    ).toBe('pending');

    const transfer = CreateOrderResponse.parse(
      (await placeFor(guestOrder([{ article_id: article, quantity: 1 }], 'transfer'))).body,
    );
    const recorded = await api()
      .put(`/api/orders/${transfer.order_id}/payment`)
      .set(bearer(staffToken))
      .send({ received_on: '2026-11-20', amount: transfer.total_amount, bank_reference: 'CRO 1234567890' });
    expect(recorded.status).toBe(200);
    const late = await api()
      .post(`/orders/${transfer.order_id}/cancel`)
      .send({ cancel_token: transfer.cancel_token });
    expect(late.status).toBe(409);
  });

  it('answers the svc-payments order with a cancel token too, and counts it against the buyer address it carries', async () => {
    const article = await addArticle(shop, { stock: 10, priceCents: 1000 });
    const token = await shop.internalToken();
    const address = '198.51.100.7';
    const internalOrder = (n: number) =>
      api()
        .post('/internal/orders')
        .set(bearer(token))
        .send({
          ...guestOrder([{ article_id: article, quantity: 1 }], 'card'),
          order_id: `6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c${String(20 + n)}`,
          client_address: address,
        });
    const first = await internalOrder(1);
    expect(first.status).toBe(201);
    const answer = InternalOrder.parse(first.body);
    expect(answer.cancel_token).toMatch(/^[\w-]{43}$/);
    expect(answer.payment_due_at).not.toBeNull();
    const cancelled = await api()
      .post(`/orders/${answer.order_id}/cancel`)
      .send({ cancel_token: answer.cancel_token });
    expect(cancelled.status).toBe(200);
    expect((await internalOrder(2)).status).toBe(201);
    expect((await internalOrder(3)).status).toBe(201);
    const limited = await internalOrder(4);
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe(TOO_MANY_ORDERS_DETAIL);
    // Another address is not limited; the internal body must say whose address it is.
    const missing = await api()
      .post('/internal/orders')
      .set(bearer(token))
      .send({
        ...guestOrder([{ article_id: article, quantity: 1 }], 'card'),
        order_id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c99',
      });
    expect(missing.status).toBe(422);
  });

  it('limits POST /orders per client address (429 with an Italian detail)', async () => {
    const article = await addArticle(shop, { stock: 50, priceCents: 100 });
    const address = '198.51.100.8';
    for (let i = 0; i < 3; i++) {
      const res = await placeFor(guestOrder([{ article_id: article, quantity: 1 }], 'transfer'), address);
      expect(res.status).toBe(201);
    }
    const limited = await placeFor(guestOrder([{ article_id: article, quantity: 1 }], 'transfer'), address);
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe(TOO_MANY_ORDERS_DETAIL);
    expect(await shop.stockOf(article)).toBe(47);
    expect((await placeFor(guestOrder([{ article_id: article, quantity: 1 }], 'transfer'))).status).toBe(201);
  });

  it('limits unpaid open orders per buyer e-mail, whatever its case', async () => {
    const article = await addArticle(shop, { stock: 50, priceCents: 100 });
    const who = buyer();
    const forEmail = (email: string) =>
      guestOrder([{ article_id: article, quantity: 1 }], 'klarna', { ...who, email });
    const first = CreateOrderResponse.parse((await placeFor(forEmail(who.email))).body);
    expect((await placeFor(forEmail(who.email.toUpperCase()))).status).toBe(201);
    const limited = await placeFor(forEmail(who.email));
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe(TOO_MANY_OPEN_ORDERS_DETAIL);
    // Cancelling one of them (the checkout's token) frees a place.
    expect(
      (await api().post(`/orders/${first.order_id}/cancel`).send({ cancel_token: first.cancel_token }))
        .status,
    ).toBe(200);
    expect((await placeFor(forEmail(who.email))).status).toBe(201);
  });

  it('refuses more than 50 units of an article or more than 30 lines (422), merged lines included', async () => {
    const article = await addArticle(shop, { stock: 500, priceCents: 100 });
    const units = await placeFor(guestOrder([{ article_id: article, quantity: 51 }], 'transfer'));
    expect(units.status).toBe(422);
    expect(units.body.detail).toContain(TOO_MANY_UNITS_DETAIL);
    const merged = await placeFor(
      guestOrder(
        [
          { article_id: article, quantity: 30 },
          { article_id: article, quantity: 21 },
        ],
        'transfer',
      ),
    );
    expect(merged.status).toBe(422);
    expect(merged.body.detail).toBe(TOO_MANY_UNITS_DETAIL);
    const lines = Array.from({ length: 31 }, () => ({ article_id: article, quantity: 1 }));
    const tooMany = await placeFor(guestOrder(lines, 'transfer'));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toContain(TOO_MANY_LINES_DETAIL);
    expect(await shop.stockOf(article)).toBe(500);
  });

  it('lets staff record a received transfer (customer token refused), flagging a wrong amount, with history and event', async () => {
    const article = await addArticle(shop, { stock: 5, priceCents: 1000 });
    const place = async () =>
      CreateOrderResponse.parse(
        (await placeFor(guestOrder([{ article_id: article, quantity: 1 }], 'transfer'))).body,
      );
    const order = await place();
    const body = { received_on: '2026-11-23', amount: order.total_amount, bank_reference: 'TRN 0001' };
    const url = `/api/orders/${order.order_id}/payment`;

    expect((await api().put(url).send(body)).status).toBe(401);
    const account = await api().post('/api/customers/register').send(privato);
    const customerToken = (account.body.access_token ??
      (await api().post('/api/customers/login').send({ email: privato.email, password: privato.password }))
        .body.access_token) as string;
    expect((await api().put(url).set(bearer(customerToken)).send(body)).status).toBe(403);
    const bad = await api()
      .put(url)
      .set(bearer(staffToken))
      .send({ ...body, received_on: '23/11/2026' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('La data del bonifico deve essere AAAA-MM-GG');

    const recorded = await api().put(url).set(bearer(staffToken)).send(body);
    expect(recorded.status).toBe(200);
    const detail = OrderDetail.parse(
      (await api().get(`/api/orders/${order.order_id}`).set(bearer(staffToken))).body,
    );
    expect(detail).toMatchObject({
      status: 'paid',
      payment_status: 'paid',
      transfer_payment: {
        received_on: '2026-11-23',
        amount: order.total_amount,
        bank_reference: 'TRN 0001',
        amount_matches: true,
        recorded_by: STAFF.username,
      },
    });
    expect(detail.status_history.at(-1)).toMatchObject({
      from: 'pending',
      to: 'paid',
      changed_by: STAFF.username,
    });
    const changed = (await shop.db.select().from(outbox).where(eq(outbox.type, 'order.status_changed')))
      .map((row) => row.envelope as EventEnvelope)
      .filter((e) => (e.data as { order_id: string }).order_id === order.order_id);
    expect(changed.map((e) => (e.data as { to: string }).to)).toEqual(['paid']);
    expect((await api().put(url).set(bearer(staffToken)).send(body)).status).toBe(409);

    const short = await place();
    const underpaid = await api()
      .put(`/api/orders/${short.order_id}/payment`)
      .set(bearer(staffToken))
      .send({ ...body, amount: short.total_amount - 1 });
    expect(underpaid.status).toBe(200);
    expect(underpaid.body).toMatchObject({
      payment_status: 'paid',
      transfer_payment: { amount_matches: false },
    });

    const card = CreateOrderResponse.parse(
      (await placeFor(guestOrder([{ article_id: article, quantity: 1 }], 'card'))).body,
    );
    const notTransfer = await api()
      .put(`/api/orders/${card.order_id}/payment`)
      .set(bearer(staffToken))
      .send(body);
    expect(notTransfer.status).toBe(409);
  });

  it('refuses to confirm an unpaid order (409, the rule of contracts) and confirms it once paid', async () => {
    const article = await addArticle(shop, { stock: 5, priceCents: 1000 });
    const online = CreateOrderResponse.parse(
      (await placeFor(guestOrder([{ article_id: article, quantity: 1 }], 'card'))).body,
    );
    const confirm = (id: string) =>
      api().put(`/api/orders/${id}/status`).query({ status: 'confirmed' }).set(bearer(staffToken));
    const refused = await confirm(online.order_id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(PAYMENT_REQUIRED_DETAIL);
    await shop.publish('payment.succeeded', {
      payment_id: 'pay_1',
      order_id: online.order_id,
      method: 'card',
      provider: 'stripe',
      provider_payment_id: 'pi_1',
      demo: true,
      amount_cents: Math.round(online.total_amount * 100),
      currency: 'EUR',
      captured_cents: Math.round(online.total_amount * 100),
      captured_currency: 'EUR',
      succeeded_at: new Date().toISOString(),
    });
    await waitFor(
      async () =>
        (await shop.db.select().from(orderRecords).where(eq(orderRecords.id, online.order_id)))[0]!.status ===
        'paid',
    );
    expect((await confirm(online.order_id)).status).toBe(200);

    const transfer = CreateOrderResponse.parse(
      (await placeFor(guestOrder([{ article_id: article, quantity: 1 }], 'transfer'))).body,
    );
    expect((await confirm(transfer.order_id)).status).toBe(409);
    // Cancelling an unpaid order stays allowed.
    const cancel = await api()
      .put(`/api/orders/${transfer.order_id}/status`)
      .query({ status: 'cancelled' })
      .set(bearer(staffToken));
    expect(cancel.status).toBe(200);
  });

  it('prices half cents up at 13 %, 15 % and 17 % on the server, as the storefront shows them', async () => {
    // 0,50 + 13 % = 0,565 → 0,57; 0,10 + 15 % = 0,115 → 0,12; 0,50 + 17 % = 0,585 → 0,59
    const a = await addArticle(shop, { stock: 5, priceCents: 50, iva: 13 });
    const b = await addArticle(shop, { stock: 5, priceCents: 10, iva: 15 });
    const c = await addArticle(shop, { stock: 5, priceCents: 50, iva: 17 });
    const res = await placeFor(
      guestOrder(
        [
          { article_id: a, quantity: 1 },
          { article_id: b, quantity: 2 },
          { article_id: c, quantity: 1 },
        ],
        'transfer',
      ),
    );
    expect(res.status).toBe(201);
    const answer = CreateOrderResponse.parse(res.body);
    expect(answer.items.map((item) => [item.unit_gross, item.line_total])).toEqual([
      [0.57, 0.57],
      [0.12, 0.24],
      [0.59, 0.59],
    ]);
    expect(answer.subtotal_amount).toBe(1.4);
  });
});
