import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import {
  BulkOrderResults,
  LABELS_MISSING_HEADER,
  OrderChanges,
  OrderList,
  PAYMENT_REQUIRED_DETAIL,
  ShipmentQuotes,
  orderReference,
} from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { articles } from '../../svc-catalog/src/db/schema';
import { orderRecords } from '../src/db/schema';
import { TRACKING_REQUIRED } from '../src/orders/status';
import { upsertStaff } from '../src/staff/users';
import { binary } from './fiscal-files';
import { insertOrder, line } from './order-fixtures';
import { STAFF, startShop, type Shop } from './shop';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const pageCount = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();

/**
 * The Ordini list to work from (docs/product/back-office.md#order-rows, #bulk-actions, #order-search,
 * #list-refresh): svc-orders with the real svc-catalog beside it (the photos), the demo Packlink and invoices.
 */
describe('the order list to work from', () => {
  jest.setTimeout(60_000);
  let shop: Shop;
  let admin: string;
  let cashier: string;
  const api = () => request(shop.orders.app);
  const db = () => shop.db;
  const paidOrder = (fields: Parameters<typeof insertOrder>[1] = {}) =>
    insertOrder(db(), { status: 'paid', paymentStatus: 'paid', ...fields });
  const statusOf = async (id: string) =>
    (await db().select().from(orderRecords).where(eq(orderRecords.id, id)))[0]!;
  const list = async (query: string) => {
    const res = await api().get(`/api/orders?${query}`).set(bearer(admin));
    expect(res.status).toBe(200);
    return OrderList.parse(res.body);
  };
  const bulk = async (action: string, body: object, token = admin) => {
    const res = await api().post(`/api/orders/bulk/${action}`).set(bearer(token)).send(body);
    expect(res.status).toBe(200);
    return BulkOrderResults.parse(res.body).results;
  };

  beforeAll(async () => {
    shop = await startShop({ PACKLINK_DEMO_READY_MS: '100' });
    admin = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
    await upsertStaff(db(), { username: 'cassa', password: 'Cassa-Banco-2026', role: 'cashier' });
    cashier = (await api().post('/api/auth/login').send({ username: 'cassa', password: 'Cassa-Banco-2026' }))
      .body.access_token as string;
  }, 90_000);
  afterAll(() => shop?.stop());

  it('answers each order with its lines to pack: name, quantity and the photo the catalogue has now', async () => {
    const withPhoto = await shop.addArticle({ stock: 3, title: 'Tex Willer n. 1' });
    await shop.catalogDb
      .update(articles)
      .set({ photoUrl: '/media/articles/0123456789abcdef01234567-400.webp' })
      .where(eq(articles.id, withPhoto));
    const order = await paidOrder({
      name: 'Righe Da Imballare',
      items: [
        line({ article_id: withPhoto, title: 'Tex Willer n. 1', quantity: 2 }),
        line({ title: 'Articolo senza foto', quantity: 1 }),
      ],
    });
    const [listed] = (await list('q=righe%20da%20imballare')).orders;
    expect(listed!.id).toBe(order.id);
    expect(listed!.lines).toEqual([
      {
        article_id: withPhoto,
        title: 'Tex Willer n. 1',
        quantity: 2,
        thumbnail_url: '/media/articles/0123456789abcdef01234567-400.webp',
      },
      expect.objectContaining({ title: 'Articolo senza foto', quantity: 1, thumbnail_url: null }),
    ]);
  });

  it('finds an order by its reference in every form shown, its id or a start of them', async () => {
    const order = await paidOrder({ name: 'Cercato Per Riferimento' });
    const short = order.id.slice(-8);
    const found = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).orders.map((o) => o.id).includes(order.id);
    for (const q of [
      orderReference(order.id),
      `#${short}`,
      `#${short.toUpperCase()}`,
      short,
      `ORD-${short.slice(0, 5)}`,
      `#${short.slice(0, 4)}`,
      order.id,
      order.id.slice(0, 6),
      order.id.slice(0, 13),
    ]) {
      expect([q, await found(q)]).toEqual([q, true]);
    }
    expect(await found(`#${short.slice(0, 4)}x`)).toBe(false);
  });

  it('finds an order by company name, P.IVA (with or without IT), codice fiscale and phone', async () => {
    const company = await paidOrder({
      name: 'Mario Verdi',
      info: { phone: '+39 333 123 4567' },
      invoiceData: {
        requires_invoice: true,
        invoice_type: 'azienda',
        codice_fiscale: null,
        ragione_sociale: 'Fumetteria Partenopea S.r.l.',
        piva: '07643520567',
        codice_fiscale_azienda: '07643520567',
        pec: null,
        sdi: 'M5UXCR1',
        invoice_issued: false,
        invoice_number: null,
        invoice_date: null,
      },
    });
    const person = await paidOrder({
      name: 'Lucia Bruno',
      info: { phone: '081-7654321' },
      invoiceData: {
        requires_invoice: true,
        invoice_type: 'privato',
        codice_fiscale: 'BRNLCU80A41F839X',
        ragione_sociale: null,
        piva: null,
        codice_fiscale_azienda: null,
        pec: null,
        sdi: null,
        invoice_issued: false,
        invoice_number: null,
        invoice_date: null,
      },
    });
    const ids = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).orders.map((o) => o.id);
    expect(await ids('partenopea')).toEqual([company.id]);
    expect(await ids('07643520567')).toEqual([company.id]);
    expect(await ids('IT07643520567')).toEqual([company.id]);
    expect(await ids('brnlcu80a41f839x')).toEqual([person.id]);
    expect(await ids('333 1234567')).toEqual([company.id]);
    expect(await ids('+39 333-123-4567')).toEqual([company.id]);
    expect(await ids('3331234567')).toEqual([company.id]);
    expect(await ids('081 765 4321')).toEqual([person.id]);
    expect(await ids('+39 0817654321')).toEqual([person.id]);
    expect(await ids('999 888 7777')).toEqual([]);
  });

  it('moves the change token with a new order and with a change, not otherwise', async () => {
    const version = async () => {
      const res = await api().get('/api/orders/changes').set(bearer(admin));
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      return OrderChanges.parse(res.body).version;
    };
    const first = await version();
    expect(await version()).toBe(first);
    const order = await paidOrder();
    const afterNew = await version();
    expect(afterNew).not.toBe(first);
    expect(await bulk('confirm', { order_ids: [order.id] })).toMatchObject([{ outcome: 'done' }]);
    expect(await version()).not.toBe(afterNew);
    // The cashier reads the list, so it may ask too; a visitor may not.
    expect((await api().get('/api/orders/changes').set(bearer(cashier))).status).toBe(200);
    expect((await api().get('/api/orders/changes')).status).toBe(401);
  });

  it('confirms each order apart: done, already so, refused with the reason; a repeat changes nothing', async () => {
    const paid = await paidOrder();
    const confirmed = await insertOrder(db(), { status: 'confirmed', paymentStatus: 'paid' });
    const unpaid = await insertOrder(db(), { status: 'pending', paymentStatus: 'pending' });
    const missing = '00000000-0000-4000-8000-000000000000';
    const ids = [paid.id, confirmed.id, unpaid.id, missing];
    const results = await bulk('confirm', { order_ids: ids });
    expect(results).toEqual([
      { order_id: paid.id, order_reference: orderReference(paid.id), outcome: 'done', detail: null },
      {
        order_id: confirmed.id,
        order_reference: orderReference(confirmed.id),
        outcome: 'unchanged',
        detail: null,
      },
      {
        order_id: unpaid.id,
        order_reference: orderReference(unpaid.id),
        outcome: 'failed',
        detail: PAYMENT_REQUIRED_DETAIL,
      },
      {
        order_id: missing,
        order_reference: orderReference(missing),
        outcome: 'failed',
        detail: 'Ordine non trovato',
      },
    ]);
    expect((await statusOf(paid.id)).status).toBe('confirmed');
    expect((await statusOf(unpaid.id)).status).toBe('pending');
    const version = (await statusOf(paid.id)).orderVersion;
    const again = await bulk('confirm', { order_ids: ids });
    expect(again.map((r) => r.outcome)).toEqual(['unchanged', 'unchanged', 'failed', 'failed']);
    expect((await statusOf(paid.id)).orderVersion).toBe(version);
  });

  it("marks shipped with the typed tracking, the carrier's, or refuses one without any", async () => {
    const typed = await insertOrder(db(), { status: 'confirmed', paymentStatus: 'paid' });
    const packlink = await insertOrder(db(), {
      status: 'confirmed',
      paymentStatus: 'paid',
      packlinkData: { tracking_number: 'BRT-PACKLINK-1', carrier_name: 'BRT' },
    });
    const none = await insertOrder(db(), { status: 'confirmed', paymentStatus: 'paid' });
    const orders = [
      { order_id: typed.id, tracking_number: ' GLS-123 ' },
      { order_id: packlink.id },
      { order_id: none.id, tracking_number: '' },
    ];
    expect((await bulk('ship', { orders })).map((r) => [r.outcome, r.detail])).toEqual([
      ['done', null],
      ['done', null],
      ['failed', TRACKING_REQUIRED],
    ]);
    expect(await statusOf(typed.id)).toMatchObject({ status: 'shipped', trackingNumber: 'GLS-123' });
    expect(await statusOf(packlink.id)).toMatchObject({
      status: 'shipped',
      trackingNumber: 'BRT-PACKLINK-1',
    });
    expect((await statusOf(none.id)).status).toBe('confirmed');
    expect((await bulk('ship', { orders: orders.slice(0, 2) })).map((r) => r.outcome)).toEqual([
      'unchanged',
      'unchanged',
    ]);
  });

  it('issues invoices with the next free numbers, dated today; an invoiced order is left as it is', async () => {
    const invoiceData = {
      requires_invoice: true,
      invoice_type: 'privato' as const,
      codice_fiscale: 'RSSMRA85T10A562S',
      ragione_sociale: null,
      piva: null,
      codice_fiscale_azienda: null,
      pec: null,
      sdi: null,
      invoice_issued: false,
      invoice_number: null,
      invoice_date: null,
    };
    const first = await paidOrder({ invoiceData });
    const second = await paidOrder({ invoiceData });
    const guest = await paidOrder();
    const next = (await api().get('/api/invoices/next-number').set(bearer(admin))).body as {
      invoice_number: string;
    };
    const [n, year] = next.invoice_number.split('/').map(Number) as [number, number];
    const results = await bulk('invoice', { order_ids: [first.id, second.id, guest.id] });
    expect(results.map((r) => r.outcome)).toEqual(['done', 'done', 'failed']);
    expect(results[2]!.detail).toContain('dati fiscali');
    expect((await statusOf(first.id)).invoiceData?.invoice_number).toBe(`${n}/${year}`);
    expect((await statusOf(second.id)).invoiceData?.invoice_number).toBe(`${n + 1}/${year}`);
    expect((await bulk('invoice', { order_ids: [first.id] })).map((r) => r.outcome)).toEqual(['unchanged']);
    expect((await statusOf(first.id)).invoiceData?.invoice_number).toBe(`${n}/${year}`);
  });

  it('prints labels and packing slips in one PDF, naming the orders without a label', async () => {
    const withLabel = await paidOrder();
    const quotes = ShipmentQuotes.parse(
      (await api().get(`/api/orders/${withLabel.id}/shipment-quotes`).set(bearer(admin))).body,
    );
    const created = await api()
      .post(`/api/orders/${withLabel.id}/create-shipment`)
      .set(bearer(admin))
      .send({ service_id: quotes.quotes[0]!.service_id });
    expect(created.status).toBe(201);
    await waitFor(async () => Boolean((await statusOf(withLabel.id)).packlinkData?.tracking_number));
    const withoutLabel = await paidOrder();
    const res = await api()
      .post('/api/orders/bulk/print')
      .set(bearer(admin))
      .send({ order_ids: [withLabel.id, withoutLabel.id] })
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The demo label (1 page) and two packing slips (1 page each).
    expect(await pageCount(res.body as Buffer)).toBe(3);
    expect(res.headers[LABELS_MISSING_HEADER.toLowerCase()]).toBe(orderReference(withoutLabel.id));
  });

  it('is for staff: a visitor is asked to sign in, the cashier is refused, nothing moves', async () => {
    const order = await paidOrder();
    for (const action of ['confirm', 'invoice', 'print']) {
      expect(
        (
          await api()
            .post(`/api/orders/bulk/${action}`)
            .send({ order_ids: [order.id] })
        ).status,
      ).toBe(401);
      const res = await api()
        .post(`/api/orders/bulk/${action}`)
        .set(bearer(cashier))
        .send({ order_ids: [order.id] });
      expect(res.status).toBe(403);
    }
    const ship = await api()
      .post('/api/orders/bulk/ship')
      .set(bearer(cashier))
      .send({ orders: [{ order_id: order.id, tracking_number: 'X1' }] });
    expect(ship.status).toBe(403);
    expect((await statusOf(order.id)).status).toBe('paid');
  });

  it('refuses bad input with a 422 in Italian a shopper can read, writing nothing', async () => {
    const order = await paidOrder();
    const cases: [string, object, string][] = [
      ['confirm', { order_ids: [] }, 'Seleziona almeno un ordine'],
      ['confirm', {}, 'Seleziona almeno un ordine'],
      ['confirm', { order_ids: [order.id, 'ORD-1'] }, 'Identificativo ordine non valido'],
      [
        'ship',
        { orders: [{ order_id: order.id, tracking_number: 'x'.repeat(101) }] },
        'al massimo 100 caratteri',
      ],
      ['ship', { orders: [{ order_id: order.id }, { order_id: order.id }] }, 'Ogni ordine una volta sola'],
      ['print', { order_ids: Array.from({ length: 101 }, () => order.id) }, 'Al massimo 100 ordini'],
    ];
    for (const [action, body, detail] of cases) {
      const res = await api().post(`/api/orders/bulk/${action}`).set(bearer(admin)).send(body);
      expect([action, res.status]).toEqual([action, 422]);
      expect(res.body.detail).toContain(detail);
      expect(res.body.detail).not.toMatch(/order_ids|tracking_number|orders\./);
    }
    expect((await statusOf(order.id)).status).toBe('paid');
  });
});
