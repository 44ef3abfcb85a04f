import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import type { z } from 'zod';
import request from 'supertest';
import {
  ArrivalResult,
  BalancePaymentResponse,
  CheckoutSessionResponse,
  LANGUAGES,
  OrderDetail,
  StaffLoginResponse,
  type Language,
} from '@edicola/contracts';
import {
  createInProcessTransport,
  pgliteDatabase,
  postgresDatabase,
  startService,
  type Database,
  type RunningService,
  type ServiceDefinition,
} from '@edicola/platform';
import { createTestDatabase, type TestDatabase } from '@edicola/platform/testing';
import { articles } from '../../svc-catalog/src/db/schema';
import { catalogService } from '../../svc-catalog/src/service';
import { notifyService } from '../../svc-notify/src/service';
import { STRINGS } from '../../svc-notify/src/templates/locales';
import { startInbox, type Inbox } from '../../svc-notify/test/smtp-inbox';
import { paymentRecords } from '../../svc-payments/src/db/schema';
import { paymentsService } from '../../svc-payments/src/service';
import { orderRecords, presaleArrivals } from '../src/db/schema';
import { cancelTokens } from '../src/orders/cancel-token';
import {
  lapseOverdueBalances,
  recordArrival,
  type LapsedDeposit,
  type Presales,
} from '../src/presales/arrivals';
import { ordersService } from '../src/service';
import { loadSigningKey } from '../src/tokens/signing-key';
import { expectValidFatturaPa } from './fiscal-files';

/**
 * Pre-sale deposits end to end (docs/decisions/0066-presale-deposits.md), through the shop's APIs and the demo
 * payment providers: catalogue, orders, payments and notify as separate services on one database and one bus, the
 * e-mails to a real SMTP server on loopback.
 */

const SECRET = 'presale-deposits-internal-secret-40-chars';
const ADMIN = { username: 'titolare', password: 'Titolare-Napoli-1926' };
const WEB = 'http://shop.test';
// The task's range of ports (4240-4259): every service must know the others' addresses before it starts.
const PORTS = { catalog: 4241, orders: 4242, payments: 4243, notify: 4244 };
const url = (port: number) => `http://127.0.0.1:${port}`;
const DAY = 24 * 3600_000;

interface PresaleShop {
  orders: RunningService;
  payments: RunningService;
  catalogDb: Database['db'];
  db: Database['db'];
  paymentsDb: Database['db'];
  inbox: Inbox;
  dataDir: string;
  presales: Presales;
  staffToken: string;
  stop(): Promise<void>;
}

async function startPresaleShop(lapsedDeposit: LapsedDeposit): Promise<PresaleShop> {
  const testDatabase: TestDatabase = await createTestDatabase({
    migrated: [ordersService, catalogService, paymentsService, notifyService].map((s) => ({
      folder: s.migrationsFolder,
      schema: s.schema,
    })),
  });
  const inbox = await startInbox();
  const databases: Database[] = [];
  const services: RunningService[] = [];
  const servers: { close(cb: () => void): void; closeAllConnections(): void }[] = [];
  const transport = createInProcessTransport();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edicola-presale-'));
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const serviceDatabase = () => {
    const database = testDatabase.engine
      ? pgliteDatabase(testDatabase.engine, { ownsEngine: false })
      : postgresDatabase(testDatabase.url!, { max: 3 });
    databases.push(database);
    return database;
  };
  const common = {
    INTERNAL_TOKEN_SECRET: SECRET,
    DATA_DIR: dataDir,
    BUS_RELAY_INTERVAL_MS: '20',
    BUS_RETRY_DELAYS_MS: '20,40',
    TRUST_PROXY: 'loopback',
    CATALOG_URL: url(PORTS.catalog),
    ORDERS_URL: url(PORTS.orders),
    PAYMENTS_URL: url(PORTS.payments),
    NOTIFY_URL: url(PORTS.notify),
    AUTH_JWKS_URL: `${url(PORTS.orders)}/.well-known/jwks.json`,
    SESSION_CHECK_CACHE_MS: '0',
    PUBLIC_WEB_URL: WEB,
    // The machine is shared: a slow answer between services is not what this test is about.
    INTERNAL_CALL_TIMEOUT_MS: '60000',
  };
  const start = async <E extends z.ZodObject>(
    definition: ServiceDefinition<E>,
    port: number,
    env: Record<string, string>,
  ) => {
    const service = await startService(definition, {
      env: { ...common, ...env },
      database: serviceDatabase(),
      logger,
      transport,
    });
    services.push(service as RunningService);
    servers.push(await service.listen(port, '127.0.0.1'));
    return service;
  };
  const orders = await start(ordersService, PORTS.orders, {
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ORDERS_PER_ADDRESS_PER_HOUR: '100000',
    OPEN_ORDERS_PER_EMAIL: '100000',
    ORDER_LINK_CALLS_PER_HOUR: '100000',
    PRESALE_LAPSED_DEPOSIT: lapsedDeposit,
  });
  const catalog = await start(catalogService, PORTS.catalog, {
    DEMO_DATA: 'false',
    CATALOG_CACHE_TTL_MS: '0',
  });
  const payments = await start(paymentsService, PORTS.payments, {
    CORS_ORIGINS: WEB,
    JOBS_POLL_INTERVAL_MS: '50',
  });
  await start(notifyService, PORTS.notify, { SMTP_URL: inbox.url, JOBS_POLL_INTERVAL_MS: '50' });
  const login = await request(orders.app).post('/api/auth/login').send(ADMIN);
  const staffToken = StaffLoginResponse.parse(login.body).access_token;
  // The sweeper as the service runs it, with the clock as a parameter.
  const context = orders.context;
  const presales: Presales = {
    database: context.database,
    bus: context.bus,
    logger,
    cancelTokens: cancelTokens(await loadSigningKey({ configuredJwk: undefined, dataDir })),
    balanceMs: 7 * DAY,
    lapsedDeposit,
  };
  return {
    orders,
    catalog,
    payments,
    db: context.database.db,
    catalogDb: services[1]!.context.database.db,
    paymentsDb: payments.context.database.db,
    inbox,
    dataDir,
    presales,
    staffToken,
    async stop() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      for (const service of [...services].reverse()) await service.stop();
      for (const database of databases) await database.close();
      await transport.close();
      await inbox.close();
      await testDatabase.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for what the bus, the relays and the mail jobs bring about (checked every 50 ms, up to 5 minutes). */
async function until<T>(what: string, check: () => Promise<T | null | false>): Promise<T> {
  for (let i = 0; i < 6000; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

/** A pre-sale article: 50,00 € net at 22 % (61,00 € gross), `places` pre-orders, a deposit of `percent`. */
async function addPresale(shop: PresaleShop, places: number, percent: number): Promise<string> {
  const id = randomUUID();
  await shop.catalogDb.insert(articles).values({
    id,
    sku: `PRE-${id.slice(0, 8)}`,
    title: TITLE,
    description: 'In prevendita',
    category: 'Pokémon',
    productType: 'prevendita',
    availabilityDate: '2027-03-27',
    priceCents: 5000,
    ivaPercentage: 22,
    quantityStock: places,
    depositPercent: percent,
    isActive: true,
  });
  return id;
}

const TITLE = 'Pokémon Avventure Insieme ETB';
const buyerEmail = (n: number) => `collezionista${n}@example.it`;
const languageOf = (n: number): Language => LANGUAGES[n % LANGUAGES.length]!;
/** Every tenth buyer asks for an invoice. */
const wantsInvoice = (n: number) => n % 10 === 0;

interface Buyer {
  n: number;
  orderId: string;
  token: string;
}

/** A buyer pre-orders one unit and pays the deposit by demo card (the demo page's approve, its signed webhook). */
async function preorder(shop: PresaleShop, articleId: string, n: number): Promise<Buyer> {
  const session = CheckoutSessionResponse.parse(
    (
      await request(shop.payments.app)
        .post('/checkout/session')
        .set('origin', WEB)
        .send({
          items: [{ article_id: articleId, quantity: 1 }],
          customer_email: buyerEmail(n),
          customer_name: `Collezionista ${n}`,
          shipping_address: {
            name: `Collezionista ${n}`,
            phone: '+39 081 555 1234',
            address: 'Via Toledo 256',
            city: 'Napoli',
            zipCode: '80132',
            notes: null,
          },
          invoice_data: wantsInvoice(n)
            ? { requires_invoice: true, invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' }
            : null,
          shipping_zone: 'national',
          language: languageOf(n),
        })
        .expect(200)
    ).body,
  );
  // The deposit, never the total: 20 % of 61,00 €.
  expect(session.total_amount).toBe(12.2);
  await request(shop.payments.app)
    .post(`/payments/demo/card/${session.session_id}/approve`)
    .set('origin', WEB)
    .expect(200);
  return { n, orderId: session.order_id, token: session.cancel_token! };
}

async function orderRow(shop: PresaleShop, id: string) {
  const [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, id));
  return row!;
}

/** The buyer pays the balance from the e-mail's order page: by demo card, or by PayPal (approve, then capture). */
async function payBalance(shop: PresaleShop, buyer: Buyer, method: 'card' | 'paypal') {
  const res = await request(shop.orders.app)
    .post(`/orders/${buyer.orderId}/balance-payment`)
    .set('origin', WEB)
    .send({ token: buyer.token, method });
  expect(res.status).toBe(200);
  const answer = BalancePaymentResponse.parse(res.body);
  const id = new URL(answer.url).searchParams.get('id')!;
  await request(shop.payments.app)
    .post(`/payments/demo/${method}/${id}/approve`)
    .set('origin', WEB)
    .expect(200);
  if (method === 'paypal') {
    const captured = await request(shop.payments.app).post('/paypal/capture-order').send({ order_id: id });
    expect(captured.body.payment_status).toBe('paid');
  }
  return answer;
}

const subjects = (inbox: Inbox, email: string) =>
  inbox.messages.filter((m) => m.to && JSON.stringify(m.to).includes(email)).map((m) => m.subject ?? '');

describe('pre-sale deposits: 100 buyers, 70 units delivered, 10 balances late (refund terms)', () => {
  let shop: PresaleShop;
  beforeAll(async () => {
    shop = await startPresaleShop('refund');
  }, 120_000);
  afterAll(() => shop?.stop());

  it('allocates first come first served, moves late units down the line, refunds the late deposits, sells no unit twice, and its invoices validate', async () => {
    const articleId = await addPresale(shop, 100, 20);
    const buyers: Buyer[] = [];
    for (let n = 0; n < 100; n++) buyers.push(await preorder(shop, articleId, n));
    // Every deposit arrived: all 100 wait in line, none with a payment deadline.
    await until('100 deposits paid', async () => {
      const rows = await shop.db
        .select()
        .from(orderRecords)
        .where(and(eq(orderRecords.presaleArticleId, articleId), eq(orderRecords.presaleState, 'waiting')));
      return rows.length === 100;
    });
    const first = await orderRow(shop, buyers[0]!.orderId);
    expect(first).toMatchObject({ status: 'pending', depositCents: 1220, paymentDueAt: null });
    expect(first.totalCents - first.depositCents!).toBeGreaterThan(0);
    // The order as staff and the buyer see it: deposit paid, balance due.
    const staffView = OrderDetail.parse(
      (
        await request(shop.orders.app)
          .get(`/api/orders/${buyers[0]!.orderId}`)
          .set('authorization', `Bearer ${shop.staffToken}`)
          .expect(200)
      ).body,
    );
    expect(staffView.deposit).toMatchObject({ state: 'waiting', deposit_amount: 12.2 });
    expect(staffView.deposit!.balance_amount).toBe((first.totalCents - 1220) / 100);
    const buyerView = await request(shop.orders.app)
      .get(`/orders/${buyers[0]!.orderId}?t=${buyers[0]!.token}`)
      .expect(200);
    expect(buyerView.body.deposit).toMatchObject({ state: 'waiting', deposit_amount: 12.2 });
    // Paid deposit: the buyer can no longer cancel it as an unpaid order.
    expect(buyerView.body.cancellable).toBe(false);

    // A bad delivery is refused with a readable detail; the supplier delivers 70. Staff record it on the article
    // (svc-catalog), which hands it to svc-orders' line of pre-orders.
    const bad = await request(shop.catalog.app)
      .post(`/api/articles/${articleId}/arrivals`)
      .set('authorization', `Bearer ${shop.staffToken}`)
      .send({ quantity: 0, arrived_on: '2027-03-20' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('Indica almeno una unità arrivata');
    const arrival = ArrivalResult.parse(
      (
        await request(shop.catalog.app)
          .post(`/api/articles/${articleId}/arrivals`)
          .set('authorization', `Bearer ${shop.staffToken}`)
          .send({ quantity: 70, arrived_on: '2027-03-20' })
          .expect(201)
      ).body,
    );
    expect(arrival).toMatchObject({ allocated_orders: 70, short_orders: 30, free_units: 0 });
    // svc-catalog's call repeated (a retry after a lost answer): the same delivery, recorded once.
    const repeat = await recordArrival(shop.presales, articleId, {
      quantity: 70,
      arrived_on: '2027-03-20',
      arrival_id: arrival.arrival_id,
      recorded_by: { id: randomUUID(), username: 'admin' },
    });
    expect(repeat).toEqual(arrival);
    expect(
      await shop.db.select().from(presaleArrivals).where(eq(presaleArrivals.articleId, articleId)),
    ).toHaveLength(1);
    const stateOf = async (b: Buyer) => (await orderRow(shop, b.orderId)).presaleState;
    for (const b of buyers.slice(0, 70)) expect(await stateOf(b)).toBe('balance_due');
    for (const b of buyers.slice(70)) {
      const row = await orderRow(shop, b.orderId);
      expect(row.presaleState).toBe('waiting');
      expect(row.shortNotifiedAt).not.toBeNull();
    }
    // The first 70 get the balance request, the other 30 the choice, each in their language.
    for (const b of buyers) {
      const t = STRINGS[languageOf(b.n)].presale;
      const expected = b.n < 70 ? t.balanceSubject(TITLE) : t.shortSubject(TITLE);
      await until(`the e-mail to buyer ${b.n}`, async () =>
        subjects(shop.inbox, buyerEmail(b.n)).some((s) => s.startsWith(expected)),
      );
      expect(subjects(shop.inbox, buyerEmail(b.n)).filter((s) => s.startsWith(expected))).toHaveLength(1);
    }

    // 60 of the 70 pay the balance, by card and PayPal in turn; 10 (60-69) do not.
    for (const b of buyers.slice(0, 60)) await payBalance(shop, b, b.n % 2 === 0 ? 'card' : 'paypal');
    await until('60 balances paid', async () => {
      const rows = await shop.db
        .select()
        .from(orderRecords)
        .where(
          and(eq(orderRecords.presaleArticleId, articleId), eq(orderRecords.presaleState, 'balance_paid')),
        );
      return rows.length === 60;
    });
    expect(await orderRow(shop, buyers[1]!.orderId)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    // Of the 30 told, 5 take the deposit back (95-99), one says it waits.
    await request(shop.orders.app)
      .post(`/orders/${buyers[70]!.orderId}/presale-choice`)
      .send({ token: buyers[70]!.token, choice: 'wait' })
      .expect(200);
    for (const b of buyers.slice(95)) {
      const chosen = await request(shop.orders.app)
        .post(`/orders/${b.orderId}/presale-choice`)
        .send({ token: b.token, choice: 'refund' })
        .expect(200);
      expect(chosen.body.state).toBe('withdrawn');
    }
    // A wrong token opens nothing.
    await request(shop.orders.app)
      .post(`/orders/${buyers[71]!.orderId}/presale-choice`)
      .send({ token: buyers[72]!.token, choice: 'refund' })
      .expect(404);

    // Eight days on, the sweeper ends the 10 late balances: their units go to the next 10 in line (70-79).
    const later = new Date(Date.now() + 8 * DAY);
    expect(await lapseOverdueBalances(shop.presales, later)).toBe(10);
    for (const b of buyers.slice(60, 70)) {
      expect(await orderRow(shop, b.orderId)).toMatchObject({ presaleState: 'lapsed', status: 'cancelled' });
    }
    for (const b of buyers.slice(70, 80)) expect(await stateOf(b)).toBe('balance_due');
    for (const b of buyers.slice(80, 95)) expect(await stateOf(b)).toBe('waiting');
    // A second sweep at the same moment changes nothing.
    expect(await lapseOverdueBalances(shop.presales, later)).toBe(0);

    // The next 10 pay; no unit was ever held twice: exactly the 70 delivered are paid.
    for (const b of buyers.slice(70, 80)) await payBalance(shop, b, 'paypal');
    const paid = await until('70 balances paid', async () => {
      const rows = await shop.db
        .select({ id: orderRecords.id })
        .from(orderRecords)
        .where(
          and(eq(orderRecords.presaleArticleId, articleId), eq(orderRecords.presaleState, 'balance_paid')),
        )
        .orderBy(asc(orderRecords.createdAt));
      return rows.length === 70 ? rows : null;
    });
    expect(new Set(paid.map((r) => r.id))).toEqual(
      new Set([...buyers.slice(0, 60), ...buyers.slice(70, 80)].map((b) => b.orderId)),
    );

    // Every deposit that goes back went back through the provider: the 10 late ones and the 5 withdrawn.
    const refundedOrders = [...buyers.slice(60, 70), ...buyers.slice(95)];
    await until('15 deposits refunded', async () => {
      for (const b of refundedOrders) {
        const row = await orderRow(shop, b.orderId);
        if (row.paymentStatus !== 'refunded' || row.refundedCents !== 1220) return false;
      }
      return true;
    });
    const refundedPayments = await shop.paymentsDb
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.status, 'refunded'));
    expect(refundedPayments.map((p) => p.amountCents)).toEqual(new Array(15).fill(1220));
    // The lapsed buyers were told, in their language, that the deposit comes back.
    for (const b of buyers.slice(60, 70)) {
      const t = STRINGS[languageOf(b.n)].presale;
      await until(`lapsed e-mail to ${b.n}`, async () =>
        subjects(shop.inbox, buyerEmail(b.n)).some((s) => s.startsWith(t.lapsedSubject(TITLE))),
      );
    }

    // The invoices: a deposit invoice (TD02) for each buyer who asked, and the balance's invoice (TD01) deducts it.
    for (const b of buyers.filter((x) => wantsInvoice(x.n) && x.n < 60)) {
      const td02 = await request(shop.orders.app)
        .get(`/api/orders/${b.orderId}/deposit-invoice.xml`)
        .set('authorization', `Bearer ${shop.staffToken}`)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done(null, text));
        })
        .expect(200);
      const depositXml = td02.body as string;
      expect(depositXml).toContain('<TipoDocumento>TD02</TipoDocumento>');
      expect(depositXml).toContain('<ImportoTotaleDocumento>12.20</ImportoTotaleDocumento>');
      await expectValidFatturaPa(depositXml);
      const next = await request(shop.orders.app)
        .get('/api/invoices/next-number')
        .set('authorization', `Bearer ${shop.staffToken}`)
        .expect(200);
      await request(shop.orders.app)
        .put(`/orders/${b.orderId}/invoice`)
        .set('authorization', `Bearer ${shop.staffToken}`)
        .send(next.body)
        .expect(200);
      const td01 = await request(shop.orders.app)
        .get(`/api/orders/${b.orderId}/invoice.xml`)
        .set('authorization', `Bearer ${shop.staffToken}`)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done(null, text));
        })
        .expect(200);
      const balanceXml = td01.body as string;
      const row = await orderRow(shop, b.orderId);
      expect(balanceXml).toContain('<TipoDocumento>TD01</TipoDocumento>');
      expect(balanceXml).toContain(
        `<ImportoTotaleDocumento>${((row.totalCents - 1220) / 100).toFixed(2)}</ImportoTotaleDocumento>`,
      );
      expect(balanceXml).toContain(`<IdDocumento>${row.depositInvoice!.number}</IdDocumento>`);
      await expectValidFatturaPa(balanceXml);
    }
  }, 1_500_000);
});
