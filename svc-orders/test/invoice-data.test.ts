import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { InternalOrder, NextInvoiceNumber, Order, OrderDetail, type EventData } from '@edicola/contracts';
import { orderRecords } from '../src/db/schema';
import { binary, expectValidFatturaPa, pdfText } from './fiscal-files';
import { orderBody, STAFF, startShop, type Shop } from './shop';
import { orderAudits, privato } from './support';

// Each test renders and parses PDFs and validates XML with the schema: slow on a busy machine.
jest.setTimeout(30_000);

const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

describe('invoice data after the purchase: PUT /api/orders/{id}/invoice-data, then the invoice and its files', () => {
  let shop: Shop;
  let staffToken: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** A guest's card order that asked for no invoice (the server prices it), optionally without a CAP. */
  async function guestOrder(customerInfo: object = {}): Promise<string> {
    const article = await shop.addArticle({ stock: 100, priceCents: 2000, iva: 22 });
    const body = orderBody([{ article_id: article, quantity: 2 }], 0);
    const res = await api()
      .post('/internal/orders')
      .set(bearer(await shop.internalToken()))
      .send({
        ...body,
        customer_info: { ...body.customer_info, ...customerInfo },
        total_amount: undefined,
        payment_method: 'card',
        order_id: randomUUID(),
        client_address: '203.0.113.1',
      });
    expect(res.status).toBe(201);
    return InternalOrder.parse(res.body).order_id;
  }

  const putData = (orderId: string, body: object, token: string | null = staffToken) => {
    const call = api().put(`/api/orders/${orderId}/invoice-data`);
    if (token) call.set(bearer(token));
    return call.send(body);
  };
  const detailOf = async (orderId: string) =>
    OrderDetail.parse((await api().get(`/api/orders/${orderId}`).set(bearer(staffToken))).body);
  const issue = async (orderId: string) => {
    const next = NextInvoiceNumber.parse(
      (await api().get('/api/invoices/next-number').set(bearer(staffToken))).body,
    );
    const res = await api()
      .put(`/orders/${orderId}/invoice`)
      .set(bearer(staffToken))
      .send({ invoice_number: next.invoice_number, invoice_date: next.invoice_date });
    return { res, number: next.invoice_number };
  };
  const file = (url: string) => api().get(url).set(bearer(staffToken)).buffer(true).parse(binary);

  /** Both files of a document through the HTTP route: a named PDF that reads back, and a schema-valid XML. */
  async function downloadBoth(base: string, pdfName: string, heading: string): Promise<string> {
    const pdf = await file(`${base}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${pdfName}"`);
    expect(await pdfText(pdf.body as Buffer)).toContain(heading);
    const xml = await file(`${base}.xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers['content-type']).toMatch(/application\/xml/);
    expect(xml.headers['content-disposition']).toMatch(
      /^attachment; filename="IT[A-Z0-9]{11,16}_[A-Za-z0-9]{1,5}\.xml"$/,
    );
    const text = (xml.body as Buffer).toString('utf8');
    await expectValidFatturaPa(text);
    return text;
  }

  const audits = (orderId: string) => orderAudits(shop.db, orderId);

  beforeAll(async () => {
    shop = await startShop();
    staffToken = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
  }, 90_000);
  afterAll(() => shop?.stop());

  it('invoices a guest’s order once staff enter a codice fiscale, then locks the data (409)', async () => {
    const orderId = await guestOrder();
    const refused = await issue(orderId);
    expect(refused.res.status).toBe(409);
    expect(refused.res.body.detail).toMatch(/servono i dati fiscali dell'acquirente/);
    const before = await detailOf(orderId);
    expect(before.invoice_data).toBeNull();

    const saved = await putData(orderId, { invoice_type: 'privato', codice_fiscale: ' rssmra85t10a562s ' });
    expect(saved.status).toBe(200);
    const order = Order.parse(saved.body);
    expect(order.invoice_data).toEqual({
      requires_invoice: true,
      invoice_type: 'privato',
      codice_fiscale: 'RSSMRA85T10A562S',
      ragione_sociale: null,
      piva: null,
      codice_fiscale_azienda: null,
      pec: null,
      sdi: null,
      invoice_issued: false,
      invoice_number: null,
      invoice_date: null,
    });
    expect(order.order_version).toBe(before.order_version + 1);
    expect(await audits(orderId)).toEqual([
      expect.objectContaining({
        action: 'invoice_data_updated',
        actor: expect.objectContaining({ username: STAFF.username }),
        changes: expect.objectContaining({ codice_fiscale: { from: null, to: 'RSSMRA85T10A562S' } }),
      }),
    ]);

    const { res, number } = await issue(orderId);
    expect(res.status).toBe(200);
    expect(Order.parse(res.body).invoice_data).toMatchObject({
      invoice_issued: true,
      invoice_number: number,
    });
    const xml = await downloadBoth(
      `/api/orders/${orderId}/invoice`,
      `fattura-${number.replace('/', '-')}.pdf`,
      `Fattura n. ${number}`,
    );
    expect(tag(xml, 'CodiceFiscale')).toContain('RSSMRA85T10A562S');
    expect(tag(xml, 'CodiceDestinatario')).toEqual(['0000000']);

    const late = await putData(orderId, { invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(
      `La fattura di questo ordine è già stata emessa (n. ${number}): i dati di fatturazione non si possono più cambiare (per correggerla serve una nota di credito)`,
    );
    expect((await detailOf(orderId)).invoice_data?.invoice_number).toBe(number);
  });

  it('takes company data (SDI code or PEC), lets staff correct them before the invoice, and issues it', async () => {
    const orderId = await guestOrder();
    expect(
      (await putData(orderId, { invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' })).status,
    ).toBe(200);
    const company = {
      invoice_type: 'azienda',
      ragione_sociale: 'Ferrari S.p.A.',
      piva: '00159560366',
      codice_fiscale_azienda: '00159560366',
      sdi: 'abc1234',
      pec: '',
    };
    const corrected = await putData(orderId, company);
    expect(corrected.status).toBe(200);
    expect(Order.parse(corrected.body).invoice_data).toMatchObject({
      requires_invoice: true,
      invoice_type: 'azienda',
      codice_fiscale: null,
      ragione_sociale: 'Ferrari S.p.A.',
      piva: '00159560366',
      sdi: 'ABC1234',
      pec: null,
      invoice_issued: false,
    });
    expect((await audits(orderId)).map((a) => a.action)).toEqual([
      'invoice_data_updated',
      'invoice_data_updated',
    ]);

    const { res, number } = await issue(orderId);
    expect(res.status).toBe(200);
    const xml = await downloadBoth(
      `/api/orders/${orderId}/invoice`,
      `fattura-${number.replace('/', '-')}.pdf`,
      'Ragione sociale: Ferrari S.p.A.',
    );
    expect(tag(xml, 'CodiceDestinatario')).toEqual(['ABC1234']);
    expect(tag(xml, 'IdCodice')).toContain('00159560366');
    expect(tag(xml, 'Denominazione')).toContain('Ferrari S.p.A.');

    // With a PEC instead of the SDI code.
    const withPec = await guestOrder();
    const pec = await putData(withPec, { ...company, sdi: null, pec: 'ferrari@pec.example.it' });
    expect(pec.status).toBe(200);
    const issued = await issue(withPec);
    expect(issued.res.status).toBe(200);
    const pecXml = await downloadBoth(
      `/api/orders/${withPec}/invoice`,
      `fattura-${issued.number.replace('/', '-')}.pdf`,
      'PEC ferrari@pec.example.it',
    );
    expect(tag(pecXml, 'PECDestinatario')).toEqual(['ferrari@pec.example.it']);
  });

  it('refuses a bad codice fiscale or P.IVA, and missing data, with a plain Italian 422', async () => {
    const orderId = await guestOrder();
    const refusals: [object, string][] = [
      [{ invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562X' }, 'Codice fiscale non valido'],
      [{ invoice_type: 'privato', codice_fiscale: '' }, 'Il codice fiscale è obbligatorio per la fattura'],
      [{ invoice_type: 'privato' }, 'Il codice fiscale è obbligatorio per la fattura'],
      [
        {
          invoice_type: 'azienda',
          ragione_sociale: 'Ferrari S.p.A.',
          piva: '00159560367',
          codice_fiscale_azienda: '00159560366',
          sdi: 'ABC1234',
        },
        'Partita IVA non valida',
      ],
      [
        {
          invoice_type: 'azienda',
          ragione_sociale: 'Ferrari S.p.A.',
          piva: '00159560366',
          codice_fiscale_azienda: '00159560366',
        },
        "Indica il codice SDI o la PEC dell'azienda",
      ],
      [{ invoice_type: 'ditta' }, 'Il tipo di fattura deve essere privato o azienda'],
    ];
    for (const [body, detail] of refusals) {
      const res = await putData(orderId, body);
      expect({ body, status: res.status, detail: res.body.detail }).toEqual({ body, status: 422, detail });
    }
    expect((await detailOf(orderId)).invoice_data).toBeNull();
    expect(await audits(orderId)).toEqual([]);
  });

  it('completes a missing CAP, which the invoice needs', async () => {
    // An order placed before the CAP was required (docs/product/cart-and-checkout.md#postcode).
    const orderId = await guestOrder();
    await shop.db
      .update(orderRecords)
      .set({ customerInfo: sql`${orderRecords.customerInfo} - 'zipCode'` })
      .where(eq(orderRecords.id, orderId));
    expect(
      (await putData(orderId, { invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' })).status,
    ).toBe(200);
    const noCap = await issue(orderId);
    expect(noCap.res.status).toBe(409);
    expect(noCap.res.body.detail).toMatch(/Manca il CAP/);
    const badCap = await putData(orderId, {
      invoice_type: 'privato',
      codice_fiscale: 'RSSMRA85T10A562S',
      cap: '801',
    });
    expect(badCap.status).toBe(422);
    expect(badCap.body.detail).toBe('Il CAP è obbligatorio per la fattura (5 cifre)');
    const saved = await putData(orderId, {
      invoice_type: 'privato',
      codice_fiscale: 'RSSMRA85T10A562S',
      cap: '80132',
    });
    expect(saved.status).toBe(200);
    expect(Order.parse(saved.body).customer_info.zipCode).toBe('80132');
    expect((await issue(orderId)).res.status).toBe(200);
  });

  it('is staff-only: no token 401, a customer’s token 403; an unknown order 404', async () => {
    const orderId = await guestOrder();
    const body = { invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' };
    expect((await putData(orderId, body, null)).status).toBe(401);
    expect((await api().post('/api/customers/register').send(privato)).status).toBe(201);
    const customer = (
      await api().post('/api/customers/login').send({ email: privato.email, password: privato.password })
    ).body.access_token as string;
    const asCustomer = await putData(orderId, body, customer);
    expect(asCustomer.status).toBe(403);
    expect((await detailOf(orderId)).invoice_data).toBeNull();
    expect((await putData(randomUUID(), body)).status).toBe(404);
  });

  it('downloads every invoice and credit note of an order as PDF and XML, credit notes by N-YYYY', async () => {
    const orderId = await guestOrder();
    const placed = await detailOf(orderId);
    expect(
      (await putData(orderId, { invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' })).status,
    ).toBe(200);
    const facts = {
      payment_id: `pay_${orderId.slice(0, 8)}`,
      order_id: orderId,
      method: 'card' as const,
      provider: 'stripe' as const,
      demo: true,
      amount_cents: Math.round(placed.total_amount * 100),
      currency: 'EUR' as const,
    };
    await shop.publish('payment.succeeded', {
      ...facts,
      provider_payment_id: `pi_${orderId.slice(0, 8)}`,
      captured_cents: facts.amount_cents,
      captured_currency: 'EUR',
      succeeded_at: new Date().toISOString(),
    });
    const { res, number: invoiceNumber } = await issue(orderId);
    expect(res.status).toBe(200);
    const refund = (id: string, cents: number, total: number): EventData<'payment.refunded'> => ({
      ...facts,
      captured_cents: facts.amount_cents,
      refund_id: id,
      refund_cents: cents,
      refunded_total_cents: total,
      reason: 'cancelled_by_staff',
      refunded_at: new Date().toISOString(),
    });
    await shop.publish('payment.refunded', refund('re_a', 700, 700));
    await shop.publish('payment.refunded', refund('re_b', 300, 1000));
    const notes = (await detailOf(orderId)).credit_notes;
    expect(notes.map((n) => n.amount)).toEqual([7, 3]);

    await downloadBoth(
      `/api/orders/${orderId}/invoice`,
      `fattura-${invoiceNumber.replace('/', '-')}.pdf`,
      `Fattura n. ${invoiceNumber}`,
    );
    for (const note of notes) {
      const inPath = note.number.replace('/', '-');
      const xml = await downloadBoth(
        `/api/orders/${orderId}/credit-notes/${inPath}`,
        `nota-di-credito-${inPath}.pdf`,
        `Nota di credito n. ${note.number}`,
      );
      expect(tag(xml, 'TipoDocumento')).toEqual(['TD04']);
      expect(tag(xml, 'Numero')).toEqual([note.number]);
      expect(tag(xml, 'IdDocumento')).toEqual([invoiceNumber]);
    }
  });
});
