import request from 'supertest';
import { OrderList, orderReference } from '@edicola/contracts';
import { upsertStaff } from '../src/staff/users';
import { insertOrder } from './order-fixtures';
import { privato, startOrders } from './support';

const ADMIN = { username: 'titolare', password: 'Napoli-1926!' };

// GET /api/orders: the Ordini tab's filters, counts, sorts and pages, on orders written straight into the tables.
describe('the Ordini list', () => {
  jest.setTimeout(30_000);
  let orders: Awaited<ReturnType<typeof startOrders>>;
  let staff: { Authorization: string };
  const ids: Record<string, string> = {};
  const api = () => request(orders.service.app);

  const list = async (query: string) => {
    const res = await api()
      .get(`/api/orders${query ? `?${query}` : ''}`)
      .set(staff);
    expect(res.status).toBe(200);
    return OrderList.parse(res.body);
  };
  /** The fixture names (o1…o9) of a list's orders, in its order. */
  const names = (result: OrderList) =>
    result.orders.map((o) => Object.keys(ids).find((k) => ids[k] === o.id) ?? o.id);

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    const db = orders.testDatabase.database.db;
    await upsertStaff(db, { username: 'commessa', password: 'Banco-Vendita-7', role: 'staff' });
    const login = await api()
      .post('/api/auth/login')
      .send({ username: 'commessa', password: 'Banco-Vendita-7' });
    staff = { Authorization: `Bearer ${login.body.access_token as string}` };
    const at = (iso: string) => new Date(iso);
    const fixtures = {
      // 2026-03-10 23:30 UTC is 00:30 of 11 March in Rome (winter time, UTC+1).
      o1: {
        status: 'pending',
        paymentStatus: 'pending',
        createdAt: at('2026-03-10T23:30:00Z'),
        totalCents: 1000,
        name: 'Giulia Rossi',
      },
      o2: {
        status: 'paid',
        paymentStatus: 'paid',
        createdAt: at('2026-03-11T10:00:00Z'),
        totalCents: 5000,
        name: 'Marco Bianchi',
        email: 'marco@esempio.it',
      },
      o3: {
        status: 'paid',
        paymentStatus: 'paid',
        paymentDemo: true,
        paymentMethod: 'paypal',
        createdAt: at('2026-03-12T10:00:00Z'),
        totalCents: 3000,
      },
      // 22:59 UTC is 23:59 of 12 March in Rome.
      o4: {
        status: 'confirmed',
        paymentStatus: 'paid',
        paymentMethod: 'transfer',
        createdAt: at('2026-03-12T22:59:00Z'),
        totalCents: 7000,
      },
      // 2026-07-01 22:30 UTC is 00:30 of 2 July in Rome (summer time, UTC+2).
      o5: {
        status: 'shipped',
        paymentStatus: 'paid',
        paymentMethod: 'klarna',
        createdAt: at('2026-07-01T22:30:00Z'),
        totalCents: 2000,
        trackingNumber: 'BRT123',
      },
      o6: {
        status: 'delivered',
        paymentStatus: 'partially_refunded',
        refundedCents: 500,
        createdAt: at('2026-07-05T10:00:00Z'),
        totalCents: 9000,
      },
      o7: {
        status: 'cancelled',
        paymentStatus: 'refunded',
        refundedCents: 4000,
        createdAt: at('2026-07-06T10:00:00Z'),
        totalCents: 4000,
      },
      o8: {
        status: 'cancelled',
        paymentStatus: 'pending',
        paymentMethod: 'transfer',
        createdAt: at('2026-07-07T10:00:00Z'),
        totalCents: 6000,
      },
      o9: {
        status: 'pending',
        paymentStatus: 'pending',
        paymentMethod: 'transfer',
        createdAt: at('2026-08-01T10:00:00Z'),
        totalCents: 8000,
        name: 'Perc%ent_User',
      },
    } as const;
    for (const [name, fields] of Object.entries(fixtures)) ids[name] = (await insertOrder(db, fields)).id;
  }, 90_000);
  afterAll(() => orders?.stop());

  it('answers the plain call (docs/product/back-office.md#orders-tab): newest first, one page, the total and the counts per status', async () => {
    const all = await list('');
    expect(names(all)).toEqual(['o9', 'o8', 'o7', 'o6', 'o5', 'o4', 'o3', 'o2', 'o1']);
    expect(all).toMatchObject({ total: 9, page: 1, page_size: 25 });
    expect(all.counts).toEqual({
      all: 9,
      pending: 2,
      paid: 2,
      confirmed: 1,
      shipped: 1,
      delivered: 1,
      cancelled: 2,
    });
    const pending = await list('status=pending');
    expect(names(pending)).toEqual(['o9', 'o1']);
    expect(pending.total).toBe(2);
    expect(pending.counts).toEqual(all.counts);
  });

  it('filters by tab (Nuovi = pending and paid), alone or with a status', async () => {
    const nuovi = await list('tab=new');
    expect(names(nuovi)).toEqual(['o9', 'o3', 'o2', 'o1']);
    expect(nuovi.total).toBe(4);
    expect(nuovi.counts.all).toBe(9);
    expect(names(await list('tab=cancelled'))).toEqual(['o8', 'o7']);
    expect(names(await list('tab=all'))).toHaveLength(9);
    expect(names(await list('tab=new&status=paid'))).toEqual(['o3', 'o2']);
    const none = await list('tab=new&status=confirmed');
    expect(none).toMatchObject({ orders: [], total: 0 });
  });

  it('searches the reference (with or without ORD-, any case), the id, the name and the e-mail', async () => {
    const ref = orderReference(ids.o2!);
    expect(names(await list(`q=${ref}`))).toEqual(['o2']);
    expect(names(await list(`q=${ref.toLowerCase()}`))).toEqual(['o2']);
    expect(names(await list(`q=${ref.slice(-8)}`))).toEqual(['o2']);
    expect(names(await list(`q=${ids.o2!.toUpperCase()}`))).toEqual(['o2']);
    expect(names(await list('q=bianchi'))).toEqual(['o2']);
    expect(names(await list('q=%20MARCO@ESEMPIO%20'))).toEqual(['o2']);
    // A whole address is that customer's, any case.
    expect(names(await list('q=Marco@Esempio.IT'))).toEqual(['o2']);
    expect(names(await list('q=arco@esempio.it'))).toEqual([]);
    expect(names(await list('q=giulia%20ross'))).toEqual(['o1']);
    // LIKE's own characters are searched as typed.
    expect(names(await list('q=%25'))).toEqual(['o9']);
    expect(names(await list('q=_'))).toEqual(['o9']);
    expect(names(await list('q=nessuno'))).toEqual([]);
    // The search narrows the counts too; a blank search is no search.
    const anna = await list('q=anna@example');
    expect(anna.counts).toMatchObject({ all: 8, paid: 1 });
    expect((await list('q=%20%20')).total).toBe(9);
  });

  it('filters by payment method and payment state; the counts follow every filter but the status', async () => {
    const transfer = await list('payment_method=transfer');
    expect(names(transfer)).toEqual(['o9', 'o8', 'o4']);
    expect(transfer.counts).toEqual({
      all: 3,
      pending: 1,
      paid: 0,
      confirmed: 1,
      shipped: 0,
      delivered: 0,
      cancelled: 1,
    });
    expect(names(await list('payment=paid'))).toEqual(['o5', 'o4', 'o2']);
    expect(names(await list('payment=to_pay'))).toEqual(['o9', 'o1']);
    expect(names(await list('payment=refunded'))).toEqual(['o7', 'o6']);
    expect(names(await list('payment=demo'))).toEqual(['o3']);
    const paidTransfers = await list('payment=paid&payment_method=transfer&tab=new');
    expect(paidTransfers).toMatchObject({ orders: [], total: 0 });
    expect(paidTransfers.counts.confirmed).toBe(1);
  });

  it('filters by days of Europe/Rome, both included, in winter and summer time', async () => {
    expect(names(await list('from=2026-03-11&to=2026-03-12'))).toEqual(['o4', 'o3', 'o2', 'o1']);
    expect(names(await list('from=2026-03-11&to=2026-03-11'))).toEqual(['o2', 'o1']);
    expect(names(await list('to=2026-03-10'))).toEqual([]);
    expect(names(await list('from=2026-07-02&to=2026-07-02'))).toEqual(['o5']);
    expect(names(await list('from=2026-07-01&to=2026-07-01'))).toEqual([]);
    expect(names(await list('from=2026-07-06'))).toEqual(['o9', 'o8', 'o7']);
  });

  it('sorts by date and total', async () => {
    expect(names(await list('sort=oldest'))).toEqual(['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'o9']);
    expect(names(await list('sort=total_desc'))).toEqual([
      'o6',
      'o9',
      'o4',
      'o8',
      'o2',
      'o7',
      'o3',
      'o5',
      'o1',
    ]);
    expect(names(await list('sort=total_asc'))).toEqual([
      'o1',
      'o5',
      'o3',
      'o7',
      'o2',
      'o8',
      'o4',
      'o9',
      'o6',
    ]);
  });

  it('pages on the server: every order once, the total on every page, an empty page past the end', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list(`page=${page}&page_size=4`));
    expect(pages.map(names)).toEqual([['o9', 'o8', 'o7', 'o6'], ['o5', 'o4', 'o3', 'o2'], ['o1']]);
    expect(pages.map((p) => [p.total, p.page, p.page_size])).toEqual([
      [9, 1, 4],
      [9, 2, 4],
      [9, 3, 4],
    ]);
    expect(await list('page=4&page_size=4')).toMatchObject({ orders: [], total: 9, page: 4 });
    expect(names(await list('tab=new&sort=total_asc&page=2&page_size=3'))).toEqual(['o9']);
  });

  it.each([
    ['page=0', 'La pagina deve essere un numero intero da 1 a 100000'],
    ['page=uno', 'La pagina deve essere un numero intero da 1 a 100000'],
    ['page_size=101', 'Il numero di ordini per pagina deve essere un numero intero da 1 a 100'],
    ['page_size=1.5', 'Il numero di ordini per pagina deve essere un numero intero da 1 a 100'],
    ['tab=nuovi', 'Scheda degli ordini non valida'],
    ['status=perso', 'Stato dell’ordine non valido'],
    ['payment=gratis', 'Filtro del pagamento non valido'],
    ['payment_method=contanti', 'Metodo di pagamento non valido'],
    ['sort=random', 'Ordinamento non valido'],
    ['from=2026-13-01', 'La data iniziale deve essere AAAA-MM-GG'],
    ['to=ieri', 'La data finale deve essere AAAA-MM-GG'],
    [`q=${'x'.repeat(101)}`, 'La ricerca: al massimo 100 caratteri'],
  ])('refuses %s with 422 and a detail naming the filter in words', async (query, detail) => {
    const res = await api().get(`/api/orders?${query}`).set(staff);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it('refuses dates out of order in Italian', async () => {
    const res = await api().get('/api/orders?from=2026-03-12&to=2026-03-11').set(staff);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('La data finale deve seguire quella iniziale');
  });

  it('is for staff only', async () => {
    expect((await api().get('/api/orders?tab=new')).status).toBe(401);
    expect((await api().post('/api/customers/register').send(privato)).status).toBe(201);
    const customer = await api()
      .post('/api/customers/login')
      .send({ email: privato.email, password: privato.password });
    const res = await api()
      .get('/api/orders?tab=new')
      .set({ Authorization: `Bearer ${customer.body.access_token as string}` });
    expect(res.status).toBe(403);
  });
});
