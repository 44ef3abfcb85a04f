import sharp from 'sharp';
import request from 'supertest';
import { AdminArticle, Article, PHOTO_ERRORS, PHOTO_LIMIT, PHOTO_MAX_BYTES } from '@edicola/contracts';
import { startTestService, makeTokens, type TestService, type TestTokens } from '@edicola/platform/testing';
import { catalogService } from '../src/service';

const card = {
  sku: 'CARD-1',
  title: 'Charizard ex 151 italiano',
  description: 'Carta singola',
  category: 'Pokemon',
  product_type: 'normale',
  price: '100',
  iva_percentage: '22',
  quantity_stock: '1',
};

const image = (width: number, colour = '#c00') =>
  sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe('svc-catalog article pages: slugs, attributes, photos (docs/product/article-pages.md)', () => {
  let catalog: TestService<unknown>;
  let tokens: TestTokens;
  const api = () => request(catalog.service.app);
  const as = () => ({ Authorization: `Bearer ${tokens.staff}` });

  const post = (form: Record<string, string>, photo?: Buffer) => {
    const req = api().post('/api/articles').set(as());
    for (const [k, v] of Object.entries(form)) void req.field(k, v);
    if (photo) void req.attach('photo', photo, { filename: 'foto.jpg', contentType: 'image/jpeg' });
    return req;
  };
  const put = (id: string, form: Record<string, string>, photo?: Buffer) => {
    const req = api().put(`/api/articles/${id}`).set(as());
    for (const [k, v] of Object.entries(form)) void req.field(k, v);
    if (photo) void req.attach('photo', photo, { filename: 'foto.jpg', contentType: 'image/jpeg' });
    return req;
  };
  const addPhoto = (id: string, photo: Buffer, alt?: string) => {
    const req = api().post(`/api/articles/${id}/photos`).set(as());
    if (alt !== undefined) void req.field('alt', alt);
    return req.attach('photo', photo, { filename: 'foto.jpg', contentType: 'image/jpeg' });
  };
  const bySlug = (slug: string) => api().get(`/public/articles/by-slug/${slug}`);

  beforeAll(async () => {
    tokens = await makeTokens();
    catalog = await startTestService(catalogService, {
      verifier: tokens.verifier,
      env: { DEMO_DATA: 'false', CATALOG_CACHE_TTL_MS: '60000' },
    });
  }, 60_000);
  afterAll(() => catalog?.stop());

  describe('slugs', () => {
    it('makes the slug from the title: lower case, no accents, & as e, dashes', async () => {
      const res = await post({ ...card, sku: 'SLUG-1', title: 'Pokémon: Évoli & Co. — Édition «Spéciale»' });
      expect(res.status).toBe(201);
      expect(res.body.slug).toBe('pokemon-evoli-e-co-edition-speciale');
      const long = await post({ ...card, sku: 'SLUG-2', title: `${'parola '.repeat(20)}fine` });
      expect(long.body.slug.length).toBeLessThanOrEqual(80);
      expect(long.body.slug).toMatch(/^parola(-parola)*$/);
      const empty = await post({ ...card, sku: 'SLUG-3', title: '!!!' });
      expect(empty.body.slug).toBe('articolo');
    });

    it('appends the SKU, then a number, when another article has the slug; never categoria', async () => {
      const first = await post({ ...card, sku: 'DUP-A', title: 'Mew ex 151' });
      const second = await post({ ...card, sku: 'DUP-B', title: 'Mew ex 151' });
      expect([first.body.slug, second.body.slug]).toEqual(['mew-ex-151', 'mew-ex-151-dup-b']);
      const reserved = await post({ ...card, sku: 'CAT-1', title: 'Categoria' });
      expect(reserved.body.slug).toBe('categoria-cat-1');
    });

    it('moves the slug with the title; the old one answers the article with its new slug', async () => {
      const created = AdminArticle.parse(
        (await post({ ...card, sku: 'MOVE-1', title: 'Blastoise Set Base' })).body,
      );
      expect(created.slug).toBe('blastoise-set-base');
      const edited = await put(created.id, { ...card, sku: 'MOVE-1', title: 'Blastoise Set Base 2/102' });
      expect(edited.status).toBe(200);
      expect(edited.body.slug).toBe('blastoise-set-base-2-102');
      const old = await bySlug('blastoise-set-base');
      expect(old.status).toBe(200);
      expect(Article.parse(old.body)).toMatchObject({ id: created.id, slug: 'blastoise-set-base-2-102' });
      // The old slug stays its own: another article with that title gets the SKU suffix.
      const other = await post({ ...card, sku: 'MOVE-2', title: 'Blastoise Set Base' });
      expect(other.body.slug).toBe('blastoise-set-base-move-2');
      // And coming back to the old title gives the old slug back.
      const back = await put(created.id, { ...card, sku: 'MOVE-1', title: 'Blastoise Set Base' });
      expect(back.body.slug).toBe('blastoise-set-base');
    });

    it('answers 404 for the slug of a deleted or inactive article, and never gives it to another', async () => {
      const created = AdminArticle.parse(
        (await post({ ...card, sku: 'GONE-1', title: 'Articolo tolto' })).body,
      );
      await api()
        .delete(`/api/articles/${created.id}`)
        .set({ Authorization: `Bearer ${tokens.admin}` });
      const gone = await bySlug('articolo-tolto');
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ detail: 'Articolo non trovato' });
      const again = await post({ ...card, sku: 'GONE-2', title: 'Articolo tolto' });
      expect(again.body.slug).toBe('articolo-tolto-gone-2');
    });
  });

  describe('attributes', () => {
    it('stores the attributes of the category, and a PUT without them keeps them', async () => {
      const attributes = { condition: 'near_mint', language: 'it', grader: null };
      const res = await post({ ...card, sku: 'ATT-1', attributes: JSON.stringify(attributes) });
      expect(res.status).toBe(201);
      expect(res.body.attributes).toEqual({ condition: 'near_mint', language: 'it' });
      const kept = await put(res.body.id, { ...card, sku: 'ATT-1', price: '120' });
      expect(kept.body.attributes).toEqual({ condition: 'near_mint', language: 'it' });
      const cleared = await put(res.body.id, { ...card, sku: 'ATT-1', attributes: '{}' });
      expect(cleared.body.attributes).toEqual({});
      const listed = (await api().get('/public/articles')).body as Article[];
      expect(listed.find((a) => a.sku === 'ATT-1')!.attributes).toEqual({});
    });

    it.each([
      [{ category: 'Modellismo', attributes: '{"condition":"mint"}' }, 'non è previsto per la categoria'],
      [{ attributes: '{"grade":10}' }, 'Voto e certificato richiedono l’ente di gradazione'],
      [{ attributes: '{"colour":"rosso"}' }, 'Attributo sconosciuto'],
      [{ attributes: 'non json' }, 'Attributi non validi'],
      [{ attributes: '{"scale":"1:18"}', category: 'Caschi' }, 'non è previsto'],
    ])('refuses %j with 422', async (change, detail) => {
      const res = await post({ ...card, sku: 'ATT-BAD', ...change });
      expect(res.status).toBe(422);
      expect(res.body.detail).toContain(detail);
    });

    it('refuses a certificate number the same grader gave another article (409), not another grader’s', async () => {
      const graded = (grader: string) =>
        JSON.stringify({ grader, grade: 10, certificate_number: '12345678' });
      expect((await post({ ...card, sku: 'PSA-1', attributes: graded('PSA') })).status).toBe(201);
      const twice = await post({ ...card, sku: 'PSA-2', attributes: graded('PSA') });
      expect(twice.status).toBe(409);
      expect(twice.body.detail).toBe('Numero di certificato già usato da un altro articolo: PSA-1');
      expect((await post({ ...card, sku: 'CGC-1', attributes: graded('CGC') })).status).toBe(201);
    });
  });

  describe('photos', () => {
    let id: string;
    let version: number;

    it('makes the form’s photo the first, with its alt text, and a zoom when the upload is large', async () => {
      const res = await post({ ...card, sku: 'PH-1', photo_alt: 'Fronte della carta' }, await image(2000));
      expect(res.status).toBe(201);
      const article = AdminArticle.parse(res.body);
      ({ id, version } = article);
      expect(article.photos).toHaveLength(1);
      expect(article.photos[0]).toMatchObject({ url: article.photo_url, alt: 'Fronte della carta' });
      expect(article.photos[0]!.zoom_url).toMatch(/-1600\.webp$/);
      const zoom = await api().get(article.photos[0]!.zoom_url!).buffer(true);
      expect((await sharp(zoom.body as Buffer).metadata()).width).toBe(1600);
      // A small photo is never enlarged: its zoom is the largest size stored.
      const small = AdminArticle.parse((await post({ ...card, sku: 'PH-SMALL' }, await image(600))).body);
      expect(small.photos[0]!.zoom_url).toMatch(/-800\.webp$/);
      expect(small.photos[0]!.alt).toBe(card.title);
    });

    it('adds photos up to ten, refuses the eleventh, and keeps the form’s version', async () => {
      for (let n = 2; n <= PHOTO_LIMIT; n++) {
        const res = await addPhoto(
          id,
          await image(400, `#${(n * 20).toString(16).padStart(2, '0')}4040`),
          `Vista ${n}`,
        );
        expect(res.status).toBe(201);
        expect(res.body.photos).toHaveLength(n);
      }
      const eleventh = await addPhoto(id, await image(400, '#123456'));
      expect(eleventh.status).toBe(422);
      expect(eleventh.body.detail).toBe(PHOTO_ERRORS.limit);
      const article = AdminArticle.parse(
        (await put(id, { ...card, sku: 'PH-1', version: String(version) })).body,
      );
      expect(article.photos).toHaveLength(PHOTO_LIMIT);
      expect(article.photos[1]!.alt).toBe('Vista 2');
    });

    it('reorders the photos and their alt texts; the first becomes the cover', async () => {
      const before = AdminArticle.parse(
        (await api().get('/api/articles').query({ q: 'PH-1' }).set(as())).body.items[0],
      );
      const order = [...before.photos].reverse().map((p, i) => ({ id: p.id, alt: `Foto ${i + 1}` }));
      const res = await api().put(`/api/articles/${id}/photos`).set(as()).send({ photos: order });
      expect(res.status).toBe(200);
      const after = AdminArticle.parse(res.body);
      expect(after.photos.map((p) => p.id)).toEqual(order.map((p) => p.id));
      expect(after.photo_url).toBe(after.photos[0]!.url);
      expect(after.photos[0]!.alt).toBe('Foto 1');
      expect(after.version).toBe(before.version);
      // The public list shows the new order at once.
      const listed = ((await api().get('/public/articles')).body as Article[]).find((a) => a.id === id)!;
      expect(listed.photo_url).toBe(after.photos[0]!.url);

      const missing = await api()
        .put(`/api/articles/${id}/photos`)
        .set(as())
        .send({ photos: order.slice(1) });
      expect(missing.status).toBe(422);
      expect(missing.body.detail).toMatch(/non corrisponde/);
      const twice = await api()
        .put(`/api/articles/${id}/photos`)
        .set(as())
        .send({ photos: [...order.slice(1), order[1]] });
      expect(twice.status).toBe(422);
    });

    it('deletes a photo; deleting the cover makes the next one the cover', async () => {
      const before = AdminArticle.parse(
        (await api().get('/api/articles').query({ q: 'PH-1' }).set(as())).body.items[0],
      );
      const res = await api().delete(`/api/articles/${id}/photos/${before.photos[0]!.id}`).set(as());
      expect(res.status).toBe(200);
      const after = AdminArticle.parse(res.body);
      expect(after.photos.map((p) => p.id)).toEqual(before.photos.slice(1).map((p) => p.id));
      expect(after.photo_url).toBe(before.photos[1]!.url);
      const again = await api().delete(`/api/articles/${id}/photos/${before.photos[0]!.id}`).set(as());
      expect(again.status).toBe(404);
      // A photo of another article is not this one's.
      const other = AdminArticle.parse(
        (await api().get('/api/articles').query({ q: 'PH-SMALL' }).set(as())).body.items[0],
      );
      expect((await api().delete(`/api/articles/${id}/photos/${other.photos[0]!.id}`).set(as())).status).toBe(
        404,
      );
      // A new photo in the form replaces the cover and keeps the others.
      const replaced = AdminArticle.parse(
        (await put(id, { ...card, sku: 'PH-1' }, await image(500, '#00f'))).body,
      );
      expect(replaced.photos).toHaveLength(after.photos.length);
      expect(replaced.photos[0]!.url).not.toBe(after.photos[0]!.url);
      expect(replaced.photos.slice(1)).toEqual(after.photos.slice(1));
      // Every photo gone: no cover.
      let last = replaced;
      for (const photo of replaced.photos) {
        last = AdminArticle.parse(
          (await api().delete(`/api/articles/${id}/photos/${photo.id}`).set(as())).body,
        );
      }
      expect(last).toMatchObject({ photos: [], photo_url: null });
    });

    it('checks each photo by its content and size', async () => {
      const pdf = Buffer.from('%PDF-1.4\n%%EOF');
      const wrong = await addPhoto(id, pdf);
      expect(wrong.status).toBe(422);
      expect(wrong.body.detail).toBe(PHOTO_ERRORS.type);
      const big = await addPhoto(id, Buffer.alloc(PHOTO_MAX_BYTES + 1, 0xff));
      expect(big.status).toBe(413);
      expect(big.body.detail).toBe(PHOTO_ERRORS.size);
      const none = await api().post(`/api/articles/${id}/photos`).set(as()).field('alt', 'x');
      expect(none.status).toBe(422);
      const unknown = await addPhoto('6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c99', await image(400));
      expect(unknown.status).toBe(404);
      const anonymous = await api().delete(`/api/articles/${id}/photos/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c99`);
      expect(anonymous.status).toBe(401);
    });
  });
});
