import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { PaymentStats } from '@edicola/contracts';
import { PAYMENT_METHOD_LABELS } from '../src/exports/italian-csv';
import { romeToday } from '../src/orders/rome-time';
import { upsertStaff } from '../src/staff/users';
import { insertOrder, line } from './order-fixtures';
import { startOrders } from './support';

/** Cents from the export's Italian decimal comma ("1.234,56" is not written: no thousands separator). */
const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

// The payment statistics and the takings export add up the same facts (docs/decisions/0034).
describe('payment statistics against the takings export', () => {
  jest.setTimeout(60_000);
  let orders: Awaited<ReturnType<typeof startOrders>>;
  let staff: { Authorization: string };
  const api = () => request(orders.service.app);
  const db = () => orders.testDatabase.database.db;

  beforeAll(async () => {
    orders = await startOrders();
    await upsertStaff(db(), { username: 'commessa', password: 'Banco-Vendita-7', role: 'staff' });
    const login = await api()
      .post('/api/auth/login')
      .send({ username: 'commessa', password: 'Banco-Vendita-7' });
    staff = { Authorization: `Bearer ${login.body.access_token as string}` };
  });
  afterAll(() => orders?.stop());

  it('counts and sums per method what the takings export of the month says, demo payments apart', async () => {
    const now = new Date();
    const today = romeToday(now);
    // Each order: one 12,20 € line and 9,00 € shipping = 21,20 €, unless said otherwise.
    const paid = { status: 'paid' as const, paymentStatus: 'paid' as const, createdAt: now };
    await insertOrder(db(), { ...paid, paymentMethod: 'card' });
    await insertOrder(db(), { ...paid, paymentMethod: 'card', items: [line({ quantity: 3 })] }); // 45,60
    // Refunded in full today: counted (it was paid), adds nothing.
    await insertOrder(db(), {
      ...paid,
      paymentMethod: 'card',
      paymentStatus: 'refunded',
      status: 'cancelled',
      refundedCents: 2120,
      refundedAt: now,
    });
    // 20 € of 21,20 € given back: adds 1,20 €.
    await insertOrder(db(), {
      ...paid,
      paymentMethod: 'paypal',
      paymentStatus: 'partially_refunded',
      refundedCents: 2000,
      refundedAt: now,
    });
    await insertOrder(db(), {
      ...paid,
      paymentMethod: 'transfer',
      transferPayment: {
        received_on: today,
        amount_cents: 2120,
        bank_reference: 'CRO 7',
        amount_matches: true,
        recorded_by_id: null,
        recorded_by: 'commessa',
        recorded_at: now.toISOString(),
      },
    });
    // A transfer ordered but never received, a failed card payment, and two demo payments: no takings.
    await insertOrder(db(), { paymentMethod: 'transfer', createdAt: now });
    await insertOrder(db(), { paymentMethod: 'card', paymentStatus: 'failed', createdAt: now });
    await insertOrder(db(), { ...paid, paymentMethod: 'card', paymentDemo: true });
    await insertOrder(db(), {
      ...paid,
      paymentMethod: 'klarna',
      paymentDemo: true,
      paymentStatus: 'partially_refunded',
      refundedCents: 120,
      refundedAt: now,
    });

    const res = await api().get('/api/analytics/payment-stats').set(staff);
    expect(res.status).toBe(200);
    const stats = PaymentStats.parse(res.body);

    const csv = await api()
      .get(`/api/exports/takings.csv?month=${today.slice(0, 7)}`)
      .set(staff)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      });
    expect(csv.status).toBe(200);
    const rows = (parse((csv.body as string).slice(1), { delimiter: ';' }) as string[][]).slice(1);
    const exported = new Map<string, number>();
    for (const [, , method, , , gross, refunded] of rows)
      exported.set(method!, (exported.get(method!) ?? 0) + cents(gross!) - cents(refunded!));
    const exportedTotal = [...exported.values()].reduce((a, b) => a + b, 0);

    // The export's money, per method and overall, is the statistics' month (and, this month's orders only, year).
    const byLabel = new Map(
      stats.payment_methods.map((m) => [
        PAYMENT_METHOD_LABELS[m.payment_method as keyof typeof PAYMENT_METHOD_LABELS],
        m,
      ]),
    );
    expect([...byLabel.keys()].sort()).toEqual([...exported.keys()].sort());
    for (const [label, amount] of exported) {
      expect(Math.round(byLabel.get(label)!.monthly_amount * 100)).toBe(amount);
      expect(Math.round(byLabel.get(label)!.yearly_amount * 100)).toBe(amount);
    }
    expect(Math.round(stats.total_revenue_this_month * 100)).toBe(exportedTotal);
    expect(Math.round(stats.total_revenue_this_year * 100)).toBe(exportedTotal);
    // The same figures, worked out by hand: 21,20 + 45,60 + 0 by card, 1,20 by PayPal, 21,20 by transfer.
    expect(Object.fromEntries(exported)).toEqual({ Carta: 6680, PayPal: 120, Bonifico: 2120 });
    expect(stats.payment_methods).toEqual([
      {
        payment_method: 'card',
        monthly_count: 3,
        monthly_amount: 66.8,
        yearly_count: 3,
        yearly_amount: 66.8,
      },
      {
        payment_method: 'transfer',
        monthly_count: 1,
        monthly_amount: 21.2,
        yearly_count: 1,
        yearly_amount: 21.2,
      },
      {
        payment_method: 'paypal',
        monthly_count: 1,
        monthly_amount: 1.2,
        yearly_count: 1,
        yearly_amount: 1.2,
      },
    ]);
    expect(stats).toMatchObject({ total_orders_this_month: 5, total_orders_this_year: 5 });
    expect(stats.demo_payments).toEqual({
      monthly_count: 2,
      monthly_amount: 21.2 + 20,
      yearly_count: 2,
      yearly_amount: 21.2 + 20,
    });
    const day = Number(today.slice(8, 10));
    expect(Math.round(stats.revenue_by_day.find((d) => d.day === day)!.amount * 100)).toBe(exportedTotal);
  });
});
