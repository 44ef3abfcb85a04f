import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { CustomerDataExport, ERASED_REVIEW_AUTHOR, type InvoiceData } from '@edicola/contracts';
import type { Database } from '@edicola/platform';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { reviews } from '../../svc-catalog/src/db/schema';
import { subscribers } from '../../svc-notify/src/db/schema';
import { notifyService } from '../../svc-notify/src/service';
import { auditEntries } from '../src/db/schema';
import { upsertStaff } from '../src/staff/users';
import { binary } from './fiscal-files';
import { insertOrder } from './order-fixtures';
import { INTERNAL_SECRET, STAFF, startShop, type Shop } from './shop';
import { azienda, privato } from './support';

/** Every row of a schema's own tables as text (the bus's and the jobs' tables expire by retention). */
async function rowsOf(db: Database['db'], schema: string): Promise<{ table: string; row: string }[]> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = ${schema}
        and table_name not in ('outbox', 'processed_events', 'dead_letters', 'jobs', 'job_schedules')`,
  );
  const out: { table: string; row: string }[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await db.execute<{ row: string }>(
      sql`select t::text as row from ${sql.identifier(schema)}.${sql.identifier(table_name)} t`,
    );
    out.push(...rows.rows.map((r) => ({ table: table_name, row: r.row.toLowerCase() })));
  }
  return out;
}

// The export and the erasure of a customer's data (docs/product/account.md#data-export,
// docs/product/account.md#erasure).
describe("a customer's data: export and erasure", () => {
  jest.setTimeout(60_000);
  let shop: Shop;
  let notify: TestService<unknown>;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  let admin: string;
  let staff: string;
  let anna: { id: string; token: string };
  let ferrari: { id: string; token: string };
  let invoicedOrder: string;
  const invoice: InvoiceData = {
    requires_invoice: true,
    invoice_type: 'privato',
    codice_fiscale: privato.codice_fiscale,
    ragione_sociale: null,
    piva: null,
    codice_fiscale_azienda: null,
    pec: null,
    sdi: null,
    invoice_issued: true,
    invoice_number: '1/2026',
    invoice_date: '2026-03-01',
  };

  const register = async (body: typeof privato | typeof azienda) => {
    expect((await api().post('/api/customers/register').send(body)).status).toBe(201);
    const login = await api()
      .post('/api/customers/login')
      .send({ email: body.email, password: body.password });
    expect(login.status).toBe(200);
    return { id: login.body.customer_id as string, token: login.body.access_token as string };
  };
  const staffLogin = async (username: string, password: string) =>
    (await api().post('/api/auth/login').send({ username, password })).body.access_token as string;
  let companyOrder: string;
  const invoiceXml = async (orderId = invoicedOrder) => {
    const res = await api()
      .get(`/api/orders/${orderId}/invoice.xml`)
      .set(bearer(admin))
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    return (res.body as Buffer).toString('utf8');
  };

  beforeAll(async () => {
    // svc-notify answers the export's question about consents over HTTP, as in the distributed shop.
    notify = await startTestService(notifyService, { env: { INTERNAL_TOKEN_SECRET: INTERNAL_SECRET } });
    const server = await notify.service.listen(0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    shop = await startShop({ NOTIFY_URL: `http://127.0.0.1:${port}` });
    await notify.testDatabase.database.db.insert(subscribers).values({
      email: privato.email.toLowerCase(),
      name: 'Anna',
      confirmedAt: new Date('2026-02-01T10:00:00Z'),
    });
    await upsertStaff(shop.db, { username: 'commessa', password: 'Banco-Vendita-7', role: 'staff' });
    admin = await staffLogin(STAFF.username, STAFF.password);
    staff = await staffLogin('commessa', 'Banco-Vendita-7');
    anna = await register(privato);
    ferrari = await register(azienda);
    const email = privato.email;
    // Anna's invoiced order, one without an invoice, and a guest order of her address before she registered.
    invoicedOrder = (
      await insertOrder(shop.db, {
        customerId: anna.id,
        status: 'paid',
        paymentStatus: 'paid',
        email,
        invoiceData: invoice,
      })
    ).id;
    await insertOrder(shop.db, { customerId: anna.id, status: 'delivered', paymentStatus: 'paid', email });
    await insertOrder(shop.db, { email: email.toLowerCase(), name: 'Anna E.' });
    companyOrder = (
      await insertOrder(shop.db, {
        customerId: ferrari.id,
        status: 'paid',
        paymentStatus: 'paid',
        email: azienda.email,
        name: 'Giulia Ferri',
        info: { phone: azienda.telefono },
        invoiceData: {
          ...invoice,
          invoice_type: 'azienda',
          codice_fiscale: null,
          ragione_sociale: azienda.ragione_sociale,
          piva: azienda.piva,
          codice_fiscale_azienda: azienda.codice_fiscale_azienda,
          sdi: 'ABC1234',
          invoice_number: '2/2026',
        },
      })
    ).id;
    const article = await shop.addArticle({ stock: 5 });
    await shop.catalogDb.insert(reviews).values({
      id: randomUUID(),
      articleId: article,
      rating: 5,
      title: 'Bellissimo',
      comment: 'Arrivato in due giorni',
      customerName: 'Anna Esposito',
      customerEmail: email,
      approved: true,
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await notify?.stop();
  });

  it('exports the profile and the orders to the customer, and to an admin only', async () => {
    const own = await api().get('/api/customers/me/export').set(bearer(anna.token));
    expect(own.status).toBe(200);
    const data = CustomerDataExport.parse(own.body);
    expect(data.profile).toMatchObject({
      customer_id: anna.id,
      email: privato.email,
      telefono: privato.telefono,
    });
    expect(data.profile.dati_privato).toMatchObject({ codice_fiscale: privato.codice_fiscale });
    expect(data.orders).toHaveLength(2);
    expect(data.orders.find((o) => o.id === invoicedOrder)?.invoice_data).toMatchObject({
      invoice_number: '1/2026',
    });
    expect(data.orders[0]!.items[0]).toMatchObject({ quantity: expect.any(Number) });
    expect(data.reviews).toEqual([
      expect.objectContaining({ title: 'Bellissimo', rating: 5, customer_name: 'Anna Esposito' }),
    ]);
    expect(data.consents.newsletter).toMatchObject({
      email: privato.email.toLowerCase(),
      confirmed_at: '2026-02-01T10:00:00.000Z',
      unsubscribed_at: null,
      source: 'newsletter_form',
      text_version: null,
    });

    // Ferrari's token exports Ferrari's data, never Anna's.
    const other = CustomerDataExport.parse(
      (await api().get('/api/customers/me/export').set(bearer(ferrari.token))).body,
    );
    expect(other.profile.customer_id).toBe(ferrari.id);
    expect(other.reviews).toEqual([]);
    expect(other.consents.newsletter).toBeNull();
    expect(JSON.stringify(other).toLowerCase()).not.toContain(privato.email.toLowerCase());

    expect((await api().get(`/api/admin/customers/${anna.id}/export`).set(bearer(staff))).status).toBe(403);
    expect((await api().get(`/api/admin/customers/${anna.id}/export`).set(bearer(anna.token))).status).toBe(
      403,
    );
    const byAdmin = await api().get(`/api/admin/customers/${anna.id}/export`).set(bearer(admin));
    expect(byAdmin.status).toBe(200);
    expect(CustomerDataExport.parse(byAdmin.body).orders).toHaveLength(2);
    expect((await api().delete(`/api/admin/customers/${anna.id}`).set(bearer(staff))).status).toBe(403);
  });

  it('erases a customer everywhere but in the invoice the law keeps', async () => {
    const before = await invoiceXml();
    const wrong = await api()
      .delete('/api/customers/me')
      .set(bearer(anna.token))
      .send({ password: 'sbagliata' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toBe('La password attuale non è corretta');
    expect((await api().delete('/api/customers/me').set(bearer(anna.token)).send({})).status).toBe(422);

    const erased = await api()
      .delete('/api/customers/me')
      .set(bearer(anna.token))
      .send({ password: privato.password });
    expect(erased.status).toBe(204);

    // The invoice downloads as before: its buyer is the one the law keeps.
    expect(await invoiceXml()).toBe(before);

    // svc-catalog hears of it: the review stays under "Cliente", without the address.
    await waitFor(
      async () => (await shop.catalogDb.select().from(reviews))[0]!.customerName === ERASED_REVIEW_AUTHOR,
      { message: 'the review of an erased customer' },
    );

    const email = privato.email.toLowerCase();
    const phone = '555 1234';
    const rows = [...(await rowsOf(shop.db, 'orders')), ...(await rowsOf(shop.catalogDb, 'catalog'))];
    expect(rows.filter((r) => r.row.includes(email) || r.row.includes(phone)).map((r) => r.table)).toEqual(
      [],
    );
    // The name stays only on the invoiced order, with the codice fiscale the invoice carries.
    const named = rows.filter((r) => r.row.includes('esposito'));
    expect(named.map((r) => r.table)).toEqual(['orders']);
    expect(named[0]!.row).toContain(invoicedOrder);

    // The old session and the old password are refused (a refused login is counted, under the address typed, for
    // the limit's window only).
    expect((await api().get('/api/customers/profile').set(bearer(anna.token))).status).toBe(401);
    const login = await api()
      .post('/api/customers/login')
      .send({ email: privato.email, password: privato.password });
    expect(login.status).toBe(401);

    // The audit trail says who erased which customer, and nothing of their data.
    const entry = await waitFor(async () =>
      (await shop.db.select().from(auditEntries)).find((e) => e.action === 'erased'),
    );
    expect(entry).toMatchObject({ entity: 'customer', entityId: anna.id, actorId: anna.id });

    // Twice is harmless; the other customer is untouched.
    expect((await api().delete(`/api/admin/customers/${anna.id}`).set(bearer(admin))).status).toBe(404);
    const other = CustomerDataExport.parse(
      (await api().get('/api/customers/me/export').set(bearer(ferrari.token))).body,
    );
    expect(other.profile.email).toBe(azienda.email);
    expect(other.orders[0]!.customer_info).toMatchObject({ email: azienda.email, phone: azienda.telefono });
  });

  it('lets an admin erase a customer for a request by e-mail', async () => {
    const before = await invoiceXml(companyOrder);
    const res = await api().delete(`/api/admin/customers/${ferrari.id}`).set(bearer(admin));
    expect(res.status).toBe(204);
    // The company's invoice is the same document; the person who ordered for the company is not kept.
    expect(await invoiceXml(companyOrder)).toBe(before);
    const rows = await rowsOf(shop.db, 'orders');
    expect(rows.filter((r) => r.row.includes('giulia ferri') || r.row.includes(azienda.email))).toEqual([]);
    expect(rows.filter((r) => r.row.includes('ferrari s.p.a.')).map((r) => r.table)).toEqual(['orders']);
    expect((await api().get('/api/customers/profile').set(bearer(ferrari.token))).status).toBe(401);
    expect((await api().get(`/api/admin/customers/${ferrari.id}/export`).set(bearer(admin))).status).toBe(
      404,
    );
  });
});
