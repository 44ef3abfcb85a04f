import { eq } from 'drizzle-orm';
import request from 'supertest';
import { BackOfficeHome, HOME_LIST_SIZE } from '@edicola/contracts';
import { sdiDocuments, shipments } from '../src/db/schema';
import { upsertStaff } from '../src/staff/users';
import { insertOrder } from './order-fixtures';
import { startOrders } from './support';

const HOUR = 3_600_000;

// The back office's home (docs/product/back-office.md#home) counts and lists what needs doing from the orders
// as stored, however they got there.
describe('GET /api/admin/home', () => {
  jest.setTimeout(60_000);
  let orders: Awaited<ReturnType<typeof startOrders>>;
  const bearer: Record<string, { Authorization: string }> = {};
  const api = () => request(orders.service.app);
  const db = () => orders.testDatabase.database.db;

  beforeAll(async () => {
    orders = await startOrders();
    for (const [username, role] of [
      ['commessa', 'staff'],
      ['cassiera', 'cashier'],
    ] as const) {
      await upsertStaff(db(), { username, password: 'Banco-Vendita-7', role });
      const login = await api().post('/api/auth/login').send({ username, password: 'Banco-Vendita-7' });
      bearer[role] = { Authorization: `Bearer ${login.body.access_token as string}` };
    }
  });
  afterAll(() => orders?.stop());

  const home = async () => {
    const res = await api().get('/api/admin/home').set(bearer.staff!);
    expect(res.status).toBe(200);
    return BackOfficeHome.parse(res.body);
  };

  it('says there is nothing to do in a shop without orders', async () => {
    const empty = { count: 0, orders: [] };
    expect(await home()).toEqual({
      to_confirm: empty,
      to_ship: empty,
      transfers_due: empty,
      shipment_problems: empty,
      sdi_rejections: [],
    });
  });

  it('counts and lists orders to confirm, to ship, transfers due and shipment problems, the most urgent first', async () => {
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    // Seven paid orders: the card lists the five oldest, the count says seven.
    const paid = [];
    for (let i = 0; i < HOME_LIST_SIZE + 2; i++) {
      paid.push(
        await insertOrder(db(), {
          status: 'paid',
          paymentStatus: 'paid',
          createdAt: at(10 - i),
          name: `Cliente ${i}`,
        }),
      );
    }
    const confirmed = await insertOrder(db(), {
      status: 'confirmed',
      paymentStatus: 'paid',
      createdAt: at(30),
    });
    // Two transfers awaited: the one due sooner comes first though it was placed later. A card order still
    // pending is no transfer to wait for.
    const later = await insertOrder(db(), {
      paymentMethod: 'transfer',
      createdAt: at(48),
      paymentDueAt: new Date(now + 72 * HOUR),
    });
    const sooner = await insertOrder(db(), {
      paymentMethod: 'transfer',
      createdAt: at(2),
      paymentDueAt: new Date(now + 24 * HOUR),
    });
    await insertOrder(db(), { paymentMethod: 'card', createdAt: at(1) });
    // Shipments: an incident on a shipped order, a creation that failed, and an incident on a delivered order
    // (over: not listed) and on a cancelled one (not listed).
    const shipped = await insertOrder(db(), { status: 'shipped', paymentStatus: 'paid' });
    const failedOn = await insertOrder(db(), {
      status: 'confirmed',
      paymentStatus: 'paid',
      createdAt: at(40),
    });
    const delivered = await insertOrder(db(), { status: 'delivered', paymentStatus: 'paid' });
    const cancelled = await insertOrder(db(), { status: 'cancelled' });
    const shipment = { serviceId: '20945', carrierName: 'BRT', serviceName: 'Espresso', priceCents: 790 };
    await db()
      .insert(shipments)
      .values([
        { ...shipment, orderId: shipped.id, state: 'incident', updatedAt: new Date(now - HOUR) },
        {
          ...shipment,
          orderId: failedOn.id,
          state: 'failed',
          error: 'Packlink non risponde',
          updatedAt: new Date(now),
        },
        { ...shipment, orderId: delivered.id, state: 'incident' },
        { ...shipment, orderId: cancelled.id, state: 'incident' },
      ]);

    const answer = await home();
    expect(answer.to_confirm.count).toBe(HOME_LIST_SIZE + 2);
    expect(answer.to_confirm.orders.map((o) => o.id)).toEqual(paid.slice(0, HOME_LIST_SIZE).map((o) => o.id));
    expect(answer.to_confirm.orders[0]).toMatchObject({
      customer_name: 'Cliente 0',
      total_amount: 21.2,
      status: 'paid',
      payment_method: 'card',
      problem: null,
    });
    expect(answer.to_confirm.orders[0]!.order_reference).toMatch(/^ORD-[0-9A-F]{8}$/);
    // The order whose shipment failed is confirmed too: it is also still to ship; the oldest (placed 40 h ago) first.
    expect(answer.to_ship).toEqual({
      count: 2,
      orders: [expect.objectContaining({ id: failedOn.id }), expect.objectContaining({ id: confirmed.id })],
    });
    expect(answer.transfers_due.count).toBe(2);
    expect(answer.transfers_due.orders.map((o) => o.id)).toEqual([sooner.id, later.id]);
    expect(answer.transfers_due.orders[0]!.payment_due_at).toBe(sooner.paymentDueAt!.toISOString());
    expect(answer.shipment_problems.count).toBe(2);
    expect(answer.shipment_problems.orders.map((o) => [o.id, o.problem])).toEqual([
      [failedOn.id, 'Packlink non risponde'],
      [shipped.id, 'Il corriere segnala un problema con la spedizione'],
    ]);
    expect(answer.sdi_rejections).toEqual([]);
  });

  it('lists the documents the SdI rejected with their reason, until they are sent again', async () => {
    const order = await insertOrder(db(), { status: 'shipped' });
    const [rejected] = await db()
      .insert(sdiDocuments)
      .values({
        orderId: order.id,
        kind: 'invoice',
        number: '2026/0099',
        issuedOn: '2026-11-20',
        state: 'rejected',
        reason: '00305 1.4.1.1 IdFiscaleIVA del CessionarioCommittente non valido',
      })
      .returning();
    expect((await home()).sdi_rejections).toEqual([
      expect.objectContaining({
        order_id: order.id,
        document_number: '2026/0099',
        reason: '00305 1.4.1.1 IdFiscaleIVA del CessionarioCommittente non valido',
      }),
    ]);
    await db().update(sdiDocuments).set({ state: 'queued' }).where(eq(sdiDocuments.id, rejected!.id));
    expect((await home()).sdi_rejections).toEqual([]);
  });

  it('is for admin and staff only: a cashier and a visitor are refused', async () => {
    const cashier = await api().get('/api/admin/home').set(bearer.cashier!);
    expect(cashier.status).toBe(403);
    expect(cashier.body.detail).toEqual(expect.any(String));
    expect((await api().get('/api/admin/home')).status).toBe(401);
  });
});
