import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  InternalOrder,
  ITALIAN_POSTCODE_DETAIL,
  NextInvoiceNumber,
  Order,
  OrderTimeline,
} from '@edicola/contracts';
import {
  CONTACT_INVOICED,
  CONTACT_NOT_EDITABLE,
  CONTACT_NOT_WEB,
  CONTACT_SHIPMENT_CREATED,
} from '../src/orders/contact-edit';
import { insertOrder } from './order-fixtures';
import { orderBody, STAFF, startShop, type Shop } from './shop';
import { orderAudits } from './support';

// Staff correct a web order's buyer and address before it leaves (docs/product/back-office.md#order-editing).
describe('PUT /api/orders/{id}/contact', () => {
  let shop: Shop;
  let staffToken: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const corrected = {
    name: 'Anna Esposito',
    email: 'anna.esposito@example.it',
    phone: '+39 081 555 9999',
    address: 'Via dei Tribunali 32',
    city: 'Napoli',
    zipCode: '80138',
  };

  /** A guest's card order with an invoice asked for (the server prices it). */
  async function webOrder(): Promise<string> {
    const article = await shop.addArticle({ stock: 100, priceCents: 2000, iva: 22 });
    const body = orderBody([{ article_id: article, quantity: 1 }], 0);
    const res = await api()
      .post('/internal/orders')
      .set(bearer(await shop.internalToken()))
      .send({
        ...body,
        total_amount: undefined,
        payment_method: 'card',
        order_id: randomUUID(),
        client_address: '203.0.113.1',
        invoice_data: { requires_invoice: true, invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' },
      });
    expect(res.status).toBe(201);
    return InternalOrder.parse(res.body).order_id;
  }
  const put = (orderId: string, body: object, token: string | null = staffToken) => {
    const call = api().put(`/api/orders/${orderId}/contact`);
    if (token) call.set(bearer(token));
    return call.send(body);
  };
  const audits = async (orderId: string) =>
    (await orderAudits(shop.db, orderId)).filter((entry) => entry.action === 'contact_updated');

  beforeAll(async () => {
    shop = await startShop();
    staffToken = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
  }, 90_000);
  afterAll(() => shop?.stop());

  it('corrects the address and contacts, audited and on the timeline; the country and the notes stay', async () => {
    const orderId = await webOrder();
    const before = Order.parse((await api().get(`/api/orders/${orderId}`).set(bearer(staffToken))).body);

    // A country in the body is not the form's: the shipping it priced stays.
    const saved = await put(orderId, { ...corrected, country: 'FR' });
    expect(saved.status).toBe(200);
    const order = Order.parse(saved.body);
    expect(order.customer_info).toMatchObject({ ...corrected, notes: 'Citofono Esposito' });
    expect(order.customer_info.country ?? 'IT').toBe('IT');
    expect(order.shipping_country).toBe('IT');
    expect(order.order_version).toBe(before.order_version + 1);
    expect(await audits(orderId)).toEqual([
      expect.objectContaining({
        action: 'contact_updated',
        actor: expect.objectContaining({ username: STAFF.username }),
        changes: {
          email: { from: 'anna@example.it', to: 'anna.esposito@example.it' },
          phone: { from: '+39 081 555 1234', to: '+39 081 555 9999' },
          address: { from: 'Via Toledo 256', to: 'Via dei Tribunali 32' },
          zipCode: { from: '80132', to: '80138' },
        },
      }),
    ]);

    // The same data again: nothing written.
    const again = await put(orderId, corrected);
    expect(Order.parse(again.body).order_version).toBe(order.order_version);
    expect(await audits(orderId)).toHaveLength(1);

    // The timeline has it at once, from the same transaction.
    const timeline = OrderTimeline.parse(
      (await api().get(`/api/orders/${orderId}/timeline`).set(bearer(staffToken))).body,
    );
    const edit = timeline.entries.find((e) => e.kind === 'edit');
    expect(edit).toMatchObject({
      summary: 'Dati del cliente modificati: e-mail, telefono, indirizzo, CAP',
      by: STAFF.username,
      data: { fields: ['email', 'phone', 'address', 'zipCode'] },
    });
  });

  it('refuses bad input with a readable detail and writes nothing', async () => {
    const orderId = await webOrder();
    const short = await put(orderId, { ...corrected, zipCode: '801' });
    expect(short.status).toBe(422);
    expect(short.body.detail).toBe(ITALIAN_POSTCODE_DETAIL);
    const nameless = await put(orderId, { ...corrected, name: ' ' });
    expect(nameless.status).toBe(422);
    expect(nameless.body.detail).not.toMatch(/name|customer_info/);
    expect(await audits(orderId)).toHaveLength(0);
    expect((await put(orderId, corrected, null)).status).toBe(401);
    expect((await put(randomUUID(), corrected)).status).toBe(404);
  });

  it('is refused once the invoice is issued with the data, the order has left, or it is not a web order', async () => {
    const invoiced = await webOrder();
    const next = NextInvoiceNumber.parse(
      (await api().get('/api/invoices/next-number').set(bearer(staffToken))).body,
    );
    expect((await api().put(`/orders/${invoiced}/invoice`).set(bearer(staffToken)).send(next)).status).toBe(
      200,
    );
    const afterInvoice = await put(invoiced, corrected);
    expect(afterInvoice.status).toBe(409);
    expect(afterInvoice.body.detail).toBe(CONTACT_INVOICED);

    const shipped = await insertOrder(shop.db, { status: 'shipped', paymentStatus: 'paid' });
    expect((await put(shipped.id, corrected)).body).toEqual({ detail: CONTACT_NOT_EDITABLE });
    const labelled = await insertOrder(shop.db, {
      status: 'confirmed',
      paymentStatus: 'paid',
      packlinkShipmentId: 'UN2026PRO0042',
    });
    expect((await put(labelled.id, corrected)).body).toEqual({ detail: CONTACT_SHIPMENT_CREATED });
    const ebay = await insertOrder(shop.db, { status: 'paid', paymentStatus: 'paid', channel: 'ebay' });
    expect((await put(ebay.id, corrected)).body).toEqual({ detail: CONTACT_NOT_WEB });
  });
});
