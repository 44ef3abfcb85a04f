import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import {
  InternalOrder,
  NextInvoiceNumber,
  SdiDocumentList,
  SdiRejectionList,
  SdiSendResult,
  type SdiDocument,
} from '@edicola/contracts';
import { ConfigError } from '@edicola/platform';
import { waitFor } from '@edicola/platform/testing';
import { orderRecords, sdiDocuments } from '../src/db/schema';
import { createFakeSdi, type FakeSdi } from '../src/fakes/sdi/fake-sdi';
import { sdiChannelFrom } from '../src/sdi/setup';
import { upsertStaff } from '../src/staff/users';
import { orderBody, STAFF, startShop, type Shop } from './shop';

const API_KEY = 'test-sdi-intermediary-key-0123456789';
const SHOP_FISCAL = {
  SHOP_VAT_NUMBER: '00743110157',
  SHOP_ADDRESS: 'Via Roma 1',
  SHOP_CAP: '80100',
  SHOP_CITY: 'Napoli',
  SHOP_PROVINCE: 'NA',
};

describe('invoices to the SdI (live mode against the fake intermediary, through the real client)', () => {
  jest.setTimeout(60_000);
  let shop: Shop;
  let fake: FakeSdi;
  let closeFake: () => Promise<void>;
  let staffToken: string;
  let cashierToken: string;
  const api = () => request(shop.orders.app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    fake = createFakeSdi({ apiKey: API_KEY, receiptAfterMs: 0 });
    const server = await fake.listen();
    closeFake = server.close;
    shop = await startShop({
      ...SHOP_FISCAL,
      SDI_MODE: 'live',
      SDI_API_BASE: server.apiBase,
      SDI_API_KEY: API_KEY,
      SDI_SEND_INTERVAL_MS: '150',
      SDI_POLL_INTERVAL_MS: '150',
      SDI_RETRY_MS: '100',
      SDI_MAX_RETRY_MS: '300',
    });
    await upsertStaff(shop.db, { username: 'commessa', password: 'Commessa-2026!', role: 'staff' });
    await upsertStaff(shop.db, { username: 'cassa', password: 'Cassiera-2026!', role: 'cashier' });
    const login = async (body: object) =>
      (await api().post('/api/auth/login').send(body)).body.access_token as string;
    staffToken = await login({ username: 'commessa', password: 'Commessa-2026!' });
    cashierToken = await login({ username: 'cassa', password: 'Cassiera-2026!' });
  }, 90_000);
  afterAll(async () => {
    await shop?.stop();
    await closeFake?.();
  });
  afterEach(() => fake.setDown(false));

  const company = (sdi: string | null, piva = '00159560366') => ({
    requires_invoice: true,
    invoice_type: 'azienda',
    ragione_sociale: 'Ferrari S.p.A.',
    piva,
    codice_fiscale_azienda: piva,
    sdi,
    pec: null,
  });
  const person = { requires_invoice: true, invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562S' };

  async function placeOrder(invoiceData: object): Promise<string> {
    const article = await shop.addArticle({ stock: 100, priceCents: 1000, iva: 22 });
    const res = await api()
      .post('/internal/orders')
      .set(bearer(await shop.internalToken()))
      .send({
        ...orderBody([{ article_id: article, quantity: 1 }], 0, { invoice_data: invoiceData }),
        total_amount: undefined,
        payment_method: 'card',
        order_id: randomUUID(),
        customer_id: null,
        client_address: '203.0.113.1',
      });
    expect(res.status).toBe(201);
    return InternalOrder.parse(res.body).order_id;
  }

  async function issue(orderId: string): Promise<string> {
    const next = NextInvoiceNumber.parse(
      (await api().get('/api/invoices/next-number').set(bearer(staffToken))).body,
    );
    const res = await api()
      .put(`/orders/${orderId}/invoice`)
      .set(bearer(staffToken))
      .send({ invoice_number: next.invoice_number, invoice_date: next.invoice_date });
    expect(res.status).toBe(200);
    return next.invoice_number;
  }

  const documentsOf = async (orderId: string): Promise<SdiDocument[]> =>
    SdiDocumentList.parse((await api().get(`/api/orders/${orderId}/sdi`).set(bearer(staffToken))).body);

  async function settled(orderId: string, state: SdiDocument['state']): Promise<SdiDocument> {
    let doc: SdiDocument | undefined;
    await waitFor(async () => {
      [doc] = await documentsOf(orderId);
      return doc?.state === state;
    });
    return doc!;
  }

  it('sends an issued invoice on its own; the SdI delivers it (RC) and the order shows it with its history', async () => {
    const order = await placeOrder(company('ABC1234'));
    const number = await issue(order);
    const doc = await settled(order, 'delivered');
    expect(doc).toMatchObject({ kind: 'invoice', number, reason: null, last_error: null });
    expect(doc.file_name).toMatch(/^IT00743110157_[0-9A-Z]+\.xml$/);
    expect(doc.sdi_id).toMatch(/^\d+$/);
    expect(doc.history.map((h) => [h.state, h.receipt])).toEqual([
      ['to_send', null],
      ['sent', null],
      ['delivered', 'RC'],
    ]);
    const file = fake.files().find((f) => f.file_name === doc.file_name)!;
    expect(file.xml).toContain(`<Numero>${number}</Numero>`);
    expect(file.xml).toContain('<CodiceDestinatario>ABC1234</CodiceDestinatario>');
  });

  it('a consumer’s invoice is not delivered (MC) but valid: the customer finds it in their reserved area', async () => {
    const order = await placeOrder(person);
    await issue(order);
    const doc = await settled(order, 'not_delivered');
    expect(doc.history.at(-1)).toMatchObject({
      receipt: 'MC',
      text: expect.stringContaining('area riservata'),
    });
  });

  it('a rejection (NS) shows its reason, opens the data again and goes out corrected with the same number', async () => {
    const order = await placeOrder(company('ABC1234'));
    await api()
      .post('/api/admin/sdi/demo/next-receipt')
      .set(bearer(staffToken))
      .send({ receipt: 'NS' })
      .expect(404); // live mode: there is no demo SdI to script
    fake.scriptNext({ receipt: 'NS', code: '00311', text: '1.1.4 <CodiceDestinatario> non valido' });
    const number = await issue(order);
    const rejected = await settled(order, 'rejected');
    expect(rejected.reason).toBe('00311 1.1.4 <CodiceDestinatario> non valido');
    expect(rejected.history.at(-1)).toMatchObject({ receipt: 'NS', code: '00311' });

    const rejections = SdiRejectionList.parse(
      (await api().get('/api/admin/sdi/rejections').set(bearer(staffToken))).body,
    );
    expect(rejections).toContainEqual(
      expect.objectContaining({
        order_id: order,
        document_id: rejected.id,
        document_number: number,
        kind: 'invoice',
        reason: rejected.reason,
      }),
    );

    // The buyer's data are corrected: allowed while rejected, the number and date kept.
    const fix = await api()
      .put(`/api/orders/${order}/invoice-data`)
      .set(bearer(staffToken))
      .send({ ...company('XYZ9876') });
    expect(fix.status).toBe(200);
    expect(fix.body.invoice_data).toMatchObject({
      sdi: 'XYZ9876',
      invoice_issued: true,
      invoice_number: number,
    });

    const sent = SdiSendResult.parse(
      (
        await api()
          .post('/api/admin/sdi/send')
          .set(bearer(staffToken))
          .send({ document_ids: [rejected.id] })
      ).body,
    );
    expect(sent.queued.map((d) => d.id)).toEqual([rejected.id]);
    const delivered = await settled(order, 'delivered');
    // A new file (the SdI refuses a name it had), with the same number and the corrected recipient.
    expect(delivered.file_name).not.toBe(rejected.file_name);
    expect(delivered.file_name).toMatch(/^IT00743110157_B[0-9A-Z]+\.xml$/);
    const file = fake.files().find((f) => f.file_name === delivered.file_name)!;
    expect(file.xml).toContain(`<Numero>${number}</Numero>`);
    expect(file.xml).toContain('<CodiceDestinatario>XYZ9876</CodiceDestinatario>');
    const after = SdiRejectionList.parse(
      (await api().get('/api/admin/sdi/rejections').set(bearer(staffToken))).body,
    );
    expect(after.find((r) => r.document_id === rejected.id)).toBeUndefined();
    // Delivered: the data are locked again.
    const locked = await api()
      .put(`/api/orders/${order}/invoice-data`)
      .set(bearer(staffToken))
      .send({ ...company('ABC1234') });
    expect(locked.status).toBe(409);
  });

  it('the SdI’s own check: a buyer’s P.IVA that fails it is rejected (NS 00305)', async () => {
    // Entered by hand it would be refused (fiscal identifiers are checked), so the order carries it as stored.
    const order = await placeOrder(company('ABC1234'));
    const [row] = await shop.db.select().from(orderRecords).where(eq(orderRecords.id, order));
    await shop.db
      .update(orderRecords)
      .set({ invoiceData: { ...row!.invoiceData!, piva: '00159560367' } })
      .where(eq(orderRecords.id, order));
    await issue(order);
    const doc = await settled(order, 'rejected');
    expect(doc.reason).toMatch(/^00305 1\.4\.1\.1\.2 <IdCodice> non valido : 00159560367/);
  });

  it('tries again with back-off while the intermediary is down, then sends once it is back', async () => {
    fake.setDown(true);
    const before = fake.received;
    const order = await placeOrder(company('ABC1234'));
    await issue(order);
    let waiting: SdiDocument | undefined;
    await waitFor(async () => {
      [waiting] = await documentsOf(order);
      return fake.received >= before + 2 && waiting?.state === 'queued';
    });
    expect(waiting!.last_error).toMatch(/503/);
    expect(waiting!.next_attempt_at).not.toBeNull();
    expect(waiting!.history.some((h) => h.text.startsWith('Invio non riuscito'))).toBe(true);
    fake.setDown(false);
    const doc = await settled(order, 'delivered');
    expect(doc.last_error).toBeNull();
    expect(fake.files().filter((f) => f.file_name === doc.file_name)).toHaveLength(1);
  });

  it('a batch sends once: what is on its way or answered is left alone, a stuck sending is swept and not doubled', async () => {
    const order = await placeOrder(company('ABC1234'));
    await issue(order);
    const doc = await settled(order, 'delivered');
    const files = fake.files().length;
    const again = SdiSendResult.parse(
      (
        await api()
          .post('/api/admin/sdi/send')
          .set(bearer(staffToken))
          .send({ document_ids: [doc.id, doc.id] })
      ).body,
    );
    expect(again.queued).toEqual([]);
    const all = SdiSendResult.parse((await api().post('/api/admin/sdi/send').set(bearer(staffToken))).body);
    expect(all.queued.find((d) => d.id === doc.id)).toBeUndefined();

    // A process that died after the intermediary took the file, before it recorded so: `sending` past its deadline.
    await shop.db
      .update(sdiDocuments)
      .set({
        state: 'sending',
        claimDeadline: new Date(Date.now() - 1000),
        providerId: null,
        seenReceipts: [],
      })
      .where(eq(sdiDocuments.id, doc.id));
    const swept = await settled(order, 'delivered');
    expect(swept.history.some((h) => h.text.startsWith('Invio interrotto'))).toBe(true);
    // Sent again under the same file name: the intermediary answered with the file it had, none was added.
    expect(fake.files().length).toBe(files);
    expect(swept.file_name).toBe(doc.file_name);
    const bad = await api()
      .post('/api/admin/sdi/send')
      .set(bearer(staffToken))
      .send({ document_ids: ['not-an-id'] });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('Documento non valido');
  });

  it('is staff’s work: a cashier and a caller without a token are refused', async () => {
    for (const path of ['/api/admin/sdi/rejections', '/api/admin/sdi/status']) {
      expect((await api().get(path).set(bearer(cashierToken))).status).toBe(403);
      expect((await api().get(path)).status).toBe(401);
    }
    expect((await api().post('/api/admin/sdi/send').set(bearer(cashierToken)).send({})).status).toBe(403);
    const admin = (await api().post('/api/auth/login').send(STAFF)).body.access_token as string;
    expect((await api().get('/api/admin/sdi/status').set(bearer(admin))).body).toEqual({
      mode: 'live',
      auto_send: true,
    });
  });
});

describe('SDI_MODE', () => {
  const logger = pino({ level: 'silent' });
  const real = { ok: true as const, shop: { demo: false } as never };

  it('live fails closed without the intermediary’s address and key, or with demo fiscal data', () => {
    expect(() =>
      sdiChannelFrom(
        { SDI_MODE: 'live', SDI_DEMO_RECEIPT_MS: 0 },
        { embedded: true, shopFiscal: real, logger },
      ),
    ).toThrow(ConfigError);
    expect(() =>
      sdiChannelFrom(
        {
          SDI_MODE: 'live',
          SDI_API_BASE: 'https://sdi.example/v1/',
          SDI_API_KEY: API_KEY,
          SDI_DEMO_RECEIPT_MS: 0,
        },
        { embedded: true, shopFiscal: { ok: true, shop: { demo: true } as never }, logger },
      ),
    ).toThrow(ConfigError);
  });

  it('defaults to demo in the all-in-one shop and to off for a service on its own', () => {
    expect(
      sdiChannelFrom({ SDI_DEMO_RECEIPT_MS: 0 }, { embedded: true, shopFiscal: real, logger }).mode,
    ).toBe('demo');
    expect(
      sdiChannelFrom({ SDI_DEMO_RECEIPT_MS: 0 }, { embedded: false, shopFiscal: real, logger }).mode,
    ).toBe('off');
  });
});
