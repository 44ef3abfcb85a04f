import request from 'supertest';
import {
  ArticleList,
  PublicReview,
  PublicReviewList,
  Review,
  ReviewList,
  ReviewStatistics,
  ReviewSummary,
} from '@edicola/contracts';
import { eq } from 'drizzle-orm';
import { startTestService, type TestService, makeTokens, type TestTokens } from '@edicola/platform/testing';
import { outbox } from '../src/db/schema';
import { DEMO_REVIEWS } from '../src/demo/reviews';
import { catalogService } from '../src/service';

describe('svc-catalog reviews', () => {
  let catalog: TestService<unknown>;
  let tokens: TestTokens;
  let articleId: string;
  const api = () => request(catalog.service.app);
  const staff = () => ({ Authorization: `Bearer ${tokens.staff}` });
  const review = (change: Record<string, unknown> = {}) => ({
    rating: 4,
    title: 'Molto bello',
    comment: '<b>Arrivato</b> in 2 giorni',
    customer_name: 'Mario Rossi',
    customer_email: 'Mario.Rossi@Example.it',
    article_id: articleId,
    order_id: null,
    ...change,
  });

  beforeAll(async () => {
    tokens = await makeTokens();
    catalog = await startTestService(catalogService, {
      verifier: tokens.verifier,
      env: { DEMO_DATA: 'true', REVIEWS_PER_HOUR: '6' },
    });
    const articles = ArticleList.parse((await api().get('/public/articles')).body);
    articleId = articles.find((a) => a.sku === 'TUN-NSX-18')!.id;
  }, 60_000);
  afterAll(() => catalog?.stop());

  it('shows the demo reviews as the most recent, approved, with their article titles', async () => {
    const res = await api().get('/reviews/recent?limit=6');
    expect(res.status).toBe(200);
    const recent = PublicReviewList.parse(res.body);
    expect(recent).toHaveLength(6);
    expect(recent.every((r) => r.approved && r.article_title)).toBe(true);
    const dates = recent.map((r) => r.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(recent[0]!.title).toBe(DEMO_REVIEWS[0]!.title);
    expect(recent[0]!.admin_reply?.reply_text).toBe(DEMO_REVIEWS[0]!.reply);
    // The author's e-mail is for staff only.
    expect(res.body[0]).not.toHaveProperty('customer_email');
    expect((await api().get('/reviews/recent')).body).toHaveLength(6);
    expect((await api().get('/reviews/recent?limit=2')).body).toHaveLength(2);
    expect((await api().get('/reviews/recent?limit=0')).status).toBe(422);
  });

  it('takes a review as pending: not listed, not counted, stored as given', async () => {
    const res = await api().post('/reviews').send(review());
    expect(res.status).toBe(201);
    const created = PublicReview.parse(res.body);
    expect(created).toMatchObject({
      approved: false,
      is_verified_purchase: false,
      helpful_count: 0,
      comment: '<b>Arrivato</b> in 2 giorni',
      article_title: 'Honda NSX Type R 1:18',
      admin_reply: null,
    });
    expect((await api().get(`/articles/${articleId}/reviews`)).body).toEqual([]);
    expect(ReviewSummary.parse((await api().get(`/reviews/stats/${articleId}`)).body)).toEqual({
      average_rating: 0,
      total_reviews: 0,
    });
  });

  it.each([
    [{ rating: 6 }, 'Il voto deve essere un numero da 1 a 5'],
    [{ rating: 0 }, 'Il voto deve essere un numero da 1 a 5'],
    [{ title: '  ' }, 'Il titolo è obbligatorio'],
    [{ comment: undefined }, 'Il commento è obbligatorio'],
    [{ customer_name: '' }, 'Il nome è obbligatorio'],
    [{ customer_email: 'non-una-email' }, 'Inserisci un indirizzo email valido'],
    [{ article_id: 'x' }, 'Articolo non valido'],
  ])('refuses %j with 422', async (change, detail) => {
    const res = await api().post('/reviews').send(review(change));
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain(detail);
  });

  it('refuses a review of an article that does not exist with 404', async () => {
    const res = await api()
      .post('/reviews')
      .send(review({ article_id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11' }));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Articolo non trovato' });
  });

  it('lets staff list, approve and answer reviews, then the public sees them', async () => {
    expect((await api().get('/api/admin/reviews/pending')).status).toBe(401);
    expect(
      (
        await api()
          .get('/api/admin/reviews/pending')
          .set({ Authorization: `Bearer ${tokens.customer}` })
      ).status,
    ).toBe(403);
    const pending = ReviewList.parse((await api().get('/api/admin/reviews/pending').set(staff())).body);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.customer_email).toBe('mario.rossi@example.it');
    const all = ReviewList.parse((await api().get('/api/admin/reviews/all').set(staff())).body);
    expect(all).toHaveLength(DEMO_REVIEWS.length + 1);

    const approved = await api().patch(`/api/admin/reviews/${pending[0]!.id}/approve`).set(staff());
    expect(approved.status).toBe(200);
    expect(Review.parse(approved.body).approved).toBe(true);

    expect(
      (await api().post(`/admin/reviews/${pending[0]!.id}/respond`).set(staff()).send({ response_text: ' ' }))
        .status,
    ).toBe(422);
    const replied = await api()
      .post(`/admin/reviews/${pending[0]!.id}/respond`)
      .set(staff())
      .send({ response_text: 'Grazie Mario!' });
    expect(replied.status).toBe(200);
    expect(Review.parse(replied.body).admin_reply).toMatchObject({ reply_text: 'Grazie Mario!' });

    const listed = PublicReviewList.parse((await api().get(`/articles/${articleId}/reviews`)).body);
    expect(listed.map((r) => r.id)).toEqual([pending[0]!.id]);
    expect(listed[0]!.admin_reply?.reply_text).toBe('Grazie Mario!');
    expect(
      (await api().patch('/api/admin/reviews/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11/approve').set(staff()))
        .status,
    ).toBe(404);
  });

  it('averages approved reviews to one decimal, per article and for the back office', async () => {
    await api()
      .post('/reviews')
      .send(review({ rating: 5 }));
    await api()
      .post('/reviews')
      .send(review({ rating: 5 }));
    const pending = ReviewList.parse((await api().get('/api/admin/reviews/pending').set(staff())).body);
    await api().patch(`/api/admin/reviews/${pending[0]!.id}/approve`).set(staff());
    // Approved here: 4 and 5 → 4.5; the other 5 waits.
    expect((await api().get(`/reviews/stats/${articleId}`)).body).toEqual({
      average_rating: 4.5,
      total_reviews: 2,
    });

    const stats = ReviewStatistics.parse((await api().get('/api/admin/reviews/stats').set(staff())).body);
    const approvedRatings = [...DEMO_REVIEWS.map((r) => r.rating), 4, 5];
    expect(stats).toEqual({
      total_reviews: DEMO_REVIEWS.length + 3,
      approved_reviews: DEMO_REVIEWS.length + 2,
      pending_reviews: 1,
      average_rating:
        Math.round((approvedRatings.reduce((a, b) => a + b, 0) / approvedRatings.length) * 10) / 10,
    });
  });

  it('counts one helpful vote per client address a day, whatever the browser says, and answers the new count', async () => {
    const [first] = PublicReviewList.parse((await api().get('/reviews/recent?limit=1')).body);
    const vote = (ua: string, address = '203.0.113.5') =>
      api().post(`/reviews/${first!.id}/helpful`).set('User-Agent', ua).set('X-Forwarded-For', address);
    const one = await vote('browser-a');
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ helpful_count: first!.helpful_count + 1, counted: true });
    // A new User-Agent on every request is still the same client: 58 of them count nothing more.
    for (let i = 0; i < 58; i += 1) {
      expect((await vote(`browser-${i}`)).body).toEqual({
        helpful_count: first!.helpful_count + 1,
        counted: false,
      });
    }
    expect((await vote('browser-a', '198.51.100.5')).body).toEqual({
      helpful_count: first!.helpful_count + 2,
      counted: true,
    });
    const pending = ReviewList.parse((await api().get('/api/admin/reviews/pending').set(staff())).body);
    expect((await api().post(`/reviews/${pending[0]!.id}/helpful`)).status).toBe(404);
  });

  it('refuses control characters in a review title or name (422), and keeps line breaks in the comment', async () => {
    for (const change of [{ title: 'Bello\r\nBcc: x' }, { customer_name: 'Mario\u0007Rossi' }]) {
      const res = await api().post('/reviews').set('X-Forwarded-For', '192.0.2.201').send(review(change));
      expect(res.status).toBe(422);
      expect(res.body.detail).toContain('Non può contenere a capo né altri caratteri di controllo');
    }
    const multiLine = await api()
      .post('/reviews')
      .set('X-Forwarded-For', '192.0.2.201')
      .send(review({ comment: 'Arrivato presto.\nImballo perfetto.' }));
    expect(multiLine.status).toBe(201);
  });

  it("announces staff's reply to its author in the review's language (review.replied, through the outbox)", async () => {
    // Another article than the other tests', so their counts stay theirs.
    const other = ArticleList.parse((await api().get('/public/articles')).body).find(
      (a) => a.id !== articleId,
    )!;
    const written = await api()
      .post('/reviews')
      .send(
        review({
          customer_email: 'Hans@Example.de',
          customer_name: 'Hans',
          language: 'de',
          article_id: other.id,
        }),
      );
    expect(written.status).toBe(201);
    const id = ReviewList.parse((await api().get('/api/admin/reviews/pending').set(staff())).body).find(
      (r) => r.customer_email === 'hans@example.de',
    )!.id;
    expect(
      (await api().post(`/admin/reviews/${id}/respond`).set(staff()).send({ response_text: 'Danke!' }))
        .status,
    ).toBe(200);
    const events = await catalog.testDatabase.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'review.replied'));
    const data = events.map((e) => (e.envelope as { data: { review_id: string } }).data);
    expect(data.filter((d) => d.review_id === id)).toEqual([
      expect.objectContaining({
        review_id: id,
        article_id: other.id,
        article_title: other.title,
        customer_name: 'Hans',
        customer_email: 'hans@example.de',
        reply_text: 'Danke!',
        language: 'de',
      }),
    ]);
    expect(
      (
        await api()
          .post('/reviews')
          .send(review({ language: 'xx' }))
      ).status,
    ).toBe(422);
  });

  it('lets staff hide a published review and delete spam (a customer token is refused)', async () => {
    const created = PublicReview.parse(
      (
        await api()
          .post('/reviews')
          .send(review({ title: 'Spam' }))
      ).body,
    );
    await api().patch(`/api/admin/reviews/${created.id}/approve`).set(staff());
    const customer = { Authorization: `Bearer ${tokens.customer}` };
    expect((await api().patch(`/api/admin/reviews/${created.id}/hide`).set(customer)).status).toBe(403);
    expect((await api().delete(`/api/admin/reviews/${created.id}`).set(customer)).status).toBe(403);
    expect((await api().delete(`/api/admin/reviews/${created.id}`)).status).toBe(401);

    const hidden = await api().patch(`/api/admin/reviews/${created.id}/hide`).set(staff());
    expect(hidden.status).toBe(200);
    expect(Review.parse(hidden.body).approved).toBe(false);
    const shown = PublicReviewList.parse((await api().get(`/articles/${articleId}/reviews`)).body);
    expect(shown.map((r) => r.id)).not.toContain(created.id);

    expect((await api().delete(`/api/admin/reviews/${created.id}`).set(staff())).status).toBe(204);
    const all = ReviewList.parse((await api().get('/api/admin/reviews/all').set(staff())).body);
    expect(all.map((r) => r.id)).not.toContain(created.id);
    expect((await api().delete(`/api/admin/reviews/${created.id}`).set(staff())).status).toBe(404);
  });

  it('limits how many reviews one address sends', async () => {
    // 3 sent above; refused input did not count: the 4th more is over the limit of 6 an hour.
    let last = 0;
    for (let i = 0; i < 6 && last !== 429; i++) last = (await api().post('/reviews').send(review())).status;
    expect(last).toBe(429);
    const res = await api().post('/reviews').send(review());
    expect(res.body).toEqual({ detail: 'Troppe recensioni inviate. Riprova più tardi.' });
  });
});
