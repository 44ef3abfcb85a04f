import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import {
  orderReference,
  PaymentDataReset,
  PaymentResetPreview,
  PaymentStats,
  ShippingRuleList,
} from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { orderRecords } from '../src/db/schema';
import { upsertStaff } from '../src/staff/users';
import { orderBody, STAFF, startShop, type Shop } from './shop';

const CLERK = { username: 'commesso', password: 'Vesuvio-2026!' };

describe('payment statistics, the payment data reset and who may change shipping rules', () => {
  let shop: Shop;
  let admin: { Authorization: string };
  let clerk: { Authorization: string };
  let customer: { Authorization: string };
  const api = () => request(shop.orders.app);
  const login = async (body: object, path = '/api/auth/login') => {
    const res = await api().post(path).send(body);
    return { Authorization: `Bearer ${res.body.access_token as string}` };
  };

  /** A one-unit bank-transfer order of a 10 € VAT-free article (+9 € national shipping): pending. */
  const place = async (article: string) => {
    const res = await api()
      .post('/orders')
      .send(orderBody([{ article_id: article, quantity: 1 }], 19, { status: 'pending' }));
    expect(res.status).toBe(201);
    return res.body.order_id as string;
  };

  beforeAll(async () => {
    shop = await startShop();
    await upsertStaff(shop.db, { ...CLERK, role: 'staff' });
    admin = await login(STAFF);
    clerk = await login(CLERK);
    await api().post('/api/customers/register').send({
      email: 'cliente@example.it',
      password: 'Pizza-Fritta-9',
      telefono: '3331234567',
      tipo_cliente: 'privato',
      street: 'Via Roma 1',
      city: 'Napoli',
      province: 'NA',
      cap: '80100',
      nome: 'Ciro',
      cognome: 'Esposito',
      codice_fiscale: null,
    });
    customer = await login(
      { email: 'cliente@example.it', password: 'Pizza-Fritta-9' },
      '/api/customers/login',
    );
  }, 60_000);
  afterAll(() => shop?.stop());

  it('counts paid orders this month and year, per method, less refunds; refuses customers', async () => {
    expect((await api().get('/api/analytics/payment-stats')).status).toBe(401);
    expect((await api().get('/api/analytics/payment-stats').set(customer)).status).toBe(403);
    const article = await shop.addArticle({ stock: 20, priceCents: 1000, iva: 0 });
    const [paidA, paidB, refunded] = [await place(article), await place(article), await place(article)];
    await place(article); // never paid: not counted
    // A transfer is paid on the day staff record it received (as the takings export counts it).
    const receivedOn = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
    const transferPayment = {
      received_on: receivedOn,
      amount_cents: 1900,
      bank_reference: 'CRO 1',
      amount_matches: true,
      recorded_by_id: null,
      recorded_by: 'titolare',
      recorded_at: new Date().toISOString(),
    };
    await shop.db
      .update(orderRecords)
      .set({ paymentStatus: 'paid', status: 'paid', transferPayment })
      .where(inArray(orderRecords.id, [paidA, paidB]));
    await shop.db
      .update(orderRecords)
      .set({
        paymentStatus: 'refunded',
        status: 'cancelled',
        paymentMethod: 'paypal',
        refundedCents: 500,
        refundedAt: new Date(),
      })
      .where(eq(orderRecords.id, refunded));

    const res = await api().get('/api/analytics/payment-stats').set(clerk);
    expect(res.status).toBe(200);
    const stats = PaymentStats.parse(res.body);
    expect(stats).toMatchObject({
      total_orders_this_month: 3,
      total_revenue_this_month: 19 + 19 + 14,
      total_orders_this_year: 3,
      total_revenue_this_year: 52,
    });
    expect(stats.payment_methods).toEqual([
      {
        payment_method: 'transfer',
        monthly_count: 2,
        monthly_amount: 38,
        yearly_count: 2,
        yearly_amount: 38,
      },
      { payment_method: 'paypal', monthly_count: 1, monthly_amount: 14, yearly_count: 1, yearly_amount: 14 },
    ]);
    const today = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', day: 'numeric' }).format(new Date()),
    );
    expect(stats.revenue_by_day.find((d) => d.day === today)!.amount).toBe(52);
    expect(stats.revenue_by_day.reduce((t, d) => t + d.amount, 0)).toBe(52);
    expect(stats.total_orders_previous_month).toBe(0);
  });

  it('previews and resets payment data (admin only): deletes what it listed, keeps what must stay, frees stock', async () => {
    const article = await shop.addArticle({ stock: 10, priceCents: 1000, iva: 0 });
    const setOrder = (id: string, fields: Partial<typeof orderRecords.$inferInsert>) =>
      shop.db.update(orderRecords).set(fields).where(eq(orderRecords.id, id));
    const past = new Date(Date.now() - 60_000);
    // Deleted: unpaid past its deadline, paid in demo mode, cancelled without being paid.
    const expired = await place(article);
    await setOrder(expired, { paymentDueAt: past });
    const demo = await place(article);
    await setOrder(demo, { paymentStatus: 'paid', status: 'paid', paymentDemo: true, paymentMethod: 'card' });
    const cancelled = await place(article);
    await setOrder(cancelled, { status: 'cancelled' });
    // Kept: unpaid within its deadline, paid for real, invoiced, shipped (all of them otherwise deletable).
    const waiting = await place(article);
    const realPaid = await place(article);
    await setOrder(realPaid, { paymentStatus: 'paid', status: 'paid', paymentMethod: 'card' });
    const invoiced = await place(article);
    await setOrder(invoiced, {
      paymentDueAt: past,
      invoiceData: {
        requires_invoice: true,
        invoice_type: 'privato',
        invoice_issued: true,
        invoice_number: '1/2026',
      } as never,
    });
    const shipped = await place(article);
    await setOrder(shipped, {
      status: 'shipped',
      paymentStatus: 'paid',
      paymentDemo: true,
      trackingNumber: 'BRT123',
    });
    expect(await shop.stockOf(article)).toBe(3);

    for (const who of [customer, clerk]) {
      expect((await api().get('/analytics/reset-payment-data').set(who)).status).toBe(403);
      const refused = await api().delete('/analytics/reset-payment-data').set(who);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBeTruthy();
    }
    expect(await shop.db.select().from(orderRecords).where(eq(orderRecords.id, expired))).toHaveLength(1);

    const before = (await shop.db.select({ id: orderRecords.id }).from(orderRecords)).map((o) => o.id);
    const previewed = await api().get('/analytics/reset-payment-data').set(admin);
    expect(previewed.status).toBe(200);
    const preview = PaymentResetPreview.parse(previewed.body);
    expect(preview.counts).toEqual({ demo_paid: 1, unpaid_expired: 1, cancelled_unpaid: 1 });
    expect(preview.total_orders).toBe(3);
    expect(preview.orders.map((o) => [o.reference, o.kind])).toEqual([
      [orderReference(expired), 'unpaid_expired'],
      [orderReference(demo), 'demo_paid'],
      [orderReference(cancelled), 'cancelled_unpaid'],
    ]);
    expect(preview.orders[0]).toMatchObject({ payment_method: 'transfer', total: 19 });

    const res = await api().delete('/analytics/reset-payment-data').set(admin);
    expect(res.status).toBe(200);
    const reset = PaymentDataReset.parse(res.body);
    expect(reset).toMatchObject({ deleted_orders: 3, message: '3 ordini di prova eliminati' });
    const left = (await shop.db.select({ id: orderRecords.id }).from(orderRecords)).map((o) => o.id);
    // Exactly the listed orders went; every other one, those of the first test included, stays.
    expect(left.sort()).toEqual(before.filter((id) => !preview.orders.some((o) => o.id === id)).sort());
    expect(left).toEqual(expect.arrayContaining([waiting, realPaid, invoiced, shipped]));

    // Once more: nothing left to list or delete, said in the plural Italian uses for zero.
    const empty = PaymentResetPreview.parse(
      (await api().get('/analytics/reset-payment-data').set(admin)).body,
    );
    expect(empty).toEqual({
      total_orders: 0,
      counts: { demo_paid: 0, unpaid_expired: 0, cancelled_unpaid: 0 },
      orders: [],
    });
    const again = PaymentDataReset.parse(
      (await api().delete('/analytics/reset-payment-data').set(admin)).body,
    );
    expect(again).toMatchObject({ deleted_orders: 0, message: '0 ordini di prova eliminati' });
    // The deleted orders' units go back on the shelf (a job, after the commit).
    await waitFor(async () => (await shop.stockOf(article)) === 6);
  });

  it('lets only an admin create, change or delete shipping rules; staff may read them', async () => {
    const rule = { name: 'Isole', zone: 'national', rule_type: 'amount_based', shipping_cost: 15 };
    expect((await api().get('/api/admin/shipping/rules').set(clerk)).status).toBe(200);
    expect((await api().post('/api/admin/shipping/rules').set(clerk).send(rule)).status).toBe(403);
    expect((await api().post('/api/admin/shipping/rules').set(customer).send(rule)).status).toBe(403);
    const created = await api().post('/api/admin/shipping/rules').set(admin).send(rule);
    expect(created.status).toBe(201);
    const path = `/admin/shipping/rules/${created.body.id as string}`;
    expect((await api().put(path).set(clerk).send(rule)).status).toBe(403);
    expect((await api().delete(path).set(clerk)).status).toBe(403);
    expect((await api().delete(path).set(admin)).status).toBe(200);
    const rules = ShippingRuleList.parse((await api().get('/api/admin/shipping/rules').set(admin)).body);
    expect(rules.map((r) => r.name)).not.toContain('Isole');
  });

  it('previews the checkout quote of a sample cart with the rule being edited', async () => {
    const preview = (body: object, who = clerk) =>
      api().post('/api/admin/shipping/preview').set(who).send(body);
    const draft = { name: 'Promo', zone: 'national', rule_type: 'amount_based', shipping_cost: 4.5 };
    const res = await preview({ rule: draft, total_amount: 30, quantity: 2, country: 'it' });
    expect(res.status).toBe(200);
    // Today 9 € (the national fallback, docs/product/orders-and-payments.md#fallback-shipping); with the
    // draft (cheapest applicable rule wins) 4.50 €.
    expect(res.body).toEqual({
      shipping_cost: 4.5,
      current_shipping_cost: 9,
      zone: 'national',
      country: 'IT',
    });
    const quantity = {
      name: 'Scaglioni',
      zone: 'eu',
      rule_type: 'quantity_based',
      base_shipping_cost: 5,
      quantity_threshold: 3,
      quantity_increment_cost: 2,
      is_active: true,
    };
    const eu = await preview({ rule: quantity, total_amount: 50, quantity: 7, country: 'DE' });
    expect(eu.body).toMatchObject({ shipping_cost: 9, zone: 'eu' });
    expect(
      (await preview({ rule: { ...draft, shipping_cost: -1 }, total_amount: 1, quantity: 1, country: 'IT' }))
        .status,
    ).toBe(422);
    expect(
      (await preview({ rule: draft, total_amount: 1, quantity: 1, country: 'IT' }, customer)).status,
    ).toBe(403);
  });
});
