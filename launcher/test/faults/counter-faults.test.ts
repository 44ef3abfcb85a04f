import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { waitFor } from '@edicola/platform/testing';
import { counterSales } from '../../../svc-orders/src/db/schema';
import { FakeRt } from '../../../svc-orders/src/counter/rt/fake-rt';
import { canRunFaults, StockCluster } from './stock-cluster';

// The counter's fiscal printer under faults, with real processes on PostgreSQL and RabbitMQ and a fake Epson RT
// over HTTP (docs/product/counter.md#fiscal-receipt): whatever happens, a sale is printed once or not made, and
// no unit is held without a sale. Needs TEST_DATABASE_URL and AMQP_URL, as .ci/run's services leg sets them.
const suite = canRunFaults ? describe : describe.skip;
const STOCK = 40;
const SHOP = {
  name: 'Edicola Via Toledo',
  vatNumber: '01234567897',
  address: 'Via Toledo 256',
  cap: '80132',
  city: 'Napoli',
  province: 'NA',
};

const report = (line: string) => process.stdout.write(`${line}\n`);

suite('the counter’s receipts under faults (needs TEST_DATABASE_URL and AMQP_URL)', () => {
  let cluster: StockCluster | undefined;
  let rt: FakeRt;
  let token: string;

  beforeEach(async () => {
    rt = new FakeRt({ shop: SHOP, serial: '99MEY000001' });
    const rtUrl = await rt.listen();
    cluster = await StockCluster.start({
      internalCallTimeoutMs: 3000,
      placementTimeoutMs: 6000,
      sweepIntervalMs: 500,
      ordersEnv: {
        RT_MODE: 'live',
        RT_URL: rtUrl,
        RT_SERIAL: '99MEY000001',
        RT_TIMEOUT_MS: '1000',
        COUNTER_PRINT_RETRY_MS: '300',
        COUNTER_PRINT_WAIT_MS: '2500',
      },
    });
    const login = await fetch(`${cluster.orders.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'faults-admin', password: 'faults-password-1' }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
  });
  afterEach(async () => {
    await cluster?.stop();
    cluster = undefined;
    await rt.close();
  });

  const sell = async (article: string, key: string) => {
    try {
      const res = await fetch(`${cluster!.orders.url}/api/pos/sales`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': key,
        },
        body: JSON.stringify({
          lines: [{ article_id: article, quantity: 1 }],
          payments: [{ method: 'cash', amount: 20 }],
        }),
      });
      return {
        status: res.status,
        body: (await res.json()) as { id?: string; status?: string; problem?: string },
      };
    } catch {
      return { status: 0, body: {} };
    }
  };

  const sales = () => cluster!.ordersDatabase.database.db.select().from(counterSales);
  const receipts = () => rt.printed().filter((doc) => doc.kind === 'receipt');

  it('an RT paused past the time-out, then resumed: the sale is printed once and completes', async () => {
    const article = await cluster!.addArticle(STOCK);
    rt.holdAnswers();
    const answer = await sell(article, randomUUID());
    expect(answer.status).toBe(202);
    expect(answer.body.status).toBe('printing');
    expect(answer.body.problem).toMatch(/non risponde/);
    // Retries go on while the RT keeps its answers: each finds the printer silent.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    rt.resume();
    await waitFor(async () => (await sales()).every((sale) => sale.state === 'completed'), {
      timeoutMs: 20_000,
    });
    const [sale] = await sales();
    expect(receipts()).toHaveLength(1);
    const printed = receipts()[0]!;
    expect(sale!.receipt!.document_number).toBe(
      `${String(printed.zNumber).padStart(4, '0')}-${String(printed.documentNumber).padStart(4, '0')}`,
    );
    expect(await cluster!.stockOf(article)).toBe(STOCK - 1);
  }, 60_000);

  it('kill -9 of svc-orders mid-sale: each sale ends printed once with its receipt or not made, no unit held without a sale', async () => {
    const article = await cluster!.addArticle(STOCK);
    // The RT prints but keeps its answers: the sales are stored and printing when the process dies.
    rt.holdAnswers();
    const keys = Array.from({ length: 16 }, () => randomUUID());
    const burst = Promise.all(keys.map((key) => sell(article, key)));
    await waitFor(async () => (await sales()).length >= 4, { timeoutMs: 20_000, intervalMs: 10 });
    await cluster!.orders.kill();
    const answers = await burst;
    rt.resume();
    const atKill = { stored: (await sales()).length, printed: receipts().length };
    await cluster!.orders.start();
    await waitFor(
      async () => {
        const rows = await sales();
        const held = await cluster!.heldWithoutOrder(article);
        return held === 0 && rows.every((sale) => sale.state === 'completed');
      },
      { timeoutMs: 45_000, intervalMs: 200 },
    );
    const rows = await sales();
    // Printed once each: as many receipts as sales, each sale with its own number.
    expect(receipts()).toHaveLength(rows.length);
    expect(new Set(rows.map((sale) => sale.receipt!.document_number)).size).toBe(rows.length);
    // stock + units sold = stock before.
    expect((await cluster!.stockOf(article)) + rows.length).toBe(STOCK);
    expect(await cluster!.liveUnits(article)).toBe(rows.length);
    const completed = await cluster!.ordersDatabase.database.db
      .select()
      .from(counterSales)
      .where(eq(counterSales.state, 'completed'));
    expect(completed).toHaveLength(rows.length);
    report(
      `counter kill -9 in a burst of ${keys.length}: answers ${JSON.stringify(
        answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {}),
      )}; at the kill ${atKill.stored} sales stored, ${atKill.printed} printed; ` +
        `after the restart ${rows.length} sales, ${receipts().length} receipts, none twice`,
    );
  }, 90_000);
});
