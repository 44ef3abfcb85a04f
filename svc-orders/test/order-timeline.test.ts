import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AuditEntryList, OrderTimeline, TimelineEntry } from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { orderStatusHistory } from '../src/db/schema';
import { upsertStaff } from '../src/staff/users';
import { insertOrder } from './order-fixtures';
import { startOrders } from './support';

const ADMIN = { username: 'titolare', password: 'Napoli-1926!' };

// GET /api/orders/{id}/timeline and POST /api/orders/{id}/notes.
describe('the order timeline and staff notes', () => {
  jest.setTimeout(30_000);
  let orders: Awaited<ReturnType<typeof startOrders>>;
  let admin: { Authorization: string };
  let staff: { Authorization: string };
  const api = () => request(orders.service.app);
  const db = () => orders.testDatabase.database.db;
  const timelineOf = async (id: string) => {
    const res = await api().get(`/api/orders/${id}/timeline`).set(staff);
    expect(res.status).toBe(200);
    return OrderTimeline.parse(res.body).entries;
  };

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    await upsertStaff(db(), { username: 'commessa', password: 'Banco-Vendita-7', role: 'staff' });
    const login = async (username: string, password: string) =>
      `Bearer ${(await api().post('/api/auth/login').send({ username, password })).body.access_token as string}`;
    admin = { Authorization: await login(ADMIN.username, ADMIN.password) };
    staff = { Authorization: await login('commessa', 'Banco-Vendita-7') };
  }, 90_000);
  afterAll(() => orders?.stop());

  it("tells a transfer order's life as staff lived it: transfer, moves with who and tracking, notes", async () => {
    const order = await insertOrder(db(), {
      paymentMethod: 'transfer',
      createdAt: new Date(Date.now() - 60_000),
    });
    const paid = await api()
      .put(`/api/orders/${order.id}/payment`)
      .set(staff)
      .send({ received_on: '2026-11-20', amount: order.totalCents / 100, bank_reference: 'CRO 998877' });
    expect(paid.status).toBe(200);
    expect((await api().put(`/api/orders/${order.id}/status?status=confirmed`).set(admin)).status).toBe(200);
    const note = await api()
      .post(`/api/orders/${order.id}/notes`)
      .set(staff)
      .send({ text: '  Il cliente chiede di consegnare dopo le 15  ' });
    expect(note.status).toBe(201);
    expect(TimelineEntry.parse(note.body)).toMatchObject({
      kind: 'note',
      summary: 'Il cliente chiede di consegnare dopo le 15',
      by: 'commessa',
    });
    expect(
      (await api().put(`/api/orders/${order.id}/status?status=shipped&tracking_number=BRT-42`).set(staff))
        .status,
    ).toBe(200);

    const entries = await timelineOf(order.id);
    expect(entries.map((e) => [e.kind, e.by])).toEqual([
      ['created', null],
      ['transfer', 'commessa'],
      ['status', 'commessa'],
      ['status', 'titolare'],
      ['note', 'commessa'],
      ['status', 'commessa'],
    ]);
    expect(entries[1]).toMatchObject({
      summary: expect.stringContaining('Bonifico ricevuto il 20/11/2026'),
      data: { bank_reference: 'CRO 998877', amount_matches: true },
    });
    expect(entries.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        'Stato: In Attesa → Pagato',
        'Stato: Pagato → Confermato',
        'Stato: Confermato → Spedito (tracking BRT-42)',
      ]),
    );
    const times = entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // The note is in the audit trail, by its author.
    let trail: AuditEntryList = [];
    await waitFor(async () => {
      const res = await api().get(`/api/admin/audit?entity=order&id=${order.id}`).set(admin);
      trail = AuditEntryList.parse(res.body);
      return trail.some((e) => e.action === 'note_added');
    });
    expect(trail.find((e) => e.action === 'note_added')).toMatchObject({
      actor: { username: 'commessa' },
      changes: { note: { from: null, to: 'Il cliente chiede di consegnare dopo le 15' } },
    });
  });

  it('shows the payment, its flag, the refund asked and made, the invoice and the Packlink shipment', async () => {
    const created = new Date('2026-11-01T09:00:00Z');
    const order = await insertOrder(db(), {
      status: 'shipped',
      paymentStatus: 'partially_refunded',
      paymentIntentId: 'pi_3Qx',
      paymentDemo: true,
      createdAt: created,
      updatedAt: new Date('2026-11-06T09:00:00Z'),
      paymentIssue: {
        code: 'amount_mismatch',
        detail: 'Il fornitore ha incassato 1,00 EUR invece del totale',
        payment_id: 'pay_1',
        captured_amount: 1,
        captured_currency: 'EUR',
        at: '2026-11-01T09:01:30.000Z',
      },
      refundReason: 'cancelled_by_staff',
      refundRequestedAt: new Date('2026-11-04T09:00:00Z'),
      refundedAt: new Date('2026-11-04T10:00:00Z'),
      refundedCents: 550,
      invoiceData: {
        requires_invoice: true,
        invoice_type: 'privato',
        codice_fiscale: 'RSSMRA85T10A562S',
        ragione_sociale: null,
        piva: null,
        codice_fiscale_azienda: null,
        pec: null,
        sdi: null,
        invoice_issued: true,
        invoice_number: '7/2026',
        invoice_date: '2026-11-03',
      },
      packlinkShipmentId: 'IT2026PRO0001',
      packlinkData: { tracking_number: 'GLS77', carrier_name: 'GLS' },
    });
    await db()
      .insert(orderStatusHistory)
      .values([
        {
          orderId: order.id,
          fromStatus: 'pending',
          toStatus: 'paid',
          orderVersion: 2,
          changedAt: new Date('2026-11-01T09:01:00Z'),
        },
        {
          orderId: order.id,
          fromStatus: 'paid',
          toStatus: 'confirmed',
          changedBy: 'titolare',
          orderVersion: 3,
          changedAt: new Date('2026-11-02T09:00:00Z'),
        },
        {
          orderId: order.id,
          fromStatus: 'confirmed',
          toStatus: 'shipped',
          changedBy: 'titolare',
          trackingNumber: 'GLS77',
          orderVersion: 4,
          changedAt: new Date('2026-11-05T09:00:00Z'),
        },
      ]);
    const entries = await timelineOf(order.id);
    expect(entries.map((e) => e.kind)).toEqual([
      'created',
      'payment', // paid (at the move to paid)
      'status',
      'payment', // the flag
      'status',
      'invoice',
      'refund',
      'refund',
      'status',
      'shipment', // with the move to shipped, after the status entry of the same instant
    ]);
    const byKind = (kind: string) => entries.filter((e) => e.kind === kind);
    expect(byKind('payment')[0]).toMatchObject({
      summary: 'Pagamento ricevuto (carta, demo)',
      data: { event: 'paid', payment_method: 'card', provider_reference: 'pi_3Qx', demo: true },
    });
    expect(byKind('payment')[1]!.summary).toContain('invece del totale');
    expect(byKind('refund').map((e) => e.summary)).toEqual([
      'Rimborso richiesto',
      'Rimborso parziale eseguito: 5,50 €',
    ]);
    // Issued before its number was recorded: the start of its day, with no time to show.
    expect(byKind('invoice')[0]).toMatchObject({
      at: '2026-11-02T23:00:00.000Z',
      summary: 'Fattura 7/2026 emessa',
      data: { invoice_number: '7/2026', invoice_date: '2026-11-03', date_only: true },
    });
    expect(byKind('refund').map((e) => e.data.event)).toEqual(['requested', 'refunded']);
    expect(byKind('payment')[1]!.data).toMatchObject({ event: 'issue', captured_amount: 1 });
    expect(byKind('shipment')[0]).toMatchObject({
      summary: 'Spedizione Packlink IT2026PRO0001 con GLS',
      data: { tracking_number: 'GLS77', carrier_name: 'GLS' },
    });
  });

  it('places an invoice issued today at its issue, after the order was created', async () => {
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
    const order = await insertOrder(db(), {
      status: 'paid',
      paymentStatus: 'paid',
      createdAt: new Date(Date.now() - 60_000),
      invoiceData,
    });
    const next = await api().get('/api/invoices/next-number').set(admin);
    expect(next.status).toBe(200);
    const before = Date.now();
    const issued = await api()
      .put(`/orders/${order.id}/invoice`)
      .set(admin)
      .send({ invoice_number: next.body.invoice_number, invoice_date: next.body.invoice_date });
    expect(issued.status).toBe(200);
    const after = Date.now();

    const entries = await timelineOf(order.id);
    expect(entries.map((e) => e.kind)).toEqual(['created', 'invoice']);
    const invoice = entries[1]!;
    expect(Date.parse(invoice.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(invoice.at)).toBeLessThanOrEqual(after + 1000);
    expect(invoice.data).toMatchObject({ invoice_number: next.body.invoice_number, date_only: false });
  });

  it('puts an invoice dated the day of the order, with no recorded issue, right after its creation', async () => {
    const created = new Date('2026-11-03T15:00:00Z');
    const order = await insertOrder(db(), {
      status: 'paid',
      createdAt: created,
      updatedAt: new Date('2026-11-05T09:00:00Z'),
      invoiceData: {
        requires_invoice: true,
        invoice_type: 'privato',
        codice_fiscale: 'RSSMRA85T10A562S',
        ragione_sociale: null,
        piva: null,
        codice_fiscale_azienda: null,
        pec: null,
        sdi: null,
        invoice_issued: true,
        invoice_number: '9/2026',
        invoice_date: '2026-11-03',
      },
    });
    const entries = await timelineOf(order.id);
    expect(entries.map((e) => [e.kind, e.at])).toEqual([
      ['created', created.toISOString()],
      ['invoice', created.toISOString()],
    ]);
    expect(entries[1]!.data).toMatchObject({ date_only: true });
  });

  it('refuses a blank or too long note, an unknown order, a bad id and a caller without a staff token', async () => {
    const order = await insertOrder(db());
    const post = (id: string, body: object, headers = staff) =>
      api().post(`/api/orders/${id}/notes`).set(headers).send(body);
    const blank = await post(order.id, { text: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.detail).toContain('La nota');
    expect((await post(order.id, { text: 'x'.repeat(2001) })).status).toBe(422);
    expect((await post(order.id, {})).status).toBe(422);
    const unknown = await post(randomUUID(), { text: 'Nota' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Ordine non trovato');
    expect((await post('non-un-id', { text: 'Nota' })).status).toBe(422);
    expect((await api().post(`/api/orders/${order.id}/notes`).send({ text: 'Nota' })).status).toBe(401);
    expect((await api().get(`/api/orders/${order.id}/timeline`)).status).toBe(401);
    expect((await api().get(`/api/orders/${randomUUID()}/timeline`).set(staff)).status).toBe(404);
    expect((await timelineOf(order.id)).map((e) => e.kind)).toEqual(['created']);
  });
});
