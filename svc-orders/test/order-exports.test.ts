import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { orderReference } from '@edicola/contracts';
import { orderRecords } from '../src/db/schema';
import { ORDERS_CSV_HEADER } from '../src/exports/orders-csv';
import { TAKINGS_CSV_HEADER } from '../src/exports/takings';
import { orderGrossLines, priceLines } from '../src/invoices/document';
import { romeToday } from '../src/orders/rome-time';
import { upsertStaff } from '../src/staff/users';
import { insertOrder, line } from './order-fixtures';
import { privato, startOrders } from './support';

const ADMIN = { username: 'titolare', password: 'Napoli-1926!' };
const BOM = '\uFEFF';

/** The CSV as Italian Excel reads it: BOM, `;`, quotes doubled. */
function parseCsv(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  return parse(body.slice(1), { delimiter: ';', relax_column_count: false }) as string[][];
}

// GET /orders/export/csv and GET /api/exports/takings.csv, parsed back.
describe('the exports', () => {
  jest.setTimeout(60_000);
  let orders: Awaited<ReturnType<typeof startOrders>>;
  let staff: { Authorization: string };
  const ids: Record<string, string> = {};
  const api = () => request(orders.service.app);
  const db = () => orders.testDatabase.database.db;
  const download = async (path: string) => {
    const res = await api()
      .get(path)
      .set(staff)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      });
    expect(res.status).toBe(200);
    return { res, rows: parseCsv(res.body as string) };
  };

  beforeAll(async () => {
    orders = await startOrders({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    await upsertStaff(db(), { username: 'commessa', password: 'Banco-Vendita-7', role: 'staff' });
    const login = await api()
      .post('/api/auth/login')
      .send({ username: 'commessa', password: 'Banco-Vendita-7' });
    staff = { Authorization: `Bearer ${login.body.access_token as string}` };
    const at = (iso: string) => new Date(iso);
    ids.paid = (
      await insertOrder(db(), {
        status: 'shipped',
        paymentStatus: 'paid',
        paymentMethod: 'card',
        // 23:30 UTC on 31 March is 1 April in Rome (summer time).
        createdAt: at('2026-03-31T23:30:00Z'),
        name: 'Anna Esposito',
        email: 'anna@example.it',
        info: { address: 'Via Toledo 256; scala B', city: 'Napoli', zipCode: '80132' },
        items: [
          line({ quantity: 2 }), // 2 × 12,20 = 24,40 gross, 20,00 net at 22 %
          line({ iva_percentage: 0, unit_net_cents: 1550, unit_gross_cents: 1550, line_total_cents: 1550 }),
        ],
        shippingCents: 1220, // 10,00 net + 2,20 VAT
        trackingNumber: 'BRT-001',
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
          invoice_number: '3/2026',
          invoice_date: '2026-04-02',
        },
      })
    ).id;
    ids.evil = (
      await insertOrder(db(), {
        status: 'pending',
        paymentMethod: 'transfer',
        createdAt: at('2026-04-10T08:00:00Z'),
        name: '=HYPERLINK("http://evil.example","clic")',
        email: '@evil.example',
        info: { phone: '+39 333 1234567', address: '-2+3', city: 'Città "Vecchia"\nsecondo rigo' },
        items: [line()],
        shippingCents: 0,
      })
    ).id;
    // Takings of April: a transfer received in April for a March order, a demo payment (not takings), a refund in
    // April of the card order above, and a pending order (not takings).
    ids.transfer = (
      await insertOrder(db(), {
        status: 'confirmed',
        paymentStatus: 'paid',
        paymentMethod: 'transfer',
        createdAt: at('2026-03-28T10:00:00Z'),
        items: [line({ quantity: 1 })],
        shippingCents: 0,
        invoiceData: {
          requires_invoice: true,
          invoice_type: 'azienda',
          codice_fiscale: null,
          ragione_sociale: 'Edicola Srl',
          piva: '01234567897',
          codice_fiscale_azienda: '01234567897',
          pec: null,
          sdi: 'ABC1234',
          invoice_issued: false,
          invoice_number: null,
          invoice_date: null,
        },
        transferPayment: {
          received_on: '2026-04-01',
          amount_cents: 1220,
          bank_reference: 'CRO 1',
          amount_matches: true,
          recorded_by_id: null,
          recorded_by: 'titolare',
          recorded_at: '2026-04-02T08:00:00.000Z',
        },
      })
    ).id;
    ids.demo = (
      await insertOrder(db(), {
        status: 'paid',
        paymentStatus: 'paid',
        paymentDemo: true,
        paymentMethod: 'paypal',
        createdAt: at('2026-04-01T10:00:00Z'),
      })
    ).id;
  }, 90_000);
  afterAll(() => orders?.stop());

  it("writes the orders for Italian Excel: today's file name, BOM, ';', decimal comma, Rome dates", async () => {
    const { res, rows } = await download('/orders/export/csv?sort=oldest');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ordini-${romeToday()}.csv"`);
    expect(res.body as string).toContain('\r\n');
    expect(rows[0]).toEqual(ORDERS_CSV_HEADER);
    expect(rows).toHaveLength(5);
    const paid = rows.find((r) => r[0] === orderReference(ids.paid!))!;
    expect(Object.fromEntries(ORDERS_CSV_HEADER.map((h, i) => [h, paid[i]]))).toEqual({
      Riferimento: orderReference(ids.paid!),
      Data: '01/04/2026',
      Stato: 'Spedito',
      Cliente: 'Anna Esposito',
      'E-mail': 'anna@example.it',
      Telefono: "'+39 081 555 1234",
      Indirizzo: 'Via Toledo 256; scala B',
      Città: 'Napoli',
      CAP: '80132',
      Paese: 'IT',
      'Metodo di pagamento': 'Carta',
      'Stato pagamento': 'Pagato',
      Demo: 'No',
      Subtotale: '39,90',
      Spedizione: '12,20',
      Totale: '52,10',
      Rimborsato: '0,00',
      Tracking: 'BRT-001',
      'Numero fattura': '3/2026',
      Canale: 'Web',
      'Ordine eBay': '',
      'Codice sconto': '',
      Sconto: '0,00',
      // The buyer's fiscal data, and the VAT split per rate as the invoice states it (shipping at 22 %).
      'Ragione sociale': '',
      'Partita IVA': '',
      'Codice fiscale': 'RSSMRA85T10A562S',
      'Imponibile 22%': '30,00',
      'IVA 22%': '6,60',
      'Imponibile 10%': '',
      'IVA 10%': '',
      'Imponibile 5%': '',
      'IVA 5%': '',
      'Imponibile 4%': '',
      'IVA 4%': '',
      'Non soggetto IVA (0%)': '15,50',
    });
    const company = rows.find((r) => r[0] === orderReference(ids.transfer!))!;
    const cell = (h: string) => company[ORDERS_CSV_HEADER.indexOf(h)];
    expect([cell('Ragione sociale'), cell('Partita IVA'), cell('Codice fiscale')]).toEqual([
      'Edicola Srl',
      '01234567897',
      '01234567897',
    ]);
    expect([cell('Imponibile 22%'), cell('IVA 22%'), cell('Non soggetto IVA (0%)')]).toEqual([
      '10,00',
      '2,20',
      '',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      [ids.transfer, ids.paid, ids.demo, ids.evil].map((id) => orderReference(id!)),
    );
  });

  it('neutralises formulas: a cell starting with = + - @ gets a leading apostrophe', async () => {
    const { rows } = await download(`/orders/export/csv?q=${orderReference(ids.evil!)}`);
    expect(rows).toHaveLength(2);
    const cells = Object.fromEntries(ORDERS_CSV_HEADER.map((h, i) => [h, rows[1]![i]]));
    expect(cells).toMatchObject({
      Cliente: `'=HYPERLINK("http://evil.example","clic")`,
      'E-mail': "'@evil.example",
      Telefono: "'+39 333 1234567",
      Indirizzo: "'-2+3",
      Città: 'Città "Vecchia"\nsecondo rigo',
      'Stato pagamento': 'Da pagare',
    });
  });

  it("applies the list's filters", async () => {
    const refs = async (query: string) =>
      (await download(`/orders/export/csv?${query}`)).rows.slice(1).map((r) => r[0]);
    expect(await refs('tab=new')).toEqual([ids.evil, ids.demo].map((id) => orderReference(id!)));
    expect(await refs('payment=demo')).toEqual([orderReference(ids.demo!)]);
    expect(await refs('payment_method=transfer&sort=total_desc')).toEqual(
      // Equal totals (12,20): the newer first.
      [ids.evil, ids.transfer].map((id) => orderReference(id!)),
    );
    expect(await refs('from=2026-04-01&to=2026-04-01&sort=oldest')).toEqual(
      [ids.paid, ids.demo].map((id) => orderReference(id!)),
    );
    expect(await refs('q=nessuno')).toEqual([]);
    const bad = await api().get('/orders/export/csv?from=2026-04-02&to=2026-04-01').set(staff);
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('La data finale deve seguire quella iniziale');
    // The export takes every order of the filters: the list's paging does not apply to it.
    expect((await download('/orders/export/csv?page=2&page_size=1')).rows).toHaveLength(5);
  });

  it('streams thousands of orders in batches, every order once even when they share the instant', async () => {
    // 2,500 orders created in the same microsecond: the keyset's tie-break on the id carries the export across its
    // batches of 1,000.
    await db().execute(sql`
      insert into ${orderRecords} (payment_method, total_cents, subtotal_cents, items, customer_info, created_at)
      select 'card', 1000 + g, 1000 + g, '[]'::jsonb,
             jsonb_build_object('name', 'Bulk ' || g, 'email', 'bulk' || g || '@example.it'),
             timestamptz '2026-05-05 10:00:00.123456+00'
      from generate_series(1, 2500) g`);
    for (const sort of ['newest', 'total_asc']) {
      const { rows } = await download(`/orders/export/csv?q=bulk&sort=${sort}`);
      const refs = rows.slice(1).map((r) => r[0]);
      expect(refs).toHaveLength(2500);
      expect(new Set(refs).size).toBe(2500);
      if (sort === 'total_asc') {
        const totals = rows.slice(1).map((r) => Number(r[15]!.replace(',', '.')));
        expect(totals).toEqual([...totals].sort((a, b) => a - b));
        expect(totals[0]).toBe(10.01);
      }
    }
  });

  it('sums the month takings per day, VAT rate (Natura N2.2 for 0 %) and payment method', async () => {
    await db()
      .update(orderRecords)
      .set({
        paymentStatus: 'partially_refunded',
        refundedCents: 1000,
        refundedAt: new Date('2026-04-20T21:30:00Z'),
      })
      .where(sql`${orderRecords.id} = ${ids.paid}`);
    const { res, rows } = await download('/api/exports/takings.csv?month=2026-04');
    expect(res.headers['content-disposition']).toBe('attachment; filename="incassi-2026-04.csv"');
    expect(rows[0]).toEqual(TAKINGS_CSV_HEADER);
    expect(rows.slice(1)).toEqual([
      // The transfer counts on the day it was received; the card order on its Rome day (1 April).
      ['01/04/2026', '22%', 'Carta', '30,00', '6,60', '36,60', '0,00', 'Web'],
      ['01/04/2026', '22%', 'Bonifico', '10,00', '2,20', '12,20', '0,00', 'Web'],
      ['01/04/2026', 'N2.2', 'Carta', '15,50', '0,00', '15,50', '0,00', 'Web'],
      // 10,00 refunded on 20 April at 23:30 Rome time, spread over the rates in proportion to their gross.
      ['20/04/2026', '22%', 'Carta', '0,00', '0,00', '0,00', '7,02', 'Web'],
      ['20/04/2026', 'N2.2', 'Carta', '0,00', '0,00', '0,00', '2,98', 'Web'],
    ]);
    // March has no takings: the transfer order of 28 March was paid in April.
    expect((await download('/api/exports/takings.csv?month=2026-03')).rows).toEqual([TAKINGS_CSV_HEADER]);
  });

  it("states shipping at the rate of the order's main goods, as its invoice does", async () => {
    // Books at 4 % outweigh a 22 % sticker pack: the 6,24 € shipping is an accessory of the books (art. 12).
    const order = await insertOrder(db(), {
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentMethod: 'card',
      createdAt: new Date('2026-05-05T10:00:00Z'),
      items: [
        line({ iva_percentage: 4, unit_net_cents: 2500, unit_gross_cents: 2600, line_total_cents: 2600 }),
        line({ quantity: 1 }),
      ],
      shippingCents: 624,
    });
    const { rows } = await download('/api/exports/takings.csv?month=2026-05');
    expect(rows.slice(1)).toEqual([
      ['05/05/2026', '4%', 'Carta', '31,00', '1,24', '32,24', '0,00', 'Web'],
      ['05/05/2026', '22%', 'Carta', '10,00', '2,20', '12,20', '0,00', 'Web'],
    ]);
    const { summary } = priceLines(orderGrossLines(order));
    expect(summary.map((s) => [s.rate, s.taxableCents, s.taxCents])).toEqual([
      [22, 1000, 220],
      [4, 3100, 124],
    ]);
  });

  it('refuses a bad month in Italian and callers without a staff token', async () => {
    for (const month of ['2026-13', '2026-4', 'aprile', '']) {
      const res = await api().get(`/api/exports/takings.csv?month=${month}`).set(staff);
      expect(res.status).toBe(422);
      expect(res.body.detail).toContain('Il mese deve essere AAAA-MM');
    }
    expect((await api().get('/api/exports/takings.csv')).status).toBe(401);
    expect((await api().get('/orders/export/csv')).status).toBe(401);
    expect((await api().post('/api/customers/register').send(privato)).status).toBe(201);
    const customer = await api()
      .post('/api/customers/login')
      .send({ email: privato.email, password: privato.password });
    const bearer = { Authorization: `Bearer ${customer.body.access_token as string}` };
    expect((await api().get('/orders/export/csv').set(bearer)).status).toBe(403);
    expect((await api().get('/api/exports/takings.csv?month=2026-04').set(bearer)).status).toBe(403);
  });
});
