import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import {
  CreateOrderResponse,
  CreateShipmentResponse,
  OrderDetail,
  grossCents,
  LABEL_DOWNLOAD_FAILED_DETAIL,
  ShipmentQuotes,
  orderReference,
  type EventEnvelope,
} from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { articles } from '../../svc-catalog/src/db/schema';
import { auditEntries, orderRecords, orderStatusHistory, outbox, shipments } from '../src/db/schema';
import { createFakePacklink, type FakePacklink } from '../src/fakes/packlink/fake-packlink';
import { SHIPMENTS_OFF_DETAIL } from '../src/shipments/mode';
import {
  notShippableDetail,
  SHIPMENT_EXISTS_DETAIL,
  SHIPMENT_IN_PROGRESS_DETAIL,
  sweepShipmentClaims,
} from '../src/shipments/shipments';
import { upsertStaff } from '../src/staff/users';
import { orderBody, STAFF, startShop, type Shop } from './shop';

const API_KEY = 'test-packlink-key-0123456789';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Reads a whole binary answer (supertest buffers only known types by default). */
const binary = (res: request.Request) =>
  res.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });

async function pageCount(pdf: Buffer) {
  return (await PDFDocument.load(pdf)).getPageCount();
}

describe('shipments through Packlink PRO (live mode against the fake Packlink, through the real client)', () => {
  let shop: Shop;
  let fake: FakePacklink;
  let closeFake: () => Promise<void>;
  let adminToken: string;
  let staffToken: string;
  const api = () => request(shop.orders.app);
  // Callbacks reach the shop's HTTP route, as Packlink's would.
  const callbacks: number[] = [];

  beforeAll(async () => {
    fake = createFakePacklink({
      apiKey: API_KEY,
      readyAfterMs: null,
      async deliverCallback(body) {
        const res = await request(shop.orders.app)
          .post('/webhooks/packlink')
          .set('Content-Type', 'application/json')
          .send(body);
        callbacks.push(res.status);
        if (res.status >= 300) throw new Error(`callback answered ${res.status}`);
      },
    });
    const server = await fake.listen();
    closeFake = server.close;
    shop = await startShop({
      PACKLINK_API_KEY: API_KEY,
      PACKLINK_API_BASE: server.apiBase,
      PACKLINK_FROM_STREET: 'Via Roma 1',
      PACKLINK_FROM_ZIP: '00184',
      PACKLINK_FROM_CITY: 'Roma',
    });
    await upsertStaff(shop.db, { username: 'commessa', password: 'Commessa-2026!', role: 'staff' });
    adminToken = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
    staffToken = (
      await api().post('/api/auth/login').send({ username: 'commessa', password: 'Commessa-2026!' })
    ).body.access_token as string;
  }, 90_000);
  afterAll(async () => {
    await shop?.stop();
    await closeFake?.();
  });

  let guest = 0;
  const grossOf = new Map<string, number>();
  async function addArticle(priceCents: number) {
    const id = await shop.addArticle({ stock: 50, priceCents, iva: 22 });
    grossOf.set(id, grossCents(priceCents, 22));
    return id;
  }

  /** An order of `lines`, placed through POST /orders, then put in `status` (its money in, but for pending). */
  async function orderIn(
    status: 'pending' | 'paid' | 'confirmed' | 'shipped' | 'cancelled',
    lines?: { article_id: string; quantity: number }[],
  ): Promise<string> {
    guest += 1;
    const items = lines ?? [{ article_id: await addArticle(1000), quantity: 1 }];
    const units = items.reduce((sum, line) => sum + line.quantity, 0);
    const cents =
      items.reduce((sum, line) => sum + grossOf.get(line.article_id)! * line.quantity, 0) +
      900 +
      300 * Math.floor(Math.max(0, units - 1) / 3);
    const body = orderBody(items, cents / 100) as { customer_info: object };
    const res = await api()
      .post('/orders')
      .set('X-Forwarded-For', `198.51.100.${guest}`)
      .send({ ...body, customer_info: { ...body.customer_info, email: `cliente${guest}@example.it` } });
    expect(res.status).toBe(201);
    const id = CreateOrderResponse.parse(res.body).order_id;
    await shop.db
      .update(orderRecords)
      .set({ status, paymentStatus: status === 'pending' ? 'pending' : 'paid' })
      .where(eq(orderRecords.id, id));
    return id;
  }

  async function quotesOf(orderId: string, token = staffToken) {
    return api().get(`/api/orders/${orderId}/shipment-quotes`).set(bearer(token));
  }

  async function ship(orderId: string, token = staffToken) {
    const quotes = ShipmentQuotes.parse((await quotesOf(orderId, token)).body);
    return api()
      .post(`/api/orders/${orderId}/create-shipment`)
      .set(bearer(token))
      .send({ service_id: quotes.quotes[0]!.service_id });
  }

  it('quotes the parcel summed from the articles’ weight and size, cheapest first', async () => {
    const heavy = await addArticle(2000);
    const light = await addArticle(500);
    await shop.catalogDb
      .update(articles)
      .set({ weightKg: 1.2, dimensions: '30x20x5 cm' })
      .where(eq(articles.id, heavy));
    await shop.catalogDb
      .update(articles)
      .set({ weightKg: 0.3, dimensions: '25 x 18 x 2' })
      .where(eq(articles.id, light));
    const order = await orderIn('paid', [
      { article_id: heavy, quantity: 2 },
      { article_id: light, quantity: 1 },
    ]);
    const res = await quotesOf(order);
    expect(res.status).toBe(200);
    const answer = ShipmentQuotes.parse(res.body);
    expect(answer.parcel).toEqual({
      weight_kg: 2.7,
      length_cm: 30,
      width_cm: 20,
      height_cm: 12,
      estimated: false,
    });
    expect(answer.demo).toBe(false);
    expect(answer.quotes.map((q) => q.carrier_name).sort()).toEqual(['BRT', 'GLS', 'Poste Italiane']);
    const prices = answer.quotes.map((q) => q.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(answer.quotes[0]).toMatchObject({ transit_days: expect.any(Number) });
  });

  it('uses the default parcel per unit, marked estimated, for articles without weight or size', async () => {
    const order = await orderIn('confirmed');
    const answer = ShipmentQuotes.parse((await quotesOf(order)).body);
    expect(answer.parcel).toEqual({
      weight_kg: 0.5,
      length_cm: 30,
      width_cm: 22,
      height_cm: 3,
      estimated: true,
    });
  });

  it('refuses without a staff token, and for orders that cannot be shipped (409, Italian)', async () => {
    const paid = await orderIn('paid');
    expect((await api().get(`/api/orders/${paid}/shipment-quotes`)).status).toBe(401);
    expect(
      (await api().post(`/api/orders/${paid}/create-shipment`).send({ service_id: '20945' })).status,
    ).toBe(401);
    // An empty service is a mistake (422); no service at all is the default choice (the bodiless test below).
    expect(
      (
        await api()
          .post(`/api/orders/${paid}/create-shipment`)
          .set(bearer(staffToken))
          .send({ service_id: ' ' })
      ).status,
    ).toBe(422);
    for (const status of ['pending', 'shipped', 'cancelled'] as const) {
      const order = await orderIn(status);
      const res = await api()
        .post(`/api/orders/${order}/create-shipment`)
        .set(bearer(staffToken))
        .send({ service_id: '20945' });
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(notShippableDetail(status));
      expect((await quotesOf(order)).status).toBe(409);
    }
    const unknownService = await api()
      .post(`/api/orders/${paid}/create-shipment`)
      .set(bearer(staffToken))
      .send({ service_id: '999' });
    expect(unknownService.status).toBe(422);
    expect(fake.shipments()).toHaveLength(0);
  });

  it('creates one Packlink draft, stores it on the order, audits it; a second creation is a 409', async () => {
    const order = await orderIn('confirmed');
    const res = await ship(order, adminToken);
    expect(res.status).toBe(201);
    const answer = CreateShipmentResponse.parse(res.body);
    expect(answer).toMatchObject({ tracking_number: null, state: 'draft', demo: false });
    const remote = fake.shipments().find((s) => s.reference === answer.shipment_id)!;
    expect(remote).toMatchObject({ custom_reference: order, carrier: answer.carrier_name, to_zip: '80132' });
    const [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, order));
    expect(row!.packlinkShipmentId).toBe(answer.shipment_id);
    expect(row!.packlinkData).toEqual({ tracking_number: null, carrier_name: answer.carrier_name });
    const [stored] = await shop.db.select().from(shipments).where(eq(shipments.orderId, order));
    expect(stored).toMatchObject({ state: 'draft', serviceId: remote.service_id, claimOwner: null });
    expect(stored!.priceCents).toBeGreaterThan(0);
    // The order page reads it with the order.
    const detail = OrderDetail.parse((await api().get(`/api/orders/${order}`).set(bearer(staffToken))).body);
    expect(detail.shipment).toMatchObject({
      state: 'draft',
      packlink_reference: answer.shipment_id,
      carrier_name: answer.carrier_name,
      price: stored!.priceCents / 100,
      demo: false,
    });
    await waitFor(async () => {
      const audit = await shop.db.select().from(auditEntries).where(eq(auditEntries.entityId, order));
      return audit.some((a) => a.action === 'shipment_created' && a.actorName === STAFF.username);
    });
    const again = await api()
      .post(`/api/orders/${order}/create-shipment`)
      .set(bearer(staffToken))
      .send({ service_id: remote.service_id });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(SHIPMENT_EXISTS_DETAIL);
  });

  it('without a body takes the cheapest quote, or the default carrier’s staff set; answers tracking_number', async () => {
    const cheapest = await orderIn('paid');
    const quotes = ShipmentQuotes.parse((await quotesOf(cheapest)).body).quotes;
    // The documented form (docs/product/orders-and-payments.md#default-carrier): no body at all.
    const res = await api().post(`/api/orders/${cheapest}/create-shipment`).set(bearer(staffToken));
    expect(res.status).toBe(201);
    const answer = CreateShipmentResponse.parse(res.body);
    expect(answer).toMatchObject({ carrier_name: quotes[0]!.carrier_name, tracking_number: null });
    expect(fake.shipments().find((s) => s.reference === answer.shipment_id)!.service_id).toBe(
      quotes[0]!.service_id,
    );

    // A default carrier that is not the cheapest: its quote is taken.
    const dearer = quotes.find((q) => q.carrier_name !== quotes[0]!.carrier_name)!;
    const unset = await api().get('/api/admin/shipping/default-carrier').set(bearer(staffToken));
    expect(unset.body).toEqual({ carrier_name: null });
    const saved = await api()
      .put('/api/admin/shipping/default-carrier')
      .set(bearer(staffToken))
      .send({ carrier_name: dearer.carrier_name });
    expect(saved.status).toBe(200);
    const withDefault = await orderIn('confirmed');
    const second = await api().post(`/api/orders/${withDefault}/create-shipment`).set(bearer(staffToken));
    expect(second.status).toBe(201);
    expect(CreateShipmentResponse.parse(second.body).carrier_name).toBe(dearer.carrier_name);

    // Reset, and a bad value is a readable 422.
    const bad = await api()
      .put('/api/admin/shipping/default-carrier')
      .set(bearer(staffToken))
      .send({ carrier_name: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('Il corriere predefinito è obbligatorio');
    await api()
      .put('/api/admin/shipping/default-carrier')
      .set(bearer(staffToken))
      .send({ carrier_name: null })
      .expect(200);
    expect(await api().get('/api/admin/shipping/default-carrier').set(bearer(staffToken))).toMatchObject({
      body: { carrier_name: null },
    });
    const anonymous = await api().put('/api/admin/shipping/default-carrier').send({ carrier_name: 'BRT' });
    expect(anonymous.status).toBe(401);
  });

  it('a double click creates ONE Packlink shipment', async () => {
    const order = await orderIn('paid');
    const quotes = ShipmentQuotes.parse((await quotesOf(order)).body);
    const before = fake.shipments().length;
    const click = () =>
      api()
        .post(`/api/orders/${order}/create-shipment`)
        .set(bearer(staffToken))
        .send({ service_id: quotes.quotes[1]!.service_id });
    const answers = await Promise.all([click(), click(), click()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect([SHIPMENT_IN_PROGRESS_DETAIL, SHIPMENT_EXISTS_DETAIL]).toContain(refused.body.detail);
    }
    expect(fake.shipments().length).toBe(before + 1);
    expect(fake.shipments().filter((s) => s.custom_reference === order)).toHaveLength(1);
  });

  it('a claim whose request died is swept, and the next click creates the shipment', async () => {
    const order = await orderIn('paid');
    await shop.db.insert(shipments).values({
      orderId: order,
      state: 'creating',
      claimOwner: 'dead-request',
      claimDeadline: new Date(Date.now() + 60_000),
      serviceId: '20945',
      carrierName: 'BRT',
      serviceName: 'Espresso',
      priceCents: 790,
    });
    const busy = await ship(order);
    expect(busy.status).toBe(409);
    expect(busy.body.detail).toBe(SHIPMENT_IN_PROGRESS_DETAIL);
    expect(await sweepShipmentClaims(shop.db, new Date(Date.now() + 120_000))).toBe(1);
    const [swept] = await shop.db.select().from(shipments).where(eq(shipments.orderId, order));
    expect(swept!.state).toBe('failed');
    expect((await ship(order)).status).toBe(201);
  });

  it('serves the label once Packlink has it (409 before), merges labels, and the packing slip', async () => {
    const first = await orderIn('paid');
    const second = await orderIn('confirmed');
    const a = CreateShipmentResponse.parse((await ship(first)).body).shipment_id;
    const b = CreateShipmentResponse.parse((await ship(second)).body).shipment_id;

    const early = await api().get(`/api/shipments/${a}/label`).set(bearer(staffToken));
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(LABEL_DOWNLOAD_FAILED_DETAIL);
    expect((await api().get('/api/shipments/IT0000UNKNOWN/label').set(bearer(staffToken))).status).toBe(404);
    expect((await api().get(`/api/shipments/${a}/label`)).status).toBe(401);

    fake.makeReady(a);
    await fake.settled();
    const label = await binary(api().get(`/api/shipments/${a}/label`).set(bearer(staffToken)));
    expect(label.status).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    const pdf = label.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pageCount(pdf)).toBe(1);

    // The merged PDF is all or nothing: the order whose label is not ready is named.
    const partial = await api()
      .post('/api/shipments/labels')
      .set(bearer(staffToken))
      .send({ order_ids: [first, second] });
    expect(partial.status).toBe(409);
    expect(partial.body.detail).toContain(orderReference(second));
    expect(partial.body.detail).not.toContain(orderReference(first));
    fake.makeReady(b);
    await fake.settled();
    const merged = await binary(
      api()
        .post('/api/shipments/labels')
        .set(bearer(staffToken))
        .send({ order_ids: [first, second] }),
    );
    expect(merged.status).toBe(200);
    expect(await pageCount(merged.body as Buffer)).toBe(2);
    expect(
      (await api().post('/api/shipments/labels').set(bearer(staffToken)).send({ order_ids: [] })).status,
    ).toBe(422);

    const slip = await binary(api().get(`/api/orders/${first}/packing-slip.pdf`).set(bearer(staffToken)));
    expect(slip.status).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(await pageCount(slip.body as Buffer)).toBe(1);
    expect((slip.body as Buffer).toString('latin1')).toContain('/Title');
    expect((await api().get(`/api/orders/${first}/packing-slip.pdf`)).status).toBe(401);
  });

  it('Packlink’s callbacks store the tracking number, then move the order to shipped and delivered', async () => {
    const order = await orderIn('confirmed');
    const reference = CreateShipmentResponse.parse((await ship(order)).body).shipment_id;
    fake.makeReady(reference);
    await fake.settled();
    let [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, order));
    const tracking = fake.shipments().find((s) => s.reference === reference)!.tracking!;
    expect(row!.status).toBe('confirmed');
    expect(row!.packlinkData?.tracking_number).toBe(tracking);
    const [ready] = await shop.db.select().from(shipments).where(eq(shipments.orderId, order));
    expect(ready).toMatchObject({
      state: 'ready',
      trackingNumber: tracking,
      packlinkState: 'READY_TO_PRINT',
    });

    fake.advance(reference);
    await fake.settled();
    [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, order));
    expect(row).toMatchObject({ status: 'shipped', trackingNumber: tracking });

    fake.advance(reference);
    await fake.settled();
    // A repeated callback changes nothing.
    fake.sendCallback('shipment.delivered', reference);
    await fake.settled();
    [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, order));
    expect(row!.status).toBe('delivered');
    const history = await shop.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order));
    expect(history.filter((h) => h.toStatus === 'shipped' || h.toStatus === 'delivered')).toEqual([
      expect.objectContaining({ toStatus: 'shipped', changedBy: null, trackingNumber: tracking }),
      expect.objectContaining({ toStatus: 'delivered', changedBy: null }),
    ]);
    const events = (await shop.db.select().from(outbox).where(eq(outbox.type, 'order.status_changed')))
      .map((r) => r.envelope as EventEnvelope)
      .filter((e) => (e.data as { order_id: string }).order_id === order)
      .sort(
        (x, y) =>
          (x.data as { order_version: number }).order_version -
          (y.data as { order_version: number }).order_version,
      );
    expect(events.map((e) => (e.data as { to: string }).to)).toEqual(['shipped', 'delivered']);
    expect(callbacks.every((status) => status === 204)).toBe(true);
  });

  it('a forged callback is ignored: unknown to the shop, or unknown to Packlink', async () => {
    const order = await orderIn('confirmed');
    const reference = CreateShipmentResponse.parse((await ship(order)).body).shipment_id;
    // The shop's row names a shipment Packlink does not have (a forged or foreign reference).
    await shop.db
      .update(shipments)
      .set({ packlinkReference: 'IT2026FORGED0001' })
      .where(eq(shipments.packlinkReference, reference));
    const post = (body: unknown) =>
      api().post('/webhooks/packlink').set('Content-Type', 'application/json').send(JSON.stringify(body));
    for (const shipment_reference of ['IT2026FORGED0001', 'IT2026NOBODY0002']) {
      const res = await post({
        event: 'shipment.delivered',
        datetime: new Date().toISOString(),
        data: { shipment_reference, state: 'DELIVERED', trackings: ['FAKE123'] },
      });
      expect(res.status).toBe(204);
    }
    const [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, order));
    expect(row!.status).toBe('confirmed');
    expect(row!.packlinkData?.tracking_number).toBeNull();
    expect((await post({ event: 'x' })).status).toBe(400);
    const notJson = await api().post('/webhooks/packlink').set('Content-Type', 'text/plain').send('{{');
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toBeDefined();
  });
});

describe('shipments in demo mode (no PACKLINK_API_KEY) and off (live without a key)', () => {
  it('demo: the in-process fake quotes, its draft becomes ready with a DEMO label and a tracking number', async () => {
    const shop = await startShop({ PACKLINK_DEMO_READY_MS: '100' });
    try {
      const api = () => request(shop.orders.app);
      const token = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
      const article = await shop.addArticle({ stock: 5, priceCents: 1000 });
      const placed = await api()
        .post('/orders')
        .send(orderBody([{ article_id: article, quantity: 1 }], 21.2));
      expect(placed.status).toBe(201);
      const id = CreateOrderResponse.parse(placed.body).order_id;
      await shop.db
        .update(orderRecords)
        .set({ status: 'paid', paymentStatus: 'paid' })
        .where(eq(orderRecords.id, id));
      const quotes = ShipmentQuotes.parse(
        (await api().get(`/api/orders/${id}/shipment-quotes`).set(bearer(token))).body,
      );
      expect(quotes.demo).toBe(true);
      const created = CreateShipmentResponse.parse(
        (
          await api()
            .post(`/api/orders/${id}/create-shipment`)
            .set(bearer(token))
            .send({ service_id: quotes.quotes[0]!.service_id })
        ).body,
      );
      expect(created.demo).toBe(true);
      await waitFor(async () => {
        const [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, id));
        return Boolean(row!.packlinkData?.tracking_number?.startsWith('DEMO'));
      });
      const label = await binary(api().get(`/api/shipments/${created.shipment_id}/label`).set(bearer(token)));
      expect(label.status).toBe(200);
      expect(await pageCount(label.body as Buffer)).toBe(1);
    } finally {
      await shop.stop();
    }
  }, 60_000);

  it('off: PACKLINK_MODE=live without a key refuses the shipment routes (fails closed)', async () => {
    const shop = await startShop({ PACKLINK_MODE: 'live' });
    try {
      const api = () => request(shop.orders.app);
      const token = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
      const id = '7d0c5a0e-8a7e-4f3e-9a55-2f0f7b1f5a01';
      const res = await api().get(`/api/orders/${id}/shipment-quotes`).set(bearer(token));
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe(SHIPMENTS_OFF_DETAIL);
      const label = await api().get('/api/shipments/IT2026X/label').set(bearer(token));
      expect(label.status).toBe(503);
    } finally {
      await shop.stop();
    }
  }, 60_000);
});
