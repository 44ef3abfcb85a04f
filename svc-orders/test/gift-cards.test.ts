import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import {
  CreateOrderResponse,
  GIFT_CARD_DETAILS,
  GiftCard,
  GiftCardCheckResponse,
  GiftCardList,
  InternalOrder,
  NextInvoiceNumber,
  type EventData,
} from '@edicola/contracts';
import { upsertStaff } from '../src/staff/users';
import { giftCards, orderRecords, refundRequests } from '../src/db/schema';
import { redeem } from '../src/gift-cards/cards';
import { romeDay } from '../src/orders/rome-time';
import { expectValidFatturaPa } from './fiscal-files';
import { orderBody, STAFF, startShop, type Shop } from './shop';

const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

describe('gift cards and store credit (docs/product/cart-and-checkout.md#gift-cards)', () => {
  let shop: Shop;
  let admin: string;
  let cashier: string;
  let internalToken: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const login = async (username: string, password: string) =>
    (await api().post('/api/auth/login').send({ username, password })).body.access_token as string;

  beforeAll(async () => {
    shop = await startShop({ RT_MODE: 'off' });
    await upsertStaff(shop.db, {
      username: 'cassa-buoni',
      password: 'Cassiera-Toledo-2026',
      role: 'cashier',
    });
    admin = await login(STAFF.username, STAFF.password);
    cashier = await login('cassa-buoni', 'Cassiera-Toledo-2026');
    internalToken = await shop.internalToken();
  }, 90_000);
  afterAll(() => shop?.stop());

  const issue = async (fields: object) => {
    const res = await api().post('/api/admin/gift-cards').set(bearer(admin)).send(fields);
    expect(res.status).toBe(201);
    return GiftCard.parse(res.body);
  };
  const balanceOf = async (id: string) =>
    (await shop.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!.balanceCents;

  /** A web order as svc-payments places it (no client total), by `method`, with the card's code. */
  const webOrder = (items: { article_id: string; quantity: number }[], code: string, method = 'card') =>
    api()
      .post('/internal/orders')
      .set(bearer(internalToken))
      .send({
        ...orderBody(items, 0, { gift_card_code: code }),
        total_amount: undefined,
        payment_method: method,
        order_id: randomUUID(),
        customer_id: null,
        client_address: '203.0.113.9',
      });

  const succeeded = (order: InternalOrder, cents: number): EventData<'payment.succeeded'> => ({
    payment_id: `pay_${order.order_id.slice(0, 8)}`,
    order_id: order.order_id,
    method: 'card',
    provider: 'stripe',
    demo: true,
    amount_cents: cents,
    currency: 'EUR',
    provider_payment_id: `pi_${order.order_id.replace(/-/g, '').slice(0, 24)}`,
    captured_cents: cents,
    captured_currency: 'EUR',
    succeeded_at: new Date().toISOString(),
  });

  it('lets an admin issue a card with a long random code and a year of validity; a cashier or a shopper may not', async () => {
    const card = await issue({ amount: 50, origin: 'trade_in', note: 'Tre album Panini' });
    expect(card.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(card).toMatchObject({ initial_amount: 50, balance: 50, origin: 'trade_in', expired: false });
    expect(card.expires_on > romeDay(new Date(Date.now() + 360 * 86_400_000))).toBe(true);
    expect(card.movements).toEqual([expect.objectContaining({ kind: 'issued', amount: 50 })]);
    const other = await issue({ amount: 50 });
    expect(other.code).not.toBe(card.code);

    expect((await api().post('/api/admin/gift-cards').set(bearer(cashier)).send({ amount: 10 })).status).toBe(
      403,
    );
    expect((await api().post('/api/admin/gift-cards').send({ amount: 10 })).status).toBe(401);
    expect((await api().get('/api/admin/gift-cards').set(bearer(cashier))).status).toBe(403);
    const list = GiftCardList.parse((await api().get('/api/admin/gift-cards').set(bearer(admin))).body);
    expect(list.gift_cards.map((c) => c.id)).toContain(card.id);

    const bad = await api().post('/api/admin/gift-cards').set(bearer(admin)).send({ amount: -5 });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe("L'importo del buono deve essere maggiore di zero");
  });

  it('shows a code’s balance at checkout whatever its spelling, and refuses an unknown one without saying more', async () => {
    const card = await issue({ amount: 25 });
    const typed = card.code.toLowerCase().replace(/-/g, ' ');
    const res = await api().post('/public/gift-cards/check').send({ code: typed });
    expect(res.status).toBe(200);
    expect(GiftCardCheckResponse.parse(res.body)).toEqual({
      code: card.code,
      balance: 25,
      expires_on: card.expires_on,
    });
    const unknown = await api().post('/public/gift-cards/check').send({ code: 'AAAA-BBBB-CCCC-DDDD' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toBe(GIFT_CARD_DETAILS.unknown);
  });

  it('gives exactly 2 of 5 concurrent redemptions of 20 € on a 50 € card; the balance never goes below zero', async () => {
    const card = await issue({ amount: 50 });
    const [row] = await shop.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        shop.db.transaction((tx) => redeem(tx, row!, 2000, randomUUID(), new Date())),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        status: 409,
        detail: GIFT_CARD_DETAILS.changed,
      });
    expect(await balanceOf(card.id)).toBe(1000);
  });

  it('refuses an expired card at checkout and in the order, with a detail the shopper reads', async () => {
    const card = await issue({ amount: 30 });
    await shop.db.update(giftCards).set({ expiresOn: '2020-01-31' }).where(eq(giftCards.id, card.id));
    const check = await api().post('/public/gift-cards/check').send({ code: card.code });
    expect([check.status, check.body.detail]).toEqual([422, GIFT_CARD_DETAILS.expired]);
    const article = await shop.addArticle({ stock: 3, priceCents: 1000 });
    const placed = await webOrder([{ article_id: article, quantity: 1 }], card.code);
    expect([placed.status, placed.body.detail]).toEqual([422, GIFT_CARD_DETAILS.expired]);
    expect(await shop.stockOf(article)).toBe(3);
  });

  it('pays part of a card order: the total keeps its VAT, the provider is asked for the rest, a cancel gives it back', async () => {
    const card = await issue({ amount: 10 });
    const article = await shop.addArticle({ stock: 5, priceCents: 2000, iva: 22 });
    const res = await webOrder([{ article_id: article, quantity: 1 }], card.code);
    expect(res.status).toBe(201);
    const order = InternalOrder.parse(res.body);
    // 20,00 net at 22 % = 24,40 gross + shipping; the card pays 10,00 of it.
    expect(order.gift_card_cents).toBe(1000);
    expect(order.total_cents).toBe(2440 + order.shipping_cents);
    expect(await balanceOf(card.id)).toBe(0);

    // A payment of the whole total is not this order's: only the rest is.
    await shop.publish('payment.failed', {
      payment_id: `pay_${order.order_id.slice(0, 8)}`,
      order_id: order.order_id,
      method: 'card',
      provider: 'stripe',
      demo: true,
      amount_cents: order.total_cents - 1000,
      currency: 'EUR',
      reason: 'declined',
      detail: 'Carta rifiutata',
      failed_at: new Date().toISOString(),
    });
    const [cancelled] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, order.order_id));
    expect(cancelled!.status).toBe('cancelled');
    expect(await balanceOf(card.id)).toBe(1000);
    const list = GiftCardList.parse((await api().get('/api/admin/gift-cards').set(bearer(admin))).body);
    expect(list.gift_cards.find((c) => c.id === card.id)!.movements.map((m) => [m.kind, m.amount])).toEqual([
      ['issued', 10],
      ['redeemed', -10],
      ['returned', 10],
    ]);
  });

  /** A card order 15 € of which a gift card paid, the provider's payment of the rest taken. */
  async function paidWithCardPart() {
    const card = await issue({ amount: 15 });
    const article = await shop.addArticle({ stock: 5, priceCents: 2000, iva: 22 });
    const order = InternalOrder.parse(
      (await webOrder([{ article_id: article, quantity: 1 }], card.code)).body,
    );
    const rest = order.total_cents - 1500;
    await shop.publish('payment.succeeded', succeeded(order, rest));
    return { card, order, rest };
  }

  it('takes the provider’s payment of the rest as the order’s, and a refund puts the card’s part back', async () => {
    const { card, order } = await paidWithCardPart();
    const detail = await api().get(`/api/orders/${order.order_id}`).set(bearer(admin));
    expect(detail.body).toMatchObject({ status: 'paid', payment_status: 'paid', gift_card_amount: 15 });

    const refund = await api()
      .put(`/api/orders/${order.order_id}/status?status=cancelled`)
      .set(bearer(admin));
    expect(refund.status).toBe(200);
    expect(refund.body.payment_status).toBe('refunding');
    expect(await balanceOf(card.id)).toBe(1500);
  });

  it('refunds in part no more than the provider took: the card’s part is not asked of the provider', async () => {
    const { card, order, rest } = await paidWithCardPart();
    const refund = (amount: number) =>
      api()
        .post(`/api/orders/${order.order_id}/refunds`)
        .set(bearer(admin))
        .set('Idempotency-Key', randomUUID())
        .send({ amount, reason: 'Scatola rovinata' });
    const tooMuch = await refund((rest + 1) / 100);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail).toBe(
      `amount: si possono rimborsare al massimo ${(rest / 100).toFixed(2).replace('.', ',')} € (${((rest + 1) / 100).toFixed(2).replace('.', ',')} € richiesti); i 15,00 € pagati con il buono regalo tornano sul buono annullando e rimborsando l'ordine`,
    );
    const taken = await refund(rest / 100);
    expect(taken.status).toBe(202);
    const [request] = await shop.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.orderId, order.order_id));
    expect(request).toMatchObject({ amountCents: rest, state: 'in_progress' });
    expect(await balanceOf(card.id)).toBe(0);
  });

  it('completes a transfer order the card covers in full without a provider, and refunds it onto the card', async () => {
    const card = await issue({ amount: 100 });
    const article = await shop.addArticle({ stock: 5, priceCents: 1000, iva: 4 });
    const shipping = (await api().get('/shipping/calculate?country=IT&total_amount=20.8&quantity=2')).body
      .shipping_cost as number;
    // The client's total is the order's: the card pays it, it does not change it.
    const total = Math.round((20.8 + shipping) * 100) / 100;
    const res = await api()
      .post('/orders')
      .send(orderBody([{ article_id: article, quantity: 2 }], total, { gift_card_code: card.code }));
    expect(res.status).toBe(201);
    const placed = CreateOrderResponse.parse(res.body);
    expect(placed).toMatchObject({
      status: 'paid',
      payment_status: 'paid',
      bank_transfer: null,
      amount_due: 0,
    });
    expect(placed.gift_card_amount).toBe(placed.total_amount);
    expect(await balanceOf(card.id)).toBe(10000 - Math.round(placed.total_amount * 100));

    const cancelled = await api()
      .put(`/api/orders/${placed.order_id}/status?status=cancelled`)
      .set(bearer(admin));
    expect(cancelled.body).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(await balanceOf(card.id)).toBe(10000);
  });

  it('writes a FatturaPA with the goods’ full VAT and the card as a payment (MP22) beside the card’s rest (MP08)', async () => {
    const card = await issue({ amount: 12.34 });
    const album = await shop.addArticle({ stock: 5, priceCents: 999, iva: 22 });
    const book = await shop.addArticle({ stock: 5, priceCents: 2500, iva: 4 });
    const order = InternalOrder.parse(
      (
        await webOrder(
          [
            { article_id: album, quantity: 2 },
            { article_id: book, quantity: 1 },
          ],
          card.code,
        )
      ).body,
    );
    await shop.publish('payment.succeeded', succeeded(order, order.total_cents - 1234));
    const next = NextInvoiceNumber.parse(
      (await api().get('/api/invoices/next-number').set(bearer(admin))).body,
    );
    await api()
      .put(`/api/orders/${order.order_id}/invoice-data`)
      .set(bearer(admin))
      .send({ requires_invoice: true, invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' });
    const issued = await api()
      .put(`/orders/${order.order_id}/invoice`)
      .set(bearer(admin))
      .send({ invoice_number: next.invoice_number, invoice_date: next.invoice_date });
    expect(issued.status).toBe(200);
    const xml = (await api().get(`/api/orders/${order.order_id}/invoice.xml`).set(bearer(admin)).buffer(true))
      .text;
    await expectValidFatturaPa(xml);
    const total = (order.total_cents / 100).toFixed(2);
    expect(tag(xml, 'ImportoTotaleDocumento')).toEqual([total]);
    expect(tag(xml, 'ModalitaPagamento')).toEqual(['MP22', 'MP08']);
    expect(tag(xml, 'ImportoPagamento')).toEqual(['12.34', ((order.total_cents - 1234) / 100).toFixed(2)]);
    // Every line keeps its VAT: the card is no line and no discount.
    expect(tag(xml, 'AliquotaIVA').filter((rate) => rate === '0.00')).toEqual([]);
  });

  it('sells at the counter for a gift card and cash; a card that cannot pay its part refuses the sale', async () => {
    const card = await issue({ amount: 20 });
    const article = await shop.addArticle({ stock: 5, priceCents: 2459, iva: 22 }); // 30,00 gross
    const sale = await api()
      .post('/api/pos/sales')
      .set(bearer(cashier))
      .set('Idempotency-Key', randomUUID())
      .send({
        lines: [{ article_id: article, quantity: 1 }],
        payments: [
          { method: 'gift_card', amount: 20, code: card.code },
          { method: 'cash', amount: 20 },
        ],
      });
    expect(sale.status).toBe(201);
    const [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, sale.body.id));
    expect(row).toMatchObject({ totalCents: 3000, giftCardCents: 2000, paymentMethod: 'counter_mixed' });
    const shown = await api().get(`/api/pos/sales/${sale.body.id}`).set(bearer(cashier));
    expect(shown.body.change).toBe(10);
    expect(await balanceOf(card.id)).toBe(0);
    expect(await shop.stockOf(article)).toBe(4);

    const again = await api()
      .post('/api/pos/sales')
      .set(bearer(cashier))
      .set('Idempotency-Key', randomUUID())
      .send({
        lines: [{ article_id: article, quantity: 1 }],
        payments: [
          { method: 'gift_card', amount: 5, code: card.code },
          { method: 'cash', amount: 25 },
        ],
      });
    expect([again.status, again.body.detail]).toEqual([422, GIFT_CARD_DETAILS.empty]);
    expect(await shop.stockOf(article)).toBe(4);
  });
});
