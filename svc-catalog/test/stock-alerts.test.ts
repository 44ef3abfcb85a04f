import { eq } from 'drizzle-orm';
import request from 'supertest';
import { ArticleList, STOCK_ALERT_CONSENT_VERSION, type Event } from '@edicola/contracts';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { articles, outbox } from '../src/db/schema';
import { catalogService } from '../src/service';

// docs/product/stock-alerts.md#request: 'Avvisami' is checked here and handed to svc-notify through the outbox.
describe('svc-catalog POST /public/articles/{id}/alerts', () => {
  let catalog: TestService<unknown>;
  let soldOut: { id: string; slug: string; title: string };
  let inStock: string;
  const api = () => request(catalog.service.app);
  const db = () => catalog.testDatabase.database.db;
  const requested = async () =>
    (await db().select().from(outbox).where(eq(outbox.type, 'article.alert_requested'))).map(
      (row) => (row.envelope as Event<'article.alert_requested'>).data,
    );

  beforeAll(async () => {
    catalog = await startTestService(catalogService, {
      env: { DEMO_DATA: 'true', STOCK_ALERTS_PER_HOUR: '4' },
    });
    const list = ArticleList.parse((await api().get('/public/articles')).body);
    const [first, second] = list.filter((a) => a.quantity_stock > 0);
    await db().update(articles).set({ quantityStock: 0 }).where(eq(articles.id, first!.id));
    soldOut = { id: first!.id, slug: first!.slug, title: first!.title };
    inStock = second!.id;
    // The demo catalogue's seeding takes a while on a busy machine.
  }, 180_000);
  afterAll(() => catalog?.stop());

  it('accepts an address for a sold-out article with 202 and hands it to svc-notify, the same answer twice', async () => {
    const first = await api()
      .post(`/public/articles/${soldOut.id}/alerts`)
      .send({ email: ' Gennaro@Example.it ', language: 'en' });
    expect(first.status).toBe(202);
    const again = await api()
      .post(`/public/articles/${soldOut.id}/alerts`)
      .send({ email: 'gennaro@example.it', language: 'en' });
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    const events = await requested();
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      article_id: soldOut.id,
      slug: soldOut.slug,
      title: soldOut.title,
      email: 'gennaro@example.it',
      language: 'en',
      consent_source: 'stock_alert_form',
      consent_version: STOCK_ALERT_CONSENT_VERSION,
    });
  });

  it('refuses an article in stock, an unknown one and a bad address with a readable 4xx, handing nothing over', async () => {
    const before = (await requested()).length;
    const available = await api().post(`/public/articles/${inStock}/alerts`).send({ email: 'a@example.it' });
    expect(available.status).toBe(409);
    expect(available.body.detail).toBe("L'articolo è disponibile: puoi ordinarlo subito.");
    const unknown = await api()
      .post('/public/articles/0b6f8e2a-6c1d-4d0e-9a7b-1f2e3d4c5b6a/alerts')
      .send({ email: 'a@example.it' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Articolo non trovato');
    const bad = await api().post(`/public/articles/${soldOut.id}/alerts`).send({ email: 'non-una-email' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('Inserisci un indirizzo email valido');
    expect(
      (await api().post('/public/articles/non-un-id/alerts').send({ email: 'a@example.it' })).status,
    ).toBe(422);
    expect(await requested()).toHaveLength(before);
  });

  it('limits the accepted requests per client address', async () => {
    // Two accepted above; the limit is 4 an hour.
    for (const n of [1, 2]) {
      const res = await api()
        .post(`/public/articles/${soldOut.id}/alerts`)
        .send({ email: `n${n}@example.it` });
      expect(res.status).toBe(202);
    }
    const over = await api().post(`/public/articles/${soldOut.id}/alerts`).send({ email: 'n3@example.it' });
    expect(over.status).toBe(429);
    expect(over.body.detail).toBe('Troppe richieste di avviso. Riprova più tardi.');
  });
});
