import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ArticleList } from '@edicola/contracts';
import { createInProcessTransport, type Transport } from '@edicola/platform';
import { startTestService, waitFor, type TestService } from '@edicola/platform/testing';
import { DEMO_ARTICLES } from '../src/demo/catalogue';
import { catalogService } from '../src/service';

describe('svc-catalog public articles', () => {
  let catalog: TestService<unknown>;
  let transport: Transport;
  const api = () => request(catalog.service.app);

  beforeAll(async () => {
    transport = createInProcessTransport();
    catalog = await startTestService(catalogService, {
      transport,
      env: { CATALOG_CACHE_TTL_MS: '60000', DEMO_DATA: 'true' },
    });
  }, 60_000);
  afterAll(async () => {
    await catalog?.stop();
    await transport?.close();
  });

  it('serves the demo catalogue with every Article field, newest first', async () => {
    const res = await api().get('/public/articles');
    expect(res.status).toBe(200);
    const articles = ArticleList.parse(res.body);
    expect(articles).toHaveLength(DEMO_ARTICLES.length);
    expect(articles.length).toBeGreaterThanOrEqual(24);
    expect(articles[0]).toMatchObject({
      sku: DEMO_ARTICLES[0]!.sku,
      product_type: 'normale',
      availability_date: null,
      price: 189,
      iva_percentage: 22,
      shipping_cost_national: 0,
      shipping_cost_international: 0,
    });
    expect(typeof articles[0]!.weight).toBe('number');
    expect(typeof articles[0]!.dimensions).toBe('string');
    const categories = new Set(articles.map((a) => a.category));
    expect([...categories].sort()).toEqual(
      ['Caschi', 'Modellismo', 'Panini', 'Pokemon', 'Trucks', 'Trucks New', 'Tuning'].sort(),
    );
    expect(articles.some((a) => a.quantity_stock === 0)).toBe(true);
    expect(articles.some((a) => a.iva_percentage === 0)).toBe(true);
  });

  it('lists pre-sale articles by availability date and reservation articles apart', async () => {
    const presale = ArticleList.parse((await api().get('/public/articles/prevendita')).body);
    expect(presale.length).toBeGreaterThanOrEqual(2);
    expect(
      presale.every(
        (a) => a.product_type === 'prevendita' && /^\d{4}-\d{2}-\d{2}$/.test(a.availability_date!),
      ),
    ).toBe(true);
    const dates = presale.map((a) => a.availability_date!);
    expect(dates).toEqual([...dates].sort());
    const reservation = ArticleList.parse((await api().get('/public/articles/prenotazione')).body);
    expect(reservation.length).toBeGreaterThanOrEqual(2);
    expect(reservation.every((a) => a.product_type === 'prenotazione')).toBe(true);
  });

  it('answers a repeated read with 304 when the ETag matches', async () => {
    const first = await api().get('/public/articles');
    const again = await api().get('/public/articles').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('serves every article photo from the database as a real image', async () => {
    const [article] = ArticleList.parse((await api().get('/public/articles')).body);
    const res = await api().get(article!.photo_url!).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((res.body as Buffer).subarray(8, 12).toString()).toBe('WEBP');
    expect((await api().get('/media/articles/none.webp')).status).toBe(404);
    expect((await api().get('/media/..%2F..%2Fetc%2Fpasswd')).status).toBe(422);
  });

  it('puts stock back when an order holding it is cancelled, and the list shows it', async () => {
    const before = ArticleList.parse((await api().get('/public/articles')).body).find(
      (a) => a.sku === 'TRK-FIAT-682',
    )!;
    const event = {
      id: randomUUID(),
      type: 'order.status_changed',
      version: 1,
      occurred_at: new Date().toISOString(),
      source: 'svc-orders',
      correlation_id: 'test-cancel',
      data: {
        order_id: 'o-1',
        from: 'paid',
        to: 'cancelled',
        items: [{ article_id: before.id, quantity: 2 }],
        customer_email: 'mario@example.it',
        tracking_number: null,
      },
    };
    await transport.publish(event);
    await transport.publish(event); // a duplicate delivery changes nothing
    await transport.publish({
      ...event,
      id: randomUUID(),
      data: { ...event.data, from: 'shipped', to: 'delivered' },
    });
    const after = await waitFor(async () => {
      const list = ArticleList.parse((await api().get('/public/articles')).body);
      const found = list.find((a) => a.id === before.id)!;
      return found.quantity_stock !== before.quantity_stock && found;
    });
    expect(after.quantity_stock).toBe(before.quantity_stock + 2);
  });

  it('keeps the IVA options behind a staff token', async () => {
    expect((await api().get('/api/config/iva-options')).status).toBe(401);
  });
});
