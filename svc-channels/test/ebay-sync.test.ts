import { eq } from 'drizzle-orm';
import { EbayAccount, EbayReconciliation, EbayReconciliationList } from '@edicola/contracts';
import { waitFor } from '@edicola/platform/testing';
import { account, outbox } from '../src/db/schema';
import { articleChanged, changed, startHarness, type Harness } from './channels-harness';

const bulkCalls = (h: Harness) =>
  h.fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/bulk_update_price_quantity')).length;
const quantityOnEbay = (h: Harness, sku: string) =>
  h.fake.state.items[sku]?.availability.shipToLocationAvailability.quantity;
const offerQuantity = (h: Harness, sku: string) =>
  Object.values(h.fake.state.offers).find((o) => o.sku === sku)?.availableQuantity;

describe('svc-channels with the fake eBay', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.connect();
  }, 60_000);
  afterAll(() => h?.stop());

  it('connects the account with the refresh token unreadable in the table', async () => {
    const [row] = await h.channels.testDatabase.database.db.select().from(account);
    expect(row!.refreshTokenEnc).toMatch(/^v1\./);
    const stored = JSON.stringify(row);
    for (const token of Object.keys(h.fake.state.refreshTokens)) expect(stored).not.toContain(token);
    for (const token of Object.keys(h.fake.state.accessTokens)) expect(stored).not.toContain(token);
    const answer = await h.http.get('/api/ebay/account').set('Authorization', `Bearer ${h.tokens.staff}`);
    expect(answer.status).toBe(200);
    const acct = EbayAccount.parse(answer.body);
    expect(acct).toMatchObject({
      mode: 'demo',
      connected: true,
      token_state: 'valid',
      marketplace: 'EBAY_IT',
    });
    expect(acct.username).toBeTruthy();
  });

  it('publishes an enabled article, with its photos made absolute, and reports listing.changed', async () => {
    const article = articleChanged({
      quantity_stock: 3,
      ebay: { enabled: true, price_cents: 2990, buffer: 0 },
    });
    await h.emit('article.changed', article);
    const row = await h.listingIn(article.article_id, 'listed');
    expect(row.listingId).toBeTruthy();
    expect(quantityOnEbay(h, article.sku)).toBe(3);
    const offer = Object.values(h.fake.state.offers).find((o) => o.sku === article.sku)!;
    expect(offer).toMatchObject({
      status: 'PUBLISHED',
      pricingSummary: { price: { value: '29.90', currency: 'EUR' } },
    });
    expect(h.fake.state.items[article.sku]!.product.imageUrls).toEqual([
      'http://api.edicola.test/media/articoli/casco.webp',
    ]);
    const reports = await h.channels.testDatabase.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'listing.changed'));
    const mine = reports
      .map((r) => (r.envelope as { data: { article_id: string; state: string; revision: number } }).data)
      .filter((d) => d.article_id === article.article_id)
      .sort((a, b) => a.revision - b.revision);
    expect(mine.map((d) => d.state)).toEqual(['pending', 'listed']);
    expect(mine.map((d) => d.revision)).toEqual([1, 2]);
  });

  it('sends a stock change within one sync run, the buffer kept off eBay; a stale revision changes nothing', async () => {
    const article = articleChanged({ quantity_stock: 3 });
    await h.emit('article.changed', article);
    await h.listingIn(article.article_id, 'listed');
    const sold = changed(article, {
      quantity_stock: 2,
      ebay: { enabled: true, price_cents: null, buffer: 1 },
    });
    await h.emit('article.changed', sold);
    await h.emit('article.changed', { ...article, quantity_stock: 9 }); // older revision, delivered late
    expect((await h.syncNow()).status).toBe(200);
    expect(quantityOnEbay(h, article.sku)).toBe(1);
    expect(offerQuantity(h, article.sku)).toBe(1);
    expect((await h.listing(article.article_id))!).toMatchObject({ quantitySent: 1, quantityDirty: false });
  });

  it('sends 100 changes of 60 articles in at most 4 bulk calls', async () => {
    const articles = Array.from({ length: 60 }, () => articleChanged({ quantity_stock: 50 }));
    for (const a of articles) await h.emit('article.changed', a);
    for (const a of articles) await h.listingIn(a.article_id, 'listed');
    await h.syncNow();
    const before = bulkCalls(h);
    const latest = new Map(articles.map((a) => [a.article_id, a]));
    for (let i = 0; i < 100; i++) {
      const a = latest.get(articles[i % 60]!.article_id)!;
      const next = changed(a, { quantity_stock: a.quantity_stock - 1 });
      latest.set(a.article_id, next);
      await h.emit('article.changed', next);
    }
    await h.syncNow();
    expect(bulkCalls(h) - before).toBeLessThanOrEqual(4);
    for (const a of latest.values()) expect(quantityOnEbay(h, a.sku)).toBe(a.quantity_stock);
  }, 120_000);

  it('loses nothing while eBay answers 429 and 500', async () => {
    const article = articleChanged({ quantity_stock: 5 });
    await h.emit('article.changed', article);
    await h.listingIn(article.article_id, 'listed');
    await h.emit('article.changed', changed(article, { quantity_stock: 4 }));
    h.fake.faults.fail(429, 1, { retryAfterSeconds: 1 });
    await h.syncNow();
    expect(quantityOnEbay(h, article.sku)).toBe(5);
    expect((await h.listing(article.article_id))!.quantityDirty).toBe(true);
    h.fake.faults.fail(500, 2);
    await h.syncNow();
    expect(quantityOnEbay(h, article.sku)).toBe(5);
    const acct = await h.http.get('/api/ebay/account').set('Authorization', `Bearer ${h.tokens.staff}`);
    expect(acct.body.last_error).toBeTruthy();
    expect(acct.body.pending_updates).toBeGreaterThan(0);
    h.fake.faults.clear();
    await h.syncNow();
    expect(quantityOnEbay(h, article.sku)).toBe(4);
    expect((await h.listing(article.article_id))!.quantityDirty).toBe(false);
  });

  it('withdraws a deactivated article from eBay', async () => {
    const article = articleChanged();
    await h.emit('article.changed', article);
    await h.listingIn(article.article_id, 'listed');
    await h.emit('article.changed', changed(article, { active: false }));
    await h.listingIn(article.article_id, 'ended');
    expect(Object.values(h.fake.state.offers).find((o) => o.sku === article.sku)!.status).toBe('UNPUBLISHED');
  });

  it('imports an eBay order once however often it is read, even when the record was lost after the call', async () => {
    const article = articleChanged({ quantity_stock: 3 });
    await h.emit('article.changed', article);
    await h.listingIn(article.article_id, 'listed');
    const orderId = h.fake.buy(article.sku, 2);
    await h.syncNow();
    await h.syncNow();
    await h.syncNow();
    const calls = () => h.orders.importCalls.filter((c) => c.external_id === orderId);
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toMatchObject({
      channel: 'ebay',
      lines: [{ article_id: article.article_id, sku: article.sku, quantity: 2, unit_gross_cents: 2500 }],
    });
    // The process "died" between svc-orders' answer and the record: the next poll sends it again, same order.
    const { ebayOrders } = await import('../src/db/schema');
    const db = h.channels.testDatabase.database.db;
    await db
      .update(ebayOrders)
      .set({ shopOrderId: null, importedAt: null })
      .where(eq(ebayOrders.orderId, orderId));
    await db.update(account).set({ ordersCursor: new Date(Date.now() - 3600_000) });
    await h.syncNow();
    expect(calls()).toHaveLength(2);
    expect([...h.orders.orders.keys()].filter((id) => id === orderId)).toHaveLength(1);
    const [row] = await db.select().from(ebayOrders).where(eq(ebayOrders.orderId, orderId));
    expect(row!.shopOrderId).toBe(h.orders.orders.get(orderId)!.order_id);

    // eBay cancels it: the shop's order is cancelled, once.
    h.fake.cancel(orderId);
    await h.syncNow();
    await h.syncNow();
    expect(h.orders.cancellations.filter((c) => c.external_id === orderId)).toHaveLength(1);
  });

  it('keeps an order svc-orders could not take and imports it at the next poll', async () => {
    const article = articleChanged({ quantity_stock: 2 });
    await h.emit('article.changed', article);
    await h.listingIn(article.article_id, 'listed');
    const orderId = h.fake.buy(article.sku, 1);
    h.orders.failNext(5);
    const down = await h.syncNow();
    expect(down.status).toBe(200);
    expect(down.body.last_error).toContain('servizio ordini non risponde');
    expect(h.orders.orders.has(orderId)).toBe(false);
    await h.syncNow();
    expect(h.orders.orders.has(orderId)).toBe(true);
  });

  it('sends the tracking number of a shipped eBay order to eBay once', async () => {
    const article = articleChanged({ quantity_stock: 2 });
    await h.emit('article.changed', article);
    await h.listingIn(article.article_id, 'listed');
    const orderId = h.fake.buy(article.sku, 1);
    await h.syncNow();
    const shopOrderId = h.orders.orders.get(orderId)!.order_id;
    const shipped = {
      order_id: shopOrderId,
      order_version: 3,
      from: 'paid' as const,
      to: 'shipped' as const,
      items: [],
      customer_email: 'negozio@edicola.example',
      tracking_number: 'BRT123456789',
      carrier: 'BRT',
      language: 'it' as const,
    };
    await h.emit('order.status_changed', shipped);
    await h.emit('order.status_changed', { ...shipped, order_version: 4 });
    const sent = await waitFor(() =>
      Object.values(h.fake.state.fulfillments).filter((f) => f.orderId === orderId).length > 0
        ? Object.values(h.fake.state.fulfillments).filter((f) => f.orderId === orderId)
        : null,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(Object.values(h.fake.state.fulfillments).filter((f) => f.orderId === orderId)).toHaveLength(1);
    expect(sent[0]).toMatchObject({ trackingNumber: 'BRT123456789', shippingCarrierCode: 'BRT' });
  });

  it('finds a difference in the reconciliation and corrects it at the next sync', async () => {
    const article = articleChanged({ quantity_stock: 4 });
    await h.emit('article.changed', article);
    await h.listingIn(article.article_id, 'listed');
    await h.syncNow();
    h.fake.state.items[article.sku]!.availability.shipToLocationAvailability.quantity = 9;
    const run = await h.http
      .post('/api/ebay/reconciliations')
      .set('Authorization', `Bearer ${h.tokens.staff}`);
    expect(run.status).toBe(200);
    const parsed = EbayReconciliation.parse(run.body);
    expect(parsed.differences).toContainEqual(
      expect.objectContaining({
        article_id: article.article_id,
        quantity_on_ebay: 9,
        expected: 4,
        corrected: true,
      }),
    );
    await h.syncNow();
    expect(quantityOnEbay(h, article.sku)).toBe(4);
    const list = await h.http
      .get('/api/ebay/reconciliations')
      .set('Authorization', `Bearer ${h.tokens.staff}`);
    expect(EbayReconciliationList.parse(list.body)[0]!.id).toBe(parsed.id);
  });

  it('sends a new title and photos to eBay again, and ends the listing of a deleted article', async () => {
    const article = articleChanged();
    await h.emit('article.changed', article);
    await h.listingIn(article.article_id, 'listed');
    const renamed = changed(article, {
      title: 'Casco AGV Rossi Mugello 2008 1:2',
      photo_urls: ['https://cdn.edicola.test/casco-2.webp'],
    });
    await h.emit('article.changed', renamed);
    await waitFor(() => h.fake.state.items[article.sku]!.product.title === renamed.title);
    expect(h.fake.state.items[article.sku]!.product.imageUrls).toEqual([
      'https://cdn.edicola.test/casco-2.webp',
    ]);
    await waitFor(async () => (await h.listing(article.article_id))!.contentDirty === false);
    await h.emit('article.changed', changed(renamed, { deleted: true }));
    await h.listingIn(article.article_id, 'ended');
  });

  it('does not import an order with an SKU the shop does not know, says so, and imports it once it is known', async () => {
    const article = articleChanged({ quantity_stock: 2 });
    await h.emit('article.changed', article);
    await h.listingIn(article.article_id, 'listed');
    const db = h.channels.testDatabase.database.db;
    const { listings } = await import('../src/db/schema');
    await db.update(listings).set({ sku: 'ALTRO-SKU' }).where(eq(listings.articleId, article.article_id));
    const orderId = h.fake.buy(article.sku, 1);
    const answer = await h.syncNow();
    expect(answer.body.last_error).toContain(orderId);
    expect(answer.body.last_error).toContain(article.sku);
    expect(h.orders.orders.has(orderId)).toBe(false);
    await db.update(listings).set({ sku: article.sku }).where(eq(listings.articleId, article.article_id));
    await h.syncNow();
    expect(h.orders.orders.get(orderId)?.body.lines[0]?.article_id).toBe(article.article_id);
  });

  it('drops a late, older event of an article never put on eBay', async () => {
    const enabled = articleChanged();
    const disabled = changed(enabled, { ebay: { enabled: false, price_cents: null, buffer: 0 } });
    await h.emit('article.changed', disabled);
    await h.emit('article.changed', enabled); // the older revision, delivered after
    expect(await h.listing(enabled.article_id)).toMatchObject({ state: 'not_listed', enabled: false });
    expect(h.fake.state.items[enabled.sku]).toBeUndefined();
  });

  it('takes a listing off eBay again when the article is disabled while eBay publishes it', async () => {
    const article = articleChanged();
    h.fake.faults.delay(400);
    try {
      await h.emit('article.changed', article);
      await waitFor(() => h.fake.calls.some((c) => c.path.includes(`/inventory_item/${article.sku}`)));
      await h.emit(
        'article.changed',
        changed(article, { ebay: { enabled: false, price_cents: null, buffer: 0 } }),
      );
    } finally {
      h.fake.faults.delay(0);
    }
    await waitFor(
      async () => {
        const offer = Object.values(h.fake.state.offers).find((o) => o.sku === article.sku);
        const row = await h.listing(article.article_id);
        return (
          (!offer || offer.status === 'UNPUBLISHED') && row?.state !== 'listed' && row?.state !== 'pending'
        );
      },
      { message: 'the listing off eBay' },
    );
  });
});
