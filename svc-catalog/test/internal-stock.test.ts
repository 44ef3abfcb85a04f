import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { StockReservation, type Event } from '@edicola/contracts';
import { createInternalTokens, replayDeadLetters } from '@edicola/platform';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { articles, deadLetters, outbox, processedEvents, reservations } from '../src/db/schema';
import { catalogService } from '../src/service';

const SECRET = 'stock-test-internal-secret-of-40-chars!!';
const tokens = createInternalTokens(SECRET);
const PATH = '/internal/stock/reservations';

describe('svc-catalog stock reservations (internal, from svc-orders)', () => {
  let catalog: TestService<unknown>;
  let ordersToken: string;
  const api = () => request(catalog.service.app);
  const db = () => catalog.testDatabase.database.db;

  beforeAll(async () => {
    catalog = await startTestService(catalogService, {
      env: { DEMO_DATA: 'false', CATALOG_CACHE_TTL_MS: '60000', INTERNAL_TOKEN_SECRET: SECRET },
    });
    ordersToken = await tokens.sign('svc-orders', 'svc-catalog');
  }, 60_000);
  afterAll(() => catalog?.stop());

  async function article(fields: { stock: number; title?: string; active?: boolean; priceCents?: number }) {
    const id = randomUUID();
    await db()
      .insert(articles)
      .values({
        id,
        sku: `STK-${id.slice(0, 8)}`,
        title: fields.title ?? `Articolo ${id.slice(0, 4)}`,
        description: 'Per i test di magazzino',
        category: 'Modellismo',
        priceCents: fields.priceCents ?? 1990,
        ivaPercentage: 22,
        quantityStock: fields.stock,
        isActive: fields.active ?? true,
      });
    return id;
  }
  const stockOf = async (id: string) =>
    (await db().select().from(articles).where(eq(articles.id, id)))[0]!.quantityStock;
  const reservationOf = async (orderId: string) =>
    (await db().select().from(reservations).where(eq(reservations.orderId, orderId)))[0];

  const reserve = (body: object, token = ordersToken, key?: string) => {
    const req = api().post(PATH).set('Authorization', `Bearer ${token}`);
    if (key) void req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const release = (orderId: string) =>
    api().delete(`${PATH}/${orderId}`).set('Authorization', `Bearer ${ordersToken}`);

  it('is refused without an internal token, from another service, and with a token for another service', async () => {
    const body = { order_id: randomUUID(), lines: [{ article_id: randomUUID(), quantity: 1 }] };
    expect((await api().post(PATH).send(body)).status).toBe(401);
    expect((await reserve(body, 'not-a-token')).status).toBe(401);
    expect((await reserve(body, await tokens.sign('svc-payments', 'svc-catalog'))).status).toBe(403);
    expect((await reserve(body, await tokens.sign('svc-orders', 'svc-payments'))).status).toBe(403);
    const other = createInternalTokens('another-shop-internal-secret-of-40-chars');
    expect((await reserve(body, await other.sign('svc-orders', 'svc-catalog'))).status).toBe(401);
    expect((await api().delete(`${PATH}/${body.order_id}`)).status).toBe(401);
  });

  it('announces an article whose stock falls to the low-stock threshold, once when it crosses it', async () => {
    const a = await article({ stock: 4, title: 'Casco Leclerc 1:2' });
    const lowFor = async (id: string) =>
      (await db().select().from(outbox).where(eq(outbox.type, 'article.stock_low')))
        .map((row) => (row.envelope as Event<'article.stock_low'>).data)
        .filter((data) => data.article_id === id);
    expect((await reserve({ order_id: randomUUID(), lines: [{ article_id: a, quantity: 1 }] })).status).toBe(
      200,
    );
    expect(await lowFor(a)).toEqual([]);
    expect((await reserve({ order_id: randomUUID(), lines: [{ article_id: a, quantity: 2 }] })).status).toBe(
      200,
    );
    expect(await lowFor(a)).toEqual([
      expect.objectContaining({ article_id: a, title: 'Casco Leclerc 1:2', quantity_stock: 1, threshold: 2 }),
    ]);
    expect((await reserve({ order_id: randomUUID(), lines: [{ article_id: a, quantity: 1 }] })).status).toBe(
      200,
    );
    expect(await lowFor(a)).toHaveLength(1);
  });

  it('reserves every line with the price snapshot, takes the stock and refreshes the public list', async () => {
    const a = await article({ stock: 5, title: 'Gundam RX-78', priceCents: 4990 });
    const b = await article({ stock: 2, title: 'Bustina Panini' });
    const listed = async (id: string) =>
      ((await api().get('/public/articles')).body as { id: string; quantity_stock: number }[]).find(
        (x) => x.id === id,
      )!.quantity_stock;
    expect(await listed(a)).toBe(5); // now cached
    const orderId = randomUUID();
    const res = await reserve(
      {
        order_id: orderId,
        lines: [
          { article_id: a, quantity: 2 },
          { article_id: b, quantity: 2 },
        ],
      },
      ordersToken,
      orderId,
    );
    expect(res.status).toBe(200);
    expect(StockReservation.parse(res.body)).toEqual({
      order_id: orderId,
      lines: [
        {
          article_id: a,
          sku: expect.stringMatching(/^STK-/),
          title: 'Gundam RX-78',
          price: 49.9,
          iva_percentage: 22,
          quantity: 2,
          // A discount code may be limited to some categories (svc-orders).
          category: 'Modellismo',
        },
        expect.objectContaining({ article_id: b, title: 'Bustina Panini', price: 19.9, quantity: 2 }),
      ],
    });
    expect(await stockOf(a)).toBe(3);
    expect(await stockOf(b)).toBe(0);
    expect(await listed(a)).toBe(3);
    const row = await reservationOf(orderId);
    expect(row!.releasedAt).toBeNull();
    expect(row!.reservedAt).toBeInstanceOf(Date);
    expect(row!.lines.map((l) => [l.article_id, l.quantity, l.price_cents])).toEqual([
      [a, 2, 4990],
      [b, 2, 1990],
    ]);
  });

  it('takes all lines or none, naming the article short of stock and what is left', async () => {
    const a = await article({ stock: 4 });
    const b = await article({ stock: 1, title: 'Casco AGV Rossi' });
    const orderId = randomUUID();
    const res = await reserve({
      order_id: orderId,
      lines: [
        { article_id: a, quantity: 3 },
        { article_id: b, quantity: 2 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(
      'Disponibilità insufficiente per "Casco AGV Rossi": richiesti 2, disponibili 1',
    );
    expect(await stockOf(a)).toBe(4);
    expect(await stockOf(b)).toBe(1);
    expect(await reservationOf(orderId)).toBeUndefined();
  });

  it('refuses an article named on two lines (the caller merges them)', async () => {
    const a = await article({ stock: 3, title: 'Tir Scania' });
    const res = await reserve({
      order_id: randomUUID(),
      lines: [
        { article_id: a, quantity: 2 },
        { article_id: a, quantity: 2 },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('Ogni articolo deve comparire una sola volta');
    expect(await stockOf(a)).toBe(3);
  });

  it('answers an unknown article with 404, an inactive or sold-out one with 409, each named', async () => {
    const known = await article({ stock: 5 });
    const unknown = randomUUID();
    let res = await reserve({
      order_id: randomUUID(),
      lines: [
        { article_id: known, quantity: 1 },
        { article_id: unknown, quantity: 1 },
      ],
    });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(`Articolo non trovato: ${unknown}`);

    const inactive = await article({ stock: 5, title: 'Vecchio album', active: false });
    res = await reserve({ order_id: randomUUID(), lines: [{ article_id: inactive, quantity: 1 }] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`Articolo non disponibile: ${inactive}`);
    expect(res.text).not.toContain('Vecchio album');

    const soldOut = await article({ stock: 0, title: 'Charizard' });
    res = await reserve({ order_id: randomUUID(), lines: [{ article_id: soldOut, quantity: 1 }] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Articolo esaurito: "Charizard"');
    expect(await stockOf(known)).toBe(5);
  });

  it.each([
    [{ lines: [] }, 'Identificativo ordine non valido; Il carrello è vuoto!'],
    [
      { order_id: 'ord-1', lines: [{ article_id: randomUUID(), quantity: 1 }] },
      'Identificativo ordine non valido',
    ],
    [{ order_id: randomUUID(), lines: [] }, 'Il carrello è vuoto!'],
    [
      { order_id: randomUUID(), lines: [{ article_id: randomUUID(), quantity: 0 }] },
      'La quantità deve essere almeno 1',
    ],
    [
      { order_id: randomUUID(), lines: [{ article_id: 'x', quantity: 1 }] },
      'Identificativo articolo non valido',
    ],
  ])('refuses bad input %j with 422: %s', async (body, detail) => {
    const res = await reserve(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it('refuses an Idempotency-Key that is not the order id', async () => {
    const a = await article({ stock: 2 });
    const res = await reserve(
      { order_id: randomUUID(), lines: [{ article_id: a, quantity: 1 }] },
      ordersToken,
      randomUUID(),
    );
    expect(res.status).toBe(422);
    expect(await stockOf(a)).toBe(2);
  });

  it('reserves once per order: a retry, and concurrent identical calls, get the stored answer', async () => {
    const a = await article({ stock: 10, priceCents: 1000 });
    const orderId = randomUUID();
    const body = { order_id: orderId, lines: [{ article_id: a, quantity: 3 }] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => reserve(body, ordersToken, orderId)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const r of answers) expect(r.body).toEqual(answers[0]!.body);
    expect(await stockOf(a)).toBe(7);

    // The price changes; a retry still gets the snapshot taken at the reservation.
    await db().update(articles).set({ priceCents: 1500 }).where(eq(articles.id, a));
    const retry = await reserve(body, ordersToken, orderId);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(answers[0]!.body);
    expect(retry.body.lines[0].price).toBe(10);
    expect(await stockOf(a)).toBe(7);

    const different = await reserve({ order_id: orderId, lines: [{ article_id: a, quantity: 4 }] });
    expect(different.status).toBe(409);
    expect(await stockOf(a)).toBe(7);
  });

  it('answers a retry with its stored reservation after the article sold out or was unpublished', async () => {
    const a = await article({ stock: 2 });
    const orderId = randomUUID();
    const body = { order_id: orderId, lines: [{ article_id: a, quantity: 2 }] };
    const first = await reserve(body, ordersToken, orderId);
    expect(first.status).toBe(200);
    expect(await stockOf(a)).toBe(0);
    // Sold out now: the take fails, yet the order holds its units already and is answered as before.
    expect((await reserve(body, ordersToken, orderId)).body).toEqual(first.body);
    await db().update(articles).set({ isActive: false }).where(eq(articles.id, a));
    expect((await reserve(body, ordersToken, orderId)).body).toEqual(first.body);
    expect(await stockOf(a)).toBe(0);
    // Another order is refused, naming why.
    const other = await reserve({ order_id: randomUUID(), lines: [{ article_id: a, quantity: 1 }] });
    expect([other.status, other.body.detail]).toEqual([409, `Articolo non disponibile: ${a}`]);
  });

  it('releases once on DELETE; a repeated DELETE changes nothing; a released order cannot reserve again', async () => {
    const a = await article({ stock: 6 });
    const orderId = randomUUID();
    const body = { order_id: orderId, lines: [{ article_id: a, quantity: 4 }] };
    expect((await reserve(body)).status).toBe(200);
    expect(await stockOf(a)).toBe(2);
    expect((await release(orderId)).status).toBe(204);
    expect(await stockOf(a)).toBe(6);
    expect((await reservationOf(orderId))!.releasedAt).toBeInstanceOf(Date);
    expect((await release(orderId)).status).toBe(204);
    expect(await stockOf(a)).toBe(6);
    const again = await reserve(body);
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('già stata annullata');
    expect(await stockOf(a)).toBe(6);
  });

  it('a DELETE before the reservation leaves nothing to hold: the late reservation is refused', async () => {
    const a = await article({ stock: 3 });
    const orderId = randomUUID();
    expect((await release(orderId)).status).toBe(204);
    const late = await reserve({ order_id: orderId, lines: [{ article_id: a, quantity: 1 }] });
    expect(late.status).toBe(409);
    expect(await stockOf(a)).toBe(3);
    expect(
      (await api().delete(`${PATH}/not-a-uuid`).set('Authorization', `Bearer ${ordersToken}`)).status,
    ).toBe(422);
  });

  describe('order.status_changed', () => {
    function cancellation(orderId: string, articleId: string, from = 'pending' as const) {
      return {
        order_id: orderId,
        order_version: 2,
        from,
        to: 'cancelled' as const,
        // The event's items are not what is released: the reservation is.
        items: [{ article_id: articleId, quantity: 99 }],
        customer_email: 'mario.rossi@example.it',
        tracking_number: null,
      };
    }
    const emit = (data: ReturnType<typeof cancellation>) =>
      db().transaction(async (tx) => {
        const event = await catalog.service.context.bus.emit(tx, 'order.status_changed', data);
        return event as Event<'order.status_changed'>;
      });
    const handled = (eventId: string) =>
      waitFor(async () => {
        const rows = await db().select().from(processedEvents).where(eq(processedEvents.eventId, eventId));
        return rows.length > 0;
      });

    it('a cancellation gives back what the reservation holds, once, even when delivered again', async () => {
      const a = await article({ stock: 5 });
      const orderId = randomUUID();
      expect((await reserve({ order_id: orderId, lines: [{ article_id: a, quantity: 2 }] })).status).toBe(
        200,
      );
      expect(await stockOf(a)).toBe(3);

      const first = await emit(cancellation(orderId, a));
      await handled(first.id);
      expect(await stockOf(a)).toBe(5);

      // The same cancellation published again under a new id (a producer retry), and its first copy redelivered.
      const second = await emit(cancellation(orderId, a, 'pending'));
      await handled(second.id);
      const redelivery = randomUUID();
      await db()
        .insert(outbox)
        .values({ id: redelivery, type: first.type, envelope: first, target: 'svc-catalog' });
      catalog.service.context.bus.wake();
      // On the in-process bus the row is marked published once svc-catalog's handler was through with it (here:
      // skipped it as already processed); on RabbitMQ once the broker has it, which the release below then follows.
      await waitFor(
        async () =>
          (await db().select().from(outbox).where(eq(outbox.id, redelivery)))[0]?.publishedAt != null,
      );
      expect(await stockOf(a)).toBe(5);
      expect((await release(orderId)).status).toBe(204);
      expect(await stockOf(a)).toBe(5);
    });

    it('a DELETE followed by the cancellation event releases once', async () => {
      const a = await article({ stock: 4 });
      const orderId = randomUUID();
      await reserve({ order_id: orderId, lines: [{ article_id: a, quantity: 4 }] });
      expect(await stockOf(a)).toBe(0);
      await release(orderId);
      expect(await stockOf(a)).toBe(4);
      const event = await emit(cancellation(orderId, a));
      await handled(event.id);
      expect(await stockOf(a)).toBe(4);
    });

    it('a replayed dead letter of a cancellation already applied releases nothing more', async () => {
      const a = await article({ stock: 3 });
      const orderId = randomUUID();
      await reserve({ order_id: orderId, lines: [{ article_id: a, quantity: 3 }] });
      const applied = await emit(cancellation(orderId, a));
      await handled(applied.id);
      expect(await stockOf(a)).toBe(3);

      // A copy parked earlier (e.g. while the database was away) is replayed by an operator.
      const parked = { ...applied, id: randomUUID() };
      await db().insert(deadLetters).values({
        eventId: parked.id,
        type: parked.type,
        envelope: parked,
        error: 'connection terminated',
        attempts: 4,
      });
      const replayed = await replayDeadLetters(
        catalog.testDatabase.database,
        catalogService.tables,
        'svc-catalog',
        { id: parked.id },
      );
      expect(replayed).toEqual([parked.id]);
      catalog.service.context.bus.wake();
      await handled(parked.id);
      expect(await stockOf(a)).toBe(3);
    });

    it('statuses that hold no stock, and ids that are not orders, release nothing', async () => {
      const a = await article({ stock: 2 });
      const orderId = randomUUID();
      await reserve({ order_id: orderId, lines: [{ article_id: a, quantity: 1 }] });
      const shipped = await emit({ ...cancellation(orderId, a), from: 'paid', to: 'shipped' } as never);
      await handled(shipped.id);
      const foreign = await emit({ ...cancellation('ord-1', a) });
      await handled(foreign.id);
      expect(await stockOf(a)).toBe(1);
    });
  });
});
