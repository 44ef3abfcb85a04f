import request from 'supertest';
import { CreateOrderResponse, NextInvoiceNumber, OrderPage, orderReference } from '@edicola/contracts';
import { binary, pdfText } from './fiscal-files';
import { orderBody, STAFF, startShop, type Shop } from './shop';
import { privato } from './support';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('the order page of a signed link: GET /orders/{id}?t=, its cancellation and documents', () => {
  let shop: Shop;
  let staffToken: string;
  const api = () => request(shop.orders.app);

  beforeAll(async () => {
    shop = await startShop();
    staffToken = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
  }, 90_000);
  afterAll(() => shop?.stop());

  /** A bank-transfer order of one 10 € + 22 % article (12,20 € and 9 € shipping), as a guest or a customer. */
  async function placeTransfer(options: { customerToken?: string; extra?: object } = {}) {
    const article = await shop.addArticle({ stock: 5, priceCents: 1000, iva: 22 });
    const call = api().post('/orders');
    if (options.customerToken) void call.set(bearer(options.customerToken));
    const res = await call.send(orderBody([{ article_id: article, quantity: 1 }], 21.2, options.extra ?? {}));
    expect(res.status).toBe(201);
    return CreateOrderResponse.parse(res.body);
  }
  const page = (id: string, token?: string) =>
    api()
      .get(`/orders/${id}`)
      .query(token === undefined ? {} : { t: token });
  const recordTransfer = (id: string) =>
    api()
      .put(`/api/orders/${id}/payment`)
      .set(bearer(staffToken))
      .send({ received_on: '2026-11-20', amount: 21.2, bank_reference: 'CRO 1234567890' });

  it('shows the order to the holder of its token, and answers 404 to any other token', async () => {
    const placed = await placeTransfer();
    const other = await placeTransfer();
    const res = await page(placed.order_id, placed.cancel_token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const shown = OrderPage.parse(res.body);
    expect(shown).toMatchObject({
      id: placed.order_id,
      order_reference: orderReference(placed.order_id),
      status: 'pending',
      payment_method: 'transfer',
      payment_status: 'pending',
      total_amount: 21.2,
      shipping_cost: 9,
      items: [{ quantity: 1, unit_gross: 12.2, line_total: 12.2 }],
      shipping_address: { name: 'Anna Esposito', city: 'Napoli', zip_code: '80132', country: 'IT' },
      tracking: null,
      invoice_number: null,
      cancellable: true,
      token: placed.cancel_token,
    });
    expect(shown.bank_transfer).toMatchObject({
      payment_reason: orderReference(placed.order_id),
      amount: 21.2,
    });

    for (const wrong of [other.cancel_token, 'x'.repeat(43), undefined]) {
      const refused = await page(placed.order_id, wrong);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ detail: 'Ordine non trovato' });
    }
    // The same answer for an order that does not exist: nothing tells the two apart.
    const unknown = await page('6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11', placed.cancel_token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Ordine non trovato' });
    expect((await page('not-an-id', placed.cancel_token)).status).toBe(422);
  });

  it('cancels the unpaid order once with the token; the page then shows it cancelled', async () => {
    const placed = await placeTransfer();
    const cancel = () =>
      api().post(`/orders/${placed.order_id}/cancel`).send({ cancel_token: placed.cancel_token });
    expect((await cancel()).body).toEqual({ order_id: placed.order_id, status: 'cancelled' });
    const after = OrderPage.parse((await page(placed.order_id, placed.cancel_token)).body);
    expect(after).toMatchObject({ status: 'cancelled', cancellable: false, bank_transfer: null });
    // A repeat answers the cancelled order as it is; paying it afterwards is refused.
    expect((await cancel()).body.status).toBe('cancelled');
    expect((await recordTransfer(placed.order_id)).status).toBe(409);
  });

  it('refuses to cancel once the transfer is recorded, and stops showing the bank details', async () => {
    const placed = await placeTransfer();
    expect((await recordTransfer(placed.order_id)).status).toBe(200);
    const late = await api()
      .post(`/orders/${placed.order_id}/cancel`)
      .send({ cancel_token: placed.cancel_token });
    expect(late.status).toBe(409);
    const shown = OrderPage.parse((await page(placed.order_id, placed.cancel_token)).body);
    expect(shown).toMatchObject({
      status: 'paid',
      payment_status: 'paid',
      cancellable: false,
      bank_transfer: null,
    });
  });

  it('lets the signed-in owner open the page without the token, and nobody else', async () => {
    expect((await api().post('/api/customers/register').send(privato)).status).toBe(201);
    const login = await api()
      .post('/api/customers/login')
      .send({ email: privato.email, password: privato.password });
    const customerToken = login.body.access_token as string;
    const placed = await placeTransfer({ customerToken });
    const own = await page(placed.order_id).set(bearer(customerToken));
    expect(own.status).toBe(200);
    expect(OrderPage.parse(own.body).token).toBe(placed.cancel_token);

    const guestOrder = await placeTransfer();
    expect((await page(guestOrder.order_id).set(bearer(customerToken))).status).toBe(404);
    expect((await page(placed.order_id).set(bearer(staffToken))).status).toBe(404);
    expect((await page(placed.order_id).set(bearer('not-a-token'))).status).toBe(404);
  });

  it('downloads the issued invoice with the token; another token or none is refused', async () => {
    const placed = await placeTransfer({
      extra: {
        invoice_data: { requires_invoice: true, invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' },
      },
    });
    const invoice = (token?: string) =>
      api()
        .get(`/orders/${placed.order_id}/invoice.pdf`)
        .query(token === undefined ? {} : { t: token })
        .buffer(true)
        .parse(binary);
    expect((await invoice(placed.cancel_token)).status).toBe(404);
    expect((await recordTransfer(placed.order_id)).status).toBe(200);
    const next = NextInvoiceNumber.parse(
      (await api().get('/api/invoices/next-number').set(bearer(staffToken))).body,
    );
    const issued = await api()
      .put(`/orders/${placed.order_id}/invoice`)
      .set(bearer(staffToken))
      .send({ invoice_number: next.invoice_number, invoice_date: next.invoice_date });
    expect(issued.status).toBe(200);

    const shown = OrderPage.parse((await page(placed.order_id, placed.cancel_token)).body);
    expect(shown.invoice_number).toBe(next.invoice_number);
    const pdf = await invoice(placed.cancel_token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(`Fattura n. ${next.invoice_number}`);
    expect(text).toContain(orderReference(placed.order_id));

    expect((await invoice('x'.repeat(43))).status).toBe(404);
    const missing = await invoice();
    expect(missing.status).toBe(422);
    expect(missing.body).toBeDefined();
    expect(
      (await api().get(`/orders/${placed.order_id}/credit-notes/1-2026.pdf`).query({ t: 'x' })).status,
    ).toBe(404);
  });
});
