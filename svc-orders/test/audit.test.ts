import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ADMIN_ONLY_DETAIL, AuditEntryList, type AuditEntry } from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { reviews } from '../../svc-catalog/src/db/schema';
import { orderRecords } from '../src/db/schema';
import { upsertStaff } from '../src/staff/users';
import { ADMIN, startDistributedShop, type DistributedShop } from './distributed-shop';

const article = {
  sku: 'AUD-001',
  title: 'Ferrari 312T Niki Lauda 1:43',
  description: 'Campione del mondo 1975',
  category: 'Modellismo',
  product_type: 'normale',
  price: '49.90',
  iva_percentage: '22',
  quantity_stock: '3',
};

// Who changed what and when, recorded by each service in the transaction of the change and kept by svc-orders.
describe('the audit trail', () => {
  jest.setTimeout(30_000);
  let shop: DistributedShop;
  let admin: { Authorization: string };
  let staff: { Authorization: string };

  beforeAll(async () => {
    shop = await startDistributedShop({ sessionCacheMs: 0 });
    await upsertStaff(shop.orders.context.database.db, {
      username: 'commessa',
      password: 'Commessa-Banco-2026',
      role: 'staff',
    });
    admin = { Authorization: `Bearer ${await shop.login(ADMIN.username, ADMIN.password)}` };
    staff = { Authorization: `Bearer ${await shop.login('commessa', 'Commessa-Banco-2026')}` };
  }, 120_000);
  afterAll(() => shop?.stop());

  const trail = async (query: string): Promise<AuditEntry[]> => {
    const res = await request(shop.orders.app).get(`/api/admin/audit?${query}`).set(admin);
    expect(res.status).toBe(200);
    return AuditEntryList.parse(res.body);
  };
  /** The entries of one record once `count` of them have arrived (they travel as events), oldest first. */
  const entriesOf = async (entity: string, id: string, count: number) => {
    let found: AuditEntry[] = [];
    await waitFor(async () => {
      found = await trail(`entity=${entity}&id=${id}`);
      return found.length >= count;
    });
    return found.reverse();
  };

  it('records who changed an article’s price, stock and sale state, and its deletion', async () => {
    const catalog = request(shop.byName('svc-catalog').app);
    const created = await catalog.post('/api/articles').set(staff).field(article);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const updated = await catalog
      .put(`/api/articles/${id}`)
      .set(staff)
      .field({ ...article, price: '54.90', is_active: 'false' });
    expect(updated.status).toBe(200);
    // Stock moves by deltas only (the edit sends none): one more entry, with the reason.
    const moved = await catalog
      .post(`/api/articles/${id}/stock`)
      .set(staff)
      .send({ delta: -1, reason: 'damaged' });
    expect(moved.status).toBe(201);
    // A change of the description alone is no audited change.
    await catalog
      .put(`/api/articles/${id}`)
      .set(staff)
      .field({ ...article, price: '54.90', is_active: 'false', description: 'Nuova' });
    expect((await catalog.delete(`/api/articles/${id}`).set(admin)).status).toBe(200);

    const entries = await entriesOf('article', id, 4);
    expect(entries.map((e) => [e.action, e.actor?.username, e.service])).toEqual([
      ['created', 'commessa', 'svc-catalog'],
      ['updated', 'commessa', 'svc-catalog'],
      ['updated', 'commessa', 'svc-catalog'],
      ['deleted', ADMIN.username, 'svc-catalog'],
    ]);
    expect(entries[1]!.changes).toEqual({
      price: { from: 49.9, to: 54.9 },
      is_active: { from: true, to: false },
    });
    expect(entries[2]!.changes).toEqual({
      quantity_stock: { from: 3, to: 2 },
      stock_reason: { from: null, to: 'damaged' },
    });
    expect(entries[0]!.occurred_at <= entries[3]!.occurred_at).toBe(true);
  });

  it('records review approvals and replies', async () => {
    const catalog = shop.byName('svc-catalog');
    const [{ id: articleId }] = (await request(catalog.app)
      .post('/api/articles')
      .set(staff)
      .field({ ...article, sku: 'AUD-002' })
      .then((res) => [res.body])) as [{ id: string }];
    const reviewId = randomUUID();
    await catalog.context.database.db.insert(reviews).values({
      id: reviewId,
      articleId,
      rating: 4,
      title: 'Bello',
      comment: 'Ben fatto',
      customerName: 'Maria',
      customerEmail: 'maria@example.com',
    });
    expect(
      (await request(catalog.app).patch(`/api/admin/reviews/${reviewId}/approve`).set(staff)).status,
    ).toBe(200);
    expect(
      (
        await request(catalog.app)
          .post(`/admin/reviews/${reviewId}/respond`)
          .set(staff)
          .send({ response_text: 'Grazie Maria!' })
      ).status,
    ).toBe(200);
    // Taken off the shop, then deleted as spam: both recorded, by whom.
    expect((await request(catalog.app).patch(`/api/admin/reviews/${reviewId}/hide`).set(staff)).status).toBe(
      200,
    );
    expect((await request(catalog.app).delete(`/api/admin/reviews/${reviewId}`).set(staff)).status).toBe(204);
    const entries = await entriesOf('review', reviewId, 4);
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ['approved', { approved: { from: false, to: true } }],
      ['replied', { reply_text: { from: null, to: 'Grazie Maria!' } }],
      ['hidden', { approved: { from: null, to: false } }],
      ['deleted', expect.objectContaining({ title: expect.objectContaining({ to: null }) })],
    ]);
    expect(entries.every((e) => e.actor?.username === 'commessa')).toBe(true);
  });

  it('records shipping rule changes made by an admin', async () => {
    const orders = request(shop.orders.app);
    const created = await orders.post('/api/admin/shipping/rules').set(admin).send({
      name: 'Francia',
      zone: 'specific_country',
      country: 'FR',
      rule_type: 'amount_based',
      shipping_cost: 8.5,
    });
    expect(created.status).toBe(201);
    const rule = created.body as { id: string };
    expect(
      (
        await orders
          .put(`/api/admin/shipping/rules/${rule.id}`)
          .set(admin)
          .send({ ...created.body, shipping_cost: 9 })
      ).status,
    ).toBe(200);
    expect((await orders.delete(`/api/admin/shipping/rules/${rule.id}`).set(admin)).status).toBe(200);
    const entries = await entriesOf('shipping_rule', rule.id, 3);
    expect(entries.map((e) => e.action)).toEqual(['created', 'updated', 'deleted']);
    expect(entries[1]!.changes).toEqual({ shipping_cost: { from: 8.5, to: 9 } });
    expect(entries[1]!.actor?.username).toBe(ADMIN.username);
  });

  it('records order status changes; cancel and refund is the admin’s alone', async () => {
    const [order] = await shop.orders.context.database.db
      .insert(orderRecords)
      .values({
        status: 'paid',
        paymentMethod: 'card',
        paymentStatus: 'paid',
        totalCents: 5899,
        items: [{ article_id: randomUUID(), quantity: 1 }],
        customerInfo: { name: 'Anna Esposito', email: 'anna@example.it' },
      })
      .returning();
    const move = (status: string, who: { Authorization: string }) =>
      request(shop.orders.app).put(`/api/orders/${order!.id}/status?status=${status}`).set(who);
    const refused = await move('cancelled', staff);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: ADMIN_ONLY_DETAIL });
    expect((await move('cancelled', admin)).status).toBe(200);
    const [entry] = await entriesOf('order', order!.id, 1);
    expect(entry).toMatchObject({
      action: 'refund_requested',
      actor: { username: ADMIN.username },
      changes: {
        status: { from: 'paid', to: 'cancelled' },
        payment_status: { from: 'paid', to: 'refunding' },
      },
    });
  });

  it('is read by admins only, filtered by entity and id', async () => {
    const res = await request(shop.orders.app).get('/api/admin/audit?entity=article').set(staff);
    expect(res.status).toBe(403);
    const all = await trail('entity=article');
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.every((e) => e.entity === 'article')).toBe(true);
    const bad = await request(shop.orders.app).get('/api/admin/audit?entity=nothing').set(admin);
    expect(bad.status).toBe(422);
  });
});
