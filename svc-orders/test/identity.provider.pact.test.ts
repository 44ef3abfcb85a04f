import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Verifier } from '@pact-foundation/pact';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { articles } from '../../svc-catalog/src/db/schema';
import { notifyService } from '../../svc-notify/src/service';
import {
  sdiDocuments,
  counterSales,
  creditNotes,
  customers,
  discountCodes,
  discountUses,
  fiscalNumbers,
  loginFailures,
  orderRecords,
  orderStatusHistory,
  refundRequests,
  shippingRules,
} from '../src/db/schema';
import { creditNoteForRefund } from '../src/invoices/credit-notes';
import { createFakePacklink, type FakePacklink } from '../src/fakes/packlink/fake-packlink';
import { upsertStaff } from '../src/staff/users';
import { INTERNAL_SECRET, startShop, type Shop } from './shop';

// The real svc-orders app, calling the real svc-catalog on one real database (the counter's sales take the
// catalogue's stock), answers what mf-account's and mf-admin's API clients expect.
const PLACEHOLDER_TOKEN = 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln';

interface Credentials {
  email?: string;
  username?: string;
  password?: string;
  order_id?: string;
  /** The consumer's placeholder of the order's link token (the order page). */
  link_token?: string;
}

/** The parameters of mf-admin's counter states: the article in the catalogue, a sale's id in the consumer's URL. */
interface CounterParams {
  id?: string;
  price?: number;
  iva?: number;
  stock?: number;
  sale_id?: string;
}

/** The parameters of mf-admin's order states. */
interface OrderParams {
  id?: string;
  status?: 'pending' | 'paid' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
  payment_method?: string;
  payment_demo?: boolean;
  total_amount?: number;
  shipment_id?: string;
  codice_fiscale?: string;
  invoice_number?: string;
  /** The number the order's credit note must get. */
  credit_note?: string;
  /** A shipping rule's name. */
  name?: string;
}

const PACKLINK_KEY = 'pact-packlink-key';
const MONEY_TAKEN = ['paid', 'confirmed', 'shipped', 'delivered'];

describe('svc-orders honours its pacts with mf-account and mf-admin', () => {
  let shop: Shop;
  let notify: TestService<unknown>;
  let server: Server;
  let token: string | null = null;
  let packlink: FakePacklink;
  let closePacklink: () => Promise<void>;
  /** The consumer's made-up Packlink reference, and the one the fake gave the shipment of the provider state. */
  let shipmentReference: { consumer: string; real: string } | null = null;
  /** The consumer's made-up counter sale id, and the id of the sale the provider state made. */
  let saleReference: { consumer: string; real: string } | null = null;
  /** The consumer's placeholder of an order's link token, and the order's real token (svc-orders derives it). */
  let linkToken: { consumer: string; real: string } | null = null;
  const db = () => shop.db;
  const api = () => request(shop.orders.app);

  async function registerCustomer({ email, password }: Credentials): Promise<string> {
    await db()
      .delete(customers)
      .where(sql`lower(${customers.email}) = lower(${email!})`);
    const res = await api().post('/api/customers/register').send({
      email,
      password,
      telefono: '+39 081 123 4567',
      tipo_cliente: 'privato',
      street: 'Via Toledo 1',
      city: 'Napoli',
      province: 'NA',
      cap: '80134',
      nome: 'Mario',
      cognome: 'Rossi',
      codice_fiscale: 'RSSMRA85T10A562S',
    });
    if (res.status !== 201) throw new Error(`registration failed: ${JSON.stringify(res.body)}`);
    return res.body.customer_id as string;
  }

  async function loginCustomer({ email, password }: Credentials): Promise<string> {
    const res = await api().post('/api/customers/login').send({ email, password });
    return res.body.access_token as string;
  }

  async function loginStaff({ username, password }: Credentials): Promise<string> {
    await upsertStaff(db(), { username: username!, password: password!, role: 'admin' });
    const res = await api().post('/api/auth/login').send({ username, password });
    return res.body.access_token as string;
  }

  /** 2026's fiscal documents forgotten, so each state numbers its own (the table keeps the orders they name). */
  async function clearFiscalYear(): Promise<void> {
    await db().delete(sdiDocuments);
    await db().delete(creditNotes);
    await db().delete(fiscalNumbers).where(eq(fiscalNumbers.year, 2026));
  }

  /** An order asking for a private customer's invoice, not issued yet. */
  async function orderRequiringInvoice(params: OrderParams): Promise<string> {
    const id = await orderIn(params);
    await db()
      .update(orderRecords)
      .set({
        invoiceData: {
          requires_invoice: true,
          invoice_type: 'privato',
          codice_fiscale: params.codice_fiscale ?? 'RSSMRA85T10A562S',
          ragione_sociale: null,
          piva: null,
          codice_fiscale_azienda: null,
          pec: null,
          sdi: null,
          invoice_issued: false,
          invoice_number: null,
          invoice_date: null,
        },
      })
      .where(eq(orderRecords.id, id));
    return id;
  }

  /** An order as mf-admin's states describe it: one line of two units, its money in when its status says so. */
  async function orderIn(params: OrderParams): Promise<string> {
    const id = params.id!;
    const status = params.status ?? 'pending';
    await clearFiscalYear();
    await db().delete(refundRequests).where(eq(refundRequests.orderId, id));
    await db().delete(orderRecords).where(eq(orderRecords.id, id));
    const totalCents = Math.round((params.total_amount ?? 109.3) * 100);
    await db()
      .insert(orderRecords)
      .values({
        id,
        status,
        subtotalCents: totalCents - 900,
        shippingCents: 900,
        totalCents,
        paymentMethod: params.payment_method ?? 'transfer',
        paymentStatus: MONEY_TAKEN.includes(status) ? 'paid' : 'pending',
        paymentDemo: params.payment_demo ?? false,
        paymentIntentId: params.payment_method === 'card' ? 'pi_3PactDemo' : null,
        paymentDueAt: status === 'pending' ? new Date(Date.now() + 86_400_000) : null,
        items: [
          {
            article_id: '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60',
            sku: 'F1-SF23-18',
            title: 'Ferrari SF-23 1:18',
            quantity: 2,
            unit_net_cents: Math.round((totalCents - 900) / 2 / 1.22),
            iva_percentage: 22,
            unit_gross_cents: (totalCents - 900) / 2,
            line_total_cents: totalCents - 900,
          },
        ],
        customerInfo: {
          name: 'Maria Rossi',
          email: 'maria@example.it',
          phone: '333 1234567',
          address: 'Via Toledo 1',
          city: 'Napoli',
          zipCode: '80134',
          country: 'IT',
        },
      });
    if (status !== 'pending')
      await db()
        .insert(orderStatusHistory)
        .values({ orderId: id, fromStatus: 'pending', toStatus: status, orderVersion: 2 });
    return id;
  }

  /** A paid card order with its invoice issued through the route. */
  async function orderWithInvoice(params: OrderParams): Promise<string> {
    const id = await orderRequiringInvoice({ ...params, status: 'paid', payment_method: 'card' });
    const issued = await api()
      .put(`/orders/${id}/invoice`)
      .set('Authorization', `Bearer ${token}`)
      .send({ invoice_number: params.invoice_number, invoice_date: '2026-11-24' });
    if (issued.status !== 200) throw new Error(`invoice not issued: ${JSON.stringify(issued.body)}`);
    return id;
  }

  /** An invoiced order, 10 € of which went back: the credit note the refund produced, numbered next. */
  async function orderWithCreditNote(params: OrderParams): Promise<void> {
    const id = await orderWithInvoice(params);
    const number = await creditNoteForRefund(db(), {
      orderId: id,
      refundId: 're_pact_1',
      cents: 1_000,
      reason: 'partial_refund',
      // After the invoice's date, in its year, whatever day the verification runs.
      refundedAt: new Date('2026-11-25T10:00:00.000Z'),
    });
    if (number !== params.credit_note)
      throw new Error(`credit note numbered ${number}, the consumer expects ${params.credit_note}`);
  }

  /** The shop's only shipping rule: national, 9 € a parcel, free from 99 €. */
  async function oneShippingRule({ id, name }: OrderParams): Promise<void> {
    await db().delete(shippingRules);
    await db()
      .insert(shippingRules)
      .values({
        id: id!,
        name: name ?? 'Italia standard',
        zone: 'national',
        ruleType: 'amount_based',
        shippingCostCents: 900,
        freeShippingThresholdCents: 9_900,
        isActive: true,
      });
  }

  /** The shop's only discount code: ESTATE10, 10 % off, unused (docs/product/cart-and-checkout.md#discount-codes). */
  async function oneDiscountCode({ id }: OrderParams): Promise<void> {
    await db().delete(discountUses);
    await db().delete(discountCodes);
    await db().insert(discountCodes).values({ id: id!, code: 'ESTATE10', kind: 'percent', value: 10 });
  }

  /** A confirmed order with a Packlink shipment (created through the route, at the fake), its label ready or not. */
  async function orderWithShipment(params: OrderParams, labelReady: boolean): Promise<void> {
    const id = await orderIn({ ...params, status: 'confirmed', payment_method: 'card' });
    const created = await api()
      .post(`/api/orders/${id}/create-shipment`)
      .set('Authorization', `Bearer ${token}`)
      .send({ service_id: packlink.serviceIds[0] });
    if (created.status !== 201) throw new Error(`shipment not created: ${JSON.stringify(created.body)}`);
    const real = created.body.shipment_id as string;
    if (labelReady) {
      packlink.makeReady(real);
      await packlink.settled();
    }
    shipmentReference = { consumer: params.shipment_id!, real };
  }

  /** The counter's article in the real catalogue, with the state's price, VAT and stock. */
  async function counterArticle({ id, price, iva, stock }: CounterParams): Promise<void> {
    const values = {
      sku: 'PACT-POKE-151',
      title: 'Pokémon 151 Bustina',
      description: 'Articolo della cassa nei contratti Pact',
      category: 'Carte collezionabili',
      priceCents: Math.round(price! * 100),
      ivaPercentage: iva!,
      quantityStock: stock!,
      isActive: true,
      deletedAt: null,
    };
    await shop.catalogDb
      .insert(articles)
      .values({ id: id!, ...values })
      .onConflictDoUpdate({ target: articles.id, set: values });
  }

  /** A counter sale of `quantity` units of the state's article, paid in cash, made through the route. */
  async function counterSale(params: CounterParams, quantity: number): Promise<string> {
    await counterArticle({ ...params, stock: Math.max(params.stock ?? 0, quantity) });
    const sold = await api()
      .post('/api/pos/sales')
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', randomUUID())
      .send({
        lines: [{ article_id: params.id, quantity }],
        payments: [{ method: 'cash', amount: 20 }],
      });
    if (sold.status !== 201) throw new Error(`counter sale not made: ${JSON.stringify(sold.body)}`);
    return sold.body.id as string;
  }

  beforeAll(async () => {
    packlink = createFakePacklink({
      apiKey: PACKLINK_KEY,
      readyAfterMs: null,
      deliverCallback: async (body) => {
        await request(shop.orders.app)
          .post('/webhooks/packlink')
          .set('Content-Type', 'application/json')
          .send(body);
      },
    });
    const fake = await packlink.listen();
    closePacklink = fake.close;
    // svc-notify answers the data export's question about consents (docs/product/account.md#data-export).
    notify = await startTestService(notifyService, { env: { INTERNAL_TOKEN_SECRET: INTERNAL_SECRET } });
    const notifyServer = await notify.service.listen(0, '127.0.0.1');
    shop = await startShop({
      NOTIFY_URL: `http://127.0.0.1:${(notifyServer.address() as AddressInfo).port}`,
      // Every provider state registers its customer from this one address.
      REGISTRATIONS_PER_HOUR: '1000',
      // The counter prints on the demo RT: the sale goes through the real RT adapter (Epson ePOS-Print XML) to the
      // fake printer inside the process and comes back with a printed receipt (serial, number, Z), the answer the
      // screen shows with a live RT; `off` would answer no receipt at all, `live` needs the shop's printer.
      RT_MODE: 'demo',
      PACKLINK_API_KEY: PACKLINK_KEY,
      PACKLINK_API_BASE: fake.apiBase,
      PACKLINK_FROM_STREET: 'Via Roma 1',
      PACKLINK_FROM_ZIP: '80134',
      PACKLINK_FROM_CITY: 'Napoli',
    });
    server = await shop.orders.listen(0, '127.0.0.1');
  }, 90_000);
  afterAll(async () => {
    await shop?.stop();
    await notify?.stop();
    await closePacklink?.();
  });

  const verify = (
    consumer: string,
    stateHandlers: Record<string, (params: Credentials & OrderParams & CounterParams) => Promise<void>>,
  ) =>
    new Verifier({
      provider: 'svc-orders',
      providerBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      pactUrls: [path.resolve(__dirname, `../../contracts/pacts/${consumer}-svc-orders.json`)],
      beforeEach: async () => {
        token = null;
        shipmentReference = null;
        saleReference = null;
        linkToken = null;
        // Wrong passwords of earlier interactions must not rate-limit later ones.
        await db().delete(loginFailures);
      },
      stateHandlers: Object.fromEntries(
        Object.entries(stateHandlers).map(([state, fn]) => [
          state,
          async (params: unknown) => {
            await fn((params ?? {}) as Credentials & OrderParams & CounterParams);
            return undefined;
          },
        ]),
      ),
      // The consumer's placeholder token becomes a real one issued in the provider state.
      requestFilter: (req, _res, next) => {
        if (token && req.headers.authorization === PLACEHOLDER_TOKEN)
          req.headers.authorization = `Bearer ${token}`;
        // Packlink gave the provider state's shipment a reference of its own.
        if (shipmentReference && req.url)
          req.url = req.url.replace(shipmentReference.consumer, shipmentReference.real);
        if (saleReference && req.url) req.url = req.url.replace(saleReference.consumer, saleReference.real);
        if (linkToken && req.url) req.url = req.url.replace(linkToken.consumer, linkToken.real);
        next();
      },
      logLevel: 'warn',
    }).verifyProvider();

  it(
    'verifies every interaction of mf-account',
    () =>
      verify('mf-account', {
        'no customer is registered with the e-mail': async ({ email }) => {
          await db()
            .delete(customers)
            .where(sql`lower(${customers.email}) = lower(${email!})`);
        },
        'a customer is registered': async (params) => {
          await registerCustomer(params);
        },
        'a customer is logged in': async (params) => {
          await registerCustomer(params);
          token = await loginCustomer(params);
        },
        'a logged-in customer has an order': async (params) => {
          const customerId = await registerCustomer(params);
          await db()
            .insert(orderRecords)
            .values({
              customerId,
              status: 'pending',
              totalCents: 5899,
              paymentMethod: 'transfer',
              items: [
                {
                  article_id: '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60',
                  title: 'Ferrari SF-23 1:18',
                  quantity: 2,
                },
              ],
              customerInfo: { name: 'Mario Rossi', email: params.email },
            });
          token = await loginCustomer(params);
        },
        // A guest's unpaid transfer order; its real token, as svc-payments' internal route answers it, replaces the
        // consumer's placeholder in the address.
        'a guest order awaits a bank transfer': async (params) => {
          const id = await orderIn({ id: params.order_id!, status: 'pending', payment_method: 'transfer' });
          const internal = await api()
            .get(`/internal/orders/${id}`)
            .set('Authorization', `Bearer ${await shop.internalToken('svc-payments')}`);
          if (internal.status !== 200)
            throw new Error(`order not readable: ${JSON.stringify(internal.body)}`);
          linkToken = { consumer: params.link_token!, real: internal.body.cancel_token as string };
        },
        'a logged-in customer has an order with an issued invoice': async (params) => {
          const customerId = await registerCustomer(params);
          await db()
            .delete(orderRecords)
            .where(sql`${orderRecords.id} = ${params.order_id!}`);
          await db()
            .insert(orderRecords)
            .values({
              id: params.order_id!,
              customerId,
              status: 'confirmed',
              paymentStatus: 'paid',
              subtotalCents: 2440,
              shippingCents: 500,
              totalCents: 2940,
              paymentMethod: 'card',
              items: [
                {
                  article_id: '3f7c1a52-9a4e-4a53-8a0f-1c2b3d4e5f60',
                  sku: 'FER-SF23',
                  title: 'Ferrari SF-23 1:18',
                  quantity: 2,
                  unit_net_cents: 1000,
                  iva_percentage: 22,
                  unit_gross_cents: 1220,
                  line_total_cents: 2440,
                },
              ],
              customerInfo: {
                name: 'Mario Rossi',
                email: params.email,
                address: 'Via Toledo 1',
                city: 'Napoli',
                zipCode: '80134',
              },
              invoiceData: {
                requires_invoice: true,
                invoice_type: 'privato',
                codice_fiscale: 'RSSMRA85T10A562S',
                ragione_sociale: null,
                piva: null,
                codice_fiscale_azienda: null,
                pec: null,
                sdi: null,
                invoice_issued: true,
                invoice_number: '1/2026',
                invoice_date: '2026-01-15',
              },
            });
          token = await loginCustomer(params);
        },
      }),
    60_000,
  );

  it(
    'verifies every interaction of mf-admin',
    () =>
      verify('mf-admin', {
        'a staff user exists': async ({ username, password }) => {
          await upsertStaff(db(), { username: username!, password: password!, role: 'admin' });
        },
        'a staff user is logged in': async (params) => {
          token = await loginStaff(params);
        },
        'an order exists': async (params) => {
          await orderIn(params);
        },
        // Written afresh each time: an interaction's notes do not leak into the next one's page.
        'a company customer is registered': async ({ id, email }) => {
          await db().delete(customers).where(eq(customers.id, id!));
          await db()
            .insert(customers)
            .values({
              id: id!,
              email: email!,
              passwordHash: 'not-a-password',
              telefono: '0536 949111',
              tipoCliente: 'azienda',
              datiAzienda: {
                ragione_sociale: 'Ferrari S.p.A.',
                piva: '00159560366',
                codice_fiscale_azienda: '00159560366',
                pec: null,
                sdi: 'ABC1234',
                referente: null,
              },
              street: 'Via Abetone Inferiore 4',
              city: 'Maranello',
              province: 'MO',
              cap: '41053',
            });
        },
        'an order awaits a bank transfer': async (params) => {
          await orderIn({ ...params, status: 'pending', payment_method: 'transfer' });
        },
        'an order requires an invoice': async (params) => {
          await orderRequiringInvoice(params);
        },
        'an order has an issued invoice': async (params) => {
          await orderWithInvoice(params);
        },
        'an order has a credit note': orderWithCreditNote,
        'the shop has one shipping rule': oneShippingRule,
        'the shop has one discount code': async (params) => {
          await oneDiscountCode(params);
        },
        'invoices 1/2026 to 6/2026 are issued': async () => {
          const holder = await orderRequiringInvoice({
            id: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
            status: 'paid',
          });
          await db()
            .insert(fiscalNumbers)
            .values(
              [1, 2, 3, 4, 5, 6].map((seq) => ({
                year: 2026,
                seq,
                number: `${seq}/2026`,
                kind: 'invoice' as const,
                orderId: holder,
                issuedOn: `2026-0${seq}-15`,
              })),
            );
        },
        'an order has a Packlink shipment with a label': (params) => orderWithShipment(params, true),
        'an order has a Packlink shipment without a label yet': (params) => orderWithShipment(params, false),
        // The counter (the cashier's states come first: the sales are made with the cashier's token).
        'a cashier is logged in': async ({ username, password }) => {
          await upsertStaff(db(), { username: username!, password: password!, role: 'cashier' });
          const res = await api().post('/api/auth/login').send({ username, password });
          token = res.body.access_token as string;
        },
        'an article is in the catalogue': counterArticle,
        'a counter sale was made today': async (params) => {
          await counterSale(params, 1);
        },
        // Moved back to that day, so the day's list holds this one sale whatever else the verification sold.
        'a counter sale was made on 2026-11-20': async (params) => {
          const id = await counterSale(params, 1);
          await db()
            .update(counterSales)
            .set({ createdAt: new Date('2026-11-20T10:00:00.000Z') })
            .where(eq(counterSales.orderId, id));
        },
        'a counter sale of two units was made': async (params) => {
          saleReference = { consumer: params.sale_id!, real: await counterSale(params, 2) };
        },
        'the counter closed a day': async (params) => {
          await counterSale(params, 1);
          const closed = await api()
            .post('/api/pos/closures')
            .set('Authorization', `Bearer ${token}`)
            .set('Idempotency-Key', randomUUID());
          if (closed.status !== 201) throw new Error(`day not closed: ${JSON.stringify(closed.body)}`);
        },
      }),
    60_000,
  );
});
