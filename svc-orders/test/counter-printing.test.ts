import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { CounterClosure, CounterSale, DemoRtJournal } from '@edicola/contracts';
import { FakeRt } from '../src/counter/rt/fake-rt';
import { DEMO_SHOP_FISCAL } from '../src/invoices/shop-fiscal';
import { startShop, STAFF, type Shop } from './shop';

// The counter's receipts through the RT adapter (docs/product/counter.md#fiscal-receipt): the demo RT inside the
// process, and a live RT (the fake Epson over HTTP) that runs out of paper.
jest.setTimeout(60_000);

async function signIn(shop: Shop) {
  const login = await request(shop.orders.app).post('/api/auth/login').send(STAFF);
  return login.body.access_token as string;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the counter with the demo RT', () => {
  let shop: Shop;
  let token: string;
  beforeAll(async () => {
    shop = await startShop({ RT_MODE: 'demo' });
    token = await signIn(shop);
  });
  afterAll(() => shop?.stop());
  const api = (method: 'get' | 'post', path: string) =>
    request(shop.orders.app)[method](path).set('Authorization', `Bearer ${token}`);

  it('prints the receipt once, shows it on the demo paper roll, quotes it in a return and closes the day', async () => {
    const piece = await shop.addArticle({ stock: 3, priceCents: 1000, iva: 22, title: 'Ferrari F40 1:43' });
    const key = randomUUID();
    const body = { lines: [{ article_id: piece, quantity: 2 }], payments: [{ method: 'cash', amount: 30 }] };
    const res = await api('post', '/api/pos/sales').set('Idempotency-Key', key).send(body);
    expect(res.status).toBe(201);
    const sale = CounterSale.parse(res.body);
    expect(sale.status).toBe('completed');
    expect(sale.receipt.mode).toBe('demo');
    expect(sale.receipt.document_number).toMatch(/^\d{4}-\d{4}$/);
    const again = await api('post', '/api/pos/sales').set('Idempotency-Key', key).send(body);
    expect(again.body.receipt).toEqual(sale.receipt);

    const roll = DemoRtJournal.parse((await api('get', '/api/pos/demo-rt')).body);
    const receipts = roll.documents.filter((doc) => doc.kind === 'receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.document_number).toBe(sale.receipt.document_number);
    expect(receipts[0]!.total).toBe(24.4);
    expect(receipts[0]!.text.join('\n')).toContain('Ferrari F40 1:43');

    const back = await api('post', `/api/pos/sales/${sale.id}/returns`)
      .set('Idempotency-Key', randomUUID())
      .send({ lines: [{ article_id: piece, quantity: 1 }], refund_method: 'cash' });
    expect(back.status).toBe(201);
    const returned = CounterSale.parse(back.body);
    expect(returned.returns[0]!.kind).toBe('return');
    expect(returned.returns[0]!.receipt.document_number).toMatch(/^\d{4}-\d{4}$/);
    const afterReturn = DemoRtJournal.parse((await api('get', '/api/pos/demo-rt')).body);
    expect(afterReturn.documents[0]!.kind).toBe('return');
    expect(afterReturn.documents[0]!.text.join('\n')).toContain(
      `Documento di riferimento N. ${sale.receipt.document_number}`,
    );

    const closed = await api('post', '/api/pos/closures').send({});
    expect(closed.status).toBe(201);
    const closure = CounterClosure.parse(closed.body);
    expect(closure.z_number).toBe(sale.receipt.z_number);
    expect(closure.net).toBe(12.2);
    const roll2 = DemoRtJournal.parse((await api('get', '/api/pos/demo-rt')).body);
    expect(roll2.documents[0]!.kind).toBe('closure');
  });
});

describe('the counter with a live RT that runs out of paper', () => {
  let shop: Shop;
  let token: string;
  let rt: FakeRt;
  beforeAll(async () => {
    rt = new FakeRt({ shop: DEMO_SHOP_FISCAL, serial: '99MEY000042' });
    const url = await rt.listen();
    shop = await startShop({
      RT_MODE: 'live',
      RT_URL: url,
      RT_SERIAL: '99MEY000042',
      RT_TIMEOUT_MS: '1000',
      COUNTER_PRINT_RETRY_MS: '100',
      COUNTER_PRINT_WAIT_MS: '3000',
    });
    token = await signIn(shop);
  });
  afterAll(async () => {
    await shop?.stop();
    await rt?.close();
  });

  it('answers 202 with the printer’s problem, keeps the units held, then prints once when it can', async () => {
    const piece = await shop.addArticle({ stock: 1, priceCents: 500, iva: 4 });
    rt.refuseNext('EPTR_REC_EMPTY');
    const res = await request(shop.orders.app)
      .post('/api/pos/sales')
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', randomUUID())
      .send({ lines: [{ article_id: piece, quantity: 1 }], payments: [{ method: 'card', amount: 5.2 }] });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('printing');
    expect(res.body.problem).toMatch(/Carta finita/);
    expect(await shop.stockOf(piece)).toBe(0);
    // A closure waits for the document.
    const early = await request(shop.orders.app)
      .post('/api/pos/closures')
      .set('Authorization', `Bearer ${token}`)
      .send({});
    expect(early.status).toBe(409);
    await waitFor(async () => {
      const sale = await request(shop.orders.app)
        .get(`/api/pos/sales/${res.body.id}`)
        .set('Authorization', `Bearer ${token}`);
      return sale.body.status === 'completed';
    });
    expect(rt.printed().filter((doc) => doc.kind === 'receipt')).toHaveLength(1);
    expect(await shop.stockOf(piece)).toBe(0);
  });
});
