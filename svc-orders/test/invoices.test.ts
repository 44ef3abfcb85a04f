import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  CustomerOrderList,
  InternalOrder,
  NextInvoiceNumber,
  Order,
  OrderDetail,
  type EventData,
} from '@edicola/contracts';
import { HttpError } from '@edicola/platform';
import { romeDate } from '../src/invoices/document';
import { requireShopFiscal, shopFiscalFrom } from '../src/invoices/shop-fiscal';
import { binary, expectValidFatturaPa, pdfText, validate } from './fiscal-files';
import { orderBody, STAFF, startShop, type Shop } from './shop';
import { azienda, orderAudits, privato } from './support';

const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

describe('invoices: PUT /orders/{id}/invoice, next number, PDF, FatturaPA XML and credit notes', () => {
  let shop: Shop;
  let staffToken: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const today = romeDate(new Date());
  const year = Number(today.slice(0, 4));

  const privatoInvoice = {
    requires_invoice: true,
    invoice_type: 'privato',
    codice_fiscale: 'RSSMRA85T10A562S',
  };
  const companyInvoice = (contact: { sdi?: string; pec?: string }) => ({
    requires_invoice: true,
    invoice_type: 'azienda',
    ragione_sociale: 'Ferrari S.p.A.',
    piva: '00159560366',
    codice_fiscale_azienda: '00159560366',
    sdi: contact.sdi ?? null,
    pec: contact.pec ?? null,
  });

  /**
   * An order of the given lines (price in cents and VAT rate), placed as svc-payments places a card order (the server
   * prices it), optionally for a customer account.
   */
  async function placeOrder(
    lines: { priceCents: number; iva: number; quantity: number }[],
    invoiceData: object | null,
    customerId?: string,
  ): Promise<string> {
    const items = [];
    for (const line of lines) {
      const article = await shop.addArticle({ stock: 100, priceCents: line.priceCents, iva: line.iva });
      items.push({ article_id: article, quantity: line.quantity });
    }
    const res = await api()
      .post('/internal/orders')
      .set(bearer(await shop.internalToken()))
      .send({
        ...orderBody(items, 0, invoiceData ? { invoice_data: invoiceData } : {}),
        total_amount: undefined,
        payment_method: 'card',
        order_id: randomUUID(),
        customer_id: customerId ?? null,
        client_address: '203.0.113.1',
      });
    expect(res.status).toBe(201);
    return InternalOrder.parse(res.body).order_id;
  }

  const issue = (orderId: string, number: string, date = today) =>
    api()
      .put(`/orders/${orderId}/invoice`)
      .set(bearer(staffToken))
      .send({ invoice_number: number, invoice_date: date });
  const nextNumber = async () =>
    NextInvoiceNumber.parse((await api().get('/api/invoices/next-number').set(bearer(staffToken))).body);
  const file = (url: string, token = staffToken) =>
    api().get(url).set(bearer(token)).buffer(true).parse(binary);

  async function issueNext(orderId: string): Promise<string> {
    const next = await nextNumber();
    const res = await issue(orderId, next.invoice_number, next.invoice_date);
    expect(res.status).toBe(200);
    return next.invoice_number;
  }

  async function xmlOf(orderId: string): Promise<string> {
    const res = await file(`/api/orders/${orderId}/invoice.xml`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const xml = (res.body as Buffer).toString('utf8');
    await expectValidFatturaPa(xml);
    return xml;
  }

  beforeAll(async () => {
    shop = await startShop();
    staffToken = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
  }, 90_000);
  afterAll(() => shop?.stop());

  it('issues a private buyer invoice with the next number of the year and refuses it twice', async () => {
    const orderId = await placeOrder(
      [
        { priceCents: 1000, iva: 22, quantity: 3 },
        { priceCents: 2500, iva: 4, quantity: 1 },
      ],
      privatoInvoice,
    );
    const next = await nextNumber();
    expect(next).toEqual({
      invoice_number: expect.stringMatching(new RegExp(`^\\d+/${year}$`)),
      invoice_date: today,
    });

    const res = await issue(orderId, next.invoice_number);
    expect(res.status).toBe(200);
    const order = Order.parse(res.body);
    expect(order.invoice_data).toMatchObject({
      invoice_issued: true,
      invoice_number: next.invoice_number,
      invoice_date: today,
      codice_fiscale: 'RSSMRA85T10A562S',
    });
    // Audited: who issued which number, in the save's transaction.
    expect(await orderAudits(shop.db, orderId)).toEqual([
      expect.objectContaining({
        action: 'invoice_issued',
        actor: expect.objectContaining({ username: STAFF.username }),
        changes: expect.objectContaining({ invoice_number: { from: null, to: next.invoice_number } }),
      }),
    ]);
    const again = await issue(orderId, `${Number(next.invoice_number.split('/')[0]) + 1}/${year}`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/già stata emessa/);
    expect((await nextNumber()).invoice_number).toBe(
      `${Number(next.invoice_number.split('/')[0]) + 1}/${year}`,
    );

    const xml = await xmlOf(orderId);
    expect(xml).toContain('versione="FPR12"');
    expect(tag(xml, 'TipoDocumento')).toEqual(['TD01']);
    expect(tag(xml, 'CodiceDestinatario')).toEqual(['0000000']);
    expect(tag(xml, 'CodiceFiscale')).toContain('RSSMRA85T10A562S');
    expect(tag(xml, 'Nome')).toEqual(['Anna']);
    expect(tag(xml, 'Cognome')).toEqual(['Esposito']);
    expect(tag(xml, 'Numero')).toEqual([next.invoice_number]);
    expect(tag(xml, 'AliquotaIVA')).toEqual(expect.arrayContaining(['22.00', '4.00']));
    // The lines' net amounts add up to each rate's taxable amount, and the document to what the customer paid.
    expect(tag(xml, 'ImportoTotaleDocumento')).toEqual([order.total_amount.toFixed(2)]);
    const taxable = tag(xml, 'ImponibileImporto').map(Number);
    const tax = tag(xml, 'Imposta').map(Number);
    expect(taxable.reduce((a, b) => a + b, 0) + tax.reduce((a, b) => a + b, 0)).toBeCloseTo(
      order.total_amount,
      2,
    );
    expect(tag(xml, 'Descrizione')).toContain('Spese di spedizione');
    expect(xml).not.toContain('DatiBollo');
    // The schema does catch a broken file: an address without its CAP, an amount with one decimal.
    expect((await validate(xml.replace(/<CAP>\d{5}<\/CAP>/, ''))).valid).toBe(false);
    expect(
      (await validate(xml.replace(/<ImportoTotaleDocumento>(\d+\.\d)\d</, '<ImportoTotaleDocumento>$1<')))
        .valid,
    ).toBe(false);

    const pdf = await file(`/api/orders/${orderId}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(`Fattura n. ${next.invoice_number}`);
    expect(text).toContain('DOCUMENTO DIMOSTRATIVO');
    expect(text).toContain('P.IVA 01234567897');
    expect(text).toContain('Anna Esposito');
    expect(text).toContain('Codice fiscale RSSMRA85T10A562S');
    expect(text).toContain('22%');
    expect(text).toContain('4%');
    expect(text).toContain(`Totale documento € ${order.total_amount.toFixed(2).replace('.', ',')}`);
  });

  it('refuses a number already used in the year (409, Italian) and one year that is not the date’s (422)', async () => {
    const first = await placeOrder([{ priceCents: 1000, iva: 22, quantity: 1 }], privatoInvoice);
    const second = await placeOrder([{ priceCents: 1000, iva: 22, quantity: 1 }], privatoInvoice);
    const number = await issueNext(first);
    const used = await issue(second, number);
    expect(used.status).toBe(409);
    expect(used.body.detail).toBe(
      `Il numero fattura ${number} è già stato usato nel ${year}: scegli il numero successivo libero`,
    );
    const wrongYear = await issue(second, `900/${year - 1}`);
    expect(wrongYear.status).toBe(422);
    expect(wrongYear.body.detail).toMatch(/anno del numero fattura/);
    const missing = await api().put(`/orders/${second}/invoice`).set(bearer(staffToken)).send({});
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toMatch(/Inserisci numero fattura e data/);
    // Numbers follow the dates: a higher number may not be dated before a lower one, nor a lower one after it.
    const last = year - 1;
    const third = await placeOrder([{ priceCents: 1000, iva: 22, quantity: 1 }], privatoInvoice);
    expect((await issue(second, `700/${last}`, `${last}-06-01`)).status).toBe(200);
    const early = await issue(third, `701/${last}`, `${last}-05-31`);
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(
      `Il numero 701/${last} del 31/05/${last} non rispetta l'ordine cronologico: la fattura 700/${last} è del 01/06/${last}`,
    );
    expect((await issue(third, `699/${last}`, `${last}-06-02`)).status).toBe(409);
    expect((await issue(third, `701/${last}`, `${last}-06-01`)).status).toBe(200);
    const future = await issue(second, `901/${year + 1}`, `${year + 1}-01-02`);
    expect(future.status).toBe(409);
    expect(future.body.detail).toMatch(/non può essere successiva a oggi/);
    expect(
      (
        await api()
          .put(`/orders/${second}/invoice`)
          .send({ invoice_number: `1/${year}`, invoice_date: today })
      ).status,
    ).toBe(401);
  });

  it('lets only one of two concurrent saves take a number', async () => {
    const a = await placeOrder([{ priceCents: 1000, iva: 22, quantity: 1 }], privatoInvoice);
    const b = await placeOrder([{ priceCents: 1000, iva: 22, quantity: 1 }], privatoInvoice);
    const { invoice_number: number } = await nextNumber();
    const results = await Promise.all([issue(a, number), issue(b, number)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const issued = await Promise.all(
      [a, b].map(async (id) =>
        OrderDetail.parse((await api().get(`/api/orders/${id}`).set(bearer(staffToken))).body),
      ),
    );
    expect(issued.filter((o) => o.invoice_data?.invoice_issued)).toHaveLength(1);
  });

  it('writes a company invoice to its SDI code, or to 0000000 and its PEC', async () => {
    const withSdi = await placeOrder(
      [{ priceCents: 4000, iva: 22, quantity: 1 }],
      companyInvoice({ sdi: 'ABC1234' }),
    );
    await issueNext(withSdi);
    const sdiXml = await xmlOf(withSdi);
    expect(tag(sdiXml, 'CodiceDestinatario')).toEqual(['ABC1234']);
    expect(sdiXml).not.toContain('PECDestinatario');
    expect(tag(sdiXml, 'IdCodice')).toContain('00159560366');
    expect(tag(sdiXml, 'Denominazione')).toContain('Ferrari S.p.A.');

    const withPec = await placeOrder(
      [{ priceCents: 4000, iva: 10, quantity: 2 }],
      companyInvoice({ pec: 'ferrari@pec.example.it' }),
    );
    await issueNext(withPec);
    const pecXml = await xmlOf(withPec);
    expect(tag(pecXml, 'CodiceDestinatario')).toEqual(['0000000']);
    expect(tag(pecXml, 'PECDestinatario')).toEqual(['ferrari@pec.example.it']);
    const text = await pdfText((await file(`/api/orders/${withPec}/invoice.pdf`)).body as Buffer);
    expect(text).toContain('Ragione sociale: Ferrari S.p.A.');
    expect(text).toContain('P.IVA 00159560366');
    expect(text).toContain('PEC ferrari@pec.example.it');
  });

  it('marks 0 % lines N2.2 with their legal reference and adds the stamp duty above 77,47 € exempt', async () => {
    const orderId = await placeOrder(
      [
        { priceCents: 4500, iva: 0, quantity: 2 },
        { priceCents: 1234, iva: 22, quantity: 3 },
        { priceCents: 999, iva: 10, quantity: 1 },
      ],
      privatoInvoice,
    );
    await issueNext(orderId);
    const xml = await xmlOf(orderId);
    expect(tag(xml, 'Natura')).toEqual(expect.arrayContaining(['N2.2']));
    expect(tag(xml, 'RiferimentoNormativo')).toEqual([
      'Operazione non soggetta - art. 74 c.1 lett. c DPR 633/72',
    ]);
    expect(tag(xml, 'BolloVirtuale')).toEqual(['SI']);
    expect(tag(xml, 'ImportoBollo')).toEqual(['2.00']);
    expect(tag(xml, 'AliquotaIVA')).toEqual(expect.arrayContaining(['0.00', '22.00', '10.00']));
    const text = await pdfText((await file(`/api/orders/${orderId}/invoice.pdf`)).body as Buffer);
    expect(text).toContain('Natura N2.2');
    expect(text).toContain('art. 74 c.1 lett. c DPR 633/72');
    expect(text).toContain('Imposta di bollo');

    // Below the threshold: no stamp duty.
    const small = await placeOrder([{ priceCents: 3000, iva: 0, quantity: 2 }], privatoInvoice);
    await issueNext(small);
    expect(await xmlOf(small)).not.toContain('DatiBollo');
  });

  it('invoices an order without invoice data from its account, and refuses a guest’s (no buyer data)', async () => {
    expect((await api().post('/api/customers/register').send(privato)).status).toBe(201);
    const login = await api()
      .post('/api/customers/login')
      .send({ email: privato.email, password: privato.password });
    const customerToken = login.body.access_token as string;
    const own = await placeOrder(
      [{ priceCents: 1500, iva: 22, quantity: 1 }],
      null,
      login.body.customer_id as string,
    );
    const number = await issueNext(own);
    const detail = OrderDetail.parse((await api().get(`/api/orders/${own}`).set(bearer(staffToken))).body);
    expect(detail.invoice_data).toMatchObject({
      invoice_type: 'privato',
      codice_fiscale: privato.codice_fiscale,
      invoice_number: number,
    });
    // The account's names (Anna / Esposito), not a split of the order's name.
    const ownXml = await xmlOf(own);
    expect(tag(ownXml, 'Nome')).toEqual([privato.nome]);
    expect(tag(ownXml, 'Cognome')).toEqual([privato.cognome]);

    const guest = await placeOrder([{ priceCents: 1500, iva: 22, quantity: 1 }], null);
    const refused = await issue(guest, (await nextNumber()).invoice_number);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/servono i dati fiscali dell'acquirente/);

    // The customer downloads their own invoice and sees its number in their orders; not another's, not a guest's.
    const mine = await file(`/api/customers/orders/${own}/invoice.pdf`, customerToken);
    expect(mine.status).toBe(200);
    expect(await pdfText(mine.body as Buffer)).toContain(`Fattura n. ${number}`);
    const listed = CustomerOrderList.parse(
      (await api().get('/api/customers/orders').set(bearer(customerToken))).body,
    );
    expect(listed.find((o) => o.id === own)?.invoice_number).toBe(number);
    const guestIssued = await placeOrder([{ priceCents: 1500, iva: 22, quantity: 1 }], privatoInvoice);
    await issueNext(guestIssued);
    expect((await file(`/api/customers/orders/${guestIssued}/invoice.pdf`, customerToken)).status).toBe(404);
    expect((await api().post('/api/customers/register').send(azienda)).status).toBe(201);
    const other = (
      await api().post('/api/customers/login').send({ email: azienda.email, password: azienda.password })
    ).body.access_token as string;
    expect((await file(`/api/customers/orders/${own}/invoice.pdf`, other)).status).toBe(404);
    expect((await file(`/api/customers/orders/${own}/invoice.pdf`, staffToken)).status).toBe(403);
    expect((await file(`/api/orders/${own}/invoice.pdf`, customerToken)).status).toBe(403);
  });

  it('answers 404 for the files of an invoice not issued yet', async () => {
    const orderId = await placeOrder([{ priceCents: 1500, iva: 22, quantity: 1 }], privatoInvoice);
    for (const ext of ['pdf', 'xml']) {
      const res = await file(`/api/orders/${orderId}/invoice.${ext}`);
      expect(res.status).toBe(404);
    }
    expect((await file(`/api/orders/${randomUUID()}/invoice.pdf`)).status).toBe(404);
  });

  it('turns a refund of an invoiced order into a credit note (TD04), once per refund', async () => {
    const article = await shop.addArticle({ stock: 10, priceCents: 2000, iva: 22 });
    const created = await api()
      .post('/internal/orders')
      .set(bearer(await shop.internalToken()))
      .send({
        ...orderBody([{ article_id: article, quantity: 2 }], 0, { invoice_data: privatoInvoice }),
        total_amount: undefined,
        payment_method: 'card',
        order_id: randomUUID(),
        client_address: '203.0.113.1',
      });
    expect(created.status).toBe(201);
    const order = InternalOrder.parse(created.body);
    const facts = {
      payment_id: `pay_${order.order_id.slice(0, 8)}`,
      order_id: order.order_id,
      method: 'card' as const,
      provider: 'stripe' as const,
      demo: true,
      amount_cents: order.total_cents,
      currency: 'EUR' as const,
    };
    await shop.publish('payment.succeeded', {
      ...facts,
      provider_payment_id: `pi_${order.order_id.slice(0, 8)}`,
      captured_cents: order.total_cents,
      captured_currency: 'EUR',
      succeeded_at: new Date().toISOString(),
    });
    const invoiceNumber = await issueNext(order.order_id);
    const refund = (id: string, cents: number, total: number): EventData<'payment.refunded'> => ({
      ...facts,
      captured_cents: order.total_cents,
      refund_id: id,
      refund_cents: cents,
      refunded_total_cents: total,
      reason: 'cancelled_by_staff',
      refunded_at: new Date().toISOString(),
    });
    const expectedNumber = (await nextNumber()).invoice_number;
    await shop.publish('payment.refunded', refund('re_part_1', 1000, 1000));
    await shop.publish('payment.refunded', refund('re_part_1', 1000, 1000));
    const detail = OrderDetail.parse(
      (await api().get(`/api/orders/${order.order_id}`).set(bearer(staffToken))).body,
    );
    expect(detail.payment_status).toBe('partially_refunded');
    expect(detail.credit_notes).toEqual([
      { number: expectedNumber, date: today, amount: 10, reason: expect.any(String) },
    ]);

    // N/YYYY travels as N-YYYY: the gateway refuses an encoded slash (decision 0033).
    const inPath = expectedNumber.replace('/', '-');
    const xmlRes = await file(`/api/orders/${order.order_id}/credit-notes/${inPath}.xml`);
    expect(xmlRes.status).toBe(200);
    const xml = (xmlRes.body as Buffer).toString('utf8');
    await expectValidFatturaPa(xml);
    expect(tag(xml, 'TipoDocumento')).toEqual(['TD04']);
    expect(tag(xml, 'IdDocumento')).toEqual([invoiceNumber]);
    expect(tag(xml, 'ImportoTotaleDocumento')).toEqual(['10.00']);
    const pdf = await file(`/api/orders/${order.order_id}/credit-notes/${inPath}.pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(`Nota di credito n. ${expectedNumber}`);
    expect(text).toContain(`Relativa alla fattura n. ${invoiceNumber}`);
    expect(text).toContain('Totale documento € 10,00');
    expect((await file(`/api/orders/${order.order_id}/credit-notes/999-${year}.pdf`)).status).toBe(404);
    expect((await file(`/api/orders/${order.order_id}/credit-notes/abc.pdf`)).status).toBe(422);
    // The encoded slash the gateway refuses is no longer a way in.
    expect(
      (await file(`/api/orders/${order.order_id}/credit-notes/${encodeURIComponent(expectedNumber)}.pdf`))
        .status,
    ).toBe(422);

    // A second refund gets its own note, numbered next.
    await shop.publish('payment.refunded', refund('re_part_2', 500, 1500));
    const after = OrderDetail.parse(
      (await api().get(`/api/orders/${order.order_id}`).set(bearer(staffToken))).body,
    );
    expect(after.credit_notes.map((n) => n.amount)).toEqual([10, 5]);
  });

  it('writes the credit note of a bank-transfer refund when staff record it, once per request', async () => {
    const article = await shop.addArticle({ stock: 10, priceCents: 1500, iva: 22 });
    const items = [{ article_id: article, quantity: 2 }];
    // The server's price of these lines (a card order of the same), which the transfer order's body must state.
    const priced = await api()
      .post('/internal/orders')
      .set(bearer(await shop.internalToken()))
      .send({
        ...orderBody(items, 0),
        total_amount: undefined,
        payment_method: 'card',
        order_id: randomUUID(),
        client_address: '203.0.113.1',
      });
    const total = InternalOrder.parse(priced.body).total_cents / 100;
    const placed = await api()
      .post('/orders')
      .send(orderBody(items, total, { invoice_data: privatoInvoice }));
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id as string;
    const paid = await api()
      .put(`/api/orders/${orderId}/payment`)
      .set(bearer(staffToken))
      .send({ received_on: today, amount: total, bank_reference: 'CRO 77' });
    expect(paid.status).toBe(200);
    const invoiceNumber = await issueNext(orderId);
    const expectedNumber = (await nextNumber()).invoice_number;
    const key = randomUUID();
    const refund = () =>
      api()
        .post(`/api/orders/${orderId}/refunds`)
        .set(bearer(staffToken))
        .set('Idempotency-Key', key)
        .send({ lines: [{ article_id: article, quantity: 1 }], reason: 'Reso di un modellino' });
    expect((await refund()).status).toBe(202);
    expect((await refund()).status).toBe(202);
    const detail = OrderDetail.parse(
      (await api().get(`/api/orders/${orderId}`).set(bearer(staffToken))).body,
    );
    expect(detail.credit_notes).toEqual([
      { number: expectedNumber, date: today, amount: 18.3, reason: 'Rimborso parziale' },
    ]);
    const xml = (
      await file(`/api/orders/${orderId}/credit-notes/${expectedNumber.replace('/', '-')}.xml`)
    ).body.toString('utf8') as string;
    await expectValidFatturaPa(xml);
    expect(tag(xml, 'TipoDocumento')).toEqual(['TD04']);
    expect(tag(xml, 'IdDocumento')).toEqual([invoiceNumber]);
    expect(tag(xml, 'ImportoTotaleDocumento')).toEqual(['18.30']);
  });

  it('asks for the CAP when an invoice is requested (5 digits)', async () => {
    const article = await shop.addArticle({ stock: 10, priceCents: 1000 });
    const body = orderBody([{ article_id: article, quantity: 1 }], 0, { invoice_data: privatoInvoice });
    const res = await api()
      .post('/orders')
      .send({ ...body, customer_info: { ...body.customer_info, zipCode: null } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/CAP è obbligatorio per la fattura/);
    const bad = await api()
      .post('/orders')
      .send({ ...body, customer_info: { ...body.customer_info, zipCode: '801' } });
    expect(bad.status).toBe(422);
  });

  it('fails closed without the shop’s fiscal data outside the demo', () => {
    const none = shopFiscalFrom({ SHOP_FISCAL_REGIME: 'RF01' }, { demoAllowed: false });
    expect(none.ok).toBe(false);
    expect(() => requireShopFiscal(none)).toThrow(HttpError);
    try {
      requireShopFiscal(none);
    } catch (error) {
      expect((error as HttpError).status).toBe(503);
      expect((error as HttpError).detail).toMatch(
        /Dati fiscali del negozio non configurati \(SHOP_VAT_NUMBER/,
      );
    }
    const demo = shopFiscalFrom({ SHOP_FISCAL_REGIME: 'RF01' }, { demoAllowed: true });
    expect(demo.ok && demo.shop.demo).toBe(true);
    const real = shopFiscalFrom(
      {
        SHOP_FISCAL_REGIME: 'RF01',
        SHOP_VAT_NUMBER: '00743110157',
        SHOP_ADDRESS: 'Via Roma 1',
        SHOP_CAP: '80100',
        SHOP_CITY: 'Napoli',
        SHOP_PROVINCE: 'NA',
      },
      { demoAllowed: true },
    );
    expect(real.ok && real.shop).toMatchObject({
      demo: false,
      vatNumber: '00743110157',
      taxCode: '00743110157',
    });
  });
});
