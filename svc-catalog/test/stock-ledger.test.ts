import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import {
  AdminArticle,
  ArticleList,
  ArticlesByEan,
  INVALID_EAN_DETAIL,
  isValidEan,
  StockAdjusted,
  StockLookup,
  StockMovementList,
  VisitStats,
  type Event,
  type EventType,
} from '@edicola/contracts';
import {
  createInternalTokens,
  createTokenSigner,
  generateSigningKey,
  localKeySetVerifier,
} from '@edicola/platform';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { articles, outbox, processedEvents, purchases, stockMovements } from '../src/db/schema';
import { DEMO_ARTICLES } from '../src/demo/catalogue';
import { catalogService } from '../src/service';

const SECRET = 'stock-ledger-internal-secret-of-40-chars';
const RESERVATIONS = '/internal/stock/reservations';

// On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.
describe('svc-catalog: EAN, the stock ledger, the counter’s lookup and sales made elsewhere', () => {
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
      env: { DEMO_DATA: 'false', CATALOG_CACHE_TTL_MS: '60000', INTERNAL_TOKEN_SECRET: SECRET },
    });
    ordersToken = await createInternalTokens(SECRET).sign('svc-orders', 'svc-catalog');
  }, 60_000);
  afterAll(() => catalog?.stop());

  const form = (sku: string, extra: Record<string, string> = {}) => ({
    sku,
    title: `Articolo ${sku}`,
    description: 'Per i test del banco',
    category: 'Modellismo',
    price: '49.90',
    iva_percentage: '22',
    quantity_stock: '3',
    ...extra,
  });
  const postArticle = (fields: Record<string, string>, token = tokens.staff) =>
    api().post('/api/articles').set(as(token)).field(fields);
  const putArticle = (id: string, fields: Record<string, string>, token = tokens.staff) =>
    api().put(`/api/articles/${id}`).set(as(token)).field(fields);

  /** An article written straight to the database (no opening row in the ledger). */
  async function article(fields: { stock: number; title?: string; ean?: string; active?: boolean }) {
    const id = randomUUID();
    await db()
      .insert(articles)
      .values({
        id,
        sku: `LED-${id.slice(0, 8)}`,
        ean: fields.ean ?? null,
        title: fields.title ?? `Articolo ${id.slice(0, 4)}`,
        description: 'Per i test del registro',
        category: 'Modellismo',
        priceCents: 4990,
        ivaPercentage: 22,
        quantityStock: fields.stock,
        isActive: fields.active ?? true,
      });
    return id;
  }
  const stockOf = async (id: string) =>
    (await db().select().from(articles).where(eq(articles.id, id)))[0]!.quantityStock;
  const ledger = async (id: string, token = tokens.staff) => {
    const res = await api().get(`/api/articles/${id}/stock-movements`).set(as(token));
    expect(res.status).toBe(200);
    return StockMovementList.parse(res.body);
  };
  const reserve = (body: object) => api().post(RESERVATIONS).set(as(ordersToken)).send(body);
  const lookup = async (q: string, token = tokens.cashier) => {
    const res = await api().get('/api/stock/lookup').query({ q }).set(as(token));
    expect(res.status).toBe(200);
    return StockLookup.parse(res.body).articles;
  };
  const sellElsewhere = (body: object, key?: string, token = tokens.staff) => {
    const req = api().post('/api/stock/external-sales').set(as(token));
    if (key) void req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const emit = async <T extends EventType>(type: T, data: Event<T>['data']) => {
    const event = await db().transaction((tx) => catalog.service.context.bus.emit(tx, type, data as never));
    await waitFor(
      async () =>
        (await db().select().from(processedEvents).where(eq(processedEvents.eventId, event.id))).length > 0,
    );
  };

  describe('EAN on articles', () => {
    it('saves a valid EAN, widens a UPC-A, and clears it when the field is empty', async () => {
      const created = await postArticle(form('EAN-1', { ean: '2000000000015' }));
      expect(created.status).toBe(201);
      expect(AdminArticle.parse(created.body).ean).toBe('2000000000015');
      const upc = await postArticle(form('EAN-UPC', { ean: '042100005264' }));
      expect(upc.status).toBe(201);
      expect(upc.body.ean).toBe('0042100005264');
      const edited = await putArticle(upc.body.id, form('EAN-UPC', { ean: '' }));
      expect(edited.status).toBe(200);
      expect(edited.body.ean).toBeNull();
      const listed = await api().get('/api/articles').query({ q: 'EAN-1' }).set(as(tokens.staff));
      expect(listed.body.items[0].ean).toBe('2000000000015');
    });

    it('refuses a wrong check digit with a clear 422, writing nothing', async () => {
      const res = await postArticle(form('EAN-BAD', { ean: '2000000000016' }));
      expect(res.status).toBe(422);
      expect(res.body.detail).toContain(INVALID_EAN_DETAIL);
      const listed = await api().get('/api/articles').query({ q: 'EAN-BAD' }).set(as(tokens.staff));
      expect(listed.body.total).toBe(0);
    });

    it('refuses an EAN another live article has (409 naming it), and frees it once that article is deleted', async () => {
      const first = await postArticle(form('EAN-DUP-A', { ean: '2000000000022' }));
      expect(first.status).toBe(201);
      const twin = await postArticle(form('EAN-DUP-B', { ean: '2000000000022' }));
      expect(twin.status).toBe(409);
      expect(twin.body).toEqual({ detail: 'Codice EAN già usato da un altro articolo: EAN-DUP-A' });

      const other = await postArticle(form('EAN-DUP-C', { ean: '2000000000039' }));
      expect(other.status).toBe(201);
      const moved = await putArticle(other.body.id, form('EAN-DUP-C', { ean: '2000000000022' }));
      expect(moved.status).toBe(409);
      expect(moved.body).toEqual({ detail: 'Codice EAN già usato da un altro articolo: EAN-DUP-A' });
      // Saving an article with its own EAN is not a duplicate.
      expect((await putArticle(first.body.id, form('EAN-DUP-A', { ean: '2000000000022' }))).status).toBe(200);

      expect((await api().delete(`/api/articles/${first.body.id}`).set(as(tokens.admin))).status).toBe(200);
      const reused = await postArticle(form('EAN-DUP-D', { ean: '2000000000022' }));
      expect(reused.status).toBe(201);
    });

    it('gives demo articles valid, distinct codes for the counter', () => {
      const codes = DEMO_ARTICLES.flatMap((a) => (a.ean ? [a.ean] : []));
      expect(codes.length).toBeGreaterThanOrEqual(5);
      expect(codes.every(isValidEan)).toBe(true);
      expect(new Set(codes).size).toBe(codes.length);
    });
  });

  describe('GET /api/stock/lookup', () => {
    it('finds an article by EAN-13, by UPC-A, by its SKU in any case, with the gross price as the web', async () => {
      const id = await article({ stock: 4, ean: '0042100005264', title: 'Ferrari F40 1:18' });
      const sku = (await db().select().from(articles).where(eq(articles.id, id)))[0]!.sku;
      for (const q of ['0042100005264', '042100005264', ' 0042 1000 0526 4', sku.toLowerCase()]) {
        const [first] = await lookup(q);
        expect(first).toMatchObject({
          id,
          sku,
          ean: '0042100005264',
          title: 'Ferrari F40 1:18',
          is_active: true,
          price: 49.9,
          iva_percentage: 22,
          gross_price: 60.88,
          quantity_stock: 4,
          held_by_unpaid_orders: 0,
        });
      }
    });

    it('finds articles by the words of their title, accents and case aside; deleted ones never, inactive ones marked', async () => {
      const espresso = await article({ stock: 1, title: 'Tazzina Caffè Napoli' });
      const off = await article({ stock: 0, title: 'Tazzina caffe Milano', active: false });
      const gone = await article({ stock: 2, title: 'Tazzina caffè Roma' });
      await db().update(articles).set({ deletedAt: new Date() }).where(eq(articles.id, gone));
      const found = await lookup('CAFFE tazzina');
      expect(found.map((a) => [a.id, a.is_active])).toEqual([
        [espresso, true],
        [off, false],
      ]);
      expect(await lookup('napoli caffè')).toHaveLength(1);
      expect(await lookup('tazzina nessuna')).toEqual([]);
      // A % in the query is a character, not a wildcard.
      expect(await lookup('%')).toEqual([]);
    });

    it('answers at most 20 articles, the exact code first', async () => {
      for (let i = 0; i < 22; i++) await article({ stock: 1, title: `Bustina Pokémon ${i}` });
      const coded = await article({ stock: 1, title: 'Bustina Pokémon speciale', ean: '2000000000046' });
      expect(await lookup('bustina pokemon')).toHaveLength(20);
      const [first] = await lookup('2000000000046');
      expect(first!.id).toBe(coded);
    });

    it('counts the units web orders hold while unpaid (not paid ones, not counter sales, not released ones)', async () => {
      const id = await article({ stock: 10, title: 'Album Panini Calciatori' });
      const order = async (quantity: number, extra: object = {}) => {
        const orderId = randomUUID();
        const res = await reserve({ order_id: orderId, lines: [{ article_id: id, quantity }], ...extra });
        expect(res.status).toBe(200);
        return orderId;
      };
      await order(2);
      const pendingWithRow = await order(1);
      const paid = await order(3);
      const released = await order(1);
      await order(1, { channel: 'counter', username: 'cassiera' });
      await db()
        .insert(purchases)
        .values([
          { orderId: paid, customerEmail: 'a@example.it', articleIds: [id], bought: true, orderVersion: 2 },
          {
            orderId: pendingWithRow,
            customerEmail: 'b@example.it',
            articleIds: [id],
            bought: false,
            orderVersion: 1,
          },
        ]);
      expect((await api().delete(`${RESERVATIONS}/${released}`).set(as(ordersToken))).status).toBe(204);
      const [found] = await lookup('album panini calciatori');
      expect(found).toMatchObject({ id, quantity_stock: 3, held_by_unpaid_orders: 3 });
    });

    it('tells svc-orders which live articles carry the codes of a counter sale (GET /internal/articles/by-ean)', async () => {
      const ean8 = await article({ stock: 1, ean: '20000004' });
      const upc = await article({ stock: 1, ean: '0012345678905', active: false });
      const deleted = await article({ stock: 1, ean: '2000000000060' });
      await db().update(articles).set({ deletedAt: new Date() }).where(eq(articles.id, deleted));
      const res = await api()
        .get('/internal/articles/by-ean')
        .query({ eans: '20000004,0012345678905,2000000000060,2000000000077' })
        .set(as(ordersToken));
      expect(res.status).toBe(200);
      expect(ArticlesByEan.parse(res.body).articles.sort((a, b) => a.ean.localeCompare(b.ean))).toEqual([
        { article_id: upc, ean: '0012345678905' },
        { article_id: ean8, ean: '20000004' },
      ]);
      expect(
        (await api().get('/internal/articles/by-ean').query({ eans: 'abc' }).set(as(ordersToken))).status,
      ).toBe(422);
      expect(
        (await api().get('/internal/articles/by-ean').query({ eans: '20000004' }).set(as(tokens.staff)))
          .status,
      ).toBe(401);
    });

    it('refuses an empty query with a clear 422', async () => {
      const res = await api().get('/api/stock/lookup').query({ q: '  ' }).set(as(tokens.cashier));
      expect(res.status).toBe(422);
      expect(res.body.detail).toContain('Scrivi o scansiona un codice');
    });
  });

  describe('the ledger', () => {
    it('records the opening stock, a web and a counter sale, their release and return, and staff’s own changes', async () => {
      const created = await postArticle(form('LEDGER-1', { quantity_stock: '10' }));
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const web = randomUUID();
      const counter = randomUUID();
      const unpaid = randomUUID();
      const paid = randomUUID();
      expect((await reserve({ order_id: web, lines: [{ article_id: id, quantity: 2 }] })).status).toBe(200);
      expect(
        (
          await reserve({
            order_id: counter,
            channel: 'counter',
            username: 'cassiera',
            lines: [{ article_id: id, quantity: 1 }],
          })
        ).status,
      ).toBe(200);
      // The counter sale was never printed: its unit goes back.
      expect((await api().delete(`${RESERVATIONS}/${counter}`).set(as(ordersToken))).status).toBe(204);
      // A web refund puts one unit of the web order back on the shelf.
      await emit('order.items_restocked', {
        order_id: web,
        restock_id: randomUUID(),
        items: [{ article_id: id, quantity: 1 }],
        restocked_at: new Date().toISOString(),
      });
      // An unpaid order cancelled gives its units back (release); a paid one cancelled returns them.
      await reserve({ order_id: unpaid, lines: [{ article_id: id, quantity: 1 }] });
      await reserve({ order_id: paid, lines: [{ article_id: id, quantity: 2 }] });
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
      await emit('order.status_changed', cancelled(unpaid, 'pending'));
      await emit('order.status_changed', cancelled(paid, 'paid'));
      const adjusted = await api()
        .post(`/api/articles/${id}/stock`)
        .set(as(tokens.staff))
        .send({ delta: -1, reason: 'damaged', note: 'Scatola rotta' });
      expect(adjusted.status).toBe(201);
      const sold = await sellElsewhere({
        article_id: id,
        quantity: 1,
        channel: 'subito',
        amount: 55,
        note: 'Ritiro a mano',
      });
      expect(sold.status).toBe(201);

      const rows = await ledger(id, tokens.cashier);
      expect(rows.map((m) => [m.delta, m.reason, m.channel, m.reference, m.username, m.stock_after])).toEqual(
        [
          [-1, 'sale', 'subito', null, 'commesso', 7],
          [-1, 'damaged', null, null, 'commesso', 8],
          [2, 'return', 'web', paid, 'shop', 9],
          [1, 'release', 'web', unpaid, 'shop', 7],
          [-2, 'sale', 'web', paid, 'shop', 6],
          [-1, 'sale', 'web', unpaid, 'shop', 8],
          [1, 'return', 'web', web, 'shop', 9],
          [1, 'release', 'counter', counter, 'cassiera', 8],
          [-1, 'sale', 'counter', counter, 'cassiera', 7],
          [-2, 'sale', 'web', web, 'shop', 8],
          [10, 'received', null, null, 'commesso', 10],
        ],
      );
      expect(rows[0]).toMatchObject({ note: 'Ritiro a mano', amount: 55 });
      expect(rows[1]).toMatchObject({ note: 'Scatola rotta', amount: null });
      expect(rows.at(-1)!.note).toBe('Giacenza iniziale');
      expect(await stockOf(id)).toBe(7);
      expect(rows.reduce((sum, m) => sum + m.delta, 0)).toBe(7);

      // Delivered again, the release and the restock write nothing more.
      expect((await api().delete(`${RESERVATIONS}/${counter}`).set(as(ordersToken))).status).toBe(204);
      await emit('order.status_changed', cancelled(unpaid, 'pending'));
      expect(await ledger(id)).toHaveLength(rows.length);
    });

    it('answers 404 for an unknown article and 422 for a bad id', async () => {
      const unknown = await api().get(`/api/articles/${randomUUID()}/stock-movements`).set(as(tokens.staff));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: 'Articolo non trovato' });
      expect((await api().get('/api/articles/nope/stock-movements').set(as(tokens.staff))).status).toBe(422);
    });

    it('a refused take or adjustment writes no row', async () => {
      const id = await article({ stock: 1 });
      expect(
        (await reserve({ order_id: randomUUID(), lines: [{ article_id: id, quantity: 2 }] })).status,
      ).toBe(409);
      const adjusted = await api()
        .post(`/api/articles/${id}/stock`)
        .set(as(tokens.staff))
        .send({ delta: -2, reason: 'correction' });
      expect(adjusted.status).toBe(409);
      expect(await ledger(id)).toEqual([]);
    });
  });

  describe('POST /api/stock/external-sales', () => {
    it('takes the units, announces low stock, audits, and refreshes the public list', async () => {
      const created = await postArticle(form('SUBITO-1', { quantity_stock: '4' }));
      const id = created.body.id as string;
      const before = ArticleList.parse((await api().get('/public/articles')).body).find((a) => a.id === id);
      expect(before!.quantity_stock).toBe(4);
      const res = await sellElsewhere({ article_id: id, quantity: 2, channel: 'ebay' });
      expect(res.status).toBe(201);
      expect(StockAdjusted.parse(res.body)).toMatchObject({
        article: { id, quantity_stock: 2 },
        movement: {
          delta: -2,
          reason: 'sale',
          channel: 'ebay',
          stock_after: 2,
          username: 'commesso',
          amount: null,
        },
      });
      const after = ArticleList.parse((await api().get('/public/articles')).body).find((a) => a.id === id);
      expect(after!.quantity_stock).toBe(2);
      const events = async (type: string) =>
        (await db().select().from(outbox).where(eq(outbox.type, type))).map((row) => row.envelope as Event);
      const low = (await events('article.stock_low')).filter(
        (e) => (e.data as { article_id: string }).article_id === id,
      );
      expect(low).toHaveLength(1);
      const audited = (await events('audit.recorded')).filter(
        (e) =>
          (e.data as { entity_id: string; changes: object }).entity_id === id &&
          'stock_channel' in (e.data as { changes: object }).changes,
      );
      expect(audited).toHaveLength(1);
      expect(audited[0]!.data).toMatchObject({
        actor: { username: 'commesso' },
        changes: { quantity_stock: { from: 4, to: 2 }, stock_channel: { from: null, to: 'ebay' } },
      });
    });

    it('counts each channel’s units in the statistics, returns taken off, with what was paid elsewhere', async () => {
      const stats = async () =>
        VisitStats.parse((await api().get('/analytics/stats').set(as(tokens.staff))).body).units_by_channel;
      const before = await stats();
      const id = await article({ stock: 10, title: 'Carte Pokémon 151' });
      expect(
        (await sellElsewhere({ article_id: id, quantity: 2, channel: 'subito', amount: 30 })).status,
      ).toBe(201);
      const sale = randomUUID();
      const line = [{ article_id: id, quantity: 3 }];
      expect(
        (await reserve({ order_id: sale, lines: line, channel: 'counter', username: 'cassiera' })).status,
      ).toBe(200);
      await emit('order.items_restocked', {
        order_id: sale,
        restock_id: randomUUID(),
        items: [{ article_id: id, quantity: 1 }],
        restocked_at: new Date().toISOString(),
      });
      await waitFor(async () => {
        const after = await stats();
        const delta = (channel: string) =>
          after.find((c) => c.channel === channel)!.month_units -
          before.find((c) => c.channel === channel)!.month_units;
        return delta('subito') === 2 && delta('counter') === 2;
      });
      const subito = (await stats()).find((c) => c.channel === 'subito')!;
      expect(subito.month_amount).toBeGreaterThanOrEqual(30);
      expect((await stats()).map((c) => c.channel)).toEqual(['web', 'counter', 'ebay', 'subito', 'other']);
    });

    it('refuses more than the shelf holds with the reservation’s words, and never goes below zero', async () => {
      const id = await article({ stock: 1, title: 'Casco Senna 1:2' });
      const short = await sellElsewhere({ article_id: id, quantity: 3, channel: 'subito' });
      expect(short.status).toBe(409);
      expect(short.body).toEqual({
        detail: 'Disponibilità insufficiente per "Casco Senna 1:2": richiesti 3, disponibili 1',
      });
      expect((await sellElsewhere({ article_id: id, quantity: 1, channel: 'subito' })).status).toBe(201);
      const soldOut = await sellElsewhere({ article_id: id, quantity: 1, channel: 'other' });
      expect(soldOut.status).toBe(409);
      expect(soldOut.body).toEqual({ detail: 'Articolo esaurito: "Casco Senna 1:2"' });
      expect(await stockOf(id)).toBe(0);
      expect(await ledger(id)).toHaveLength(1);
    });

    it('answers one movement for the same Idempotency-Key sent twice at once', async () => {
      const id = await article({ stock: 1 });
      const key = randomUUID();
      const body = { article_id: id, quantity: 1, channel: 'subito', note: 'Annuncio 123' };
      const server = catalog.service.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const answers = await Promise.all(
          [0, 1, 2].map(() =>
            request(server)
              .post('/api/stock/external-sales')
              .set(as(tokens.staff))
              .set('Idempotency-Key', key)
              .send(body),
          ),
        );
        expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
        expect(new Set(answers.map((r) => r.body.movement.id)).size).toBe(1);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
      expect(await stockOf(id)).toBe(0);
      const rows = await db().select().from(stockMovements).where(eq(stockMovements.articleId, id));
      expect(rows).toHaveLength(1);
      // The same key for another sale is refused.
      const reused = await sellElsewhere({ ...body, quantity: 2 }, key);
      expect(reused.status).toBe(422);
      expect(reused.body.detail).toMatch(/già stata registrata con dati diversi/);
    });

    it('answers bad input with a clear 4xx and writes nothing', async () => {
      const id = await article({ stock: 5 });
      for (const [body, detail] of [
        [{ article_id: id, quantity: 1, channel: 'web' }, 'Canale non valido (subito, ebay o other)'],
        [{ article_id: id, quantity: 0, channel: 'subito' }, 'La quantità deve essere almeno 1'],
        [
          { article_id: id, quantity: 1, channel: 'subito', amount: -1 },
          "L'importo: l'importo non può essere negativo",
        ],
        [{ article_id: 'x', quantity: 1, channel: 'subito' }, 'Identificativo articolo non valido'],
      ] as const) {
        const res = await sellElsewhere(body);
        expect(res.status).toBe(422);
        expect(res.body.detail).toContain(detail);
      }
      const bad = await sellElsewhere({ article_id: id, quantity: 1, channel: 'subito' }, ' ');
      expect(bad.status).toBe(422);
      const missing = await sellElsewhere({ article_id: randomUUID(), quantity: 1, channel: 'subito' });
      expect(missing.status).toBe(404);
      expect(await stockOf(id)).toBe(5);
      expect(await ledger(id)).toEqual([]);
    });
  });

  describe('the cashier', () => {
    it('reads articles, the lookup and the ledger', async () => {
      const id = await article({ stock: 2 });
      expect((await api().get('/api/articles').set(as(tokens.cashier))).status).toBe(200);
      expect((await api().get('/api/admin/articles/counts').set(as(tokens.cashier))).status).toBe(200);
      expect((await api().get('/api/stock/lookup').query({ q: 'x' }).set(as(tokens.cashier))).status).toBe(
        200,
      );
      expect((await api().get(`/api/articles/${id}/stock-movements`).set(as(tokens.cashier))).status).toBe(
        200,
      );
    });

    it('changes nothing: 403 on articles, adjustments and sales made elsewhere', async () => {
      const id = await article({ stock: 2 });
      const calls = [
        postArticle(form('CASSA-1'), tokens.cashier),
        putArticle(id, form('CASSA-1'), tokens.cashier),
        api().patch(`/api/articles/${id}/active`).set(as(tokens.cashier)).send({ is_active: false }),
        api()
          .post(`/api/articles/${id}/stock`)
          .set(as(tokens.cashier))
          .send({ delta: 1, reason: 'received' }),
        sellElsewhere({ article_id: id, quantity: 1, channel: 'subito' }, undefined, tokens.cashier),
        api().delete(`/api/articles/${id}`).set(as(tokens.cashier)),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
      expect(await stockOf(id)).toBe(2);
      expect(await ledger(id)).toEqual([]);
      // A customer may not read the counter's routes.
      expect((await api().get('/api/stock/lookup').query({ q: 'x' }).set(as(tokens.customer))).status).toBe(
        403,
      );
    });
  });
});
