import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { CounterSale, CounterClosure, PaymentStats } from '@edicola/contracts';
import { articles, stockMovements } from '../../svc-catalog/src/db/schema';
import { upsertStaff } from '../src/staff/users';
import { orderBody, startShop, STAFF, type Shop } from './shop';

// Counter sales on the web's stock (docs/product/counter.md): RT_MODE off here (the receipt is printed elsewhere),
// so each sale is final at once; the RT's own paths are in counter-printing.test.ts.
jest.setTimeout(60_000);

describe('counter sales', () => {
  let shop: Shop;
  let staff: string;
  let cashier: string;
  const login = async (username: string, password: string) =>
    (await request(shop.orders.app).post('/api/auth/login').send({ username, password })).body
      .access_token as string;
  const sell = (token: string, body: object, key: string = randomUUID()) =>
    request(shop.orders.app)
      .post('/api/pos/sales')
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', key)
      .send(body);

  beforeAll(async () => {
    shop = await startShop({ RT_MODE: 'off' });
    await upsertStaff(shop.db, { username: 'cassiera', password: 'Cassiera-Toledo-2026', role: 'cashier' });
    staff = await login(STAFF.username, STAFF.password);
    cashier = await login('cassiera', 'Cassiera-Toledo-2026');
  });
  afterAll(() => shop?.stop());

  it('sells two articles for cash with change, takes their units and answers the sale', async () => {
    const helmet = await shop.addArticle({
      stock: 2,
      priceCents: 10000,
      iva: 22,
      title: 'Casco Ferrari 1:2',
    });
    const magazine = await shop.addArticle({ stock: 5, priceCents: 450, iva: 4, title: 'Quattroruote' });
    const res = await sell(cashier, {
      lines: [
        { article_id: helmet, quantity: 1 },
        { article_id: magazine, quantity: 2 },
      ],
      payments: [{ method: 'cash', amount: 150 }],
    });
    expect(res.status).toBe(201);
    const sale = CounterSale.parse(res.body);
    // 100,00 € + 22 % = 122,00 €; 4,50 € + 4 % = 4,68 € each.
    expect(sale.total).toBe(131.36);
    expect(sale.change).toBe(18.64);
    expect(sale.status).toBe('completed');
    expect(sale.receipt).toEqual({
      mode: 'off',
      serial: null,
      document_number: null,
      z_number: null,
      printed_at: null,
    });
    expect(sale.vat).toEqual([
      { iva_percentage: 22, taxable: 100, vat: 22, total: 122 },
      { iva_percentage: 4, taxable: 9, vat: 0.36, total: 9.36 },
    ]);
    expect(await shop.stockOf(helmet)).toBe(1);
    expect(await shop.stockOf(magazine)).toBe(3);
    // Ordini is the web's: the counter sale is not there, and its refunds refuse it.
    const list = await request(shop.orders.app).get('/api/orders').set('Authorization', `Bearer ${staff}`);
    expect(list.body.orders.map((o: { id: string }) => o.id)).not.toContain(sale.id);
    const refund = await request(shop.orders.app)
      .post(`/api/orders/${sale.id}/refunds`)
      .set('Authorization', `Bearer ${staff}`)
      .set('Idempotency-Key', randomUUID())
      .send({ amount: 1, reason: 'prova' });
    expect(refund.status).toBe(409);
  });

  it('finds lines given by barcode, and names a code the shop does not know', async () => {
    const piece = await shop.addArticle({ stock: 2, priceCents: 400, iva: 4, title: 'Bustina Pokémon' });
    await shop.catalogDb.update(articles).set({ ean: '2000000000992' }).where(eq(articles.id, piece));
    const res = await sell(cashier, {
      // A scanner adds the same piece twice: one line of two.
      lines: [
        { ean: '2000000000992', quantity: 1 },
        { ean: '2000000000992', quantity: 1 },
      ],
      payments: [{ method: 'cash', amount: 10 }],
    });
    expect(res.status).toBe(201);
    expect(res.body.lines).toMatchObject([{ article_id: piece, quantity: 2, unit_price: 4.16 }]);
    expect(await shop.stockOf(piece)).toBe(0);
    const unknown = await sell(cashier, {
      lines: [{ ean: '4006381333931', quantity: 1 }],
      payments: [{ method: 'cash', amount: 10 }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Nessun articolo con il codice EAN 4006381333931');
    const wrong = await sell(cashier, {
      lines: [{ ean: '4006381333932', quantity: 1 }],
      payments: [{ method: 'cash', amount: 10 }],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toMatch(/Codice EAN non valido/);
  });

  it('answers a repeated Idempotency-Key with the same sale, even at the same moment', async () => {
    const piece = await shop.addArticle({ stock: 3, priceCents: 1000, iva: 22 });
    const body = {
      lines: [{ article_id: piece, quantity: 1 }],
      payments: [{ method: 'card', amount: 12.2 }],
    };
    const key = randomUUID();
    const [a, b] = await Promise.all([sell(cashier, body, key), sell(cashier, body, key)]);
    expect([a.status, b.status].sort()).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await shop.stockOf(piece)).toBe(2);
  });

  it('refuses bad payments and a cashier’s price change with a clear detail, taking nothing', async () => {
    const piece = await shop.addArticle({ stock: 1, priceCents: 1000, iva: 22 });
    const lines = [{ article_id: piece, quantity: 1 }];
    const short = await sell(cashier, { lines, payments: [{ method: 'cash', amount: 10 }] });
    expect(short.status).toBe(422);
    expect(short.body.detail).toBe('Pagamento insufficiente: mancano 2,20 € su un totale di 12,20 €');
    const overCard = await sell(cashier, { lines, payments: [{ method: 'card', amount: 20 }] });
    expect(overCard.status).toBe(422);
    expect(overCard.body.detail).toMatch(/carta/);
    const price = await sell(cashier, {
      lines: [{ article_id: piece, quantity: 1, unit_price: 9, price_reason: 'cliente abituale' }],
      payments: [{ method: 'cash', amount: 9 }],
    });
    expect(price.status).toBe(403);
    expect(price.body.detail).toBe('Solo lo staff e gli amministratori possono cambiare un prezzo al banco');
    const noReason = await sell(staff, {
      lines: [{ article_id: piece, quantity: 1, unit_price: 9 }],
      payments: [{ method: 'cash', amount: 9 }],
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.detail).toMatch(/Scrivi il motivo del cambio di prezzo$/);
    expect(await shop.stockOf(piece)).toBe(1);
    // Staff may: the line keeps the shop's price and the reason.
    const changed = await sell(staff, {
      lines: [{ article_id: piece, quantity: 1, unit_price: 9, price_reason: 'cliente abituale' }],
      payments: [{ method: 'cash', amount: 10 }],
    });
    expect(changed.status).toBe(201);
    expect(changed.body.lines[0].price_change).toEqual({ list_price: 12.2, reason: 'cliente abituale' });
    expect(changed.body.total).toBe(9);
    expect(changed.body.change).toBe(1);
    const soldOut = await sell(cashier, { lines, payments: [{ method: 'cash', amount: 20 }] });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.detail).toMatch(/esaurito/);
  });

  it('gives the last unit to exactly one of a web buyer and the counter, every time', async () => {
    const quote = await request(shop.orders.app).get('/shipping/calculate?total_amount=61&quantity=1');
    const webTotal = 61 + (quote.body.shipping_cost as number);
    for (let round = 0; round < 12; round++) {
      const piece = await shop.addArticle({ stock: 1, priceCents: 5000, iva: 22 });
      const [web, counter] = await Promise.all([
        request(shop.orders.app)
          .post('/orders')
          .send(orderBody([{ article_id: piece, quantity: 1 }], webTotal)),
        sell(cashier, {
          lines: [{ article_id: piece, quantity: 1 }],
          payments: [{ method: 'cash', amount: 61 }],
        }),
      ]);
      const statuses = [web.status, counter.status];
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(1);
      expect(await shop.stockOf(piece)).toBe(0);
      // One movement in the ledger: the winner's sale, on its channel.
      const moves = await shop.catalogDb
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.articleId, piece));
      expect(moves.map((m) => [m.reason, m.channel, m.delta])).toEqual([
        ['sale', web.status === 201 ? 'web' : 'counter', -1],
      ]);
    }
  });

  it('returns units (a void when all go back at once), never more than sold nor more to the card than it paid', async () => {
    const piece = await shop.addArticle({ stock: 4, priceCents: 1000, iva: 22 });
    const res = await sell(cashier, {
      lines: [{ article_id: piece, quantity: 3 }],
      payments: [
        { method: 'card', amount: 12.2 },
        { method: 'cash', amount: 30 },
      ],
    });
    expect(res.status).toBe(201);
    const saleId = res.body.id as string;
    const giveBack = (body: object, key = randomUUID()) =>
      request(shop.orders.app)
        .post(`/api/pos/sales/${saleId}/returns`)
        .set('Authorization', `Bearer ${cashier}`)
        .set('Idempotency-Key', key)
        .send(body);
    const tooMuchCard = await giveBack({
      lines: [{ article_id: piece, quantity: 2 }],
      refund_method: 'card',
    });
    expect(tooMuchCard.status).toBe(422);
    expect(tooMuchCard.body.detail).toBe(
      'Sulla carta si possono rendere al massimo 12,20 €: il resto in contanti',
    );
    const key = randomUUID();
    const [first, repeat] = await Promise.all([
      giveBack({ lines: [{ article_id: piece, quantity: 1 }], refund_method: 'card' }, key),
      giveBack({ lines: [{ article_id: piece, quantity: 1 }], refund_method: 'card' }, key),
    ]);
    expect([first.status, repeat.status].sort()).toEqual([200, 201]);
    await waitFor(async () => (await shop.stockOf(piece)) === 2);
    const rest = await giveBack({ refund_method: 'cash' });
    expect(rest.status).toBe(201);
    const sale = CounterSale.parse(rest.body);
    expect(sale.returns.map((r) => [r.kind, r.amount, r.refund_method])).toEqual([
      ['return', 12.2, 'card'],
      ['return', 24.4, 'cash'],
    ]);
    expect(sale.refunded).toBe(36.6);
    expect(sale.lines[0]!.returned_quantity).toBe(3);
    await waitFor(async () => (await shop.stockOf(piece)) === 4);
    const nothing = await giveBack({ refund_method: 'cash' });
    expect(nothing.status).toBe(409);
    // Every unit back at once, before the closure: a void of the whole sale.
    const whole = await sell(cashier, {
      lines: [{ article_id: piece, quantity: 2 }],
      payments: [{ method: 'cash', amount: 24.4 }],
    });
    const voided = await request(shop.orders.app)
      .post(`/api/pos/sales/${whole.body.id}/returns`)
      .set('Authorization', `Bearer ${cashier}`)
      .set('Idempotency-Key', randomUUID())
      .send({ refund_method: 'cash' });
    expect(voided.status).toBe(201);
    expect(voided.body.returns.map((r: { kind: string }) => r.kind)).toEqual(['void']);
    await waitFor(async () => (await shop.stockOf(piece)) === 4);
  });

  it('closes the day with totals that match the sales to the cent, then has nothing to close', async () => {
    const close = () =>
      request(shop.orders.app).post('/api/pos/closures').set('Authorization', `Bearer ${cashier}`).send({});
    await close(); // what the tests above sold
    const a = await shop.addArticle({ stock: 5, priceCents: 1999, iva: 22 });
    const b = await shop.addArticle({ stock: 5, priceCents: 333, iva: 10 });
    const one = await sell(cashier, {
      lines: [{ article_id: a, quantity: 2 }],
      payments: [{ method: 'cash', amount: 50 }],
    });
    const two = await sell(cashier, {
      lines: [
        { article_id: a, quantity: 1 },
        { article_id: b, quantity: 3 },
      ],
      payments: [
        { method: 'card', amount: 20 },
        { method: 'cash', amount: 16 },
      ],
    });
    const back = await request(shop.orders.app)
      .post(`/api/pos/sales/${two.body.id}/returns`)
      .set('Authorization', `Bearer ${cashier}`)
      .set('Idempotency-Key', randomUUID())
      .send({ lines: [{ article_id: b, quantity: 1 }], refund_method: 'cash' });
    expect(back.status).toBe(201);
    const res = await close();
    expect(res.status).toBe(201);
    const closure = CounterClosure.parse(res.body);
    // 19,99 € + 22 % = 24,39 €; 3,33 € + 10 % = 3,66 €.
    const totalOne = 2 * 24.39;
    const totalTwo = 24.39 + 3 * 3.66;
    expect(one.body.total).toBeCloseTo(totalOne, 2);
    expect(two.body.total).toBeCloseTo(totalTwo, 2);
    expect(two.body.change).toBeCloseTo(36 - totalTwo, 2);
    expect(closure.sales_count).toBe(2);
    expect(closure.returns_count).toBe(1);
    expect(closure.total_sales).toBeCloseTo(totalOne + totalTwo, 2);
    expect(closure.total_returns).toBe(3.66);
    expect(closure.net).toBeCloseTo(totalOne + totalTwo - 3.66, 2);
    const cash = closure.by_method.find((m) => m.method === 'cash')!;
    const card = closure.by_method.find((m) => m.method === 'card')!;
    expect(card.sales).toBe(20);
    expect(cash.sales).toBeCloseTo(totalOne + totalTwo - 20, 2);
    expect(cash.returns).toBe(3.66);
    const byVat = Object.fromEntries(closure.by_vat.map((v) => [v.iva_percentage, v.total]));
    expect(byVat[22]).toBeCloseTo(3 * 24.39, 2);
    expect(byVat[10]).toBeCloseTo(2 * 3.66, 2);
    const again = await close();
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Nessuna vendita da chiudere dopo l’ultima chiusura');
  });

  it('shows counter takings apart in the takings export and the statistics', async () => {
    const piece = await shop.addArticle({ stock: 1, priceCents: 2000, iva: 22 });
    const sale = await sell(cashier, {
      lines: [{ article_id: piece, quantity: 1 }],
      payments: [{ method: 'card', amount: 24.4 }],
    });
    expect(sale.status).toBe(201);
    const month = new Date().toISOString().slice(0, 7);
    const csv = await request(shop.orders.app)
      .get(`/api/exports/takings.csv?month=${month}`)
      .set('Authorization', `Bearer ${staff}`);
    expect(csv.status).toBe(200);
    const rows = csv.text
      .trim()
      .split('\n')
      .map((line) => line.split(';'));
    expect(rows[0]!.at(-1)).toMatch(/Canale/);
    // The counter's rows add up to today's receipts: per method, the totals sold and the money given back.
    const today = await request(shop.orders.app)
      .get('/api/pos/sales')
      .set('Authorization', `Bearer ${staff}`);
    const receipts = new Map<string, { sold: number; refunded: number }>();
    type Sold = { total: number; refunded: number; payments: { method: string; amount: number }[] };
    for (const s of today.body.sales as Sold[]) {
      const methods = new Set(s.payments.filter((p) => p.amount > 0).map((p) => p.method));
      const method =
        methods.size === 2
          ? 'Contanti e carta (banco)'
          : methods.has('card')
            ? 'Carta (banco)'
            : 'Contanti (banco)';
      const sum = receipts.get(method) ?? { sold: 0, refunded: 0 };
      receipts.set(method, { sold: sum.sold + s.total, refunded: sum.refunded + s.refunded });
    }
    const amount = (cell: string | undefined) => Number((cell ?? '0').replace(/"/g, '').replace(',', '.'));
    for (const [method, sum] of receipts) {
      const counterRows = rows.filter((r) => r.at(-1)?.includes('Banco') && r[2] === method);
      expect({ method, sold: counterRows.reduce((total, r) => total + amount(r[5]), 0) }).toEqual({
        method,
        sold: expect.closeTo(sum.sold, 2),
      });
      expect(counterRows.reduce((total, r) => total + amount(r[6]), 0)).toBeCloseTo(sum.refunded, 2);
    }
    expect(receipts.has('Carta (banco)')).toBe(true);
    const stats = PaymentStats.parse(
      (
        await request(shop.orders.app)
          .get('/api/analytics/payment-stats')
          .set('Authorization', `Bearer ${staff}`)
      ).body,
    );
    const counter = stats.by_channel.find((c) => c.channel === 'counter')!;
    expect(counter.monthly_count).toBeGreaterThan(0);
    const byMethod = stats.payment_methods.filter((m) => m.payment_method.startsWith('counter_'));
    expect(byMethod.reduce((sum, m) => sum + m.monthly_amount, 0)).toBeCloseTo(counter.monthly_amount, 2);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
