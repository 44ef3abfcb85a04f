import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import {
  EbayListing,
  EVENTS,
  grossCents,
  StockMovementList,
  VisitStats,
  type Event,
  type EventData,
  type EventType,
} from '@edicola/contracts';
import {
  createInternalTokens,
  createTokenSigner,
  generateSigningKey,
  localKeySetVerifier,
} from '@edicola/platform';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { articles, ebayListings, outbox, processedEvents } from '../src/db/schema';
import { DEMO_ARTICLES } from '../src/demo/catalogue';
import { loadDemoCatalogue } from '../src/demo/seed';
import { catalogService } from '../src/service';

const SECRET = 'ebay-settings-internal-secret-of-40-chars';
const RESERVATIONS = '/internal/stock/reservations';

type ArticleChanged = EventData<'article.changed'>;

// On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.
describe('svc-catalog: article.changed on every change, the eBay settings and listing.changed', () => {
  let catalog: TestService<unknown>;
  const tokens = { admin: '', staff: '', cashier: '', customer: '' };
  let ordersToken: string;
  const api = () => request(catalog.service.app);
  const db = () => catalog.testDatabase.database.db;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    const signer = await generateSigningKey().then(createTokenSigner);
    const sign = (role: 'admin' | 'staff' | 'cashier' | 'customer', name: string) =>
      signer.sign({ sub: `u-${role}`, kind: role === 'customer' ? 'customer' : 'staff', role, name }, 600);
    tokens.admin = await sign('admin', 'titolare');
    tokens.staff = await sign('staff', 'commesso');
    tokens.cashier = await sign('cashier', 'cassiera');
    tokens.customer = await sign('customer', 'mario');
    catalog = await startTestService(catalogService, {
      verifier: localKeySetVerifier(signer.publicKeySet),
      env: { DEMO_DATA: 'false', INTERNAL_TOKEN_SECRET: SECRET },
    });
    ordersToken = await createInternalTokens(SECRET).sign('svc-orders', 'svc-catalog');
  }, 60_000);
  afterAll(() => catalog?.stop());

  const form = (sku: string, extra: Record<string, string> = {}) => ({
    sku,
    title: `Articolo ${sku}`,
    description: 'Per i test di eBay',
    category: 'Modellismo',
    price: '49.90',
    iva_percentage: '22',
    quantity_stock: '3',
    ...extra,
  });
  const postArticle = async (sku: string, extra: Record<string, string> = {}) => {
    const res = await api().post('/api/articles').set(as(tokens.staff)).field(form(sku, extra));
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** An article written straight to the database (no event, revision 0). */
  async function article(fields: { stock: number; active?: boolean }) {
    const id = randomUUID();
    await db()
      .insert(articles)
      .values({
        id,
        sku: `EBY-${id.slice(0, 8)}`,
        title: `Articolo ${id.slice(0, 4)}`,
        description: 'Per i test di eBay',
        category: 'Modellismo',
        priceCents: 4990,
        ivaPercentage: 22,
        quantityStock: fields.stock,
        isActive: fields.active ?? true,
      });
    return id;
  }
  const reserve = (body: object) => api().post(RESERVATIONS).set(as(ordersToken)).send(body);
  const emit = async <T extends EventType>(type: T, data: Event<T>['data']) => {
    const event = await db().transaction((tx) => catalog.service.context.bus.emit(tx, type, data as never));
    await waitFor(
      async () =>
        (await db().select().from(processedEvents).where(eq(processedEvents.eventId, event.id))).length > 0,
    );
  };
  const outboxOf = async (type: EventType) =>
    (await db().select().from(outbox).where(eq(outbox.type, type))).map((row) => row.envelope as Event);
  /** The article.changed events of an article, as valid data, by revision. */
  const changesOf = async (id: string): Promise<ArticleChanged[]> =>
    (await outboxOf('article.changed'))
      .map((e) => EVENTS['article.changed'].data.parse(e.data))
      .filter((data) => data.article_id === id)
      .sort((a, b) => a.revision - b.revision);
  /** Runs a change and expects exactly one new article.changed of the article, with a higher revision. */
  async function oneChange(id: string, change: () => Promise<unknown>): Promise<ArticleChanged> {
    const before = await changesOf(id);
    await change();
    const after = await changesOf(id);
    expect(after).toHaveLength(before.length + 1);
    const last = after.at(-1)!;
    expect(last.revision).toBeGreaterThan(before.at(-1)?.revision ?? 0);
    return last;
  }
  const stockOf = async (id: string) =>
    (await db().select().from(articles).where(eq(articles.id, id)))[0]!.quantityStock;

  describe('article.changed', () => {
    it('announces a new article with its state: gross price, stock, photo, no eBay settings', async () => {
      const id = await postArticle('EBY-NEW-1', {
        price: '100.00',
        iva_percentage: '22',
        quantity_stock: '3',
      });
      const [created, ...more] = await changesOf(id);
      expect(more).toHaveLength(0);
      expect(created).toMatchObject({
        article_id: id,
        revision: 1,
        sku: 'EBY-NEW-1',
        title: 'Articolo EBY-NEW-1',
        description: 'Per i test di eBay',
        category: 'Modellismo',
        ean: null,
        unit_gross_cents: 12200,
        quantity_stock: 3,
        active: true,
        photo_urls: [],
        ebay: { enabled: false, price_cents: null, buffer: 0 },
        deleted: false,
      });
    });

    it('announces each stock movement once, with a higher revision and the stock after it', async () => {
      const id = await article({ stock: 10 });
      const web = randomUUID();
      const counter = randomUUID();
      const unpaid = randomUUID();
      const paid = randomUUID();
      const cancelled = (orderId: string, from: 'pending' | 'paid') => ({
        order_id: orderId,
        order_version: 3,
        from,
        to: 'cancelled' as const,
        items: [],
        customer_email: 'mario.rossi@example.it',
        tracking_number: null,
        language: 'it' as const,
      });
      const steps: [string, () => Promise<unknown>, number][] = [
        ['web order', () => reserve({ order_id: web, lines: [{ article_id: id, quantity: 2 }] }), 8],
        [
          'counter sale',
          () =>
            reserve({
              order_id: counter,
              channel: 'counter',
              username: 'cassiera',
              lines: [{ article_id: id, quantity: 1 }],
            }),
          7,
        ],
        ['release (DELETE)', () => api().delete(`${RESERVATIONS}/${counter}`).set(as(ordersToken)), 8],
        [
          'restock of a refund',
          () =>
            emit('order.items_restocked', {
              order_id: web,
              restock_id: randomUUID(),
              items: [{ article_id: id, quantity: 1 }],
              restocked_at: new Date().toISOString(),
            }),
          9,
        ],
        ['unpaid order', () => reserve({ order_id: unpaid, lines: [{ article_id: id, quantity: 1 }] }), 8],
        ['unpaid order cancelled', () => emit('order.status_changed', cancelled(unpaid, 'pending')), 9],
        ['paid order', () => reserve({ order_id: paid, lines: [{ article_id: id, quantity: 3 }] }), 6],
        ['paid order cancelled', () => emit('order.status_changed', cancelled(paid, 'paid')), 9],
        [
          "staff's delta",
          () =>
            api()
              .post(`/api/articles/${id}/stock`)
              .set(as(tokens.staff))
              .send({ delta: -2, reason: 'damaged', note: 'Scatole rotte' }),
          7,
        ],
        [
          'external sale',
          () =>
            api()
              .post('/api/stock/external-sales')
              .set(as(tokens.staff))
              .send({ article_id: id, quantity: 1, channel: 'subito' }),
          6,
        ],
      ];
      for (const [step, change, stock] of steps) {
        const changed = await oneChange(id, change);
        expect({ step, stock: changed.quantity_stock }).toEqual({ step, stock });
        expect(await stockOf(id)).toBe(stock);
      }
    });

    it('announces a reservation of many lines once per article, and a refused one not at all', async () => {
      const a = await article({ stock: 5 });
      const b = await article({ stock: 1 });
      const before = { a: (await changesOf(a)).length, b: (await changesOf(b)).length };
      const refused = await reserve({
        order_id: randomUUID(),
        lines: [
          { article_id: a, quantity: 2 },
          { article_id: b, quantity: 2 },
        ],
      });
      expect(refused.status).toBe(409);
      expect(await changesOf(a)).toHaveLength(before.a);
      expect(await changesOf(b)).toHaveLength(before.b);
      expect(await stockOf(a)).toBe(5);

      const taken = await reserve({
        order_id: randomUUID(),
        lines: [
          { article_id: a, quantity: 2 },
          { article_id: b, quantity: 1 },
        ],
      });
      expect(taken.status).toBe(200);
      expect((await changesOf(a)).map((c) => c.quantity_stock).slice(before.a)).toEqual([3]);
      expect((await changesOf(b)).map((c) => c.quantity_stock).slice(before.b)).toEqual([0]);
    });

    it("announces edits of the article's fields, its activity and its deletion", async () => {
      const id = await postArticle('EBY-EDIT-1', { ean: '2000000000015' });
      const edited = await oneChange(id, async () => {
        const res = await api()
          .put(`/api/articles/${id}`)
          .set(as(tokens.staff))
          .field(
            form('EBY-EDIT-1', {
              title: 'Casco Agostini 1:2',
              description: 'Replica del casco',
              category: 'Caschi',
              price: '200.00',
              iva_percentage: '10',
              ean: '2000000000022',
            }),
          );
        expect(res.status).toBe(200);
      });
      expect(edited).toMatchObject({
        title: 'Casco Agostini 1:2',
        description: 'Replica del casco',
        category: 'Caschi',
        ean: '2000000000022',
        unit_gross_cents: grossCents(20000, 10),
        quantity_stock: 3,
      });
      const inactive = await oneChange(id, async () => {
        const res = await api()
          .patch(`/api/articles/${id}/active`)
          .set(as(tokens.staff))
          .send({ is_active: false });
        expect(res.status).toBe(200);
      });
      expect(inactive).toMatchObject({ active: false, deleted: false });
      const deleted = await oneChange(id, async () => {
        expect((await api().delete(`/api/articles/${id}`).set(as(tokens.admin))).status).toBe(200);
      });
      expect(deleted).toMatchObject({ active: false, deleted: true, sku: 'EBY-EDIT-1' });
    });

    it('announces a refused edit not at all', async () => {
      const id = await postArticle('EBY-STALE-1');
      const before = await changesOf(id);
      const stale = await api()
        .put(`/api/articles/${id}`)
        .set(as(tokens.staff))
        .field(form('EBY-STALE-1', { version: '99', price: '1.00' }));
      expect(stale.status).toBe(409);
      const negative = await api()
        .post(`/api/articles/${id}/stock`)
        .set(as(tokens.staff))
        .send({ delta: -9, reason: 'correction' });
      expect(negative.status).toBe(409);
      expect(await changesOf(id)).toEqual(before);
    });

    it('announces every article of the demo catalogue as it is seeded', async () => {
      await loadDemoCatalogue(db(), catalog.service.context.bus, pino({ level: 'silent' }));
      const demo = DEMO_ARTICLES[0]!;
      const [row] = await db()
        .select()
        .from(articles)
        .where(and(eq(articles.sku, demo.sku)));
      const changes = await changesOf(row!.id);
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ revision: 1, quantity_stock: demo.quantity_stock, sku: demo.sku });
      // Every photo, the cover first (docs/product/article-pages.md#photos).
      expect(changes[0]!.photo_urls[0]).toBe(row!.photoUrl);
      expect(changes[0]!.photo_urls).toHaveLength(1 + (demo.more_photos?.length ?? 0));
      const seeded = new Set((await outboxOf('article.changed')).map((e) => e.data.article_id as string));
      const ids = await db().select({ id: articles.id, sku: articles.sku }).from(articles);
      const demoIds = ids.filter((r) => DEMO_ARTICLES.some((d) => d.sku === r.sku)).map((r) => r.id);
      expect(demoIds).toHaveLength(DEMO_ARTICLES.length);
      expect(demoIds.every((demoId) => seeded.has(demoId))).toBe(true);
    }, 120_000);
  });

  describe('reservations for eBay orders', () => {
    it("records the units of an eBay order in the ledger with channel ebay, and counts them as eBay's", async () => {
      const stats = async () =>
        VisitStats.parse((await api().get('/analytics/stats').set(as(tokens.staff))).body).units_by_channel;
      const ebayUnits = async () => (await stats()).find((c) => c.channel === 'ebay')!.month_units;
      const before = await ebayUnits();
      const id = await article({ stock: 4 });
      const orderId = randomUUID();
      const res = await reserve({
        order_id: orderId,
        channel: 'ebay',
        username: 'ebay',
        lines: [{ article_id: id, quantity: 2 }],
      });
      expect(res.status).toBe(200);
      const ledger = await api().get(`/api/articles/${id}/stock-movements`).set(as(tokens.staff));
      expect(StockMovementList.parse(ledger.body)[0]).toMatchObject({
        delta: -2,
        reason: 'sale',
        channel: 'ebay',
        reference: orderId,
        stock_after: 2,
        username: 'ebay',
      });
      expect(await ebayUnits()).toBe(before + 2);
      const unknown = await reserve({
        order_id: randomUUID(),
        channel: 'amazon',
        lines: [{ article_id: id, quantity: 1 }],
      });
      expect(unknown.status).toBe(422);
      expect(await stockOf(id)).toBe(2);
    });
  });

  describe('GET and PUT /api/articles/{id}/ebay', () => {
    const getEbay = (id: string, token = tokens.staff) =>
      api().get(`/api/articles/${id}/ebay`).set(as(token));
    const putEbay = (id: string, body: unknown, token = tokens.staff) =>
      api()
        .put(`/api/articles/${id}/ebay`)
        .set(as(token))
        .send(body as object);

    it('gives an article never put on eBay as not listed, with nulls', async () => {
      const id = await article({ stock: 2 });
      const res = await getEbay(id);
      expect(res.status).toBe(200);
      expect(EbayListing.parse(res.body)).toEqual({
        article_id: id,
        enabled: false,
        price: null,
        buffer: 0,
        state: 'not_listed',
        listing_id: null,
        listing_url: null,
        quantity_on_ebay: null,
        error: null,
        updated_at: null,
      });
    });

    it('saves the settings, answers pending, announces them and audits who changed what', async () => {
      const id = await article({ stock: 3 });
      const changed = await oneChange(id, async () => {
        const res = await putEbay(id, { enabled: true, price: 159.9, buffer: 1 });
        expect(res.status).toBe(200);
        expect(EbayListing.parse(res.body)).toMatchObject({
          article_id: id,
          enabled: true,
          price: 159.9,
          buffer: 1,
          state: 'pending',
          listing_id: null,
        });
      });
      expect(changed).toMatchObject({
        quantity_stock: 3,
        active: true,
        ebay: { enabled: true, price_cents: 15990, buffer: 1 },
      });
      expect((await getEbay(id)).body).toMatchObject({
        enabled: true,
        price: 159.9,
        buffer: 1,
        state: 'pending',
      });
      const audited = (await outboxOf('audit.recorded')).filter((e) => e.data.entity_id === id);
      expect(audited).toHaveLength(1);
      expect(audited[0]!.data).toMatchObject({
        entity: 'article',
        action: 'updated',
        actor: { username: 'commesso' },
        changes: {
          ebay_enabled: { from: false, to: true },
          ebay_price: { from: null, to: 159.9 },
          ebay_buffer: { from: 0, to: 1 },
        },
      });
      const [row] = await db().select().from(ebayListings).where(eq(ebayListings.articleId, id));
      expect(row!.settingsUpdatedBy).toBe('commesso');

      // Withdrawn before eBay was reached: back to not listed, the shop's price again.
      const withdrawn = await oneChange(id, async () => {
        const res = await putEbay(id, { enabled: false });
        expect(res.body).toMatchObject({ enabled: false, price: null, buffer: 0, state: 'not_listed' });
      });
      expect(withdrawn.ebay).toEqual({ enabled: false, price_cents: null, buffer: 0 });
    });

    it('allows an inactive article: announced inactive, eBay gets no units', async () => {
      const id = await article({ stock: 3, active: false });
      const changed = await oneChange(id, async () => {
        expect((await putEbay(id, { enabled: true })).body).toMatchObject({ state: 'pending', price: null });
      });
      expect(changed).toMatchObject({ active: false, ebay: { enabled: true, price_cents: null, buffer: 0 } });
    });

    it('refuses bad input with a plain Italian 422, writing nothing', async () => {
      const id = await article({ stock: 3 });
      const cases: [unknown, string][] = [
        [{}, 'Indica se vendere su eBay (enabled: true o false)'],
        [{ enabled: 'sì' }, 'Indica se vendere su eBay (enabled: true o false)'],
        [{ enabled: true, price: 10.123 }, 'Il prezzo eBay ha al massimo 2 decimali'],
        [{ enabled: true, price: 0 }, 'Il prezzo eBay deve essere maggiore di zero'],
        [{ enabled: true, price: '12' }, 'Il prezzo eBay deve essere un numero'],
        [{ enabled: true, buffer: -1 }, 'Le unità da tenere fuori da eBay non possono essere negative'],
        [{ enabled: true, buffer: 1.5 }, 'Le unità da tenere fuori da eBay devono essere un numero intero'],
        [{ enabled: true, buffer: 1000 }, 'Troppe unità da tenere fuori da eBay'],
      ];
      // The platform prefixes the field the message is about (as for every route).
      for (const [body, detail] of cases) {
        const res = await putEbay(id, body);
        expect({ body, status: res.status }).toEqual({ body, status: 422 });
        expect(res.body.detail).toContain(detail);
      }
      const badId = await putEbay('not-a-uuid', { enabled: true });
      expect(badId.status).toBe(422);
      expect(badId.body.detail).toContain('Identificativo articolo non valido');
      expect((await getEbay('not-a-uuid')).status).toBe(422);
      expect(await changesOf(id)).toHaveLength(0);
      expect(await db().select().from(ebayListings).where(eq(ebayListings.articleId, id))).toHaveLength(0);
    });

    it('answers 404 for an unknown or deleted article', async () => {
      const missing = randomUUID();
      expect((await getEbay(missing)).body).toEqual({ detail: 'Articolo non trovato' });
      expect((await putEbay(missing, { enabled: true })).status).toBe(404);
      const id = await postArticle('EBY-GONE-1');
      expect((await api().delete(`/api/articles/${id}`).set(as(tokens.admin))).status).toBe(200);
      expect((await getEbay(id)).status).toBe(404);
      expect((await putEbay(id, { enabled: true })).status).toBe(404);
      expect(await db().select().from(ebayListings).where(eq(ebayListings.articleId, missing))).toHaveLength(
        0,
      );
    });

    it('is for staff and admins only', async () => {
      const id = await article({ stock: 1 });
      expect((await api().get(`/api/articles/${id}/ebay`)).status).toBe(401);
      expect((await api().put(`/api/articles/${id}/ebay`).send({ enabled: true })).status).toBe(401);
      for (const token of [tokens.customer, tokens.cashier]) {
        expect((await getEbay(id, token)).status).toBe(403);
        expect((await putEbay(id, { enabled: true }, token)).status).toBe(403);
      }
      expect((await putEbay(id, { enabled: true, buffer: 2 }, tokens.admin)).status).toBe(200);
      expect((await getEbay(id, tokens.admin)).body).toMatchObject({ enabled: true, buffer: 2 });
    });
  });

  describe('listing.changed', () => {
    const report = (articleId: string, revision: number, fields: Partial<EventData<'listing.changed'>>) => ({
      article_id: articleId,
      channel: 'ebay' as const,
      revision,
      state: 'listed' as const,
      listing_id: '110554321234',
      listing_url: 'https://www.ebay.it/itm/110554321234',
      quantity: 2,
      error: null,
      changed_at: '2026-11-28T09:00:30.000Z',
      ...fields,
    });
    const getEbay = async (id: string) =>
      EbayListing.parse((await api().get(`/api/articles/${id}/ebay`).set(as(tokens.staff))).body);

    it('keeps the latest report by revision and ignores a stale one', async () => {
      const id = await article({ stock: 3 });
      await api().put(`/api/articles/${id}/ebay`).set(as(tokens.staff)).send({ enabled: true, buffer: 1 });
      await emit('listing.changed', report(id, 2, {}));
      expect(await getEbay(id)).toEqual({
        article_id: id,
        enabled: true,
        price: null,
        buffer: 1,
        state: 'listed',
        listing_id: '110554321234',
        listing_url: 'https://www.ebay.it/itm/110554321234',
        quantity_on_ebay: 2,
        error: null,
        updated_at: '2026-11-28T09:00:30.000Z',
      });
      await emit('listing.changed', report(id, 1, { state: 'pending', listing_id: null, quantity: null }));
      expect(await getEbay(id)).toMatchObject({
        state: 'listed',
        listing_id: '110554321234',
        quantity_on_ebay: 2,
      });
      await emit('listing.changed', report(id, 2, { quantity: 9 }));
      expect((await getEbay(id)).quantity_on_ebay).toBe(2);

      // A listed article stays listed when its settings change; the settings stay when eBay reports.
      await api().put(`/api/articles/${id}/ebay`).set(as(tokens.staff)).send({ enabled: true, price: 99 });
      expect(await getEbay(id)).toMatchObject({ state: 'listed', price: 99, buffer: 0 });
      await emit(
        'listing.changed',
        report(id, 3, { state: 'error', error: 'eBay ha rifiutato la categoria' }),
      );
      expect(await getEbay(id)).toMatchObject({
        state: 'error',
        error: 'eBay ha rifiutato la categoria',
        price: 99,
      });

      // A new PUT after eBay refused tries again.
      await api().put(`/api/articles/${id}/ebay`).set(as(tokens.staff)).send({ enabled: true, price: 99 });
      expect(await getEbay(id)).toMatchObject({ state: 'pending', error: null });
    });

    it('keeps a report on an article never set up here, and drops one on an unknown article', async () => {
      const id = await article({ stock: 1 });
      await emit('listing.changed', report(id, 1, { state: 'ended' }));
      expect(await getEbay(id)).toMatchObject({ enabled: false, state: 'ended' });
      const unknown = randomUUID();
      await emit('listing.changed', report(unknown, 1, {}));
      expect(await db().select().from(ebayListings).where(eq(ebayListings.articleId, unknown))).toHaveLength(
        0,
      );
    });
  });
});
