import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import request from 'supertest';
import {
  CreateOrderResponse,
  Discount,
  DiscountCheckResponse,
  DiscountList,
  DISCOUNT_DETAILS,
  NextInvoiceNumber,
  InternalOrder,
} from '@edicola/contracts';
import { discountCodes, orderRecords } from '../src/db/schema';
import { romeDay } from '../src/orders/rome-time';
import { expectValidFatturaPa } from './fiscal-files';
import { orderBody, STAFF, startShop, type Shop } from './shop';

const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

/** A day of Naples `days` away from today (YYYY-MM-DD). */
const dayFromToday = (days: number) => romeDay(new Date(Date.now() + days * 86_400_000));

describe('discount codes (docs/product/cart-and-checkout.md#discount-codes)', () => {
  let shop: Shop;
  let staffToken: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    shop = await startShop();
    staffToken = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
  }, 90_000);
  afterAll(() => shop?.stop());

  const createCode = async (fields: object) => {
    const res = await api()
      .post('/api/admin/discounts')
      .set(bearer(staffToken))
      .send({ code: `T-${randomUUID().slice(0, 8)}`, ...fields });
    expect(res.status).toBe(201);
    return Discount.parse(res.body);
  };

  /** POST /orders as a guest; the total is the server's (asked without one through the internal call first). */
  const order = (
    items: { article_id: string; quantity: number }[],
    code: string,
    email = 'anna@example.it',
  ) =>
    api()
      .post('/internal/orders')
      .set(bearer(internalToken))
      .send({
        ...orderBody(items, 0, { discount_code: code }),
        customer_info: { ...orderBody(items, 0).customer_info, email },
        total_amount: undefined,
        payment_method: 'card',
        order_id: randomUUID(),
        customer_id: null,
        client_address: '203.0.113.1',
      });
  let internalToken: string;
  beforeAll(async () => {
    internalToken = await shop.internalToken();
  });

  const ordersWith = async (code: string) =>
    (await shop.db.select({ n: count() }).from(orderRecords).where(eq(orderRecords.discountCode, code)))[0]!
      .n;
  const allOrders = async () => (await shop.db.select({ n: count() }).from(orderRecords))[0]!.n;

  it('lets staff create, edit, pause and resume a code; names are unique whatever their case', async () => {
    const created = await createCode({ code: 'estate-26', kind: 'percent', value: 15, max_uses: 5 });
    expect(created).toMatchObject({ code: 'ESTATE-26', kind: 'percent', value: 15, uses: 0, paused: false });
    const twin = await api()
      .post('/api/admin/discounts')
      .set(bearer(staffToken))
      .send({ code: 'Estate-26', kind: 'amount', value: 5 });
    expect(twin.status).toBe(409);
    expect(twin.body.detail).toBe(DISCOUNT_DETAILS.duplicate);

    const edited = await api()
      .put(`/api/admin/discounts/${created.id}`)
      .set(bearer(staffToken))
      .send({ code: 'ESTATE-26', kind: 'amount', value: 7.5, min_total: 30 });
    expect(edited.status).toBe(200);
    expect(Discount.parse(edited.body)).toMatchObject({ kind: 'amount', value: 7.5, min_total: 30 });
    const paused = await api().post(`/api/admin/discounts/${created.id}/pause`).set(bearer(staffToken));
    expect(Discount.parse(paused.body).paused).toBe(true);
    const resumed = await api().post(`/api/admin/discounts/${created.id}/resume`).set(bearer(staffToken));
    expect(Discount.parse(resumed.body).paused).toBe(false);

    const list = DiscountList.parse((await api().get('/api/admin/discounts').set(bearer(staffToken))).body);
    expect(list.discounts.map((d) => d.code)).toContain('ESTATE-26');
  });

  it('refuses a malformed code with an Italian detail naming no field, and shoppers altogether', async () => {
    for (const [body, detail] of [
      [{ code: 'x!', kind: 'percent', value: 10 }, 'Il codice sconto deve avere da 3 a 32 caratteri'],
      [
        { code: 'TROPPO', kind: 'percent', value: 150 },
        'La percentuale deve essere un numero intero da 1 a 100',
      ],
      [{ code: 'ZERO', kind: 'amount', value: 0 }, "L'importo dello sconto deve essere maggiore di zero"],
      [
        { code: 'ROVESCIO', kind: 'percent', value: 5, starts_at: '2026-05-02', ends_at: '2026-05-01' },
        'La fine della validità precede il suo inizio',
      ],
    ] as const) {
      const res = await api().post('/api/admin/discounts').set(bearer(staffToken)).send(body);
      expect(res.status).toBe(422);
      expect(res.body.detail).toContain(detail);
      expect(res.body.detail).not.toMatch(/body\.|value:|code:/);
    }
    expect(
      (await api().post('/api/admin/discounts').send({ code: 'ABC', kind: 'percent', value: 5 })).status,
    ).toBe(401);
  });

  it('takes 10 % off a cart of two VAT rates, spread over the lines to the cent, and invoices it validly', async () => {
    const album = await shop.addArticle({ stock: 10, priceCents: 999, iva: 22 });
    const book = await shop.addArticle({ stock: 10, priceCents: 2500, iva: 4 });
    const code = await createCode({ kind: 'percent', value: 10 });
    const res = await order(
      [
        { article_id: album, quantity: 3 },
        { article_id: book, quantity: 1 },
      ],
      code.code.toLowerCase(),
    );
    expect(res.status).toBe(201);
    const placed = InternalOrder.parse(res.body);
    const [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, placed.order_id));
    // 3 × 12,19 + 26,00 = 62,57; 10 % = 6,257 → 6,26, spread 3657:2600 → 3,66 + 2,60 (largest remainder).
    expect(row!.subtotalCents).toBe(6257);
    expect(row!.discountCode).toBe(code.code);
    expect(row!.discountCents).toBe(626);
    expect(row!.items.map((line) => line.discount_cents)).toEqual([366, 260]);
    expect(row!.totalCents).toBe(6257 - 626 + row!.shippingCents);

    const csv = await api().get(`/orders/export/csv?q=${placed.order_reference}`).set(bearer(staffToken));
    expect(csv.text).toContain(`;${code.code};6,26`);
    const detail = await api().get(`/api/orders/${placed.order_id}`).set(bearer(staffToken));
    expect(detail.body).toMatchObject({ discount_code: code.code, discount_amount: 6.26 });
    expect(detail.body.items.map((item: { discount: number }) => item.discount)).toEqual([3.66, 2.6]);

    // The invoice: each line at its discounted price, the whole document at the order's total.
    const next = NextInvoiceNumber.parse(
      (await api().get('/api/invoices/next-number').set(bearer(staffToken))).body,
    );
    await api()
      .put(`/api/orders/${placed.order_id}/invoice-data`)
      .set(bearer(staffToken))
      .send({ requires_invoice: true, invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' });
    const issued = await api()
      .put(`/orders/${placed.order_id}/invoice`)
      .set(bearer(staffToken))
      .send({ invoice_number: next.invoice_number, invoice_date: next.invoice_date });
    expect(issued.status).toBe(200);
    const xml = (
      await api().get(`/api/orders/${placed.order_id}/invoice.xml`).set(bearer(staffToken)).buffer(true)
    ).text;
    await expectValidFatturaPa(xml);
    expect(tag(xml, 'ImportoTotaleDocumento')).toEqual([(row!.totalCents / 100).toFixed(2)]);
    const descriptions = tag(xml, 'Descrizione');
    expect(descriptions[0]).toContain(`sconto ${code.code} -3,66 EUR`);
    expect(descriptions[1]).toContain(`sconto ${code.code} -2,60 EUR`);
    // 36,57 - 3,66 = 32,91 gross at 22 % → 26,97 net (the rate's cent of rounding goes to its largest line, shipping
    // being at 22 % too); 26,00 - 2,60 = 23,40 at 4 % → 22,50 net.
    expect(tag(xml, 'PrezzoTotale').slice(0, 2)).toEqual(['26.97', '22.50']);
  });

  it('gives exactly 10 of 12 racing buyers the last uses of a 10-use code', async () => {
    const article = await shop.addArticle({ stock: 100, priceCents: 1000, iva: 22 });
    const code = await createCode({ kind: 'amount', value: 2, max_uses: 10 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        order([{ article_id: article, quantity: 1 }], code.code, `buyer${i}@example.it`),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.detail])).toEqual([
      [422, DISCOUNT_DETAILS.exhausted],
      [422, DISCOUNT_DETAILS.exhausted],
    ]);
    expect(await ordersWith(code.code)).toBe(10);
    const [stored] = await shop.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(stored!.uses).toBe(10);
    expect(await shop.stockOf(article)).toBe(90);
  });

  it('gives one buyer racing with themselves (any case of the e-mail) one use of a once-per-customer code', async () => {
    const article = await shop.addArticle({ stock: 10, priceCents: 1000, iva: 22 });
    const code = await createCode({ kind: 'percent', value: 10, max_uses_per_customer: 1 });
    const results = await Promise.all(
      ['Gara@Example.it', 'gara@example.it', 'GARA@EXAMPLE.IT'].map((email) =>
        order([{ article_id: article, quantity: 1 }], code.code, email),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    expect(results.filter((r) => r.status === 422).map((r) => r.body.detail)).toEqual([
      DISCOUNT_DETAILS.usedByCustomer,
      DISCOUNT_DETAILS.usedByCustomer,
    ]);
    expect(await ordersWith(code.code)).toBe(1);
  });

  it('refuses each rule with its Italian detail and writes no order', async () => {
    const article = await shop.addArticle({ stock: 50, priceCents: 1000, iva: 22 });
    const lines = [{ article_id: article, quantity: 1 }];
    const once = await createCode({ kind: 'percent', value: 5, max_uses_per_customer: 1 });
    expect((await order(lines, once.code, 'Ripetuto@Example.it')).status).toBe(201);
    const paused = await createCode({ kind: 'percent', value: 5 });
    await api().post(`/api/admin/discounts/${paused.id}/pause`).set(bearer(staffToken));
    const cases: [string, string][] = [
      ['NESSUNO-COSI', DISCOUNT_DETAILS.unknown],
      [
        (await createCode({ kind: 'percent', value: 5, ends_at: dayFromToday(-1) })).code,
        DISCOUNT_DETAILS.expired,
      ],
      [
        (await createCode({ kind: 'percent', value: 5, starts_at: dayFromToday(2) })).code,
        DISCOUNT_DETAILS.notYetValid,
      ],
      [(await createCode({ kind: 'percent', value: 5, max_uses: 1 })).code, ''],
      [once.code, DISCOUNT_DETAILS.usedByCustomer],
      [
        (await createCode({ kind: 'amount', value: 5, min_total: 50 })).code,
        'Il codice sconto vale per ordini da almeno 50,00 €',
      ],
      [
        (await createCode({ kind: 'percent', value: 5, categories: ['Pokemon'] })).code,
        DISCOUNT_DETAILS.notApplicable,
      ],
      [paused.code, DISCOUNT_DETAILS.paused],
    ];
    // The one-use code is used up by somebody else first.
    const exhausted = cases[3]!;
    expect((await order(lines, exhausted[0], 'primo@example.it')).status).toBe(201);
    exhausted[1] = DISCOUNT_DETAILS.exhausted;

    const before = await allOrders();
    for (const [code, detail] of cases) {
      const res = await order(lines, code, 'ripetuto@example.it');
      expect([code, res.status, res.body.detail]).toEqual([code, 422, detail]);
    }
    expect(await allOrders()).toBe(before);
    expect(await shop.stockOf(article)).toBe(48);

    // The shopper's POST /orders answers the same.
    const publicRes = await api()
      .post('/orders')
      .send(orderBody(lines, 0, { discount_code: 'NESSUNO-COSI' }));
    expect(publicRes.status).toBe(422);
    expect(publicRes.body.detail).toBe(DISCOUNT_DETAILS.unknown);
  });

  it('discounts only the lines of its categories and never more than them', async () => {
    const pokemon = await shop.addArticle({ stock: 5, priceCents: 500, iva: 22, category: 'Pokemon' });
    const model = await shop.addArticle({ stock: 5, priceCents: 5000, iva: 22 });
    const code = await createCode({ kind: 'amount', value: 20, categories: ['pokemon'] });
    const res = await order(
      [
        { article_id: pokemon, quantity: 2 },
        { article_id: model, quantity: 1 },
      ],
      code.code,
    );
    expect(res.status).toBe(201);
    const [row] = await shop.db
      .select()
      .from(orderRecords)
      .where(eq(orderRecords.id, InternalOrder.parse(res.body).order_id));
    // Two cards at 6,10: the 20 € code takes 12,20, all of them and nothing of the model.
    expect(row!.items.map((line) => line.discount_cents)).toEqual([1220, 0]);
    expect(row!.discountCents).toBe(1220);
  });

  it('waives the shipping with a free-shipping code, and the shopper total matches', async () => {
    const article = await shop.addArticle({ stock: 5, priceCents: 1000, iva: 22 });
    const code = await createCode({ kind: 'free_shipping' });
    const full = await api()
      .post('/orders')
      .send(orderBody([{ article_id: article, quantity: 1 }], 12.2, { discount_code: code.code }));
    expect(full.status).toBe(201);
    const answer = CreateOrderResponse.parse(full.body);
    // Nothing off the lines: the saving is the shipping, and what the code cost the shop is that shipping.
    expect(answer).toMatchObject({
      shipping_cost: 0,
      total_amount: 12.2,
      discount_code: code.code,
      discount_amount: 0,
    });
    const quote = (await api().get('/shipping/calculate?country=IT&total_amount=12.2&quantity=1')).body
      .shipping_cost as number;
    expect(quote).toBeGreaterThan(0);
    const list = DiscountList.parse((await api().get('/api/admin/discounts').set(bearer(staffToken))).body);
    expect(list.discounts.find((d) => d.id === code.id)).toMatchObject({ uses: 1, discounted_amount: quote });
  });

  it('previews a code without taking a use, and gives a use back when an unpaid order is cancelled', async () => {
    const article = await shop.addArticle({ stock: 5, priceCents: 2000, iva: 22 });
    const code = await createCode({ kind: 'percent', value: 25, max_uses: 1 });
    const lines = [{ article_id: article, quantity: 1 }];
    for (let i = 0; i < 2; i++) {
      const preview = await api()
        .post('/public/discounts/check')
        .send({ code: code.code.toLowerCase(), lines });
      expect(preview.status).toBe(200);
      expect(DiscountCheckResponse.parse(preview.body)).toMatchObject({
        code: code.code,
        discount_amount: 6.1,
        subtotal_amount: 24.4,
        discounted_subtotal: 18.3,
        lines: [{ article_id: article, discount: 6.1 }],
      });
    }
    const unknown = await api().post('/public/discounts/check').send({ code: 'NON-ESISTE', lines });
    expect([unknown.status, unknown.body.detail]).toEqual([422, DISCOUNT_DETAILS.unknown]);

    const shipping = (await api().get('/shipping/calculate?country=IT&total_amount=24.4&quantity=1')).body
      .shipping_cost as number;
    const placed = await api()
      .post('/orders')
      .send(orderBody(lines, 18.3 + shipping, { discount_code: code.code }));
    expect([placed.status, placed.body.detail]).toEqual([201, undefined]);
    const answer = CreateOrderResponse.parse(placed.body);
    const taken = await api().post('/public/discounts/check').send({ code: code.code, lines });
    expect(taken.body.detail).toBe(DISCOUNT_DETAILS.exhausted);

    const cancelled = await api()
      .post(`/orders/${answer.order_id}/cancel`)
      .send({ cancel_token: answer.cancel_token });
    expect(cancelled.status).toBe(200);
    const list = DiscountList.parse((await api().get('/api/admin/discounts').set(bearer(staffToken))).body);
    expect(list.discounts.find((d) => d.id === code.id)).toMatchObject({ uses: 0, orders: [] });
    expect((await api().post('/public/discounts/check').send({ code: code.code, lines })).status).toBe(200);
  });
});
