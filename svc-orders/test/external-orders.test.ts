import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import {
  EVENTS,
  ExternalOrderStored,
  Order,
  OrderDetail,
  OrderList,
  StockConflictList,
  type EventEnvelope,
  type ExternalOrderImport,
} from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { stockMovements } from '../../svc-catalog/src/db/schema';
import { outbox } from '../src/db/schema';
import { orderKeys } from '../src/orders/order-keys';
import { holdPlacement } from '../src/stock/placements';
import { upsertStaff } from '../src/staff/users';
import { orderBody, STAFF, startShop, type Shop } from './shop';

// eBay orders as orders of the shop (docs/decisions/0049-marketplace-orders.md), against the real svc-catalog's
// stock: svc-channels' internal calls, the last unit sold twice, its resolution by staff, eBay's cancellations.
jest.setTimeout(90_000);

describe('eBay orders in svc-orders', () => {
  let shop: Shop;
  let admin: string;
  let staff: string;
  let cashier: string;
  let channels: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const login = async (username: string, password: string) =>
    (await api().post('/api/auth/login').send({ username, password })).body.access_token as string;

  let sequence = 10000;
  const ebayOrderId = () => `12-34567-${String((sequence += 1))}`;
  /** An eBay order as svc-channels sends it: `lines` of [article, quantity, unit gross cents]. */
  const ebayOrder = (externalId: string, lines: [string, number, number][], shippingCents = 700) => {
    const body: ExternalOrderImport = {
      channel: 'ebay',
      external_id: externalId,
      buyer: {
        name: 'Mario Rossi',
        email: 'mrossi@members.ebay.it',
        username: 'mario_collezioni',
        phone: null,
      },
      shipping_address: {
        name: 'Mario Rossi',
        address: 'Via Chiaia 12',
        zip_code: '80121',
        city: 'Napoli',
        province: 'NA',
        country: 'IT',
      },
      lines: lines.map(([article_id, quantity, unit]) => ({
        article_id,
        sku: `ART-${article_id.slice(0, 8)}`,
        title: 'Casco Ferrari 1:2',
        quantity,
        unit_gross_cents: unit,
      })),
      shipping_cents: shippingCents,
      total_cents: lines.reduce((sum, [, quantity, unit]) => sum + quantity * unit, 0) + shippingCents,
      paid_at: '2026-11-29T09:00:00.000Z',
      created_at: '2026-11-29T08:59:00.000Z',
    };
    return body;
  };
  const importOrder = (body: object, token = channels) =>
    api().post('/internal/orders/external').set(bearer(token)).send(body);
  const cancelOnEbay = (externalId: string, reason = 'Acquirente ha annullato', token = channels) =>
    api()
      .post('/internal/orders/external/cancel')
      .set(bearer(token))
      .send({ channel: 'ebay', external_id: externalId, reason });
  const detail = async (id: string) =>
    OrderDetail.parse((await api().get(`/api/orders/${id}`).set(bearer(staff))).body);
  const ebaySales = async (article: string) =>
    shop.catalogDb
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.articleId, article), eq(stockMovements.channel, 'ebay')));
  const eventsOf = async (type: string, orderId: string) =>
    (await shop.db.select().from(outbox).where(eq(outbox.type, type)))
      .map((row) => row.envelope as EventEnvelope)
      .filter((e) => (e.data as { order_id: string }).order_id === orderId);
  /** A guest's web order (bank transfer, so it stays open holding its units). */
  const webOrder = async (article: string, quantity: number, unitEuros: number) => {
    const res = await api()
      .post('/orders')
      .send(orderBody([{ article_id: article, quantity }], unitEuros * quantity + 9));
    expect(res.status).toBe(201);
    return res.body.order_id as string;
  };

  beforeAll(async () => {
    // The demo Packlink makes a draft ready (label and tracking number) at once.
    // A placement's deadline of 2 s gives an import's claim a lease of 1 s: a dead import is resumed quickly.
    shop = await startShop({ PACKLINK_DEMO_READY_MS: '20', PLACEMENT_TIMEOUT_MS: '2000' });
    await upsertStaff(shop.db, { username: 'commessa', password: 'Commessa-Toledo-2026', role: 'staff' });
    await upsertStaff(shop.db, { username: 'cassiera', password: 'Cassiera-Toledo-2026', role: 'cashier' });
    admin = await login(STAFF.username, STAFF.password);
    staff = await login('commessa', 'Commessa-Toledo-2026');
    cashier = await login('cassiera', 'Cassiera-Toledo-2026');
    channels = await shop.internalToken('svc-channels');
  });
  afterAll(() => shop?.stop());

  it('stores an eBay order once however often it is sent, paid, its units taken once from the stock', async () => {
    const helmet = await shop.addArticle({ stock: 3, priceCents: 10000, iva: 22 });
    const externalId = ebayOrderId();
    const body = ebayOrder(externalId, [[helmet, 2, 12990]]);
    const first = await importOrder(body);
    expect(first.status).toBe(201);
    const stored = ExternalOrderStored.parse(first.body);
    expect(stored).toEqual({ order_id: stored.order_id, created: true, stock_conflict: false });
    for (let i = 0; i < 2; i += 1) {
      const again = await importOrder(body);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ order_id: stored.order_id, created: false, stock_conflict: false });
    }
    expect(await shop.stockOf(helmet)).toBe(1);
    expect((await ebaySales(helmet)).map((m) => m.delta)).toEqual([-2]);

    const order = await detail(stored.order_id);
    expect(order).toMatchObject({
      channel: 'ebay',
      external_id: externalId,
      stock_conflict: false,
      status: 'paid',
      payment_status: 'paid',
      payment_method: 'ebay',
      shipping_cost: 7,
      subtotal_amount: 259.8,
      total_amount: 266.8,
      customer_info: { name: 'Mario Rossi', address: 'Via Chiaia 12', city: 'Napoli', country: 'IT' },
    });
    // Priced at what the buyer paid, the net by scorporo at the article's 22 %.
    expect(order.items).toEqual([
      expect.objectContaining({
        quantity: 2,
        unit_gross: 129.9,
        price: 106.48,
        iva_percentage: 22,
        line_total: 259.8,
      }),
    ]);
    const [created] = await eventsOf('order.created', stored.order_id);
    expect(EVENTS['order.created'].data.parse(created!.data)).toMatchObject({
      channel: 'ebay',
      external_id: externalId,
      stock_conflict: false,
      payment_method: 'ebay',
      customer_email: 'mrossi@members.ebay.it',
    });
    expect(await eventsOf('order.created', stored.order_id)).toHaveLength(1);
  });

  it('stores one order when the same eBay order is sent twice at the same moment', async () => {
    const piece = await shop.addArticle({ stock: 4 });
    const body = ebayOrder(ebayOrderId(), [[piece, 1, 2500]]);
    const answers = await Promise.all([importOrder(body), importOrder(body), importOrder(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.order_id)).size).toBe(1);
    expect(await shop.stockOf(piece)).toBe(3);
    expect(await ebaySales(piece)).toHaveLength(1);
    const list = OrderList.parse(
      (await api().get('/api/orders').query({ q: body.external_id }).set(bearer(staff))).body,
    );
    expect(list.orders.map((o) => o.id)).toEqual([answers[0]!.body.order_id]);
  });

  it('an import that died after taking the units is resumed under the same order: one order, one stock movement', async () => {
    const piece = await shop.addArticle({ stock: 4 });
    const body = ebayOrder(ebayOrderId(), [[piece, 2, 2000]]);
    // The dead attempt (a kill -9 of svc-orders mid-import): it claimed the eBay order id, placed and reserved.
    const claim = await orderKeys(2000).claim(
      shop.db,
      { scope: 'channel:ebay', key: body.external_id, fingerprint: `ebay:${body.external_id}` },
      () => randomUUID(),
    );
    expect(await holdPlacement(shop.db, claim.resourceId, 2000)).toBe(true);
    const reserved = await request(shop.catalogUrl)
      .post('/internal/stock/reservations')
      .set(bearer(await shop.internalToken('svc-orders', 'svc-catalog')))
      .set('Idempotency-Key', claim.resourceId)
      .send({
        order_id: claim.resourceId,
        channel: 'ebay',
        username: 'ebay',
        lines: [{ article_id: piece, quantity: 2 }],
      });
    expect(reserved.status).toBe(200);
    expect(await shop.stockOf(piece)).toBe(2);

    const res = await importOrder(body);
    expect(res.status).toBe(201);
    expect(res.body.order_id).toBe(claim.resourceId);
    expect((await importOrder(body)).body).toMatchObject({ order_id: claim.resourceId, created: false });
    expect(await shop.stockOf(piece)).toBe(2);
    expect((await ebaySales(piece)).map((m) => m.delta)).toEqual([-2]);
  });

  it('the last unit sold twice: the eBay order is stored as a conflict, the stock stays 0, staff resolve it', async () => {
    const last = await shop.addArticle({ stock: 1, priceCents: 5000, iva: 4, title: 'Ultimo casco' });
    const web = await webOrder(last, 1, 52);
    expect(await shop.stockOf(last)).toBe(0);

    const externalId = ebayOrderId();
    const res = await importOrder(ebayOrder(externalId, [[last, 1, 6000]]));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: true, stock_conflict: true });
    const ebay = res.body.order_id as string;
    expect(await shop.stockOf(last)).toBe(0);
    expect(await ebaySales(last)).toHaveLength(0);
    expect(await detail(ebay)).toMatchObject({
      stock_conflict: true,
      status: 'paid',
      payment_status: 'paid',
    });
    const [created] = await eventsOf('order.created', ebay);
    expect((created!.data as { stock_conflict: boolean }).stock_conflict).toBe(true);
    // Sent again, it stays one conflict order.
    expect((await importOrder(ebayOrder(externalId, [[last, 1, 6000]]))).body).toEqual({
      order_id: ebay,
      created: false,
      stock_conflict: true,
    });

    const conflicts = StockConflictList.parse(
      (await api().get('/api/orders/stock-conflicts').set(bearer(staff))).body,
    );
    const mine = conflicts.find((c) => c.order_id === ebay);
    expect(mine).toMatchObject({ external_id: externalId, channel: 'ebay' });
    expect(mine!.lines).toEqual([expect.objectContaining({ article_id: last, quantity: 1 })]);
    expect(mine!.competing_orders).toEqual([expect.objectContaining({ order_id: web, channel: 'web' })]);

    // Nothing freed yet: the retry says what to do and takes nothing.
    const early = await api().post(`/api/orders/${ebay}/stock-conflict/retry`).set(bearer(staff));
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(
      'Non ci sono ancora pezzi disponibili per questo ordine: annulla uno dei due ordini',
    );
    expect(await shop.stockOf(last)).toBe(0);
    // Its VAT rates are provisional until it takes its units: no invoice yet.
    const invoice = await api()
      .put(`/orders/${ebay}/invoice`)
      .set(bearer(admin))
      .send({ invoice_number: '900/2026', invoice_date: new Date().toISOString().slice(0, 10) });
    expect(invoice.status).toBe(409);
    expect(invoice.body.detail).toMatch(/risolvi prima il conflitto/);

    // Staff cancel the web order: its unit goes back, and the eBay order takes it.
    expect((await api().put(`/api/orders/${web}/status?status=cancelled`).set(bearer(staff))).status).toBe(
      200,
    );
    await waitFor(async () => (await shop.stockOf(last)) === 1);
    const retried = await api().post(`/api/orders/${ebay}/stock-conflict/retry`).set(bearer(staff));
    expect(retried.status).toBe(200);
    const resolved = Order.parse(retried.body);
    expect(resolved.stock_conflict).toBe(false);
    // Repriced at the article's own VAT rate (4 %) now that the reservation's snapshot is known.
    expect(resolved.items[0]).toMatchObject({ iva_percentage: 4, unit_gross: 60, price: 57.69 });
    expect(await shop.stockOf(last)).toBe(0);
    expect((await ebaySales(last)).map((m) => m.delta)).toEqual([-1]);
    const after = StockConflictList.parse(
      (await api().get('/api/orders/stock-conflicts').set(bearer(staff))).body,
    );
    expect(after.map((c) => c.order_id)).not.toContain(ebay);
    const again = await api().post(`/api/orders/${ebay}/stock-conflict/retry`).set(bearer(staff));
    expect(again.status).toBe(409);
    const timeline = (await api().get(`/api/orders/${ebay}/timeline`).set(bearer(staff))).body.entries as {
      summary: string;
    }[];
    expect(timeline.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        `Pagato su eBay (ordine eBay ${externalId})`,
        'Pezzi presi dal magazzino: conflitto risolto',
      ]),
    );
  });

  it('a cancellation on eBay cancels the order and gives its units back once', async () => {
    const piece = await shop.addArticle({ stock: 5 });
    const externalId = ebayOrderId();
    const { order_id: id } = (await importOrder(ebayOrder(externalId, [[piece, 2, 1500]]))).body as {
      order_id: string;
    };
    expect(await shop.stockOf(piece)).toBe(3);
    const cancelled = await cancelOnEbay(externalId, "L'acquirente ha chiesto l'annullamento");
    expect(cancelled.status).toBe(200);
    expect(Order.parse(cancelled.body)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    await waitFor(async () => (await shop.stockOf(piece)) === 5);
    expect((await cancelOnEbay(externalId, 'di nuovo')).status).toBe(200);
    expect((await cancelOnEbay(externalId)).status).toBe(200);
    // Given time to misbehave, the stock is back once, not three times.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await shop.stockOf(piece)).toBe(5);
    expect(await eventsOf('order.status_changed', id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ data: expect.objectContaining({ to: 'cancelled' }) }),
      ]),
    );
    expect(
      (await eventsOf('order.status_changed', id)).filter(
        (e) => (e.data as { to: string }).to === 'cancelled',
      ),
    ).toHaveLength(1);
    expect(await eventsOf('order.refund_requested', id)).toHaveLength(0);
    const timeline = (await api().get(`/api/orders/${id}/timeline`).set(bearer(staff))).body.entries as {
      summary: string;
    }[];
    expect(timeline.map((e) => e.summary)).toContain(
      "Annullato su eBay: L'acquirente ha chiesto l'annullamento",
    );

    const unknown = await cancelOnEbay('99-99999-99999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Ordine non trovato');
  });

  it('a conflict order cancelled on eBay gives nothing back (it took nothing)', async () => {
    const last = await shop.addArticle({ stock: 1 });
    await webOrder(last, 1, 12.2);
    const externalId = ebayOrderId();
    const res = await importOrder(ebayOrder(externalId, [[last, 1, 1200]]));
    expect(res.body.stock_conflict).toBe(true);
    expect((await cancelOnEbay(externalId)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await shop.stockOf(last)).toBe(0);
  });

  it('staff cancel an eBay order without a provider refund; partial refunds are eBay’s', async () => {
    const piece = await shop.addArticle({ stock: 2 });
    const { order_id: id } = (await importOrder(ebayOrder(ebayOrderId(), [[piece, 1, 3000]]))).body as {
      order_id: string;
    };
    const refund = await api()
      .post(`/api/orders/${id}/refunds`)
      .set(bearer(admin))
      .set('Idempotency-Key', randomUUID())
      .send({ amount: 5, reason: 'Graffio sulla visiera' });
    expect(refund.status).toBe(409);
    expect(refund.body.detail).toBe('Il rimborso di un ordine eBay si fa su eBay');

    // No money to move here: plain staff may cancel it (cancel and refund of a web order is the admin's).
    const cancelled = await api().put(`/api/orders/${id}/status?status=cancelled`).set(bearer(staff));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
    await waitFor(async () => (await shop.stockOf(piece)) === 2);
    expect(await eventsOf('order.refund_requested', id)).toHaveLength(0);
    const timeline = (await api().get(`/api/orders/${id}/timeline`).set(bearer(staff))).body.entries as {
      summary: string;
      by: string | null;
    }[];
    expect(timeline).toContainEqual(
      expect.objectContaining({ summary: "Rimborsa l'acquirente su eBay", by: 'commessa' }),
    );
  });

  it('ships an eBay order with Packlink to the buyer, and announces its tracking number; invoices it on request', async () => {
    const piece = await shop.addArticle({ stock: 2 });
    const externalId = ebayOrderId();
    const { order_id: id } = (await importOrder(ebayOrder(externalId, [[piece, 1, 4500]]))).body as {
      order_id: string;
    };
    const quotes = await api().get(`/api/orders/${id}/shipment-quotes`).set(bearer(staff));
    expect(quotes.status).toBe(200);
    const serviceId = (quotes.body.quotes as { service_id: string }[])[0]!.service_id;
    const shipped = await api()
      .post(`/api/orders/${id}/create-shipment`)
      .set(bearer(staff))
      .send({ service_id: serviceId });
    expect(shipped.status).toBe(201);
    // Packlink's demo makes the label ready in 20 ms; the wait is a limit against a hung test on a busy machine.
    await waitFor(async () => (await detail(id)).shipment?.tracking_number != null, { timeoutMs: 30_000 });
    const tracking = (await detail(id)).shipment!.tracking_number!;
    const moved = await api()
      .put(`/api/orders/${id}/status`)
      .query({ status: 'shipped', tracking_number: tracking })
      .set(bearer(staff));
    expect(moved.status).toBe(200);
    const changes = (await eventsOf('order.status_changed', id)).map(
      (e) => e.data as { to: string; tracking_number: string },
    );
    expect(changes).toContainEqual(expect.objectContaining({ to: 'shipped', tracking_number: tracking }));

    // Invoiced like a web order once staff add the buyer's data.
    const data = await api()
      .put(`/api/orders/${id}/invoice-data`)
      .set(bearer(staff))
      .send({ invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' });
    expect(data.status).toBe(200);
    const invoiced = await api()
      .put(`/orders/${id}/invoice`)
      .set(bearer(admin))
      .send({ invoice_number: '901/2026', invoice_date: new Date().toISOString().slice(0, 10) });
    expect(invoiced.status).toBe(200);
    expect(invoiced.body.invoice_data).toMatchObject({ invoice_issued: true, invoice_number: '901/2026' });
  });

  it('lists eBay orders in Ordini with the channel filter', async () => {
    const piece = await shop.addArticle({ stock: 5 });
    const web = await webOrder(piece, 1, 12.2);
    const { order_id: ebay } = (await importOrder(ebayOrder(ebayOrderId(), [[piece, 1, 1100]]))).body as {
      order_id: string;
    };
    const list = async (query: object) =>
      OrderList.parse(
        (
          await api()
            .get('/api/orders')
            .query({ page_size: 100, ...query })
            .set(bearer(staff))
        ).body,
      ).orders;
    const onlyEbay = await list({ channel: 'ebay' });
    expect(onlyEbay.map((o) => o.id)).toContain(ebay);
    expect(onlyEbay.every((o) => o.channel === 'ebay')).toBe(true);
    const onlyWeb = await list({ channel: 'web' });
    expect(onlyWeb.map((o) => o.id)).toContain(web);
    expect(onlyWeb.map((o) => o.id)).not.toContain(ebay);
    const all = (await list({})).map((o) => o.id);
    expect(all).toEqual(expect.arrayContaining([web, ebay]));
    const bad = await api().get('/api/orders?channel=counter').set(bearer(staff));
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/Canale non valido/);
  });

  it('keeps the total eBay collected, and flags it for staff when it is not the lines plus shipping', async () => {
    const piece = await shop.addArticle({ stock: 3 });
    const body = ebayOrder(ebayOrderId(), [[piece, 3, 3333]], 500);
    const res = await importOrder({ ...body, total_cents: 10500 });
    expect(res.status).toBe(201);
    const order = await detail(res.body.order_id as string);
    expect(order).toMatchObject({ total_amount: 105, subtotal_amount: 99.99, shipping_cost: 5 });
    expect(order.payment_issue).toMatchObject({
      code: 'amount_mismatch',
      detail:
        "eBay ha incassato 105,00 € invece di 104,99 € (righe più spedizione): controlla l'ordine su eBay",
    });
    expect(await shop.stockOf(piece)).toBe(0);
  });

  it('refuses bad input plainly and writes nothing', async () => {
    const piece = await shop.addArticle({ stock: 3 });
    const body = ebayOrder(ebayOrderId(), [[piece, 1, 1000]]);
    const noLines = await importOrder({ ...body, lines: [] });
    expect(noLines.status).toBe(422);
    expect(typeof noLines.body.detail).toBe('string');
    expect(await shop.stockOf(piece)).toBe(3);
    const list = OrderList.parse(
      (await api().get('/api/orders').query({ q: body.external_id }).set(bearer(staff))).body,
    );
    expect(list.total).toBe(0);
  });

  it('answers svc-channels only, and the conflict routes to staff only', async () => {
    const piece = await shop.addArticle({ stock: 3 });
    const body = ebayOrder(ebayOrderId(), [[piece, 1, 1000]]);
    const refusals = [
      [await api().post('/internal/orders/external').send(body), 401],
      [await importOrder(body, admin), 401],
      [await importOrder(body, await shop.internalToken('svc-payments')), 403],
      [await importOrder(body, await shop.internalToken('svc-channels', 'svc-catalog')), 403],
      [await cancelOnEbay(body.external_id, 'x', await shop.internalToken('svc-payments')), 403],
      [await api().get('/api/orders/stock-conflicts'), 401],
      [await api().get('/api/orders/stock-conflicts').set(bearer(cashier)), 403],
      [await api().post(`/api/orders/${randomUUID()}/stock-conflict/retry`).set(bearer(cashier)), 403],
    ] as const;
    for (const [res, status] of refusals) {
      expect({ status: res.status, detail: typeof res.body.detail }).toEqual({ status, detail: 'string' });
    }
    expect(await shop.stockOf(piece)).toBe(3);
    const missing = await api().post(`/api/orders/${randomUUID()}/stock-conflict/retry`).set(bearer(staff));
    expect(missing.status).toBe(404);
  });
});
