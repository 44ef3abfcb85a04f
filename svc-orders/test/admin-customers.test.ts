import request from 'supertest';
import {
  AuditEntryList,
  CustomerAdminDetail,
  CustomerListPage,
  orderReference,
  type AuditEntry,
} from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { upsertStaff } from '../src/staff/users';
import { insertOrder } from './order-fixtures';
import { azienda, privato, startOrders } from './support';

const ADMIN = { username: 'titolare', password: 'Napoli-1926!' };

// The Clienti section (docs/product/back-office.md#customers): accounts and guests, their search, totals and pages,
// and the staff's corrections of an account.
describe('the back office customers', () => {
  jest.setTimeout(30_000);
  let orders: Awaited<ReturnType<typeof startOrders>>;
  let admin: { Authorization: string };
  let staff: { Authorization: string };
  let cashier: { Authorization: string };
  let customer: { Authorization: string };
  let annaId: string;
  let ferrariId: string;
  const api = () => request(orders.service.app);

  const list = async (query: string) => {
    const res = await api().get(`/api/admin/customers?${query}`).set(staff);
    expect(res.status).toBe(200);
    return CustomerListPage.parse(res.body);
  };
  const emails = (page: CustomerListPage) => page.customers.map((c) => c.email.toLowerCase());

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    const db = orders.testDatabase.database.db;
    await upsertStaff(db, { username: 'commessa', password: 'Banco-Vendita-7', role: 'staff' });
    await upsertStaff(db, { username: 'cassiera', password: 'Cassa-Vendita-7', role: 'cashier' });
    const login = async (username: string, password: string) => {
      const res = await api().post('/api/auth/login').send({ username, password });
      return { Authorization: `Bearer ${res.body.access_token as string}` };
    };
    admin = await login(ADMIN.username, ADMIN.password);
    staff = await login('commessa', 'Banco-Vendita-7');
    cashier = await login('cassiera', 'Cassa-Vendita-7');

    // Anna: a private account from Napoli, with an accent in her surname to find without it.
    const anna = await api()
      .post('/api/customers/register')
      .send({ ...privato, cognome: 'Espòsito' });
    expect(anna.status).toBe(201);
    annaId = anna.body.customer_id as string;
    const ferrari = await api().post('/api/customers/register').send(azienda);
    expect(ferrari.status).toBe(201);
    ferrariId = ferrari.body.customer_id as string;
    const session = await api()
      .post('/api/customers/login')
      .send({ email: privato.email, password: privato.password });
    customer = { Authorization: `Bearer ${session.body.access_token as string}` };

    const at = (iso: string) => new Date(iso);
    // Anna's orders: one paid (50,00), one paid then refunded in part (30,00 less 10,00), one still unpaid and a
    // demo payment: she spent 70,00 in 4 orders.
    await insertOrder(db, {
      customerId: annaId,
      status: 'paid',
      paymentStatus: 'paid',
      totalCents: 5000,
      createdAt: at('2026-03-01T10:00:00Z'),
    });
    await insertOrder(db, {
      customerId: annaId,
      status: 'delivered',
      paymentStatus: 'partially_refunded',
      totalCents: 3000,
      refundedCents: 1000,
      createdAt: at('2026-03-02T10:00:00Z'),
    });
    await insertOrder(db, {
      customerId: annaId,
      status: 'pending',
      paymentStatus: 'pending',
      totalCents: 9900,
      createdAt: at('2026-03-03T10:00:00Z'),
    });
    await insertOrder(db, {
      customerId: annaId,
      status: 'paid',
      paymentStatus: 'paid',
      paymentDemo: true,
      totalCents: 4400,
      createdAt: at('2026-03-04T10:00:00Z'),
    });
    // A guest who bought twice with the e-mail written two ways, the second time asking for a company invoice.
    await insertOrder(db, {
      name: 'Luca Bianchi',
      email: 'Luca.Bianchi@Example.it',
      info: { city: 'Salerno' },
      status: 'paid',
      paymentStatus: 'paid',
      totalCents: 2000,
      createdAt: at('2026-04-01T10:00:00Z'),
    });
    await insertOrder(db, {
      name: 'Luca Bianchi',
      email: 'luca.bianchi@example.it',
      info: { city: 'Salerno' },
      status: 'confirmed',
      paymentStatus: 'refunded',
      totalCents: 1500,
      refundedCents: 1500,
      createdAt: at('2026-04-05T10:00:00Z'),
      invoiceData: {
        requires_invoice: true,
        invoice_type: 'azienda',
        codice_fiscale: null,
        ragione_sociale: 'Bianchi Ricambi S.r.l.',
        piva: '01234567897',
        codice_fiscale_azienda: '01234567897',
        pec: null,
        sdi: 'M5UXCR1',
        invoice_issued: false,
        invoice_number: null,
        invoice_date: null,
      },
    });
    // A counter sale is no guest of the web shop.
    await insertOrder(db, {
      channel: 'counter',
      email: 'banco@example.it',
      createdAt: at('2026-04-06T10:00:00Z'),
    });
  }, 60_000);
  afterAll(() => orders?.stop());

  it('lists accounts and guests, one row per guest e-mail, who ordered last first', async () => {
    const page = await list('');
    expect(page.total).toBe(3);
    // Ferrari, with no order, counts from when it registered: today, after the fixtures' orders.
    expect(page.customers.map((c) => [c.kind, c.email.toLowerCase()])).toEqual([
      ['registered', azienda.email],
      ['guest', 'luca.bianchi@example.it'],
      ['registered', privato.email.toLowerCase()],
    ]);
    const [ferrari, luca, anna] = page.customers;
    expect(luca).toMatchObject({
      id: null,
      name: 'Luca Bianchi',
      company: 'Bianchi Ricambi S.r.l.',
      city: 'Salerno',
      order_count: 2,
      // 20,00 paid; the 15,00 order went back whole.
      spent_cents: 2000,
      last_order_at: '2026-04-05T10:00:00.000Z',
    });
    expect(anna).toMatchObject({
      id: annaId,
      name: 'Anna Espòsito',
      company: null,
      city: 'Napoli',
      order_count: 4,
      // 50,00 + (30,00 − 10,00 refunded); the unpaid order and the demo payment moved no money.
      spent_cents: 7000,
      last_order_at: '2026-03-04T10:00:00.000Z',
    });
    expect(ferrari).toMatchObject({
      id: ferrariId,
      name: null,
      company: 'Ferrari S.p.A.',
      city: 'Maranello',
      order_count: 0,
      spent_cents: 0,
      last_order_at: null,
    });
  });

  it.each([
    ['a name without its accent', 'esposito', [privato.email.toLowerCase()]],
    ['a name in capitals', 'ANNA', [privato.email.toLowerCase()]],
    ['part of an e-mail', 'ferrari.exa', [azienda.email]],
    ['a P.IVA', '0015956', [azienda.email]],
    ['a codice fiscale, in lower case', 'rssmra85t10', [privato.email.toLowerCase()]],
    ['a city', 'maranello', [azienda.email]],
    ['a company', 'S.p.A', [azienda.email]],
    ["a guest's city", 'salerno', ['luca.bianchi@example.it']],
    ["a guest's company P.IVA", '01234567897', ['luca.bianchi@example.it']],
    ['a percent sign, literally', '%', []],
  ])('finds %s', async (_what, q, expected) => {
    const page = await list(`q=${encodeURIComponent(q)}`);
    expect(emails(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('pages the list', async () => {
    const first = await list('page_size=2');
    const second = await list('page_size=2&page=2');
    const beyond = await list('page_size=2&page=3');
    expect([first.total, second.total, beyond.total]).toEqual([3, 3, 3]);
    expect(first.customers).toHaveLength(2);
    expect(second.customers).toHaveLength(1);
    expect(beyond.customers).toEqual([]);
    expect(new Set([...emails(first), ...emails(second)]).size).toBe(3);
  });

  it("shows an account's page with its orders, newest first, and totals", async () => {
    const res = await api().get(`/api/admin/customers/${annaId}`).set(staff);
    expect(res.status).toBe(200);
    const detail = CustomerAdminDetail.parse(res.body);
    expect(detail).toMatchObject({
      kind: 'registered',
      email: privato.email,
      telefono: privato.telefono,
      tipo_cliente: 'privato',
      dati_privato: { nome: 'Anna', cognome: 'Espòsito', codice_fiscale: privato.codice_fiscale },
      indirizzo: { city: 'Napoli', province: 'NA', cap: '80132' },
      notes: null,
      totals: { order_count: 4, spent_cents: 7000 },
    });
    expect(detail.orders.map((o) => o.created_at.slice(0, 10))).toEqual([
      '2026-03-04',
      '2026-03-03',
      '2026-03-02',
      '2026-03-01',
    ]);
    expect(detail.orders[2]).toMatchObject({ total_cents: 3000, refunded_cents: 1000 });
    expect(detail.orders[0]!.reference).toBe(orderReference(detail.orders[0]!.id));
  });

  it("shows a guest's page by e-mail, whatever its case", async () => {
    const res = await api().get('/api/admin/customers/guest?email=LUCA.bianchi%40example.it').set(staff);
    expect(res.status).toBe(200);
    const detail = CustomerAdminDetail.parse(res.body);
    expect(detail).toMatchObject({
      kind: 'guest',
      id: null,
      name: 'Luca Bianchi',
      tipo_cliente: 'azienda',
      dati_azienda: { ragione_sociale: 'Bianchi Ricambi S.r.l.', piva: '01234567897', sdi: 'M5UXCR1' },
      indirizzo: { city: 'Salerno' },
      totals: { order_count: 2, spent_cents: 2000 },
    });
    expect(detail.orders).toHaveLength(2);
    const unknown = await api().get('/api/admin/customers/guest?email=nessuno%40example.it').set(staff);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Cliente non trovato');
  });

  it('corrects invoice data and notes, and records who did it in the audit trail', async () => {
    const res = await api()
      .put(`/api/admin/customers/${ferrariId}`)
      .set(staff)
      .send({
        dati_azienda: { ...azienda, ragione_sociale: 'Ferrari N.V.', sdi: null },
        indirizzo: { street: 'Via Abetone Inferiore 4', city: 'Maranello', province: 'mo', cap: '41053' },
        notes: 'Preferisce essere contattato via PEC.\nCliente storico.',
      });
    expect(res.status).toBe(200);
    const detail = CustomerAdminDetail.parse(res.body);
    expect(detail.dati_azienda).toMatchObject({ ragione_sociale: 'Ferrari N.V.', sdi: null });
    expect(detail.notes).toBe('Preferisce essere contattato via PEC.\nCliente storico.');

    let entries: AuditEntry[] = [];
    await waitFor(async () => {
      const trail = await api().get(`/api/admin/audit?entity=customer&id=${ferrariId}`).set(admin);
      entries = AuditEntryList.parse(trail.body);
      return entries.length === 1;
    });
    expect(entries[0]).toMatchObject({ action: 'updated', actor: { username: 'commessa' } });
    expect(Object.keys(entries[0]!.changes).sort()).toEqual(['dati_azienda', 'notes']);
    expect(entries[0]!.changes['notes']).toEqual({ from: null, to: detail.notes });
    expect(await list('q=ferrari n.v')).toMatchObject({ total: 1 });
  });

  it.each([
    ['a wrong P.IVA', { dati_azienda: { ...azienda, piva: '00159560367' } }, 422, 'Partita IVA non valida'],
    [
      'a wrong codice fiscale',
      { dati_azienda: { ...azienda, codice_fiscale_azienda: 'XX' } },
      422,
      'Codice fiscale non valido',
    ],
    ['notes too long', { notes: 'x'.repeat(2001) }, 422, 'Le note possono avere al massimo 2000 caratteri'],
    [
      'private data for a company',
      { dati_privato: { nome: 'A', cognome: 'B' } },
      400,
      'Un cliente azienda non ha dati di un privato',
    ],
  ])('refuses %s with a readable detail and changes nothing', async (_what, body, status, detail) => {
    const res = await api().put(`/api/admin/customers/${ferrariId}`).set(staff).send(body);
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(detail);
    const after = CustomerAdminDetail.parse(
      (await api().get(`/api/admin/customers/${ferrariId}`).set(staff)).body,
    );
    expect(after.dati_azienda?.piva).toBe(azienda.piva);
    expect(after.dati_privato).toBeNull();
  });

  it.each([
    [
      'a page number that is no number',
      '/api/admin/customers?page=due',
      'La pagina deve essere un numero intero da 1 a 100000',
    ],
    [
      'a search too long',
      `/api/admin/customers?q=${'a'.repeat(101)}`,
      'La ricerca: al massimo 100 caratteri',
    ],
    [
      'a guest without a valid e-mail',
      '/api/admin/customers/guest?email=luca',
      'Inserisci un indirizzo email valido',
    ],
  ])('refuses %s', async (_what, path, detail) => {
    const res = await api().get(path).set(staff);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it('answers a malformed id with a readable 4xx', async () => {
    const res = await api().get('/api/admin/customers/non-un-id').set(staff);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Cliente non trovato');
  });

  it('answers 404 for an unknown account', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await api().get(`/api/admin/customers/${missing}`).set(staff)).status).toBe(404);
    expect((await api().put(`/api/admin/customers/${missing}`).set(staff).send({ notes: 'x' })).status).toBe(
      404,
    );
  });

  it('is closed to anonymous callers, customers and the cashier', async () => {
    const paths = [
      '/api/admin/customers',
      `/api/admin/customers/${annaId}`,
      '/api/admin/customers/guest?email=a%40b.it',
    ];
    for (const path of paths) {
      expect((await api().get(path)).status).toBe(401);
      expect([401, 403]).toContain((await api().get(path).set(customer)).status);
      expect((await api().get(path).set(cashier)).status).toBe(403);
    }
    const put = await api().put(`/api/admin/customers/${annaId}`).set(customer).send({ notes: 'mia nota' });
    expect([401, 403]).toContain(put.status);
    const detail = CustomerAdminDetail.parse(
      (await api().get(`/api/admin/customers/${annaId}`).set(staff)).body,
    );
    expect(detail.notes).toBeNull();
  });
});
