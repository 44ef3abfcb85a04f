import { waitFor } from '@edicola/platform/testing';
import { articleChanged, changed, startHarness, type Harness } from './channels-harness';

describe('the recurring jobs, on their own', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ EBAY_SYNC_INTERVAL_MS: '200', EBAY_ORDERS_INTERVAL_MS: '300' });
    await h.connect();
  }, 60_000);
  afterAll(() => h?.stop());

  it('send a stock change to eBay and read an eBay order without anyone asking', async () => {
    const article = articleChanged({ quantity_stock: 3 });
    await h.emit('article.changed', article);
    await h.listingIn(article.article_id, 'listed');
    await h.emit('article.changed', changed(article, { quantity_stock: 2 }));
    await waitFor(
      () => h.fake.state.items[article.sku]!.availability.shipToLocationAvailability.quantity === 2,
      {
        message: 'quantity 2 on eBay',
      },
    );
    const orderId = h.fake.buy(article.sku, 2);
    await waitFor(() => h.orders.orders.has(orderId), { message: 'the eBay order imported' });
    // The poll that imported it records its end a moment later.
    const acct = await waitFor(async () => {
      const answer = await h.http.get('/api/ebay/account').set('Authorization', `Bearer ${h.tokens.staff}`);
      return answer.body.last_orders_read_at ? answer : null;
    });
    expect(acct.body.last_sync_at).toBeTruthy();
  });
});
