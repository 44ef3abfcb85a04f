import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import {
  CreateOrderRequest,
  CreateOrderResponse,
  ERROR_CODES,
  EVENTS,
  OrderDetail,
  OrderList,
  PAYMENT_REQUIRED_DETAIL,
  TOTAL_MISMATCH_DETAIL,
  type EventEnvelope,
} from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { reservations } from '../../svc-catalog/src/db/schema';
import { idempotencyKeys, orderPlacements, orderRecords, orderStatusHistory, outbox } from '../src/db/schema';
import { DEMO_IBAN } from '../src/orders/bank-transfer';
import { PLACEMENT_GONE_FOR_ID } from '../src/orders/creation';
import { shopperOrderKey } from '../src/orders/order-keys';
import { orderBody, STAFF, startShop, type Shop } from './shop';
import { azienda, privato } from './support';

describe('orders: a guest buys by bank transfer, priced and reserved by the real catalogue', () => {
  let shop: Shop;
  let staffToken: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const orderCount = async () =>
    (await shop.db.select({ n: sql<number>`count(*)::int` }).from(orderRecords))[0]!.n;
  const eventsOf = async (type: string) =>
    (await shop.db.select().from(outbox).where(eq(outbox.type, type))).map(
      (row) => row.envelope as EventEnvelope,
    );

  beforeAll(async () => {
    // A short placement deadline and sweeper period: the sweeper's retry of a failed release is seen here.
    shop = await startShop({ PLACEMENT_TIMEOUT_MS: '3000', PLACEMENT_SWEEP_INTERVAL_MS: '250' });
    const login = await api().post('/api/auth/login').send(STAFF);
    staffToken = login.body.access_token as string;
  }, 90_000);
  afterAll(() => shop?.stop());

  it('places a transfer order end to end: server prices, shipping, stock, IBAN, event, history', async () => {
    const album = await shop.addArticle({ stock: 5, title: 'Album Calciatori 2025', priceCents: 999 });
    const bustina = await shop.addArticle({ stock: 100, title: 'Bustina', priceCents: 25 });
    // 3 × round(9.99 × 1.22) = 3 × 12.19 = 36.57; 2 × round(0.25 × 1.22) = 2 × 0.31 = 0.62;
    // 5 items to Italy: 9 + 3 (one full 3 beyond the first) = 12.00; total 49.19.
    const res = await api()
      .post('/orders')
      .send(
        orderBody(
          [
            { article_id: album, quantity: 2 },
            { article_id: bustina, quantity: 2 },
            { article_id: album, quantity: 1 },
          ],
          49.19,
        ),
      );
    expect(res.status).toBe(201);
    const answer = CreateOrderResponse.parse(res.body);
    expect(answer).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      subtotal_amount: 37.19,
      shipping_cost: 12,
      total_amount: 49.19,
      bank_transfer: {
        iban: DEMO_IBAN,
        demo: true,
        amount: 49.19,
        payment_reason: answer.order_reference,
      },
    });
    expect(answer.order_reference).toBe(`ORD-${answer.order_id.replace(/-/g, '').slice(-8).toUpperCase()}`);
    expect(answer.items).toEqual([
      expect.objectContaining({
        article_id: album,
        quantity: 3,
        price: 9.99,
        unit_gross: 12.19,
        line_total: 36.57,
      }),
      expect.objectContaining({ article_id: bustina, quantity: 2, unit_gross: 0.31, line_total: 0.62 }),
    ]);
    expect(await shop.stockOf(album)).toBe(2);
    expect(await shop.stockOf(bustina)).toBe(98);

    const [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, answer.order_id));
    expect(row).toMatchObject({
      status: 'pending', // the client said 'paid'
      orderVersion: 1,
      totalCents: 4919,
      subtotalCents: 3719,
      shippingCents: 1200,
      shippingCountry: 'IT',
      paymentMethod: 'transfer',
      paymentStatus: 'pending',
      customerId: null,
      trackingNumber: null,
      packlinkShipmentId: null,
      packlinkData: null,
      invoiceData: null,
    });
    expect(row!.customerInfo).toMatchObject({ name: 'Anna Esposito', zipCode: '80132', country: 'IT' });
    expect(row!.items[0]).toMatchObject({
      sku: expect.stringMatching(/^ART-/),
      title: 'Album Calciatori 2025',
    });

    const [created] = (await eventsOf('order.created')).filter(
      (e) => (e.data as { order_id: string }).order_id === answer.order_id,
    );
    const data = EVENTS['order.created'].data.parse(created!.data);
    expect(data).toMatchObject({
      order_version: 1,
      customer_email: 'anna@example.it',
      payment_method: 'transfer',
      total_cents: 4919,
      shipping_cents: 1200,
      bank_transfer: { iban: DEMO_IBAN, payment_reason: answer.order_reference },
      // What svc-notify's new-order e-mail tells the shop to ship to.
      shipping_address: {
        name: 'Anna Esposito',
        address: 'Via Toledo 256',
        zip_code: '80132',
        city: 'Napoli',
        country: 'IT',
      },
    });
    expect(data.items).toHaveLength(2);
    const history = await shop.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, answer.order_id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'pending', orderVersion: 1 }]);
  });

  it("stores the customer's language and puts it on the order's events; refuses one the shop does not speak", async () => {
    const id = await shop.addArticle({ stock: 10, priceCents: 1000, iva: 0 });
    const refused = await api()
      .post('/orders')
      .send(orderBody([{ article_id: id, quantity: 1 }], 19, { language: 'xx' }));
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain('Lingua non valida');
    const res = await api()
      .post('/orders')
      .send(orderBody([{ article_id: id, quantity: 1 }], 19, { language: 'ru' }));
    expect(res.status).toBe(201);
    const orderId = CreateOrderResponse.parse(res.body).order_id;
    const [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, orderId));
    expect(row!.language).toBe('ru');
    const [created] = (await eventsOf('order.created')).filter(
      (e) => (e.data as { order_id: string }).order_id === orderId,
    );
    expect(EVENTS['order.created'].data.parse(created!.data).language).toBe('ru');
    // (An unpaid order cannot be confirmed: cancelling it is the staff move that announces it.)
    const moved = await api().put(`/api/orders/${orderId}/status?status=cancelled`).set(bearer(staffToken));
    expect(moved.status).toBe(200);
    const [changed] = (await eventsOf('order.status_changed')).filter(
      (e) => (e.data as { order_id: string }).order_id === orderId,
    );
    expect(EVENTS['order.status_changed'].data.parse(changed!.data).language).toBe('ru');
  });

  it('quotes the zone the cart chose, or the customer country', async () => {
    const id = await shop.addArticle({ stock: 10, priceCents: 1000, iva: 0 });
    const abroad = await api()
      .post('/orders')
      .send(orderBody([{ article_id: id, quantity: 2 }], 20 + 30, { shipping_zone: 'intercontinental' }));
    expect(abroad.status).toBe(201);
    expect(abroad.body.shipping_cost).toBe(30);
    const germany = await api()
      .post('/orders')
      .send({
        ...orderBody([{ article_id: id, quantity: 1 }], 10 + 14, { shipping_zone: undefined }),
        customer_info: { ...orderBody([], 0).customer_info, country: 'de' },
      });
    expect(germany.status).toBe(201);
    expect(germany.body.shipping_cost).toBe(14);
  });

  it('prices the country of the address and refuses (422) a zone that contradicts it, reserving nothing', async () => {
    const id = await shop.addArticle({ stock: 10, priceCents: 1000, iva: 0 });
    const info = orderBody([], 0).customer_info;
    const before = await orderCount();
    // intercontinental with an Italian address (and a New York street): not priced as Italy, refused.
    const contradicted = await api()
      .post('/orders')
      .send({
        ...orderBody([{ article_id: id, quantity: 1 }], 10 + 9, { shipping_zone: 'intercontinental' }),
        customer_info: { ...info, address: '350 5th Ave', city: 'New York', country: 'IT' },
      });
    expect(contradicted.status).toBe(422);
    expect(contradicted.body).toEqual({
      detail: "shipping_zone: la zona di spedizione non corrisponde al paese dell'indirizzo",
    });
    expect(await orderCount()).toBe(before);
    expect(await shop.stockOf(id)).toBe(10);
    for (const [zone, country] of [
      ['national', 'US'],
      ['international', 'IT'],
      ['intercontinental', 'FR'],
    ]) {
      const res = await api()
        .post('/orders')
        .send({
          ...orderBody([{ article_id: id, quantity: 1 }], 19, { shipping_zone: zone }),
          customer_info: { ...info, country },
        });
      expect(res.status).toBe(422);
    }
    // The zone that follows from the country is priced for that country.
    const us = await api()
      .post('/orders')
      .send({
        ...orderBody([{ article_id: id, quantity: 1 }], 10 + 25, { shipping_zone: 'intercontinental' }),
        customer_info: { ...info, country: 'US' },
      });
    expect(us.status).toBe(201);
    expect(us.body.shipping_cost).toBe(25);
  });

  it("ignores the client's payment_intent_id: only svc-payments records a payment id", async () => {
    const id = await shop.addArticle({ stock: 10, priceCents: 1000 });
    const res = await api()
      .post('/orders')
      .send(orderBody([{ article_id: id, quantity: 1 }], 21.2, { payment_intent_id: 'pi_forged_by_client' }));
    expect(res.status).toBe(201);
    const orderId = CreateOrderResponse.parse(res.body).order_id;
    const [row] = await shop.db
      .select({ intent: orderRecords.paymentIntentId })
      .from(orderRecords)
      .where(eq(orderRecords.id, orderId));
    expect(row!.intent).toBeNull();
    const staffView = await api().get(`/api/orders/${orderId}`).set(bearer(staffToken));
    expect(staffView.status).toBe(200);
    expect(staffView.body.payment_intent_id).toBeNull();
    expect(JSON.stringify(staffView.body)).not.toContain('pi_forged_by_client');
  });

  it('refuses a tampered total with the shopper message, and gives the stock back', async () => {
    const id = await shop.addArticle({ stock: 3, priceCents: 1000 });
    const before = await orderCount();
    for (const total of [0.01, 21.18, 21.22]) {
      const res = await api()
        .post('/orders')
        .send(orderBody([{ article_id: id, quantity: 1 }], total));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: TOTAL_MISMATCH_DETAIL, code: ERROR_CODES.totalMismatch });
    }
    expect(await shop.stockOf(id)).toBe(3);
    expect(await orderCount()).toBe(before);
    // Within a cent is the shopper's rounding, not tampering: 12.20 + 9.00 = 21.20.
    const ok = await api()
      .post('/orders')
      .send(orderBody([{ article_id: id, quantity: 1 }], 21.19));
    expect(ok.status).toBe(201);
    expect(ok.body.total_amount).toBe(21.2);
  });

  it('answers each bad input with a 4xx naming the problem, and writes nothing', async () => {
    const ok = await shop.addArticle({ stock: 5, title: 'Gundam RX-78' });
    const inactive = await shop.addArticle({ stock: 5, title: 'Ritirato', active: false });
    const soldOut = await shop.addArticle({ stock: 0, title: 'Esaurito' });
    const few = await shop.addArticle({ stock: 1, title: 'Ultimo pezzo' });
    const unknown = '3b0f0c8e-8a1d-4c6f-bb0e-1f2a3c4d5e6f';
    const line = [{ article_id: ok, quantity: 1 }];
    const info = orderBody([], 0).customer_info;
    const before = await orderCount();
    const cases: [object, number, RegExp][] = [
      [orderBody([], 0), 422, /^Il carrello è vuoto!/],
      [{ ...orderBody(line, 0), items: undefined }, 422, /^Il carrello è vuoto!/],
      [orderBody([{ article_id: ok, quantity: 0 }], 0), 422, /^La quantità deve essere almeno 1/],
      [orderBody([{ article_id: ok, quantity: 1.5 }], 0), 422, /^La quantità deve essere un numero intero/],
      [orderBody([{ quantity: 1 }] as never, 0), 422, /Articolo mancante nella riga del carrello/],
      [orderBody([{ article_id: unknown, quantity: 1 }], 21.2), 404, /Articolo non trovato/],
      [orderBody([{ article_id: inactive, quantity: 1 }], 21.2), 409, /^Articolo non disponibile: [0-9a-f-]{36}$/],
      [orderBody([{ article_id: soldOut, quantity: 1 }], 21.2), 409, /Articolo esaurito: "Esaurito"/],
      [orderBody([{ article_id: few, quantity: 2 }], 33.4), 409, /Disponibilità insufficiente per "Ultimo pezzo"/],
      [{ ...orderBody(line, 21.2), customer_info: { ...info, name: ' ' } }, 422, /^Il nome completo è obbligatorio/],
      [{ ...orderBody(line, 21.2), customer_info: { ...info, phone: undefined } }, 422, /^Il telefono è obbligatorio/],
      [{ ...orderBody(line, 21.2), customer_info: { ...info, address: '' } }, 422, /^L'indirizzo di spedizione è obbligatorio$/],
      [{ ...orderBody(line, 21.2), customer_info: { ...info, city: '' } }, 422, /^La città è obbligatorio/],
      [{ ...orderBody(line, 21.2), customer_info: { ...info, name: 'Anna\r\nBcc: x@example.it' } }, 422, /^Non può contenere a capo né altri caratteri di controllo/],
      [{ ...orderBody(line, 21.2), customer_info: { ...info, city: 'Napoli\n' } }, 422, /^Non può contenere a capo/],
      [{ ...orderBody(line, 21.2), customer_info: { ...info, address: 'Via Toledo\u001b[31m 1' } }, 422, /^Non può contenere/],
      [{ ...orderBody(line, 21.2), customer_info: { ...info, email: 'anna.example.it' } }, 422, /^Inserisci un indirizzo email valido/],
      [{ ...orderBody(line, 21.2), customer_info: undefined }, 422, /^I dati del cliente sono obbligatori$/],
      [{ ...orderBody(line, 21.2), payment_method: 'contanti' }, 422, /^Metodo di pagamento non valido/],
      [{ ...orderBody(line, 21.2), total_amount: 'tanto' }, 422, /^Il totale deve essere un numero$/],
      [
        { ...orderBody(line, 21.2), invoice_data: { requires_invoice: true, invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562T' } },
        422,
        /^Codice fiscale non valido/,
      ],
      [
        {
          ...orderBody(line, 21.2),
          invoice_data: { requires_invoice: true, invoice_type: 'azienda', ragione_sociale: 'Ferrari', piva: '00159560363', codice_fiscale_azienda: '00159560366' },
        },
        422,
        /^Partita IVA non valida/,
      ],
    ]; // prettier-ignore
    for (const [body, status, detail] of cases) {
      const res = await api().post('/orders').send(body);
      expect({ status: res.status, detail: res.body.detail }).toEqual({
        status,
        detail: expect.stringMatching(detail),
      });
    }
    expect(await orderCount()).toBe(before);
    expect([await shop.stockOf(ok), await shop.stockOf(few), await shop.stockOf(inactive)]).toEqual([
      5, 1, 5,
    ]);
  });

  it('keeps a valid invoice request on the order, staff fields not yet set', async () => {
    const id = await shop.addArticle({ stock: 5, priceCents: 1000 });
    const res = await api()
      .post('/orders')
      .send(
        orderBody([{ article_id: id, quantity: 1 }], 21.2, {
          invoice_data: {
            requires_invoice: true,
            invoice_type: 'azienda',
            ragione_sociale: 'Ferrari S.p.A.',
            piva: '00159560366',
            codice_fiscale_azienda: '00159560366',
            pec: '',
            sdi: 'abc1234',
            invoice_issued: true,
            invoice_number: 'FINTO-1',
          },
        }),
      );
    expect(res.status).toBe(201);
    const detail = OrderDetail.parse(
      (await api().get(`/api/orders/${res.body.order_id}`).set(bearer(staffToken))).body,
    );
    expect(detail.invoice_data).toEqual({
      requires_invoice: true,
      invoice_type: 'azienda',
      codice_fiscale: null,
      ragione_sociale: 'Ferrari S.p.A.',
      piva: '00159560366',
      codice_fiscale_azienda: '00159560366',
      pec: null,
      sdi: 'ABC1234',
      invoice_issued: false,
      invoice_number: null,
      invoice_date: null,
    });
  });

  it('gives the stock back when the order cannot be stored after the reservation', async () => {
    const id = await shop.addArticle({ stock: 4, priceCents: 1000 });
    await shop.db.execute(
      sql.raw(`create function orders.refuse_orders() returns trigger language plpgsql as
        $$ begin raise exception 'disk full (test)'; end $$`),
    );
    await shop.db.execute(
      sql.raw(`create trigger refuse_orders before insert on orders.orders
        for each row execute function orders.refuse_orders()`),
    );
    try {
      const before = await orderCount();
      const res = await api()
        .post('/orders')
        .send(orderBody([{ article_id: id, quantity: 3 }], 36.6 + 9));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ detail: expect.any(String) });
      expect(await orderCount()).toBe(before);
      expect(await shop.stockOf(id)).toBe(4);
      const held = await shop.catalogDb.select().from(reservations);
      expect(held.filter((r) => r.lines.some((l) => l.article_id === id))).toEqual([
        expect.objectContaining({ releasedAt: expect.any(Date) }),
      ]);
    } finally {
      await shop.db.execute(sql.raw('drop trigger refuse_orders on orders.orders'));
      await shop.db.execute(sql.raw('drop function orders.refuse_orders()'));
    }
  });

  it('leaves a failed release to the placement sweeper, which retries it until the stock is back', async () => {
    const id = await shop.addArticle({ stock: 4, priceCents: 1000 });
    const run = async (statement: string) => shop.db.execute(sql.raw(statement));
    await run(`create function orders.refuse_orders() returns trigger language plpgsql as
      $$ begin raise exception 'disk full (test)'; end $$`);
    await run(`create trigger refuse_orders before insert on orders.orders
      for each row execute function orders.refuse_orders()`);
    await run(`create function catalog.refuse_release() returns trigger language plpgsql as
      $$ begin raise exception 'catalogue failing (test)'; end $$`);
    await run(`create trigger refuse_release before update on catalog.reservations
      for each row when (new.released_at is not null) execute function catalog.refuse_release()`);
    let catalogFailing = true;
    try {
      const res = await api()
        .post('/orders')
        .send(orderBody([{ article_id: id, quantity: 2 }], 24.4 + 9));
      expect(res.status).toBe(500);
      expect(await shop.stockOf(id)).toBe(2);
      // The placement holds the reservation: given up (no order may be stored under it), stock not back yet.
      const [held] = await shop.db
        .select()
        .from(orderPlacements)
        .where(sql`${orderPlacements.releasedAt} is null`);
      expect(held).toMatchObject({ abandonedAt: expect.any(Date), releasedAt: null });
      await run('drop trigger refuse_release on catalog.reservations');
      catalogFailing = false;
      await waitFor(async () => (await shop.stockOf(id)) === 4, { timeoutMs: 20_000 });
      await waitFor(
        async () =>
          (await shop.db.select().from(orderPlacements).where(eq(orderPlacements.orderId, held!.orderId)))[0]!
            .releasedAt !== null,
        { timeoutMs: 5_000 },
      );
    } finally {
      await run('drop trigger refuse_orders on orders.orders');
      await run('drop function orders.refuse_orders()');
      if (catalogFailing) await run('drop trigger refuse_release on catalog.reservations');
      await run('drop function catalog.refuse_release()');
    }
  }, 30_000);

  it('gives back the stock of a placement whose request died (past its deadline), and never places that id again', async () => {
    const id = await shop.addArticle({ stock: 5, priceCents: 1000 });
    const orderId = randomUUID();
    // What a process killed between its reservation and its order leaves: a placement and a reservation.
    await shop.db.insert(orderPlacements).values({ orderId, heldUntil: new Date(Date.now() + 500) });
    const reserved = await request(shop.catalogUrl)
      .post('/internal/stock/reservations')
      .set('authorization', `Bearer ${await shop.internalToken('svc-orders', 'svc-catalog')}`)
      .set('Idempotency-Key', orderId)
      .send({ order_id: orderId, lines: [{ article_id: id, quantity: 2 }] });
    expect(reserved.status).toBe(200);
    expect(await shop.stockOf(id)).toBe(3);
    const placement = async () =>
      (await shop.db.select().from(orderPlacements).where(eq(orderPlacements.orderId, orderId)))[0]!;
    await waitFor(async () => (await placement()).releasedAt !== null, { timeoutMs: 10_000 });
    expect(await placement()).toMatchObject({ abandonedAt: expect.any(Date), releasedAt: expect.any(Date) });
    expect(await shop.stockOf(id)).toBe(5);
    // svc-payments retrying with that very id is refused (409), so it starts over with a new one.
    const retried = await request(shop.orders.app)
      .post('/internal/orders')
      .set('authorization', `Bearer ${await shop.internalToken()}`)
      .send({
        ...orderBody([{ article_id: id, quantity: 2 }], 24.4 + 9, { payment_method: 'card' }),
        order_id: orderId,
        customer_id: null,
        client_address: '192.0.2.10',
      });
    expect({ status: retried.status, detail: retried.body.detail }).toEqual({
      status: 409,
      detail: PLACEMENT_GONE_FOR_ID,
    });
    expect(await shop.stockOf(id)).toBe(5);
  });

  it('starts a retry over under a new id when the dead attempt of its key was swept already', async () => {
    const id = await shop.addArticle({ stock: 5, priceCents: 1000 });
    const body = orderBody([{ article_id: id, quantity: 1 }], 12.2 + 9);
    const key = shopperOrderKey(randomUUID(), CreateOrderRequest.parse(body), { customerId: null });
    const deadId = randomUUID();
    // What a request killed long ago leaves once the sweeper ran: its key (lease over) and a released placement.
    await shop.db.insert(idempotencyKeys).values({ ...key, resourceId: deadId, lockedUntil: new Date(0) });
    await shop.db.insert(orderPlacements).values({
      orderId: deadId,
      heldUntil: new Date(0),
      abandonedAt: new Date(),
      releasedAt: new Date(),
    });
    const res = await api().post('/orders').set('Idempotency-Key', key.key).send(body);
    expect(res.status).toBe(201);
    expect(res.body.order_id).not.toBe(deadId);
    expect(await shop.stockOf(id)).toBe(4);
    const again = await api().post('/orders').set('Idempotency-Key', key.key).send(body);
    expect(again.body.order_id).toBe(res.body.order_id);
    expect(await shop.stockOf(id)).toBe(4);
  });

  it('lets staff move an order along docs/product/orders-and-payments.md#transitions only, keeping who and when, with versioned events', async () => {
    const id = await shop.addArticle({ stock: 5, priceCents: 1000 });
    const placed = await api()
      .post('/orders')
      .send(orderBody([{ article_id: id, quantity: 2 }], 24.4 + 9));
    const orderId = placed.body.order_id as string;
    const move = (status: string, tracking?: string) =>
      api()
        .put(`/api/orders/${orderId}/status`)
        .query(tracking === undefined ? { status } : { status, tracking_number: tracking })
        .set(bearer(staffToken));

    expect((await api().put(`/api/orders/${orderId}/status?status=confirmed`)).status).toBe(401);
    const refused = await move('shipped', 'TRK1');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("Impossibile passare l'ordine da In Attesa a Spedito");
    expect((await move('delivered')).status).toBe(409);
    expect((await move('sospeso')).status).toBe(422);

    // Confirming needs the money in (contracts' MOVES_NEEDING_PAYMENT): the transfer is recorded first.
    const unpaid = await move('confirmed');
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.detail).toBe(PAYMENT_REQUIRED_DETAIL);
    const recorded = await api()
      .put(`/api/orders/${orderId}/payment`)
      .set(bearer(staffToken))
      .send({ received_on: '2026-11-20', amount: 33.4, bank_reference: 'CRO 42' });
    expect(recorded.body).toMatchObject({ status: 'paid', payment_status: 'paid', order_version: 2 });
    const confirmed = await move('confirmed');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', order_version: 3 });
    const noTracking = await move('shipped', '   ');
    expect(noTracking.status).toBe(422);
    expect(noTracking.body.detail).toBe(
      "Il numero di tracking è obbligatorio per segnare l'ordine come spedito",
    );
    const shipped = await move('shipped', ' BRT-123456 ');
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      order_version: 4,
      tracking_number: 'BRT-123456',
    });
    expect((await move('cancelled')).status).toBe(409);
    expect((await move('delivered')).body).toMatchObject({ status: 'delivered', order_version: 5 });
    expect((await move('cancelled')).status).toBe(409);

    const detail = OrderDetail.parse(
      (await api().get(`/api/orders/${orderId}`).set(bearer(staffToken))).body,
    );
    expect(detail.status_history.map((h) => [h.from, h.to, h.changed_by])).toEqual([
      [null, 'pending', null],
      ['pending', 'paid', STAFF.username],
      ['paid', 'confirmed', STAFF.username],
      ['confirmed', 'shipped', STAFF.username],
      ['shipped', 'delivered', STAFF.username],
    ]);
    expect(detail.status_history[3]!.tracking_number).toBe('BRT-123456');
    expect(detail.status_history.every((h) => !Number.isNaN(Date.parse(h.changed_at)))).toBe(true);

    const changes = (await eventsOf('order.status_changed'))
      .map((e) => EVENTS['order.status_changed'].data.parse(e.data))
      .filter((d) => d.order_id === orderId)
      .sort((a, b) => a.order_version - b.order_version);
    expect(changes.map((c) => [c.from, c.to, c.order_version, c.tracking_number])).toEqual([
      ['pending', 'paid', 2, null],
      ['paid', 'confirmed', 3, null],
      ['confirmed', 'shipped', 4, 'BRT-123456'],
      ['shipped', 'delivered', 5, 'BRT-123456'],
    ]);
    expect(changes[0]!.items).toEqual([{ article_id: id, quantity: 2 }]);
  });

  it('takes concurrent changes of one order in turns: one wins, the other is refused', async () => {
    const id = await shop.addArticle({ stock: 5, priceCents: 1000 });
    const placed = await api()
      .post('/orders')
      .send(orderBody([{ article_id: id, quantity: 1 }], 21.2));
    await api()
      .put(`/api/orders/${placed.body.order_id}/payment`)
      .set(bearer(staffToken))
      .send({ received_on: '2026-11-20', amount: 21.2, bank_reference: 'CRO 43' })
      .expect(200);
    const path = `/api/orders/${placed.body.order_id}/status?status=confirmed`;
    const results = await Promise.all([1, 2, 3].map(() => api().put(path).set(bearer(staffToken))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const detail = OrderDetail.parse(
      (await api().get(`/api/orders/${placed.body.order_id}`).set(bearer(staffToken))).body,
    );
    expect(detail.order_version).toBe(3);
    expect(detail.status_history).toHaveLength(3);
  });

  it('gives the stock back once when a pending order is cancelled, even if the event comes twice', async () => {
    const id = await shop.addArticle({ stock: 6, priceCents: 1000 });
    const placed = await api()
      .post('/orders')
      .send(orderBody([{ article_id: id, quantity: 4 }], 48.8 + 12));
    expect(await shop.stockOf(id)).toBe(2);
    const cancelled = await api()
      .put(`/api/orders/${placed.body.order_id}/status?status=cancelled`)
      .set(bearer(staffToken));
    expect(cancelled.status).toBe(200);
    await waitFor(async () => (await shop.stockOf(id)) === 6, { timeoutMs: 10_000 });
    // The same event delivered again (a redelivery) changes nothing.
    const [event] = (await eventsOf('order.status_changed')).filter(
      (e) => (e.data as { order_id: string }).order_id === placed.body.order_id,
    );
    // Delivered straight to the bus: publish resolves once every consumer handled it (here: skipped it).
    await shop.transport.publish(event!);
    expect(await shop.stockOf(id)).toBe(6);
  });

  it('lists orders for staff, newest first, filtered by status, with counts per status', async () => {
    const all = OrderList.parse((await api().get('/api/orders').set(bearer(staffToken))).body);
    expect(all.orders.length).toBeGreaterThan(3);
    const times = all.orders.map((o) => Date.parse(o.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.counts.all).toBe(all.orders.length);
    expect(all.counts.delivered).toBe(1);
    expect(all.counts.cancelled).toBe(all.orders.filter((o) => o.status === 'cancelled').length);
    expect(all.counts.cancelled).toBeGreaterThanOrEqual(1);
    expect(all.counts.confirmed).toBe(1);
    expect(all.counts.pending).toBe(all.orders.filter((o) => o.status === 'pending').length);

    const pending = OrderList.parse(
      (await api().get('/api/orders?status=pending').set(bearer(staffToken))).body,
    );
    expect(pending.orders.every((o) => o.status === 'pending')).toBe(true);
    expect(pending.orders).toHaveLength(all.counts.pending);
    expect(pending.counts).toEqual(all.counts);
    expect((await api().get('/api/orders?status=perso').set(bearer(staffToken))).status).toBe(422);
    expect((await api().get('/api/orders')).status).toBe(401);
  });

  it('gives an order placed with a customer token to that customer; a company is invoiced with its account data', async () => {
    const id = await shop.addArticle({ stock: 10, priceCents: 1000 });
    const register = (body: object) => api().post('/api/customers/register').send(body);
    const login = async (email: string, password: string) =>
      (await api().post('/api/customers/login').send({ email, password })).body.access_token as string;
    expect((await register(privato)).status).toBe(201);
    expect((await register(azienda)).status).toBe(201);
    const anna = await login(privato.email, privato.password);
    const ferrari = await login(azienda.email, azienda.password);

    const mine = await api()
      .post('/orders')
      .set(bearer(anna))
      .send(orderBody([{ article_id: id, quantity: 1 }], 21.2));
    expect(mine.status).toBe(201);
    const guest = await api()
      .post('/orders')
      .send(orderBody([{ article_id: id, quantity: 2 }], 24.4 + 9));
    expect(guest.status).toBe(201);
    const company = await api()
      .post('/orders')
      .set(bearer(ferrari))
      .send(
        orderBody([{ article_id: id, quantity: 1 }], 21.2, { invoice_data: { requires_invoice: false } }),
      );
    expect(company.status).toBe(201);

    const listed = await api().get('/api/customers/orders').set(bearer(anna));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: mine.body.order_id,
        status: 'pending',
        total_amount: 21.2,
        payment_method: 'transfer',
      }),
    ]);
    expect(listed.body[0].items).toEqual([{ article_id: id, title: expect.any(String), quantity: 1 }]);
    const companyOrder = OrderDetail.parse(
      (await api().get(`/api/orders/${company.body.order_id}`).set(bearer(staffToken))).body,
    );
    expect(companyOrder.customer_id).toEqual(expect.any(String));
    expect(companyOrder.invoice_data).toMatchObject({
      requires_invoice: true,
      invoice_type: 'azienda',
      ragione_sociale: 'Ferrari S.p.A.',
      piva: '00159560366',
    });

    // A token that does not verify is refused, not silently ignored; nothing is reserved.
    const before = await shop.stockOf(id);
    const expired = await api()
      .post('/orders')
      .set(bearer(`${anna.slice(0, -4)}AAAA`))
      .send(orderBody([{ article_id: id, quantity: 1 }], 21.2));
    expect(expired.status).toBe(401);
    expect(await shop.stockOf(id)).toBe(before);
  });
});
